#!/usr/bin/env python3
"""Guest side of `make import-parity` (e2e/parity/README.md): for each configuration file,
the real tool runs it, then gestured runs what `gesturectl import` made of it, on the same
injected gestures, and every effect either has is written down for the host to compare.

Runs as root in the peers guest (qemu-input's kernel input stack, Xvfb, ruby, the peers'
shared libraries). One clickpad is made with uinput (python3-libevdev); every gesture is
written frame by frame, one write() a frame, 100 Hz, with a pause after it for its effects.

Effects, each with CLOCK_MONOTONIC:
  run      a program the tool started, through PATH: every program named in a command is a
           symlink to effect-log in /run/parity/wrap, first on PATH (xdotool, notify-send, …)
  xkey     a key or button the X server saw (xinput-log; touchegg's SEND_KEYS, MOUSE_CLICK)
  key      a key or button of gestured's virtual keyboard, read from its evdev node
  windows  what the window manager (openbox, EWMH) says after each gesture: the current
           desktop, whether the desktop is shown, and each window's desktop, state and place
           (x-windows: four windows stacked under the pointer, made again before each run)

Usage: parity.py --share DIR --out DIR --plan plan.json
DIR holds bin/ (gestured, gestured-actions, touchegg, effect-log, xinput-log, x-windows; lib/ with a
Swift runtime for a build that links it), peers/ (libinput-gestures, fusuma) and cases/.
"""
import argparse
import json
import math
import os
import shutil
import signal
import socket
import struct
import subprocess
import threading
import time

import libevdev
from libevdev import EV_ABS, EV_KEY, InputAbsInfo

RUN = "/run/parity"
EFFECTS = f"{RUN}/effects.log"
RATE = 100  # frames a second
EVENT = struct.Struct("llHHi")  # struct input_event on x86-64 (the kernel stamps its own time)
TOOLS = {1: "BTN_TOOL_FINGER", 2: "BTN_TOOL_DOUBLETAP", 3: "BTN_TOOL_TRIPLETAP", 4: "BTN_TOOL_QUADTAP", 5: "BTN_TOOL_QUINTTAP"}
CX, CY = 50.0, 35.0  # the pad's middle, mm


def log(message):
    print(f"[parity {time.monotonic():8.2f}] {message}", flush=True)


def mono():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


