#!/usr/bin/env python3
"""Issue 34 on the real stack: a gestured whose `swipe-left-3` is consumed by the actions runner
(`gesturectl actions`, its action writes a line) and whose `edge-left` by a client
(`gesturectl subscribe --consume`, as a kiosk app would) grabs a clickpad and a touchscreen and
forwards them through their twins; `libinput debug-events` (the desktop's view, as any
compositor's libinput) reads every device on the seat. The `kill` run consumes by the
configuration instead (`consume: true`), so that nothing but the daemon holds the grab. One part after another, separated by a key of a
marker keyboard (so the desktop's log splits cleanly):

    motion     one finger moves right
    scroll     two fingers move down
    tap        one finger taps
    consumed   three fingers swipe left (gestured's, consumed)
    free       three fingers swipe right (nothing consumes it: the desktop's)
    edge       on a touchscreen, a swipe in from the left edge (gestured's, consumed)
    middle     a tap in the middle of the screen (no consuming gesture can claim it)
    edge-tap   a tap at the left edge (held while the edge swipe decides; it fails: the desktop's)
    typing     keys typed on an internal keyboard while one finger moves on the clickpad:
               libinput's disable-while-typing must pair the twin with the keyboard as it
               pairs the device, and ignore the finger
    click      one finger presses the clickpad down and lets it up (a physical click)

    forwarding.py BIN OUT [consume|listen|kill|release]

`listen` runs the same parts with nothing consumed (no grab, no twin): the baseline the
forwarded run is compared with. `kill` holds a clickpad click and a finger on the screen
through the twins, kills the daemon with SIGKILL (marker between `held` and `killed`), then
clicks and taps the devices themselves (`after`): the desktop must get both back at once,
with nothing left pressed. `release` taps a screen no one consumes on, lets a client consume
on it (grabbed), taps elsewhere through the twin, lets the client go (given back) and taps
that same spot again: the desktop must get the last tap where it is, not where its own last
touch was (docs/OWNERSHIP.md, "When the grab ends"). Writes
OUT/forwarding-<mode>-{libinput,live,daemon}.*; the host judges (e2e/evaluate.py).
"""
import atexit
import fcntl
import os
import struct
import subprocess
import sys
import threading
import time

import libevdev
from libevdev import EV_KEY, InputEvent

sys.path.insert(0, os.path.dirname(__file__))
import touch  # noqa: E402

PARTS = ["motion", "scroll", "tap", "consumed", "free", "edge", "middle", "edge-tap", "typing", "click"]
MARKERS = [
    EV_KEY.KEY_F13, EV_KEY.KEY_F14, EV_KEY.KEY_F15, EV_KEY.KEY_F16, EV_KEY.KEY_F17, EV_KEY.KEY_F18, EV_KEY.KEY_F19,
    EV_KEY.KEY_F20, EV_KEY.KEY_F21, EV_KEY.KEY_F22, EV_KEY.KEY_F23,
]

CONFIG = """version: 1
gestures:
  - name: swipe-left-3
    swipe: {{ fingers: 3, direction: left }}
    consume: {consume}
  - name: swipe-right-3
    swipe: {{ fingers: 3, direction: right }}
  - name: edge-left
    edgeSwipe: {{ edge: left }}
    consume: {consume}
"""

ACTIONS = """version: 1
actions:
  - gesture: swipe-left-3
    shell: echo "$GESTURE_NAME" >> {out}/forwarding-action.txt
"""


SPAWNED = []
# The internal keyboard start() made (for the typing part).
INTERNAL = []


def spawn(*args, **kwargs):
    """A child that does not outlive this script, however it ends (a daemon left running would
    grab the next run's devices)."""
    child = subprocess.Popen(*args, **kwargs)
    SPAWNED.append(child)
    return child


@atexit.register
def reap():
    for child in SPAWNED:
        if child.poll() is None:
            child.kill()
            child.wait()


def wait_for(path, text, timeout=60):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            with open(path) as f:
                if text in f.read():
                    return True
        except FileNotFoundError:
            pass
        time.sleep(0.05)
    return False


