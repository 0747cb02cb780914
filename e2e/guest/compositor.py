#!/usr/bin/env python3
"""Issue 34 beside a real compositor: sway (headless, reading the devices through its own
libinput, as on a desktop) with `bindgesture swipe:3:left` and `swipe:3:right`, each writing a
line when it fires; gestured consumes `swipe-left-3` (its configuration's `consume: true`).
Three fingers swipe left, then right, on a clickpad: sway's left must not fire (gestured's
did), its right must. Then the same with nothing consumed: both fire.

    compositor.py BIN OUT [RUN…]      (RUN: consume, listen, turn; default all three)

Then issue 65, a screen that turns: a touchscreen configured with `rotation: follow`, the
actions runner following sway's screens (core wl_output), `swaymsg output HEADLESS-1 transform
90`: a swipe up from the edge the user now sees at the bottom (the panel's left) fires
`edge-bottom`, the panel's own bottom edge is now the screen's right (`edge-right`), with no
reload.

Writes OUT/compositor.json (what fired, and gestured's and sway's logs beside it); the host
judges (e2e/evaluate.py). Runs in a guest with sway (Debian 13: e2e/compositor.sh).
"""
import glob
import atexit
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import touch  # noqa: E402

CONFIG = """version: 1
gestures:
  - name: swipe-left-3
    swipe: {{ fingers: 3, direction: left }}
    consume: {consume}
  - name: swipe-right-3
    swipe: {{ fingers: 3, direction: right }}
"""

SWAY = """output HEADLESS-1 resolution 1280x720
bindgesture swipe:3:left exec echo left >> {out}/compositor-{mode}-sway.txt
bindgesture swipe:3:right exec echo right >> {out}/compositor-{mode}-sway.txt
"""

SPAWNED = []


def spawn(*args, **kwargs):
    child = subprocess.Popen(*args, **kwargs)
    SPAWNED.append(child)
    return child


@atexit.register
def reap():
    for child in SPAWNED:
        if child.poll() is None:
            child.kill()
            child.wait()


