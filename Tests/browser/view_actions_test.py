#!/usr/bin/env python3
"""`gesturectl view`'s Actions panel driven in a real headless browser, as a user drives it
(issue 51), against a daemon replaying a three-finger swipe again and again (`--loop`) and a real
`gesturectl actions` following the same daemon and the same file:

- the user's file is listed as `gesturectl actions --check` says it;
- Add, do the swipe: the page offers the gestures that ended and "this one exactly";
- keys captured from a key press (super+Right), checked with the runner's checker;
- Try: the next swipe says what would run, and nothing runs;
- a second action on a gesture the file already acts on: the check and Try name the first, and
  Save asks before adding it;
- Save: the file keeps every byte outside the added action; the running runner reads it again
  and types the new keys on the next swipe (here the replaying daemon has no virtual keyboard,
  and the runner says it asked);
- "this one exactly" saved with its definition, tried first (the view subscribes to it);
- Undo puts the file back byte for byte;
- a save from a page that read the file before it changed on disk is refused, the file as it was,
  and the list read afresh, so the same save made again goes through;
- a touchegg file imported in the page, with its notes, accepted into the file under the
  comments gesturectl import writes; imported again, it merges (nothing new, nothing refused);
  a libinput-gestures swipe on the fingers of a gesture the file acts on is named first;
- `when:` from the application in front (a headless sway with a foot window says which), tried
  there and not for another;
- a shape recorded in the page by drawing it three times, bound, tried and saved (a file not
  written yet is made);
- a hostile page of another origin cannot save, a GET cannot save, no token cannot save.

The panel's screenshot is README's (ACTIONS_SCREENSHOT). Exit status 0 when every check passed.
"""
import http.server
import json
import os
import subprocess
import sys
import tempfile
import threading
import urllib.error
import urllib.request

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

from browsing import GESTURECTL, View, browser, check, daemon, finish, wait

SHOT = os.environ.get("ACTIONS_SCREENSHOT", "")
LIVE = "Fixtures/constructed/swipe-3-left.yml"
TOUCHEGG = "Fixtures/imports/touchegg.conf"

ORIGINAL = """# My gestures, written by hand.
version: 1

actions:
  # three fingers right: a note on the desktop
  - gesture: swipe-right-3
    shell: notify-send right   # said when it ends

# the end of my file
"""
ADDED = "  - gesture: swipe-left-3\n    keys: super+Right\n"


def text(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def after_line(original, number, lines):
    """`original` with `lines` inserted after its line `number` (1-based)."""
    parts = original.splitlines(keepends=True)
    return "".join(parts[:number]) + lines + "".join(parts[number:])


class Runner:
    """`gesturectl actions --verbose` on the file, its standard error kept line by line."""

    def __init__(self, path, socket, environment):
        self.process = subprocess.Popen([GESTURECTL, "actions", "--verbose", "--file", path, "--socket", socket],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=dict(os.environ, **environment))
        self.lines = []
        threading.Thread(target=lambda: [self.lines.append(line.rstrip("\n")) for line in self.process.stderr], daemon=True).start()

    def said(self, part):
        return [line for line in self.lines if part in line]

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=30)


def connected(driver, view):
    """The view's page opened, once it follows the daemon."""
    driver.get(view.address)
    wait(driver, lambda d: d.find_element(By.ID, "status").text.startswith("connected to gestured"), "the live page is connected to the daemon")


def adding(driver):
    """Add, then wait for the swipe to be offered."""
    driver.find_element(By.ID, "add").click()
    return wait(driver, lambda d: {i.get_attribute("value") for i in d.find_elements(By.CSS_SELECTOR, "#candidates input")} >= {"gesture swipe-left-3", "exactly"}
                and d.find_elements(By.CSS_SELECTOR, "#candidates input"), "after Add, the swipe done is offered, and 'this one exactly'")