def marker_keyboard():
    d = libevdev.Device()
    d.name = "gestured e2e marker keyboard"
    d.id = {"bustype": 0x03, "vendor": 0x1234, "product": 0x0003, "version": 1}
    for key in MARKERS:
        d.enable(key)
    return d.create_uinput_device()


def internal_keyboard():
    """A laptop's own keyboard as libinput tells one: on the i8042 bus (its quirks call that
    internal) with the letter keys, so it pairs with internal touchpads for disable-while-typing."""
    return touch.keyboard("gestured e2e internal keyboard", {"bustype": 0x11, "vendor": 0x0001, "product": 0x0001, "version": 0xab41})


def typing(pad, keyboard, frames=20, interval=0.012):
    """One finger lands on the pad just after a key is typed and moves while keys go on being
    typed every few frames (each press keeps libinput's typing timeout going), then lifts."""
    def key():
        touch.frame(keyboard, [InputEvent(EV_KEY.KEY_A, 1)])
        touch.frame(keyboard, [InputEvent(EV_KEY.KEY_A, 0)])
    key()
    time.sleep(0.03)
    start = {0: (300, 300)}
    touch.frame(pad, touch.fingers_frame(start, first=True, tool=EV_KEY.BTN_TOOL_FINGER))
    time.sleep(interval)
    for step in range(1, frames + 1):
        if step % 4 == 0:
            key()
        touch.frame(pad, touch.fingers_frame({0: (300 + 300 * step / frames, 300)}))
        time.sleep(interval)
    touch.frame(pad, touch.lift(start, tool=EV_KEY.BTN_TOOL_FINGER))
    time.sleep(1.0)


def mark(keyboard, index):
    key = MARKERS[index]
    touch.frame(keyboard, [InputEvent(key, 1)])
    touch.frame(keyboard, [InputEvent(key, 0)])
    time.sleep(0.3)


def move(dev, start, delta, frames=20, interval=0.012, tool=None):
    touch.frame(dev, touch.fingers_frame(start, first=True, tool=tool))
    time.sleep(interval)
    for step in range(1, frames + 1):
        touch.frame(dev, touch.fingers_frame({s: (x + delta[0] * step / frames, y + delta[1] * step / frames) for s, (x, y) in start.items()}))
        time.sleep(interval)
    touch.frame(dev, touch.lift(start, tool=tool))
    time.sleep(0.6)


