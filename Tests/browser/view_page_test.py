#!/usr/bin/env python3
"""`gesturectl view` driven in a real headless browser (Debian's chromium and chromium-driver,
selenium from PyPI; `make test` installs them).

Runs the built binaries as a user does and checks the page against what the command line says
of the same fixtures:

- a recording's page, played to its end, lists `gesturectl replay --json`'s transcript byte for
  byte, and a failed gesture's lane shows its reason;
- stepping to a frame lists that frame's touches as the daemon sends them (`gesturectl subscribe
  --json --touches` against a daemon replaying the fixture), and the screenshot has them drawn
  where the frame says;
- a touchpad's palm is listed and drawn as the decoder judged it;
- a recording opened on the page plays to its `gesturectl replay --json` transcript, and a
  malformed one is refused with the line at fault;
- live from a daemon replaying a fixture, the page lists the gesture lines `gesturectl subscribe`
  prints, and after the swipe's end the action its actions file runs; on a device whose swipe
  consumes, each finger is marked as the consuming gesture says (held, consumed);
- the Record button records that daemon's device, plays it on the page, and offers a file that
  replays to the device's own transcript;
- a request without the token gets 403, and so does a WebSocket upgrade from a foreign origin,
  both by hand and from a page of another origin in the browser;
- a port in use ends `gesturectl view` with status 1 and the system's reason;
- a view started as the user unit starts it (`--address-file`) writes its address for the user
  alone, a plain `gesturectl view` prints and opens that page, and one whose view stopped
  starts its own.

Environment: GESTURED and GESTURECTL (the binaries), SCREENSHOT (where the screenshot goes).
Exit status 0 when every check passed; each failure is said on standard error.
"""
import base64
import contextlib
import http.client
import http.server
import io
import json
import os
import re
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request

from PIL import Image
from selenium.webdriver.common.by import By

from browsing import GESTURECTL, View, browser, check, daemon, finish, run, wait

SCREENSHOT = os.environ.get("SCREENSHOT", "")
CONFIG = "Fixtures/gestures.yml"
FIXTURE = "Fixtures/constructed/drag-extra-finger.yml"
OPENED = "Fixtures/constructed/pinch-open.yml"
TAPS = "Fixtures/real/ts-atmel-maxtouch-1finger-fast-taps.evemu"
LIVE = "Fixtures/constructed/swipe-3-left.yml"
TOUCH = (228, 87, 46)


def events(driver):
    return [item.text for item in driver.find_elements(By.CSS_SELECTOR, "#events li")]


def show_json(driver, on):
    box = driver.find_element(By.ID, "json")
    if box.is_selected() != on:
        box.click()


def to_end(driver):
    driver.execute_script("const s = document.getElementById('scrub'); s.value = s.max; s.dispatchEvent(new Event('input'));")