def wait_for(check, timeout=60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    return None


def text(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def run(bin_dir, out, mode):
    """One run: gestured (consuming or not), a clickpad, sway, a swipe each way."""
    config = f"/tmp/compositor-{mode}.yml"
    with open(config, "w") as f:
        f.write(CONFIG.format(consume="true" if mode == "consume" else "false"))
    socket_path = f"/tmp/compositor-{mode}.sock"
    os.environ["GESTURED_SOCKET"] = socket_path
    daemon_log = f"{out}/compositor-{mode}-daemon.log"
    daemon = spawn([f"{bin_dir}/gestured", "--config", config, "--socket", socket_path], stderr=open(daemon_log, "w"))
    if not wait_for(lambda: "serving on" in text(daemon_log)):
        return {"error": "gestured never served"}
    live = f"{out}/compositor-{mode}-live.jsonl"
    subscriber = spawn([f"{bin_dir}/gesturectl", "subscribe", "--json", "--no-reconnect", "--socket", socket_path], stdout=open(live, "w"))
    name = f"gestured e2e sway clickpad {mode}"
    pad = touch.clickpad(name)
    touch.wait_for_daemon(name)
    grabbed = bool(wait_for(lambda: f"{name}: grabbed;" in text(daemon_log), 30)) if mode == "consume" else False
    time.sleep(1.0)
    runtime = f"/tmp/xdg-{mode}"
    os.makedirs(runtime, mode=0o700, exist_ok=True)
    with open(f"/tmp/sway-{mode}.conf", "w") as f:
        f.write(SWAY.format(out=out, mode=mode))
    environment = dict(os.environ, XDG_RUNTIME_DIR=runtime, WLR_BACKENDS="headless,libinput", WLR_RENDERER="pixman",
                       WLR_LIBINPUT_NO_DEVICES="1", LIBSEAT_BACKEND="noop")
    sway_log = f"{out}/compositor-{mode}-sway.log"
    sway = spawn(["sway", "-d", "-c", f"/tmp/sway-{mode}.conf"], env=environment, stdout=subprocess.DEVNULL, stderr=open(sway_log, "w"))
    # Sway's libinput has the clickpad (the device, or its twin while gestured holds the grab).
    if not wait_for(lambda: sway.poll() is None and text(sway_log).count(name) >= 1 and "Running compositor" in text(sway_log), 90):
        time.sleep(5)
    time.sleep(2.0)
    touch.clickpad_swipe(pad, -350)
    touch.clickpad_swipe(pad, 350)
    time.sleep(1.0)
    fired = text(f"{out}/compositor-{mode}-sway.txt").split()
    sway.terminate()
    sway.wait()
    subscriber.terminate()
    subscriber.wait()
    touch.destroy(pad)
    daemon.terminate()
    daemon.wait()
    ended = [json.loads(line).get("gesture") for line in text(live).splitlines()
             if json.loads(line).get("event") == "gesture" and json.loads(line).get("phase") == "ended"]
    return {"grabbed": grabbed, "sway_fired": fired, "gestured_ended": ended, "sway_alive": "Running compositor" in text(sway_log),
            "sway_devices": [line for line in text(sway_log).splitlines() if name in line][:6]}


TURN_CONFIG = """version: 1
gestures:
  - name: edge-bottom
    edgeSwipe: { edge: bottom }
    region: { edge: bottom }
  - name: edge-right
    edgeSwipe: { edge: right }
    region: { edge: right }
devices:
  - match: touchscreen
    rotation: follow
"""

TURN_ACTIONS = """version: 1
actions:
  - gesture: edge-bottom
    shell: echo bottom >> {out}/turn-actions.txt
  - gesture: edge-right
    shell: echo right >> {out}/turn-actions.txt
"""


def turn(bin_dir, out):
    """A touchscreen that follows its screen, the runner following sway, sway turning it."""
    with open("/tmp/turn.yml", "w") as f:
        f.write(TURN_CONFIG)
    with open("/tmp/turn-actions.yml", "w") as f:
        f.write(TURN_ACTIONS.format(out=out))
    socket_path = "/tmp/turn.sock"
    os.environ["GESTURED_SOCKET"] = socket_path
    daemon_log = f"{out}/turn-daemon.log"
    daemon = spawn([f"{bin_dir}/gestured", "--config", "/tmp/turn.yml", "--socket", socket_path], stderr=open(daemon_log, "w"))
    if not wait_for(lambda: "serving on" in text(daemon_log)):
        return {"error": "gestured never served"}
    live = f"{out}/turn-live.jsonl"
    subscriber = spawn([f"{bin_dir}/gesturectl", "subscribe", "--json", "--no-reconnect", "--socket", socket_path], stdout=open(live, "w"))
    name = "gestured e2e sway turning screen"
    screen = touch.touchscreen(name)
    touch.wait_for_daemon(name)
    runtime = "/tmp/xdg-turn"
    os.makedirs(runtime, mode=0o700, exist_ok=True)
    with open("/tmp/sway-turn.conf", "w") as f:
        f.write("output HEADLESS-1 resolution 1280x720\n")
    environment = dict(os.environ, XDG_RUNTIME_DIR=runtime, WLR_BACKENDS="headless,libinput", WLR_RENDERER="pixman",
                       WLR_LIBINPUT_NO_DEVICES="1", LIBSEAT_BACKEND="noop")
    environment.pop("GESTURED_SOCKET", None)
    sway_log = f"{out}/turn-sway.log"
    sway = spawn(["sway", "-c", "/tmp/sway-turn.conf"], env=environment, stdout=subprocess.DEVNULL, stderr=open(sway_log, "w"))
    display = wait_for(lambda: [p for p in glob.glob(f"{runtime}/wayland-*") if not p.endswith(".lock")], 90)
    ipc = wait_for(lambda: glob.glob(f"{runtime}/sway-ipc.*.sock"), 90)
    if not display or not ipc:
        return {"error": "sway never listened", "sway_log": text(sway_log)[-2000:]}
    # The runner of the user in front, on sway's Wayland display.
    runner_log = f"{out}/turn-runner.log"
    runner = spawn([f"{bin_dir}/gesturectl", "actions", "--file", "/tmp/turn-actions.yml", "--socket", socket_path],
                   env=dict(environment, WAYLAND_DISPLAY=display[0]), stderr=open(runner_log, "w"))
    following = bool(wait_for(lambda: "following how the screens are turned" in text(runner_log), 60))
    time.sleep(1.0)
    ids = touch.TrackingIDs()
    touch.mark("turn-before")
    touch.edge_swipe_up(screen, 1468, ids)  # the panel's own bottom edge, not turned yet
    swaymsg = subprocess.run(["swaymsg", "-s", ipc[0], "output", "HEADLESS-1", "transform", "90"], capture_output=True, text=True)
    turned = bool(wait_for(lambda: "turned 270° clockwise: wayland says HEADLESS-1 is" in text(daemon_log), 30))
    touch.mark("turn-after")
    touch.edge_swipe(screen, 826, ids)  # the panel's left edge: the screen's bottom now
    touch.edge_swipe_up(screen, 1468, ids)  # the panel's bottom edge: the screen's right now
    wait_for(lambda: len(text(f"{out}/turn-actions.txt").split()) >= 3, 10)
    fired = text(f"{out}/turn-actions.txt").split()
    for child in (runner, sway, subscriber):
        child.terminate()
        child.wait()
    touch.destroy(screen)
    daemon.terminate()
    daemon.wait()
    events = [json.loads(line) for line in text(live).splitlines() if line.strip()]
    ended = [e.get("gesture") for e in events if e.get("event") == "gesture" and e.get("phase") == "ended"]
    changed = [e["device"].get("orientation") for e in events if e.get("event") == "device-changed"]
    log = text(daemon_log)
    return {"following": following, "swaymsg": swaymsg.returncode, "turned": turned, "gestured_ended": ended, "actions_fired": fired,
            "device_changed": changed, "reloaded": "SIGHUP: reloaded" in log,
            "daemon_log": [line for line in log.splitlines() if name in line or "turned" in line][:8],
            "runner_log": text(runner_log).splitlines()[:8]}


def main():
    bin_dir, out = sys.argv[1], sys.argv[2]
    runs = sys.argv[3:] or ["consume", "listen", "turn"]
    report = {"sway": subprocess.run(["sway", "--version"], capture_output=True, text=True).stdout.strip()}
    for mode in ("consume", "listen"):
        if mode in runs:
            report[mode] = run(bin_dir, out, mode)
    if "turn" in runs:
        report["turn"] = turn(bin_dir, out)
    with open(f"{out}/compositor.json", "w") as f:
        json.dump(report, f, indent=1)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