def start(bin_dir, out, mode, consume, clients=False):
    """A daemon on its own socket with the parts' configuration (consuming when `consume`), a
    subscriber (consuming `edge-left`, and the actions runner consuming `swipe-left-3`, when
    `clients`), the marker keyboard, the clickpad and the touchscreen (grabbed, when anything
    consumes), and the desktop's libinput once it lists them."""
    prefix = os.path.join(out, f"forwarding-{mode}")
    config = f"/tmp/forwarding-{mode}.yml"
    with open(config, "w") as f:
        f.write(CONFIG.format(consume="true" if consume else "false"))
    socket_path = f"/tmp/forwarding-{mode}.sock"
    os.environ["GESTURED_SOCKET"] = socket_path
    daemon_log = open(prefix + "-daemon.log", "w")
    daemon = spawn([os.path.join(bin_dir, "gestured"), "--config", config, "--socket", socket_path, "--log-level", "debug"], stderr=daemon_log)
    if not wait_for(prefix + "-daemon.log", "serving on"):
        sys.exit("forwarding.py: the daemon never served")
    live = open(prefix + "-live.jsonl", "w")
    # With libinput's own touchpad gestures: a grabbed touchpad's come from its twin.
    subscriber = spawn([os.path.join(bin_dir, "gesturectl"), "subscribe", "--json", "--touchpad-gestures", "--no-reconnect", "--socket", socket_path], stdout=live)
    others = []
    if clients:
        kiosk = open(prefix + "-kiosk.jsonl", "w")
        others.append(spawn(
            [os.path.join(bin_dir, "gesturectl"), "subscribe", "--json", "--consume", "--no-reconnect", "--socket", socket_path, "edge-left"], stdout=kiosk))
        actions = f"/tmp/forwarding-{mode}-actions.yml"
        with open(actions, "w") as f:
            f.write(ACTIONS.format(out=out))
        runner_log = open(prefix + "-runner.log", "w")
        others.append(spawn(
            [os.path.join(bin_dir, "gesturectl"), "actions", "--file", actions, "--socket", socket_path], stdout=runner_log, stderr=subprocess.STDOUT))
    keyboard = marker_keyboard()
    internal = internal_keyboard()
    name = "gestured e2e forwarded clickpad"
    # With fuzz on its positions, as real pads have: udev's libinput rule moves it into
    # LIBINPUT_FUZZ_35/36, and the twin must carry it back.
    pad = touch.clickpad(name, fuzz=4)
    touch.wait_for_daemon(name)
    screen_name = "gestured e2e forwarded touchscreen"
    screen = touch.touchscreen(screen_name)
    touch.wait_for_daemon(screen_name)
    # (said per device, so once there are devices)
    if clients and not wait_for(prefix + "-daemon.log", f"{screen_name}: consuming: edge-left, swipe-left-3"):
        sys.exit("forwarding.py: the runner and the kiosk client never consumed swipe-left-3 and edge-left")
    if consume or clients:
        for device in (name, screen_name):
            if not wait_for(prefix + "-daemon.log", f"{device}: grabbed;"):
                sys.exit(f"forwarding.py: the daemon never grabbed {device}")
    time.sleep(1.0)  # udev settles the twins
    with open(prefix + "-devices.txt", "w") as listing:
        subprocess.run([os.path.join(bin_dir, "gesturectl"), "devices", "--socket", socket_path], stdout=listing, stderr=subprocess.STDOUT, timeout=30)
    desktop_log = open(prefix + "-libinput.txt", "w")
    desktop = spawn(["libinput", "debug-events", "--enable-tap", "--show-keycodes"], stdout=desktop_log, stderr=subprocess.STDOUT)
    if not wait_for(prefix + "-libinput.txt", "gestured e2e marker keyboard", timeout=30):
        sys.exit("forwarding.py: libinput debug-events never listed the devices")
    time.sleep(1.0)
    INTERNAL.append(internal)
    return daemon, [subscriber] + others, desktop, keyboard, pad, screen


def finish(desktop, clients, pad, screen):
    """Stops the desktop's libinput and the clients, and removes the devices."""
    for process in [desktop] + clients:
        process.terminate()
        process.wait()
    touch.destroy(pad)
    touch.destroy(screen)


def released(bin_dir, out):
    daemon, clients, desktop, keyboard, pad, screen = start(bin_dir, out, "release", consume=False)
    log = os.path.join(out, "forwarding-release-daemon.log")
    screen_name = "gestured e2e forwarded touchscreen"
    mark(keyboard, 0)
    tap(screen, (1200, 700))
    client = spawn([os.path.join(bin_dir, "gesturectl"), "subscribe", "--consume", "--no-reconnect", "edge-left"], stdout=subprocess.DEVNULL)
    if not wait_for(log, f"{screen_name}: grabbed;"):
        sys.exit("forwarding.py: the client's consumption never grabbed the screen")
    time.sleep(1.0)  # the desktop adds the twin
    mark(keyboard, 1)
    tap(screen, (400, 500))
    client.terminate()
    client.wait()
    if not wait_for(log, f"{screen_name}: given back"):
        sys.exit("forwarding.py: the screen was never given back")
    time.sleep(1.0)  # the desktop removes the twin
    mark(keyboard, 2)
    tap(screen, (400, 500))
    mark(keyboard, 3)
    time.sleep(0.5)
    finish(desktop, clients, pad, screen)
    daemon.terminate()
    status = daemon.wait()
    print(f"forwarding release: daemon exit {status}")
    sys.exit(status)