def recording_page(driver):
    expected = run(GESTURECTL, "replay", "--json", "--config", CONFIG, FIXTURE).stdout.splitlines()
    check(any('"failed"' in line for line in expected), "the fixture's transcript has a failure to show")
    view = View("--config", CONFIG, FIXTURE)
    try:
        driver.get(view.address)
        wait(driver, lambda d: "recording" in d.find_element(By.ID, "status").text, "the page opens the recording")
        show_json(driver, True)
        check(events(driver) == [line for line in expected if json.loads(line)["time"] == 0], "at the first step the list holds the events at time 0 only")
        to_end(driver)
        check(events(driver) == expected, "played to the end, the list is `gesturectl replay --json`'s transcript byte for byte")
        failed = driver.find_elements(By.CSS_SELECTOR, ".lane .span.failed")
        reasons = [json.loads(line).get("reason") for line in expected if '"failed"' in line]
        check([f.get_attribute("data-reason") for f in failed] == reasons, "each failed instance's span carries its reason " + str(reasons))
        check(all(f.find_element(By.CSS_SELECTOR, ".reason").text == r for f, r in zip(failed, reasons)), "the reason is written beside the span")
        lane = failed[0].find_element(By.XPATH, "ancestor::div[contains(@class, 'lane')]") if failed else None
        check(lane is not None and lane.get_attribute("data-gesture") == json.loads(next(l for l in expected if '"failed"' in l))["gesture"], "in the lane of the gesture that failed")
        # Why the others did not fire: the trace's marks, as reviewed for this fixture.
        lane = driver.find_element(By.CSS_SELECTOR, ".lane[data-gesture='swipe-left-3']")
        check(lane.get_attribute("data-state") == "failed-unseen", "a gesture that never fired says so in its lane")
        marks = lane.find_elements(By.CSS_SELECTOR, ".mark.unseen")
        check([m.get_attribute("data-reason") for m in marks] == ["preempted"], "with the reason it failed before any client saw it")
        lost = lane.find_elements(By.CSS_SELECTOR, ".mark.rejected")
        titles = [m.get_attribute("title") for m in lost]
        # The touch by its contact id, as the touches and `subscribe --trace` name it.
        check(titles == ["lost touch 100's arena to pan"], "and to whom it lost the touch's arena: " + repr(titles))
        won = driver.find_elements(By.CSS_SELECTOR, ".lane[data-gesture='pan'] .mark.accepted")
        check(len(won) == 1, "the pan's lane marks the arena it won")
        show_json(driver, False)
        readable = run(GESTURECTL, "replay", "--text", "--config", CONFIG, FIXTURE).stdout.splitlines()
        check(events(driver) == readable, "unticked, the list is `gesturectl replay --text`'s lines")

        # Frames as the daemon sends them, the oracle for what a step shows.
        frames = daemon_touches(FIXTURE)
        check(len(frames) > 5, "the daemon sent the fixture's frames (%d)" % len(frames))
        driver.find_element(By.ID, "pause").click()
        driver.execute_script("const s = document.getElementById('scrub'); s.value = 0; s.dispatchEvent(new Event('input'));")
        steps = driver.execute_script("return rec.steps")
        # The first frame with two fingers down: the extra finger that fails the pan.
        target = next(f for f in frames if sum(c["phase"] not in ("ended", "cancelled") for c in f["contacts"]) >= 2)
        for _ in range(steps.index(target["time"])):
            driver.find_element(By.ID, "next").click()
        shown = [(int(li.get_attribute("data-id")), float(li.get_attribute("data-x")), float(li.get_attribute("data-y")), li.get_attribute("data-phase"))
                 for li in driver.find_elements(By.CSS_SELECTOR, "#touches li")]
        wanted = [(c["id"], c["x"], c["y"], c["phase"]) for c in target["contacts"]]
        check(shown == wanted, "stepped to %.3f s, the page lists that frame's touches %s (it lists %s)" % (target["time"], wanted, shown))
        picture(driver, target)
    finally:
        view.stop()