def pick(driver, value):
    """Chooses a candidate; the list may be drawn again as a later gesture ends (then asked again)."""
    def click(d):
        d.find_element(By.CSS_SELECTOR, "#candidates input[value='%s']" % value).click()
        return d.find_element(By.CSS_SELECTOR, "#candidates input[value='%s']" % value).is_selected()
    wait(driver, click, "the candidate " + value + " is chosen")


def press_keys(driver, *keys):
    field = driver.find_element(By.ID, "does-keys")
    field.click()
    chain = ActionChains(driver)
    for key in keys[:-1]:
        chain.key_down(key)
    chain.send_keys(keys[-1])
    for key in reversed(keys[:-1]):
        chain.key_up(key)
    chain.perform()


def checked(driver, part):
    return wait(driver, lambda d: part in d.find_element(By.ID, "draft-check").text and d.find_element(By.ID, "draft-check").text, "the draft is checked: " + part)


def note(driver, part):
    return wait(driver, lambda d: part in d.find_element(By.ID, "actions-note").text and d.find_element(By.ID, "actions-note").text, "the panel says: " + part)


def panel(driver):
    with tempfile.TemporaryDirectory() as folder:
        # The runner says what it read in the user's runtime folder; the view reads it there.
        runtime = {"XDG_RUNTIME_DIR": folder}
        socket = os.path.join(folder, "gestured.sock")
        path = os.path.join(folder, "actions.yml")
        with open(path, "w", encoding="utf-8") as file:
            file.write(ORIGINAL)
        replaying = daemon("--replay", LIVE, "--realtime", "--loop", "--socket", socket)
        runner = Runner(path, socket, runtime)
        # The view names keys on a German layout (a dead key below); the runner types on its own.
        view = View("--socket", socket, "--actions", path, environment=dict(runtime, XKB_DEFAULT_LAYOUT="de"))
        try:
            connected(driver, view)
            listed = wait(driver, lambda d: d.find_element(By.ID, "actions-list").text, "the actions file is listed")
            check(listed == "line 6: swipe-right-3 ended → sh -c 'notify-send right'consumes", "the list says what --check says: " + repr(listed))

            # Add by doing it, keys captured from a key press.
            adding(driver)
            exactly = wait(driver, lambda d: d.find_element(By.CSS_SELECTOR, "#candidates input[value='exactly']").find_element(By.XPATH, "..").text, "'this one exactly' is labelled")
            check(exactly == "this one exactly: a swipe left with 3 fingers", "'this one exactly' says what was done: " + repr(exactly))
            pick(driver, "gesture swipe-left-3")
            press_keys(driver, Keys.META, Keys.ARROW_RIGHT)
            check(driver.find_element(By.ID, "does-keys").get_attribute("value") == "super+Right", "a key press is shown in gestured's names")
            checked(driver, "swipe-left-3 ended → keys super+Right (press 125, tap 106, release 125)")
            check(driver.find_element(By.ID, "draft-yaml").text == "- gesture: swipe-left-3\n  keys: super+Right", "the lines the save adds are shown")
            check("Consumed:" in driver.find_element(By.ID, "consume-note").text, "consuming is said in a sentence (the default with no when:)")

            # Try: said, not run.
            driver.find_element(By.ID, "try").click()
            trial = wait(driver, lambda d: "ended: would run" in d.find_element(By.ID, "trial").text and d.find_element(By.ID, "trial").text, "the next swipe says what would run")
            check(trial is not None and trial.startswith("swipe-left-3#") and trial.endswith("ended: would run keys super+Right"), "the trial's line: " + repr(trial))
            check(not runner.said("swipe-left-3"), "trying ran nothing: the runner did nothing for swipe-left-3")
            if SHOT:
                box = driver.find_element(By.ID, "actions-box")
                driver.execute_script("arguments[0].scrollIntoView()", box)
                with open(SHOT, "wb") as out:
                    out.write(box.screenshot_as_png)

            # Save: the runner reads it again and runs it on the next swipe.
            driver.find_element(By.ID, "save").click()
            said = note(driver, "has read it")
            check(said is not None and said.startswith("saved at line 8 of " + path + ", no mistakes; gesturectl actions (pid %d) has read it: 2 actions run" % runner.process.pid),
                  "the page says the running runner read the saved file: " + repr(said))
            expected = after_line(ORIGINAL, 7, ADDED)
            check(text(path) == expected, "the file keeps every byte outside the added action: " + repr(text(path)))
            wait(driver, lambda d: "line 8: swipe-left-3 ended → keys super+Right" in d.find_element(By.ID, "actions-list").text, "the list shows the new action")
            wait(driver, lambda d: runner.said("changed on disk: 2 actions from " + path), "the running runner read the saved file again")
            wait(driver, lambda d: runner.said("line 8: swipe-left-3 ended: type keys super+Right"), "the runner types the new action's keys on the next swipe")
            # The daemon's refusal is a reply: it comes after the runner said it asked.
            refused = wait(driver, lambda d: runner.said("gestured did not type keys super+Right: this daemon has no virtual keyboard"),
                           "(the replaying daemon has no virtual keyboard, and says so to the runner)")
            if not refused:
                print("      the runner said: " + repr(runner.lines[-8:]), file=sys.stderr)

            # Undo: back byte for byte.
            driver.find_element(By.ID, "undo").click()
            note(driver, "the last save is undone; gesturectl actions (pid %d) has read it: 1 action run" % runner.process.pid)
            check(text(path) == ORIGINAL, "Undo puts the file back byte for byte")

            # This one exactly: a definition of what was done, tried through the view's own subscription.
            adding(driver)
            pick(driver, "exactly")
            driver.find_element(By.ID, "does-kind").find_element(By.CSS_SELECTOR, "option[value='window']").click()
            checked(driver, "my-swipe-left-3 (defined here) ended → window close")
            yaml = driver.find_element(By.ID, "draft-yaml").text
            check(yaml == "- gesture: my-swipe-left-3\n  define: { swipe: { direction: left, fingers: 3 }, priority: simultaneous }\n  window: close",
                  "this one exactly is defined under a name the daemon does not configure: " + repr(yaml))
            driver.find_element(By.ID, "try").click()
            wait(driver, lambda d: "my-swipe-left-3#" in d.find_element(By.ID, "trial").text and "would run window close" in d.find_element(By.ID, "trial").text,
                 "the defined gesture is tried on the next swipe")
            driver.find_element(By.ID, "save").click()
            note(driver, "saved at line 8")
            check(text(path) == after_line(ORIGINAL, 7, "  - gesture: my-swipe-left-3\n    define: { swipe: { direction: left, fingers: 3 }, priority: simultaneous }\n    window: close\n"),
                  "this one exactly is saved with its definition")

            # A stale page: the file changed on disk after the page read it.
            adding(driver)
            pick(driver, "gesture swipe-left-3")
            # Space and the keypad by their xkb names, checked on the layout (issue 60).
            press_keys(driver, Keys.CONTROL, Keys.SPACE)
            checked(driver, "keys ctrl+space")
            press_keys(driver, Keys.NUMPAD1)
            checked(driver, "keys KP_1")
            # A dead key: the browser says only "Dead"; its place is named on the layout (de here:
            # the key right of ß is dead_acute).
            driver.execute_script("const f = document.getElementById('does-keys'); f.dispatchEvent(new KeyboardEvent('keydown', { key: 'Dead', code: 'Equal', ctrlKey: true, bubbles: true }));")
            checked(driver, "keys ctrl+dead_acute")
            press_keys(driver, Keys.CONTROL, "z")
            checked(driver, "keys ctrl+z")
            changed = text(path) + "# changed in an editor\n"
            with open(path, "w", encoding="utf-8") as file:
                file.write(changed)
            driver.find_element(By.ID, "save").click()
            refusal = note(driver, "changed on disk since this page read it")
            check(refusal is not None and "nothing was saved" in refusal, "a stale save is refused with the reason: " + repr(refusal))
            check(text(path) == changed, "and the file is as the editor left it")
            # The refusal read the file afresh (issue 60): the same Save, again, now goes through.
            driver.find_element(By.ID, "save").click()
            note(driver, "saved at line")
            check("keys: ctrl+z" in text(path) and text(path).endswith("# changed in an editor\n"), "after the refusal the retried save is made against the file as it is now")
            changed = text(path) + "# and changed again\n"
            with open(path, "w", encoding="utf-8") as file:
                file.write(changed)
            driver.find_element(By.ID, "undo").click()
            note(driver, "changed on disk after the save")
            check(text(path) == changed, "Undo after the file changed on disk leaves it alone")

            # A second action on the same gesture (issue 60): the check and Try say what the file
            # already runs for it, and Save asks before adding it beside the first.
            adding(driver)
            pick(driver, "gesture swipe-left-3")
            press_keys(driver, Keys.CONTROL, Keys.ALT, Keys.ARROW_RIGHT)
            checked(driver, "keys ctrl+alt+Right")
            also = wait(driver, lambda d: [e.text for e in d.find_elements(By.CSS_SELECTOR, "#draft-check .also")], "the check says what the gesture already runs")
            check(also is not None and len(also) == 1 and also[0].startswith("also runs: line ") and "swipe-left-3 ended → keys ctrl+z" in also[0], "the existing action is named: " + repr(also))
            driver.find_element(By.ID, "try").click()
            both = wait(driver, lambda d: "ended: would run" in d.find_element(By.ID, "trial").text and d.find_element(By.ID, "trial").text, "the next swipe says what would run")
            check(both is not None and "would run keys ctrl+alt+Right" in both and "; and keys ctrl+z" in both and "already in the file)" in both,
                  "Try says both actions would run: " + repr(both))
            before_second = text(path)
            driver.find_element(By.ID, "save").click()
            WebDriverWait(driver, 30).until(EC.alert_is_present())
            question = driver.switch_to.alert.text
            check(question.startswith("This gesture already runs:") and "keys ctrl+z" in question, "Save asks first: " + repr(question))
            driver.switch_to.alert.dismiss()
            note(driver, "nothing was saved: the gesture already has an action")
            check(text(path) == before_second, "declined, the file is unchanged")
            driver.find_element(By.ID, "save").click()
            WebDriverWait(driver, 30).until(EC.alert_is_present())
            driver.switch_to.alert.accept()
            note(driver, "saved at line")
            check("keys: ctrl+alt+Right" in text(path) and "keys: ctrl+z" in text(path), "accepted, both are in the file")

            # Import a touchegg file in the page.
            driver.refresh()
            wait(driver, lambda d: "my-swipe-left-3" in d.find_element(By.ID, "actions-list").text, "the list is read afresh")
            driver.find_element(By.ID, "import-file").send_keys(os.path.abspath(TOUCHEGG))
            what = wait(driver, lambda d: d.find_element(By.ID, "import-what").text, "the import is shown before it is added")
            imported = subprocess.run([GESTURECTL, "import", "touchegg", TOUCHEGG], capture_output=True, text=True)
            count = imported.stderr.splitlines()[-1].split("import: ")[1].split(" action")[0]
            check(what == "touchegg.conf (touchegg) makes %s actions:" % count, "the page makes as many actions as gesturectl import: " + repr(what))
            notes = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#import-notes li")]
            left_out = [line.split(": ", 1)[0].split(":")[-1] for line in imported.stderr.splitlines() if ": not imported: " in line]
            check(["line " + n for n in left_out] == [n.split(":")[0] for n in notes if "not imported" in n],
                  "the notes name the lines gesturectl import leaves out: %s" % notes)
            before = text(path)
            driver.find_element(By.ID, "import-accept").click()
            note(driver, "added %s imported actions; gesturectl actions (pid %d) has read it" % (count, runner.process.pid))
            after = text(path)
            check(after.startswith(before[:before.index("\n# the end of my file")]) and after.endswith("\n# the end of my file\n# changed in an editor\n# and changed again\n"),
                  "the imported actions are added to the list, the rest kept")
            listed = subprocess.run([GESTURECTL, "actions", "--check", "--file", path], capture_output=True, text=True)
            check(listed.returncode == 0, "the file with the imported actions passes gesturectl actions --check: " + listed.stderr)
            # Issue 62: the comments gesturectl import writes come along (where each action came
            # from, its note, the lines not imported), under a line saying what was imported.
            said_lines = [line.strip() for line in imported.stdout.splitlines() if line.strip().startswith("#") and not line.startswith("# Imported")]
            file_lines = [line.strip() for line in after.splitlines()]
            missing = [line for line in said_lines if line not in file_lines]
            check(not missing and "# Imported from touchegg: touchegg.conf by gesturectl view." in file_lines,
                  "the provenance comments are kept as gesturectl import writes them; missing: %s" % missing[:3])
            # Imported again, it merges: nothing is refused, every action is said to be there already.
            driver.find_element(By.ID, "import-file").send_keys(os.path.abspath(TOUCHEGG))
            again = wait(driver, lambda d: "makes 0 actions" in d.find_element(By.ID, "import-what").text and d.find_element(By.ID, "import-what").text, "a second import makes nothing new")
            check(again == "touchegg.conf (touchegg) makes 0 actions:", "the second import adds nothing: " + repr(again))
            notes = [li.text for li in driver.find_elements(By.CSS_SELECTOR, "#import-notes li")]
            check(len([n for n in notes if "already in the file" in n]) == int(count), "each action is said to be in the file already: %s" % notes[-3:])
            driver.find_element(By.ID, "import-accept").click()
            note(driver, "nothing added: the file has every action of touchegg.conf already")
            check(text(path) == after, "accepting the second import leaves the file as it was")
            # A gesture on the same fingers as one the file acts on is named before it is added.
            lg = os.path.join(folder, "libinput-gestures.conf")
            with open(lg, "w") as out:
                out.write("gesture swipe left 3 notify-send hi\n")
            driver.find_element(By.ID, "import-file").send_keys(lg)
            clashes = wait(driver, lambda d: [li.text for li in d.find_elements(By.CSS_SELECTOR, "#import-clashes li")] or None, "the clash is shown")
            check(clashes == ["line 1: `lg-swipe-left-3` is a swipe on the same fingers as `my-swipe-left-3`, which the file already acts on (line 8): both would run"],
                  "the gesture already acted on is named: %s" % clashes)
            driver.find_element(By.ID, "import-cancel").click()
            check(text(path) == after, "cancelled, the file is unchanged")
            hostile(driver, view, path)
        finally:
            view.stop()
            runner.stop()
            replaying.terminate()
            replaying.wait(timeout=30)