class Clickpad:
    """A 100 x 70 mm clickpad at 12 units/mm with 5 slots, as the peers' bench makes it."""

    def __init__(self):
        d = libevdev.Device()
        d.name = "parity clickpad"
        d.id = {"bustype": 0x18, "vendor": 0x1234, "product": 0x7001, "version": 1}
        d.enable(libevdev.INPUT_PROP_POINTER)
        d.enable(libevdev.INPUT_PROP_BUTTONPAD)
        for key in ("BTN_LEFT", "BTN_TOUCH", *TOOLS.values()):
            d.enable(getattr(EV_KEY, key))
        self.res = 12
        for axis, size in ((EV_ABS.ABS_X, 100), (EV_ABS.ABS_Y, 70), (EV_ABS.ABS_MT_POSITION_X, 100), (EV_ABS.ABS_MT_POSITION_Y, 70)):
            d.enable(axis, InputAbsInfo(minimum=0, maximum=size * self.res, resolution=self.res))
        d.enable(EV_ABS.ABS_MT_SLOT, InputAbsInfo(minimum=0, maximum=4))
        d.enable(EV_ABS.ABS_MT_TRACKING_ID, InputAbsInfo(minimum=0, maximum=65535))
        self.file = open("/dev/uinput", "r+b", buffering=0)
        self.device = d.create_uinput_device(uinput_fd=self.file)
        self.node = self.device.devnode
        self.down = {}
        self.next_id = 1

    def code(self, kind, name):
        return int(getattr(kind, name).value)

    def encode(self, points):
        """One frame's bytes: `points` ({slot: (x mm, y mm)}) are the fingers down after it."""
        ev = []
        before = len(self.down)
        for slot in sorted(set(self.down) - set(points)):
            ev += [(3, self.code(EV_ABS, "ABS_MT_SLOT"), slot), (3, self.code(EV_ABS, "ABS_MT_TRACKING_ID"), -1)]
            del self.down[slot]
        for slot, (x, y) in sorted(points.items()):
            ev.append((3, self.code(EV_ABS, "ABS_MT_SLOT"), slot))
            if slot not in self.down:
                self.down[slot] = self.next_id
                ev.append((3, self.code(EV_ABS, "ABS_MT_TRACKING_ID"), self.next_id))
                self.next_id += 1
            ev += [(3, self.code(EV_ABS, "ABS_MT_POSITION_X"), round(x * self.res)), (3, self.code(EV_ABS, "ABS_MT_POSITION_Y"), round(y * self.res))]
        if points:
            x, y = points[min(points)]
            ev += [(3, self.code(EV_ABS, "ABS_X"), round(x * self.res)), (3, self.code(EV_ABS, "ABS_Y"), round(y * self.res))]
        after = len(self.down)
        if (before == 0) != (after == 0):
            ev.append((1, self.code(EV_KEY, "BTN_TOUCH"), 1 if after else 0))
        if min(before, 5) != min(after, 5):
            if before:
                ev.append((1, self.code(EV_KEY, TOOLS[min(before, 5)]), 0))
            if after:
                ev.append((1, self.code(EV_KEY, TOOLS[min(after, 5)]), 1))
        ev.append((0, 0, 0))
        return b"".join(EVENT.pack(0, 0, t, c, v) for t, c, v in ev)

    def play(self, frames):
        """Writes a gesture's frames at RATE, each at its time from the first."""
        start = mono()
        for k, points in enumerate(frames):
            delay = (start + k * 1_000_000_000 // RATE - mono()) / 1e9
            if delay > 0:
                time.sleep(delay)
            os.write(self.file.fileno(), self.encode(points))


# ── the gestures: every form the three tools configure, on a touchpad ─────────────────────────
def hand(n, spread=14.0):
    """n fingers side by side about the middle."""
    return [(CX + (i - (n - 1) / 2) * spread, CY + (4.0 if i in (0, n - 1) and n > 2 else 0.0)) for i in range(n)]


def moving(starts, path, seconds, still=0.1):
    """Fingers land, stay `still` s, follow path(p) -> per-finger (x, y) for p 0…1 over `seconds`, lift."""
    frames = [dict(enumerate(starts))] * max(1, round(still * RATE))
    steps = max(2, round(seconds * RATE))
    frames += [dict(enumerate(path(k / steps))) for k in range(1, steps + 1)]
    return frames + [{}]


def swipe(n, dx, dy, seconds=0.2):
    starts = hand(n)
    return moving(starts, lambda p: [(x + dx * p, y + dy * p) for x, y in starts], seconds)


def ring(n, radius):
    return [(CX + radius * math.cos(2 * math.pi * i / n + 0.3), CY + radius * math.sin(2 * math.pi * i / n + 0.3)) for i in range(n)]


def pinch(n, r0, r1, seconds):
    """n fingers on a ring closing (r1 < r0) or opening about the middle."""
    return moving(ring(n, r0), lambda p: ring(n, r0 + (r1 - r0) * p), seconds)


def rotate(degrees, seconds=0.5, radius=15.0):
    def at(p):
        a = math.radians(degrees) * p
        return [(CX + radius * math.cos(a + k * math.pi), CY + radius * math.sin(a + k * math.pi)) for k in (0, 1)]
    return moving(at(0), at, seconds)


def hold(n, seconds=1.5):
    return [dict(enumerate(hand(n)))] * round(seconds * RATE) + [{}]


GESTURES = [
    *[(f"swipe {n} {name}", swipe(n, dx, dy)) for n in (3, 4) for name, dx, dy in
      (("left", -40, 0), ("right", 40, 0), ("up", 0, -30), ("down", 0, 30))],
    ("pinch 2 in short", pinch(2, 20, 15, 0.3)), ("pinch 2 out short", pinch(2, 15, 20, 0.3)),
    ("pinch 2 in long", pinch(2, 28, 8, 0.6)), ("pinch 2 out long", pinch(2, 8, 28, 0.6)),
    ("pinch 2 in quick", pinch(2, 20, 12, 0.08)),
    ("pinch 3 in", pinch(3, 22, 11, 0.4)), ("pinch 3 out", pinch(3, 11, 22, 0.4)),
    ("pinch 4 in", pinch(4, 24, 12, 0.4)), ("pinch 4 out", pinch(4, 12, 24, 0.4)),
    ("rotate 2 clockwise", rotate(90)), ("rotate 2 anticlockwise", rotate(-90)),
    ("hold 3", hold(3)), ("hold 4", hold(4)),
]


# ── effects ───────────────────────────────────────────────────────────────────────────────────
class Lines(threading.Thread):
    """Reads a process's stdout lines into a list, each as (monotonic ns, text)."""

    def __init__(self, stream):
        super().__init__(daemon=True)
        self.stream, self.lines, self.ready = stream, [], threading.Event()

    def run(self):
        for line in self.stream:
            line = line.strip()
            if line == "ready":
                self.ready.set()
            elif line:
                stamp, _, rest = line.partition(" ")
                self.lines.append((int(stamp), rest))


class Keyboard(threading.Thread):
    """gestured's virtual keyboard (and pointer), read from its evdev node: (ns, 'key down NAME')."""

    def __init__(self, node):
        super().__init__(daemon=True)
        self.node, self.lines = node, []

    def run(self):
        with open(self.node, "rb") as f:
            device = libevdev.Device(f)
            while True:
                for e in device.events():
                    if e.type == EV_KEY and e.value in (0, 1):
                        self.lines.append((mono(), f"key {'down' if e.value else 'up'} {e.code.name}"))
                    elif e.matches(libevdev.EV_REL.REL_WHEEL) or e.matches(libevdev.EV_REL.REL_HWHEEL):
                        self.lines.append((mono(), f"wheel {e.code.name} {e.value}"))
                time.sleep(0.005)


class Windows:
    """x-windows: four windows the window manager manages, stacked under the pointer; `state()`
    is what the window manager says about them and the desktop (EWMH), as a dict."""

    def __init__(self, binary, env):
        # Each run starts alike: the first desktop, not shown, nothing left from the run before.
        subprocess.run(["/usr/bin/wmctrl", "-s", "0"], env=env, check=False)
        subprocess.run(["/usr/bin/wmctrl", "-k", "off"], env=env, check=False)
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        if self.p.stdout.readline().strip() != "ready":
            raise SystemExit("x-windows did not start")

    def state(self):
        self.p.stdin.write("state\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())

    def stop(self):
        self.p.kill()
        self.p.wait()


OPENBOX = """<?xml version="1.0" encoding="UTF-8"?>
<!-- import-parity's window manager: four desktops, a new window focused, no key or mouse
     bindings (touchegg's SEND_KEYS reach X, gestured's keys do not: no binding acts on either). -->
<openbox_config xmlns="http://openbox.org/3.4/rc">
  <focus><focusNew>yes</focusNew><followMouse>no</followMouse></focus>
  <desktops><number>4</number><firstdesk>1</firstdesk><popupTime>0</popupTime></desktops>
  <keyboard></keyboard>
  <mouse></mouse>
</openbox_config>
"""


def evdev_node(name, timeout=30):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with open("/proc/bus/input/devices") as f:
            for block in f.read().split("\n\n"):
                if f'Name="{name}"' in block:
                    for word in block.split():
                        if word.startswith("event"):
                            return f"/dev/input/{word}"
        time.sleep(0.2)
    return None


def effect_lines():
    try:
        with open(EFFECTS) as f:
            out = []
            for line in f:
                stamp, *words = line.rstrip("\n").split("\t")
                out.append((int(stamp), [json.loads(w) for w in words]))
            return out
    except FileNotFoundError:
        return []


class Process:
    def __init__(self, label, argv, env):
        self.label = label
        self.log = open(f"{RUN}/logs/{label}.log", "a")
        self.p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=self.log, stderr=subprocess.STDOUT, env=env, start_new_session=True)

    def stop(self):
        if self.p.poll() is None:
            os.killpg(self.p.pid, signal.SIGTERM)
            try:
                self.p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.p.pid, signal.SIGKILL)
                self.p.wait()
        self.log.close()