def daemon_touches(fixture):
    """Every `touches` frame the daemon sends while replaying `fixture` at its pace."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "gestured.sock")
        replaying = daemon("--config", CONFIG, "--replay", fixture, "--realtime", "--wait-subscribers", "1", "--exit-after-replay", "--socket", path)
        try:
            lines = run(GESTURECTL, "subscribe", "--json", "--touches", "--no-reconnect", "--socket", path).stdout.splitlines()
        finally:
            replaying.wait(timeout=60)
    return [event for event in map(json.loads, lines) if event.get("event") == "touches"]


def picture(driver, frame):
    """The screenshot: rendered, not blank, and each touch down drawn where the frame says."""
    canvas = driver.find_element(By.ID, "canvas")
    image = Image.open(io.BytesIO(canvas.screenshot_as_png)).convert("RGB")
    layout = json.loads(canvas.get_attribute("data-layout"))[str(frame["device"])]
    check(image.width > 100 and image.height > 100, "the canvas's screenshot is %d × %d" % image.size)
    check(len(image.getcolors(maxcolors=1 << 24)) > 3, "the screenshot is not blank")
    down = [c for c in frame["contacts"] if c["phase"] not in ("ended", "cancelled")]
    check(len(down) > 0, "the frame has touches down")
    for contact in down:
        x = round(layout["x"] + contact["x"] * layout["scale"])
        y = round(layout["y"] + contact["y"] * layout["scale"])
        pixel = image.getpixel((x, y))
        check(all(abs(a - b) < 40 for a, b in zip(pixel, TOUCH)), "touch %d is drawn at (%d, %d): %s" % (contact["id"], x, y, pixel))
    corner = image.getpixel((image.width - 3, image.height - 3))
    check(all(v > 240 for v in corner), "away from the touches the surface is white: %s" % (corner,))
    if SCREENSHOT:
        os.makedirs(os.path.dirname(SCREENSHOT) or ".", exist_ok=True)
        driver.save_screenshot(SCREENSHOT)


def palm_marked(driver):
    """A touchpad recording with a palm at the edge: stepping into it lists and draws the palm."""
    view = View("--config", CONFIG, "Fixtures/constructed/tp-swipe-3-left-edge-palm.yml")
    try:
        driver.get(view.address)
        wait(driver, lambda d: "recording" in d.find_element(By.ID, "status").text, "the page opens the palm's recording")
        # The first step: the palm alone; the next: three fingers beside it.
        check([li.get_attribute("data-why") for li in driver.find_elements(By.CSS_SELECTOR, "#touches li")] == ["palm (edge)"], "at first only the palm is down")
        driver.find_element(By.ID, "next").click()
        left = driver.find_elements(By.CSS_SELECTOR, "#touches li.left-out")
        check([li.get_attribute("data-why") for li in left] == ["palm (edge)"], "the palm is listed as the touchpad's rules judged it")
        fingers = driver.find_elements(By.CSS_SELECTOR, "#touches li:not(.left-out)")
        check(len(fingers) == 3 and all(li.get_attribute("data-id") != left[0].get_attribute("data-id") for li in fingers) if left else False,
              "and not among the three fingers")
    finally:
        view.stop()


CONSUMING = """version: 1
gestures:
  - name: swipe-left-3
    swipe: { fingers: 3, direction: left }
    consume: true
"""


OBSERVE = """
window.seenInTouches = new Set();
const note = () => document.querySelectorAll("#touches li").forEach((li) => {
  if (li.dataset.owner) window.seenInTouches.add("owner " + li.dataset.owner);
  if (li.dataset.why) window.seenInTouches.add("why " + li.dataset.why);
});
new MutationObserver(note).observe(document.getElementById("touches"), { childList: true, subtree: true });
"""


def watched_replay(driver, *arguments):
    """What the live page's touch list showed, at any moment, while a daemon with `arguments`
    replayed once at its pace (the test's subscription starts it, once the page is watched)."""
    with live_view(driver, *arguments, "--realtime", "--wait-subscribers", "2", "--exit-after-replay") as path:
        driver.execute_script(OBSERVE)
        run(GESTURECTL, "subscribe", "--no-reconnect", "--socket", path)
        return set(driver.execute_script("return [...window.seenInTouches]"))


def live_claims(driver):
    """Live, on a device whose swipe consumes: each finger is marked held back, then consumed."""
    config = tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False)
    config.write(CONSUMING)
    config.close()
    seen = watched_replay(driver, "--config", config.name, "--replay", "Fixtures/constructed/tp-swipe-3-left.yml")
    check({"owner hold", "owner consume"} <= seen, "live, the fingers are marked held back, then consumed: %s" % sorted(seen))


def live_palm(driver):
    """Live from a daemon replaying the edge palm: the palm is listed apart from the fingers."""
    seen = watched_replay(driver, "--config", CONFIG, "--replay", "Fixtures/constructed/tp-swipe-3-left-edge-palm.yml")
    check({"why palm (edge)", "why thumb"} <= seen, "live, the edge palm and later the thumb are listed as the touchpad's rules judge them: %s" % sorted(seen))