def killed(bin_dir, out):
    daemon, clients, desktop, keyboard, pad, screen = start(bin_dir, out, "kill", consume=True)
    mark(keyboard, 0)
    touch.frame(pad, touch.fingers_frame({0: (500, 500)}, first=True, tool=EV_KEY.BTN_TOOL_FINGER) + [InputEvent(EV_KEY.BTN_LEFT, 1)])
    touch.frame(screen, touch.fingers_frame({0: (1500, 800)}, first=True))
    time.sleep(0.6)
    mark(keyboard, 1)
    daemon.kill()
    status = daemon.wait()
    time.sleep(1.0)
    touch.frame(pad, touch.lift({0: None}, tool=EV_KEY.BTN_TOOL_FINGER) + [InputEvent(EV_KEY.BTN_LEFT, 0)])
    touch.frame(screen, touch.lift({0: None}))
    time.sleep(0.3)
    mark(keyboard, 2)
    touch.frame(pad, touch.fingers_frame({0: (500, 500)}, first=True, tool=EV_KEY.BTN_TOOL_FINGER) + [InputEvent(EV_KEY.BTN_LEFT, 1)])
    time.sleep(0.1)
    touch.frame(pad, touch.lift({0: None}, tool=EV_KEY.BTN_TOOL_FINGER) + [InputEvent(EV_KEY.BTN_LEFT, 0)])
    # Elsewhere: where the touch during the grab was, the kernel would send no position at all
    # (it keeps the last), and the desktop, which never saw that touch, would put it at its
    # own last values: a killed daemon cannot write them back (docs/OWNERSHIP.md, "When the
    # grab ends").
    tap(screen, (1200, 700))
    mark(keyboard, 3)
    time.sleep(0.5)
    finish(desktop, clients, pad, screen)
    print(f"forwarding kill: daemon {'killed' if status == -9 else f'exit {status}'}")
    sys.exit(0 if status == -9 else 1)


def describe(node, twin, path):
    """udev's properties and `libinput list-devices` of the device and its twin, for the host."""
    with open(path, "w") as f:
        for label, which in (("device", node), ("twin", twin)):
            f.write(f"== udev {label}\n")
            f.write(subprocess.run(["udevadm", "info", "--query=property", f"--name={which}"], capture_output=True, text=True).stdout)
        f.write("== list-devices\n")
        f.write(subprocess.run(["libinput", "list-devices"], capture_output=True, text=True).stdout)


EVIOCSCLOCKID = 0x400445A0  # _IOW('E', 0xa0, int)


def twin_frames(node, stamps, stop):
    """Notes the kernel's CLOCK_MONOTONIC timestamp of every SYN_REPORT the twin delivers."""
    fd = os.open(node, os.O_RDONLY | os.O_NONBLOCK)
    fcntl.ioctl(fd, EVIOCSCLOCKID, struct.pack("i", time.CLOCK_MONOTONIC))
    pending = b""
    while not stop.is_set():
        try:
            pending += os.read(fd, 24 * 64)
        except BlockingIOError:
            time.sleep(0.001)
            continue
        while len(pending) >= 24:
            sec, usec, kind, code, _ = struct.unpack("qqHHi", pending[:24])
            pending = pending[24:]
            if kind == 0 and code == 0:
                stamps.append(sec * 1_000_000 + usec)
    os.close(fd)