def stroke(driver):
    """A shape of one's own: recorded in the page by drawing it three times (a daemon replays
    circles), saved to the strokes file, bound, tried and saved with its definition."""
    with tempfile.TemporaryDirectory() as folder:
        socket = os.path.join(folder, "gestured.sock")
        path = os.path.join(folder, "actions.yml")
        strokes = os.path.join(folder, "config", "gestured", "strokes.yml")
        replaying = daemon("--config", "Fixtures/strokes/gestures.yml", "--replay", "Fixtures/strokes/ts-circle-3.yml", "--realtime", "--loop", "--socket", socket)
        view = View("--socket", socket, "--actions", path, environment={"XDG_CONFIG_HOME": os.path.join(folder, "config")})
        try:
            connected(driver, view)
            wait(driver, lambda d: "(not written yet)" in d.find_element(By.ID, "actions-path").text, "a file not written yet is said so")
            driver.find_element(By.ID, "add").click()
            driver.find_element(By.ID, "stroke-name").send_keys("loop")
            driver.find_element(By.ID, "stroke-record").click()
            said = wait(driver, lambda d: "saved 3 drawings of loop to " + strokes in d.find_element(By.ID, "stroke-status").text
                        and d.find_element(By.ID, "stroke-status").text, "the shape is drawn three times and saved", seconds=60,
                        shown=lambda d: d.find_element(By.ID, "stroke-status").text)
            check(said is not None and said.startswith("got loop 3 of 3: "), "each drawing is said as gesturectl stroke record says it: " + repr(said))
            check(os.path.exists(strokes) and text(strokes).count("  - name: loop\n") == 3, "the strokes file has the three drawings")
            if said is None:
                return  # nothing recorded: what follows needs the shape
            picked = driver.find_element(By.CSS_SELECTOR, "#candidates input:checked")
            check(picked.get_attribute("value") == "stroke loop" and picked.find_element(By.XPATH, "..").text == "the shape loop, just recorded",
                  "the shape just recorded is offered, and chosen")
            driver.find_element(By.ID, "does-kind").find_element(By.CSS_SELECTOR, "option[value='shell']").click()
            driver.find_element(By.ID, "does-shell").send_keys("notify-send loop")
            checked(driver, "stroke-loop (defined here) ended → sh -c 'notify-send loop'")
            driver.find_element(By.ID, "try").click()
            wait(driver, lambda d: "stroke-loop#" in d.find_element(By.ID, "trial").text and "ended: would run" in d.find_element(By.ID, "trial").text,
                 "the next circle is the recorded shape, and the page says what would run")
            driver.find_element(By.ID, "save").click()
            note(driver, "saved at line 4 of " + path)
            check(text(path).endswith("actions:\n  - gesture: stroke-loop\n    define: { stroke: { shapes: [loop], fingers: 1 }, priority: simultaneous }\n"
                                       "    shell: \"notify-send loop\"\n"), "the file is made with the stroke's definition: " + repr(text(path)))
        finally:
            view.stop()
            replaying.terminate()
            replaying.wait(timeout=30)