def served_page(driver):
    """The page is Sources/GestureView/Page's files, built into the binary: GET / serves exactly
    them, the style and script in place of the tags that name them."""
    view = View("--config", CONFIG, OPENED)
    try:
        with urllib.request.urlopen(view.address) as response:
            served = response.read().decode()
        page = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Sources", "GestureView", "Page")
        read = lambda name: open(os.path.join(page, name), encoding="utf-8").read()
        expected = read("view.html").replace('<link rel="stylesheet" href="view.css">', "<style>\n" + read("view.css") + "</style>") \
            .replace('<script src="view.js"></script>', "<script>\n" + read("view.js") + "</script>") \
            .replace('<script src="actions.js"></script>', "<script>\n" + read("actions.js") + "</script>")
        check(served == expected, "GET / serves Page/view.html with view.css, view.js and actions.js inline, byte for byte")
    finally:
        view.stop()


def opened_recording(driver):
    expected = run(GESTURECTL, "replay", "--json", OPENED).stdout.splitlines()
    view = View()
    try:
        driver.get(view.address)
        wait(driver, lambda d: d.find_element(By.ID, "status").text != "connecting…", "the live page says how it stands")
        driver.find_element(By.ID, "file").send_keys(os.path.abspath(OPENED))
        wait(driver, lambda d: "pinch-open.yml" in d.find_element(By.ID, "status").text, "the opened recording is shown")
        show_json(driver, True)
        to_end(driver)
        check(events(driver) == expected, "a recording opened on the page plays to `gesturectl replay --json`'s transcript")
        with tempfile.NamedTemporaryFile("w", suffix=".yml") as bad:
            bad.write("version: 1\nndevices: 1\nlibinput:\n  version: 1.22\ndevices:\n  - node: /dev/input/event0\n    evdev: [\n")
            bad.flush()
            driver.find_element(By.ID, "file").send_keys(bad.name)
            error = wait(driver, lambda d: d.find_element(By.ID, "error").text, "a malformed recording is refused with a reason")
            check(bool(error) and re.search(re.escape(os.path.basename(bad.name)) + r":8: invalid YAML", error) is not None,
                  "the refusal names the file and the line: " + repr(error))
    finally:
        view.stop()


LIVE_DAEMON = ("--replay", LIVE, "--realtime", "--wait-subscribers", "2", "--exit-after-replay")


@contextlib.contextmanager
def live_view(driver, *arguments, view_arguments=()):
    """A daemon with `arguments` (default: replaying LIVE at its pace once two subscriptions
    exist, the view's own and the test's), a view following it (with `view_arguments`), and
    the page open and connected; yields the socket path. A daemon that does not end by itself
    is stopped."""
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "gestured.sock")
        replaying = daemon(*(arguments or LIVE_DAEMON), "--socket", path)
        view = View("--socket", path, *view_arguments)
        try:
            driver.get(view.address)
            wait(driver, lambda d: d.find_element(By.ID, "status").text.startswith("connected to gestured"), "the live page is connected to the daemon")
            yield path
        finally:
            view.stop()
            if "--exit-after-replay" not in (arguments or LIVE_DAEMON):
                replaying.terminate()
            replaying.wait(timeout=60)


ACTIONS = """version: 1
actions:
  - gesture: swipe-left-3
    run: [swaymsg, workspace, next]
"""


def live_page(driver):
    actions = tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False)
    actions.write(ACTIONS)
    actions.close()
    with live_view(driver, view_arguments=("--actions", actions.name)) as path:
        check(len(json.loads(driver.find_element(By.ID, "canvas").get_attribute("data-layout"))) == 1, "the replayed device's surface is drawn")
        lines = run(GESTURECTL, "subscribe", "--no-reconnect", "--socket", path).stdout.splitlines()
        gestures = [line for line in lines if line.startswith(" ") and "s  dev" in line]
        check(len(gestures) >= 2, "gesturectl subscribe printed the fixture's gestures: %s" % gestures)
        wait(driver, lambda d: "not running" in d.find_element(By.ID, "status").text, "the page says when the daemon is gone")
        shown = [line for line in events(driver) if line.startswith(" ") and "s  dev" in line]
        check(shown == gestures, "live, the page lists the gesture lines gesturectl subscribe printed")
        listed = events(driver)
        ended = next((i for i, line in enumerate(listed) if "swipe-left-3#" in line and " ended " in line), None)
        action = [line for line in listed if "  action  " in line]
        check(ended is not None and action and action[0].endswith("action  swipe-left-3#1  line 3: swaymsg workspace next")
              and listed.index(action[0]) == ended + 1, "and, after the swipe's end, the action its actions file runs: %s" % action)
        lanes = driver.find_elements(By.CSS_SELECTOR, ".lane[data-state=ended]")
        check(any(lane.get_attribute("data-gesture") == "swipe-left-3" for lane in lanes), "the swipe's lane ended")
        won = driver.find_elements(By.CSS_SELECTOR, ".lane[data-gesture='swipe-left-3'] .mark.accepted")
        unseen = driver.find_elements(By.CSS_SELECTOR, ".lane .mark.unseen")
        check(len(won) == 3 and len(unseen) > 0, "live, the lanes show the arenas the swipe won (%d of 3 touches) and the failures no event shows (%d)" % (len(won), len(unseen)))