def latency(pad, twin, path, frames=300, interval=0.008):
    """One finger moves for `frames` frames, each written `interval` apart; the time each frame
    reached the desktop (the twin's SYN_REPORT, stamped by the kernel as gestured wrote it) less
    the time it was written to the device (the original's stamp is taken in the same call):
    what forwarding adds. Writes `WRITTEN_US<TAB>ARRIVED_US` per frame to `path`."""
    stamps, stop = [], threading.Event()
    reader = threading.Thread(target=twin_frames, args=(twin, stamps, stop))
    reader.start()
    time.sleep(0.3)
    written = []
    start = {0: (200, 300)}
    touch.frame(pad, touch.fingers_frame(start, first=True, tool=EV_KEY.BTN_TOOL_FINGER))
    time.sleep(interval)
    for step in range(1, frames + 1):
        events = touch.fingers_frame({0: (200 + (step % 100) * 5, 300 + (step // 100) * 5)})
        written.append(time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000)
        touch.frame(pad, events)
        time.sleep(interval)
    time.sleep(0.3)
    stop.set()
    reader.join()
    touch.frame(pad, touch.lift({0: None}, tool=EV_KEY.BTN_TOOL_FINGER))
    # The first stamp is the finger landing; then one per motion frame, in order.
    arrived = stamps[1:1 + len(written)]
    with open(path, "w") as f:
        for sent, got in zip(written, arrived):
            f.write(f"{sent}\t{got}\n")


def tap(dev, at):
    touch.frame(dev, touch.fingers_frame({0: at}, first=True))
    time.sleep(0.05)
    touch.frame(dev, touch.lift({0: None}))
    time.sleep(0.6)


def main():
    bin_dir, out, mode = sys.argv[1], sys.argv[2], (sys.argv[3] if len(sys.argv) > 3 else "consume")
    if mode == "kill":
        return killed(bin_dir, out)
    if mode == "release":
        return released(bin_dir, out)
    daemon, clients, desktop, keyboard, pad, screen = start(bin_dir, out, mode, consume=False, clients=mode == "consume")
    mark(keyboard, 0)
    move(pad, {0: (300, 300)}, (300, 0), tool=touch.EV_KEY.BTN_TOOL_FINGER)
    mark(keyboard, 1)
    move(pad, {0: (400, 200), 1: (550, 200)}, (0, 250), tool=touch.EV_KEY.BTN_TOOL_DOUBLETAP)
    mark(keyboard, 2)
    touch.frame(pad, touch.fingers_frame({0: (500, 300)}, first=True, tool=touch.EV_KEY.BTN_TOOL_FINGER))
    time.sleep(0.05)
    touch.frame(pad, touch.lift({0: None}, tool=touch.EV_KEY.BTN_TOOL_FINGER))
    time.sleep(0.6)
    mark(keyboard, 3)
    three = {0: (650, 300), 1: (750, 250), 2: (850, 300)}
    move(pad, three, (-400, 0), frames=30, interval=0.01, tool=touch.EV_KEY.BTN_TOOL_TRIPLETAP)
    mark(keyboard, 4)
    three = {0: (150, 300), 1: (250, 250), 2: (350, 300)}
    move(pad, three, (400, 0), frames=30, interval=0.01, tool=touch.EV_KEY.BTN_TOOL_TRIPLETAP)
    mark(keyboard, 5)
    move(screen, {0: (10, 800)}, (600, 0))
    mark(keyboard, 6)
    tap(screen, (1500, 800))
    mark(keyboard, 7)
    tap(screen, (10, 600))
    mark(keyboard, 8)
    typing(pad, INTERNAL[0])
    mark(keyboard, 9)
    touch.frame(pad, touch.fingers_frame({0: (500, 500)}, first=True, tool=EV_KEY.BTN_TOOL_FINGER))
    time.sleep(0.05)
    touch.frame(pad, [InputEvent(EV_KEY.BTN_LEFT, 1)])
    time.sleep(0.1)
    touch.frame(pad, [InputEvent(EV_KEY.BTN_LEFT, 0)])
    time.sleep(0.05)
    touch.frame(pad, touch.lift({0: None}, tool=EV_KEY.BTN_TOOL_FINGER))
    time.sleep(0.6)
    mark(keyboard, 10)
    if mode == "consume":
        node = pad.devnode
        twin = next((line.strip().rsplit(" ", 1)[1] for line in open(os.path.join(out, f"forwarding-{mode}-devices.txt")) if "clickpad" in line and "twin" in line), None)
        if twin:
            describe(node, twin, os.path.join(out, "forwarding-twin.txt"))
            latency(pad, twin, os.path.join(out, "forwarding-latency.tsv"))
    time.sleep(0.5)
    finish(desktop, clients, pad, screen)
    time.sleep(0.3)
    daemon.terminate()
    status = daemon.wait()
    print(f"forwarding {mode}: daemon exit {status}")
    sys.exit(status)


if __name__ == "__main__":
    main()