class Sway:
    """A real sway, headless, as nobody (sway refuses root), with one foot window whose app_id
    is `app`: the desktop the view asks which application is in front."""

    def __init__(self, app):
        self.runtime = tempfile.mkdtemp(prefix="gestured-sway-")
        os.chmod(self.runtime, 0o700)
        config = os.path.join(self.runtime, "config")
        with open(config, "w") as file:
            file.write("exec touch %s/ready\nexec foot --app-id %s sleep 600\n" % (self.runtime, app))
        if os.geteuid() == 0:
            for path in (self.runtime, config):
                os.chown(path, 65534, 65534)
        command = ["sway", "-c", config]
        if os.geteuid() == 0:
            command = ["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] + command
        environment = {"PATH": "/usr/bin:/bin", "HOME": self.runtime, "XDG_RUNTIME_DIR": self.runtime, "WLR_BACKENDS": "headless",
                       "WLR_RENDERER": "pixman", "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_HEADLESS_OUTPUTS": "1"}
        self.process = subprocess.Popen(command, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        ready = wait(None, lambda _: os.path.exists(os.path.join(self.runtime, "ready")), "sway starts")
        sockets = [name for name in os.listdir(self.runtime) if name.startswith("sway-ipc.")] if ready else []
        self.socket = os.path.join(self.runtime, sockets[0]) if sockets else ""

    def stop(self):
        os.killpg(self.process.pid, 15)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            # A loaded machine: sway waits on its clients; nothing of it is wanted any more.
            os.killpg(self.process.pid, 9)
            self.process.wait(timeout=30)
        subprocess.run(["rm", "-rf", self.runtime])


def front_app(driver):
    """`when:` from the application in front: the desktop (sway) says which one it was when the
    gesture ended, the page offers it, and the tried action runs there — and not for another."""
    if not all(os.path.exists("/usr/bin/" + tool) for tool in ("sway", "foot")):
        check(False, "sway and foot are installed (make test installs them)")
        return
    sway = Sway("gestured-b")
    with tempfile.TemporaryDirectory() as folder:
        socket = os.path.join(folder, "gestured.sock")
        path = os.path.join(folder, "actions.yml")
        replaying = daemon("--replay", LIVE, "--realtime", "--loop", "--socket", socket)
        view = View("--socket", socket, "--actions", path, environment={"SWAYSOCK": sway.socket})
        try:
            connected(driver, view)
            adding(driver)
            wait(driver, lambda d: d.find_element(By.ID, "apps-note").text == "in front when a gesture ended: gestured-b",
                 "the application in front when the swipe ended is offered")
            options = [o.get_attribute("value") for o in driver.find_elements(By.CSS_SELECTOR, "#apps option")]
            check(options == ["gestured-b"], "and is the field's suggestion: %s" % options)
            pick(driver, "gesture swipe-left-3")
            press_keys(driver, Keys.META, Keys.ARROW_RIGHT)
            driver.find_element(By.ID, "when-app").send_keys("gestured-b")
            checked(driver, "swipe-left-3 ended when app gestured-b → keys super+Right")
            check("Not consumed:" in driver.find_element(By.ID, "consume-note").text, "an action with when: does not consume by default, and says so")
            driver.find_element(By.ID, "try").click()
            wait(driver, lambda d: "ended: would run keys super+Right" in d.find_element(By.ID, "trial").text, "it would run with gestured-b in front")
            # Another application: the swipes end, and the page says nothing would run.
            field = driver.find_element(By.ID, "when-app")
            field.clear()
            field.send_keys("firefox")
            checked(driver, "swipe-left-3 ended when app firefox → keys super+Right")
            driver.find_element(By.ID, "try").click()
            wait(driver, lambda d: d.find_element(By.ID, "trial").text.startswith("trying swipe-left-3"), "the new trial is on")
            ended = lambda d: len([line for line in d.find_elements(By.CSS_SELECTOR, "#events li") if "swipe-left-3" in line.text and " ended " in line.text])
            seen = ended(driver)
            wait(driver, lambda d: ended(d) >= seen + 2, "two more swipes end")
            check(driver.find_element(By.ID, "trial").text.startswith("trying swipe-left-3"), "and nothing would run with firefox not in front")
        finally:
            view.stop()
            replaying.terminate()
            replaying.wait(timeout=30)
            sway.stop()


def hostile(driver, view, path):
    """Only the page itself may change the file: not a page of another origin in the same
    browser (with the token, even), not a GET, not a request without the token."""
    before = text(path)
    body = json.dumps({"version": "x", "action": {"gesture": "swipe-left-3", "shell": "rm -rf ~"}})
    page = ("<script>fetch('http://127.0.0.1:%d/actions/save?token=%s', {method: 'POST', body: %s})"
            ".then((r) => document.title = 'answered ' + r.status, () => document.title = 'refused');</script>") % (view.port, view.token, json.dumps(body))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), type("Page", (http.server.BaseHTTPRequestHandler,), {
        "do_GET": lambda self: (self.send_response(200), self.send_header("Content-Type", "text/html"), self.end_headers(), self.wfile.write(page.encode())),
        "log_message": lambda self, *a: None}))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        driver.get("http://localhost:%d/" % server.server_port)
        title = wait(driver, lambda d: d.title.startswith(("answered", "refused")) and d.title, "the foreign page's request settles")
        check(title in ("refused", "answered 403"), "a page of another origin cannot save (%s)" % title)
    finally:
        server.shutdown()
    for method, target, status in [("GET", "/actions/save?token=" + view.token, 405), ("POST", "/actions/save", 403),
                                   ("POST", "/actions/save?token=" + view.token + "x", 403)]:
        request = urllib.request.Request("http://127.0.0.1:%d%s" % (view.port, target), data=body.encode() if method == "POST" else None, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                got = response.status
        except urllib.error.HTTPError as error:
            got = error.code
        check(got == status, "%s %s gets %d (got %d)" % (method, target.split("?")[0], status, got))
    check(text(path) == before, "the file is unchanged by all of them")


def main():
    return finish(browser(), (panel, stroke, front_app))


if __name__ == "__main__":
    sys.exit(main())