FOLLOWING = """version: 1
gestures:
  - name: edge-bottom
    edgeSwipe: { edge: bottom }
    region: { edge: bottom }
devices:
  - match: touchscreen
    rotation: follow
"""


def turned_surface(driver):
    """Issue 65: a touchscreen that follows its screen is drawn the new way round as soon as the
    screen is said to turn (`gesturectl screen`), and says who turned it."""
    config = tempfile.NamedTemporaryFile("w", suffix=".yml", delete=False)
    config.write(FOLLOWING)
    config.close()
    with live_view(driver, "--config", config.name, "--replay", LIVE, "--wait-subscribers", "3") as path:
        def surface(d):
            return json.loads(d.find_element(By.ID, "canvas").get_attribute("data-layout") or "{}").get("1", {})
        before = surface(driver)
        check(before.get("width", 0) > before.get("height", 0) and "following the built-in screen" in before.get("turned", ""),
              "before a turn, the panel is drawn as it is, following its screen: %s" % before)
        said = run(GESTURECTL, "screen", "90", "--socket", path)
        check(said.returncode == 0, "gesturectl screen 90: " + said.stdout + said.stderr)
        wait(driver, lambda d: surface(d).get("width", 0) < surface(d).get("height", 0), "the turned surface is drawn the other way round")
        check(surface(driver).get("turned") == "turned 90° by gesturectl (built-in), following the built-in screen",
              "and says who turned it: %s" % surface(driver).get("turned"))


def record_through_page(driver):
    """The Record button: a live device recorded through the daemon, replayed on the page, and
    the file it offers replays to the transcript the device's own input gives."""
    expected = run(GESTURECTL, "replay", "--json", LIVE).stdout.splitlines()
    # The recording is the second subscription: it starts the replay.
    with live_view(driver) as path:
        wait(driver, lambda d: d.find_elements(By.CSS_SELECTOR, "#record-device option"), "the device can be chosen for recording")
        # Issue 47, item 10: 0 s is refused with the range the server takes, not "0 to 600".
        reply = driver.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch('/record?token=' + encodeURIComponent(token) + '&device=1&seconds=0', { method: 'POST' }).then((r) => r.text()).then(done);")
        check(reply == '{"error":"record needs a device id (1 or more) and a duration of more than 0 and at most 600 seconds"}',
              "a recording of 0 s is refused with the range it takes: " + reply)
        seconds = driver.find_element(By.ID, "record-seconds")
        seconds.clear()
        seconds.send_keys("2")
        driver.find_element(By.ID, "record").click()
        wait(driver, lambda d: "recording dev1-recording.yml" in d.find_element(By.ID, "status").text, "the recording opens on the page", 60)
        show_json(driver, True)
        to_end(driver)
        check(events(driver) == expected, "recorded through the page, it plays to the device's own transcript")
        recording = driver.execute_script("return rec.doc.recording")
        transcript = driver.execute_script("return rec.doc.transcript")
        check(driver.find_element(By.ID, "save-recording").get_attribute("download") == "dev1-recording.yml", "the page offers the recording to save")
        check(driver.find_element(By.ID, "save-transcript").is_displayed(), "and its transcript")
        check(transcript.splitlines() == expected, "the transcript offered is the device's own")
        saved = os.path.join(os.path.dirname(path), "saved.yml")
        with open(saved, "w") as file:
            file.write(recording)
        check(run(GESTURECTL, "replay", "--json", saved).stdout.splitlines() == expected, "the recording offered replays to the same transcript")