def session_has(sid, word):
    """Whether a process of session `sid` has `word` in its command line."""
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/stat") as f:
                stat = f.read()
            if int(stat[stat.rindex(")") + 2:].split()[3]) != sid:
                continue
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if word.encode() in f.read():
                    return True
        except (OSError, ValueError, IndexError):
            continue
    return False


def ready(process, who, settle, timeout=120):
    """Until the tool reads the pad (libinput-gestures and fusuma: their `libinput debug-events`
    runs; touchegg's client: connected to its daemon; gestured's runner: connected to the
    daemon), then `settle` s more: however slowly the guest runs, no counted gesture comes first."""
    end = time.monotonic() + timeout
    log_path = f"{RUN}/logs/{process.label}.log"

    def said(text):
        try:
            with open(log_path, errors="replace") as f:
                return text in f.read()
        except OSError:
            return False
    test = {
        "libinput-gestures": lambda: session_has(process.p.pid, "debug-events"),
        "fusuma": lambda: session_has(process.p.pid, "debug-events"),
        "touchegg": lambda: said("Connection with Touch"),
        "gestured": lambda: said("connected to gestured"),
    }[who]
    while time.monotonic() < end and process.p.poll() is None and not test():
        time.sleep(0.2)
    time.sleep(settle)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--share", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--plan", required=True)
    ap.add_argument("--pause", type=float, default=2.0, help="s after each gesture for its effects")
    ap.add_argument("--settle", type=float, default=3.0, help="s after a tool is ready (it reads the pad) before the warm-up")
    args = ap.parse_args()
    share = args.share
    with open(args.plan) as f:
        plan = json.load(f)
    for d in (RUN, f"{RUN}/wrap", f"{RUN}/logs", f"{RUN}/cases", args.out):
        os.makedirs(d, exist_ok=True)
    # Every program a command names runs effect-log instead (never the tools' own helpers).
    for name in sorted({n for case in plan["cases"] for n in case["wrap"]}):
        os.symlink(f"{share}/bin/effect-log", f"{RUN}/wrap/{name}")
    # Every tool runs in the X session, as a user's tools do (wmctrl, touchegg's client).
    base = dict(os.environ, HOME="/root", LANG="C.UTF-8", PARITY_EFFECTS=EFFECTS, DISPLAY=":99",
                PATH=f"{RUN}/wrap:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin")
    if os.path.isdir(f"{share}/bin/lib"):
        base["LD_LIBRARY_PATH"] = f"{share}/bin/lib"

    pad = Clickpad()
    subprocess.run(["udevadm", "settle", "--timeout=30"], check=False)
    log(f"clickpad {pad.node}")
    xvfb = Process("Xvfb", ["Xvfb", ":99", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"], base)
    end = time.monotonic() + 60
    while not os.path.exists("/tmp/.X11-unix/X99") and time.monotonic() < end:
        time.sleep(0.1)
    with open(f"{RUN}/openbox.xml", "w") as f:
        f.write(OPENBOX)
    wm = Process("openbox", ["openbox", "--sm-disable", "--config-file", f"{RUN}/openbox.xml"], base)
    end = time.monotonic() + 60
    while time.monotonic() < end and subprocess.run(["/usr/bin/wmctrl", "-m"], env=base, capture_output=True).returncode != 0:
        time.sleep(0.2)
    x = subprocess.Popen([f"{share}/bin/xinput-log"], stdout=subprocess.PIPE, text=True, env=base)
    xlines = Lines(x.stdout)
    xlines.start()
    xlines.ready.wait(60)

    sock = f"{RUN}/gestured.sock"
    with open(f"{RUN}/gestured.yml", "w") as f:
        f.write("version: 1\naccess:\n  policy: any-member\ngestures: []\n")
    genv = dict(base, GESTURED_SOCKET=sock, XDG_RUNTIME_DIR=RUN)
    daemon = Process("gestured", [f"{share}/bin/gestured", "--config", f"{RUN}/gestured.yml", "--socket", sock], genv)
    end = time.monotonic() + 120
    while not os.path.exists(sock) and time.monotonic() < end:
        time.sleep(0.2)
    touchegg = Process("touchegg-daemon", [f"{share}/bin/touchegg", "--daemon"], base) if any(c["tool"] == "touchegg" for c in plan["cases"]) else None

    keyboard = None
    results = {"gestures": [name for name, _ in GESTURES], "cases": [], "uname": os.uname().release}
    for case in plan["cases"]:
        name, tool = case["name"], case["tool"]
        config, imported = f"{share}/{case['config']}", f"{share}/{case['imported']}"
        runs = {}
        for who in ("peer", "gestured"):
            if who == "gestured" and not case.get("imported"):
                continue
            if who == "peer":
                if tool == "libinput-gestures":
                    argv, env = ["python3", f"{share}/peers/libinput-gestures/libinput-gestures", "-c", config, "--device", pad.node], base
                elif tool == "fusuma":
                    argv, env = ["ruby", "-I", f"{share}/peers/fusuma/lib", f"{share}/peers/fusuma/exe/fusuma", "-c", config], base
                else:
                    home = f"{RUN}/cases/{name}.touchegg"
                    os.makedirs(f"{home}/touchegg", exist_ok=True)
                    shutil.copy(config, f"{home}/touchegg/touchegg.conf")
                    argv, env = [f"{share}/bin/touchegg", "--client"], dict(base, XDG_CONFIG_HOME=home, XDG_CONFIG_DIRS=home)
            else:
                argv, env = [f"{share}/bin/gestured-actions", "--file", imported], genv
            process = Process(f"{name}.{who}", argv, env)
            ready(process, tool if who == "peer" else "gestured", args.settle)
            # A warm-up gesture, not counted: whatever the tool was still doing as it started is over.
            pad.play(swipe(3, 0, 25))
            time.sleep(args.pause)
            if who == "gestured" and keyboard is None:
                node = evdev_node("gestured virtual keyboard", timeout=10)
                if node:
                    keyboard = Keyboard(node)
                    keyboard.start()
            # The windows made again and the first desktop shown: the warm-up may have acted on them.
            desk = Windows(f"{share}/bin/x-windows", base)
            initial = desk.state()
            first_effect, first_x, first_key = len(effect_lines()), len(xlines.lines), len(keyboard.lines) if keyboard else 0
            windows = []
            # fusuma reads libinput's updates well behind the fingers under emulation (its
            # effects came over 2 s late): it gets twice the pause.
            pause = args.pause * (2 if who == "peer" and tool == "fusuma" else 1)
            for gesture, frames in GESTURES:
                start = mono()
                pad.play(frames)
                time.sleep(pause)
                windows.append({"gesture": gesture, "start": start, "end": mono(), "after": desk.state()})
            alive = process.p.poll() is None
            process.stop()
            desk.stop()
            runs[who] = {
                "alive": alive, "status": None if alive else process.p.returncode, "windows": windows, "initial": initial,
                "run": effect_lines()[first_effect:],
                "x": xlines.lines[first_x:],
                "key": (keyboard.lines[first_key:] if keyboard else []) if who == "gestured" else [],
            }
            log(f"{name}: {who} ({tool if who == 'peer' else 'gestured'}) done, {len(runs[who]['run'])} commands, {len(runs[who]['x'])} X events, {len(runs[who]['key'])} key events{'' if alive else ', the tool had exited'}")
        results["cases"].append({"name": name, "tool": tool, "runs": runs})
        with open(f"{args.out}/results.json", "w") as f:
            json.dump(results, f)
    for p in (touchegg, daemon, wm, xvfb):
        if p:
            p.stop()
    for name in os.listdir(f"{RUN}/logs"):
        shutil.copy(f"{RUN}/logs/{name}", f"{args.out}/{name}")
    log("done")


if __name__ == "__main__":
    main()