def refused(driver):
    view = View()
    try:
        base = "http://127.0.0.1:%d" % view.port
        for target in ["/", "/?token=wrong", "/recordings"]:
            try:
                urllib.request.urlopen(base + target, timeout=10)
                check(False, target + " without the token is refused")
            except urllib.error.HTTPError as error:
                check(error.code == 403, target + " without the token gets 403 (got %d)" % error.code)
        key = base64.b64encode(os.urandom(16)).decode()
        upgrade = {"Connection": "Upgrade", "Upgrade": "websocket", "Sec-WebSocket-Version": "13", "Sec-WebSocket-Key": key}
        for origin, status in [("http://attacker.example", 403), ("http://127.0.0.1:%d" % view.port, 101)]:
            connection = http.client.HTTPConnection("127.0.0.1", view.port, timeout=10)
            connection.request("GET", "/live?token=" + view.token, headers=dict(upgrade, Origin=origin))
            response = connection.getresponse()
            check(response.status == status, "a WebSocket upgrade from %s gets %d (got %d)" % (origin, status, response.status))
            connection.close()
        # A page of another origin in the same browser: its WebSocket never opens.
        page = ("<script>const s = new WebSocket('ws://127.0.0.1:%d/live?token=%s');"
                "s.onopen = () => document.title = 'opened'; s.onclose = () => document.title = 'refused';</script>") % (view.port, view.token)
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), type("Page", (http.server.BaseHTTPRequestHandler,), {
            "do_GET": lambda self: (self.send_response(200), self.send_header("Content-Type", "text/html"), self.end_headers(), self.wfile.write(page.encode())),
            "log_message": lambda self, *a: None}))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        driver.get("http://localhost:%d/" % server.server_port)
        title = wait(driver, lambda d: d.title in ("opened", "refused") and d.title, "the foreign page's WebSocket settles")
        check(title == "refused", "a page of another origin cannot open the view's WebSocket (%s)" % title)
        server.shutdown()
    finally:
        view.stop()


def readable_lanes(driver):
    """Issue 47, item 12: every lane's labels can be read at a glance — no label over another,
    none outside its track (into the next column) — on a recording whose lanes are full of
    failures; a reason not written keeps its whole text on hover. The lanes' screenshot is kept
    beside the canvas's."""
    view = View("--config", CONFIG, TAPS)
    try:
        driver.get(view.address)
        wait(driver, lambda d: "recording" in d.find_element(By.ID, "status").text, "the page opens the taps recording")
        to_end(driver)
        report = driver.execute_script("""
            const out = [];
            for (const lane of document.querySelectorAll('.lane')) {
              const track = lane.querySelector('.track').getBoundingClientRect();
              const shown = [...lane.querySelectorAll('.reason')].filter((r) => !r.hidden).map((r) => r.getBoundingClientRect());
              const hidden = [...lane.querySelectorAll('.reason')].filter((r) => r.hidden).map((r) => r.title);
              shown.sort((a, b) => a.left - b.left);
              let overlaps = 0;
              for (let i = 1; i < shown.length; i++) if (shown[i].left < shown[i - 1].right) overlaps++;
              const outside = shown.filter((b) => b.left < track.left - 0.5 || b.right > track.right + 0.5).length;
              // A mark's glyph is drawn 5 px either side of its place: no label over another's.
              let covered = 0;
              for (const r of [...lane.querySelectorAll('.reason')].filter((r) => !r.hidden)) {
                const b = r.getBoundingClientRect();
                for (const m of lane.querySelectorAll('.mark')) {
                  const x = m.getBoundingClientRect().left;
                  if (m !== r.parentElement && x + 5 > b.left && x - 5 < b.right) covered++;
                }
              }
              out.push({ gesture: lane.dataset.gesture, shown: shown.length, hidden, overlaps, outside, covered });
            }
            return out;""")
        check(len(report) > 5 and sum(l["shown"] for l in report) > 0, "the taps recording's lanes have reasons to show (%d lanes)" % len(report))
        check(sum(len(l["hidden"]) for l in report) > 0, "and more reasons than room: some are left to hover")
        for lane in report:
            check(lane["overlaps"] == 0, "lane %s: no reason written over another (%d overlap)" % (lane["gesture"], lane["overlaps"]))
            check(lane["outside"] == 0, "lane %s: no reason outside its track (%d)" % (lane["gesture"], lane["outside"]))
            check(lane["covered"] == 0, "lane %s: no reason over another mark (%d)" % (lane["gesture"], lane["covered"]))
            check(all(title for title in lane["hidden"]), "lane %s: each reason not written keeps its text on hover" % lane["gesture"])
        lanes = driver.find_element(By.ID, "lanes-box")
        driver.execute_script("arguments[0].scrollIntoView()", lanes)
        with open(SCREENSHOT.replace(".png", "-lanes.png"), "wb") as out:
            out.write(lanes.screenshot_as_png)
    finally:
        view.stop()


def busy_port(driver):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = run(GESTURECTL, "view", "--no-open", "--port", str(port), OPENED)
        # Live (no recording), with no daemon either: the port is the one thing said.
        live = run(GESTURECTL, "view", "--no-open", "--port", str(port), "--socket", "/nonexistent/gestured.sock")
    check(result.returncode == 1 and result.stdout == "", "a port in use ends view with status 1 (%d)" % result.returncode)
    check(result.stderr == "gesturectl view: cannot serve on 127.0.0.1:%d: Address already in use\n" % port, "and says why: " + repr(result.stderr))
    check(live.returncode == 1 and live.stderr == "gesturectl view: cannot serve on 127.0.0.1:%d: Address already in use\n" % port,
          "live, a port in use is said alone, with no word of the daemon: " + repr(live.stderr))


def running_view(driver):
    with tempfile.TemporaryDirectory() as runtime:
        os.chmod(runtime, 0o700)
        path = os.path.join(runtime, "gestured", "view-address")
        environment = {"XDG_RUNTIME_DIR": runtime}
        # As gestured-view.service runs it (with no daemon to follow: it still serves).
        unit = View("--address-file", path, "--socket", "/nonexistent/gestured.sock", environment=environment)
        try:
            written = wait(driver, lambda _: os.path.exists(path) and open(path).read(), "the view wrote its address file", seconds=10)
            check(written == unit.address + "\n", "the file holds the address the view printed: " + repr(written))
            check(stat.S_IMODE(os.stat(path).st_mode) == 0o600 and stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode) == 0o700,
                  "the file is the user's alone (0600, in a 0700 folder)")
            # As README prints it (no desktop here, so no browser is started).
            desktopless = {name: value for name, value in os.environ.items() if name not in ("WAYLAND_DISPLAY", "DISPLAY")}
            plain = subprocess.run([GESTURECTL, "view"], capture_output=True, text=True, timeout=60, env=dict(desktopless, **environment))
            check(plain.returncode == 0 and plain.stdout == unit.address + "\n", "a plain gesturectl view prints the running view's address: " + repr(plain.stdout))
            check(plain.stderr == "gesturectl view: the view runs already (gestured-view.service; its address is in %s)\n" % path,
                  "and says where it found it: " + repr(plain.stderr))
            driver.get(plain.stdout.strip())
            check(wait(driver, lambda d: d.find_element(By.ID, "lanes-box"), "the running view's page opens at that address") is not None,
                  "the page is served there")
        finally:
            unit.stop()
        # Stopped without taking its file away (killed): the next plain view starts its own.
        again = View(environment=environment)
        try:
            check(again.address != unit.address, "with the running view gone, a plain gesturectl view serves a page of its own")
        finally:
            again.stop()


def main():
    return finish(browser(), (served_page, recording_page, readable_lanes, palm_marked, live_palm, live_claims, opened_recording, live_page,
                              turned_surface, record_through_page, refused, busy_port, running_view))


if __name__ == "__main__":
    sys.exit(main())
