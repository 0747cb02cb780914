#!/usr/bin/env python3
"""Writes the constructed libinput-record fixtures: touch scenarios the real recordings lack.

Each file is a valid `libinput record` (version 1) file for a synthetic 293.6 x 165.2 mm
touchscreen (10 units/mm, 10 slots). Frames are 8 ms apart. Run it again after changing a
scenario; the expected transcripts are then refreshed with `make fixtures-update` and reviewed.
"""
import math, os

HERE = os.path.dirname(os.path.abspath(__file__))
RES = 10  # units per mm
W, H = 2936, 1652
FRAME_US = 8000

PREAMBLE = """# libinput record
# CONSTRUCTED FIXTURE (not recorded from hardware): {title}
# Written by Fixtures/constructed/make-fixtures.py for gestured's tests.
version: 1
ndevices: 1
libinput:
  version: "1.22.1"
  git: "unknown"
system:
  kernel: "constructed"
devices:
"""

HEADER = PREAMBLE + """- node: /dev/input/event9
  evdev:
    # Name: gestured constructed touchscreen
    name: "gestured constructed touchscreen"
    id: [24, 0, 0, 0]
    codes:
      0: [0, 1, 2, 3] # EV_SYN
      1: [330] # EV_KEY
      3: [0, 1, 47, 53, 54, 57] # EV_ABS
    absinfo:
      0: [0, {w}, 0, 0, {res}]
      1: [0, {h}, 0, 0, {res}]
      47: [0, 9, 0, 0, 0]
      53: [0, {w}, 0, 0, {res}]
      54: [0, {h}, 0, 0, {res}]
      57: [0, 65535, 0, 0, 0]
    properties: [1]
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TOUCHSCREEN=1
  events:
"""

TOUCHPAD_HEADER = PREAMBLE + """- node: /dev/input/event8
  evdev:
    # Name: gestured constructed clickpad
    name: "gestured constructed clickpad"
    id: [24, 4660, 2, 1]
    codes:
      0: [0, 1, 2, 3] # EV_SYN
      1: [272, 325, 328, 330, 333, 334, 335] # EV_KEY
      3: [0, 1, 24, 47, 53, 54, 55, 57, 58] # EV_ABS
    absinfo:
      0: [0, {w}, 0, 0, {res}]
      1: [0, {h}, 0, 0, {res}]
      24: [0, 255, 0, 0, 0]
      47: [0, 4, 0, 0, 0]
      53: [0, {w}, 0, 0, {res}]
      54: [0, {h}, 0, 0, {res}]
      55: [0, 2, 0, 0, 0]
      57: [0, 65535, 0, 0, 0]
      58: [0, 255, 0, 0, 0]
    properties: [0, 2]
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TOUCHPAD=1
  events:
"""

# An old Synaptics-style pad: one position (no ABS_MT axes), fingers counted by BTN_TOOL_*.
SINGLE_TOUCH_PAD_HEADER = PREAMBLE + """- node: /dev/input/event9
  evdev:
    # Name: gestured constructed single-touch touchpad
    name: "gestured constructed single-touch touchpad"
    id: [17, 2, 7, 433]
    codes:
      0: [0, 1, 3] # EV_SYN
      1: [272, 325, 330, 333, 334] # EV_KEY
      3: [0, 1, 24] # EV_ABS
    absinfo:
      0: [0, {w}, 0, 0, {res}]
      1: [0, {h}, 0, 0, {res}]
      24: [0, 255, 0, 0, 0]
    properties: [0]
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TOUCHPAD=1
  events:
"""

# The clickpad: 100 x 70 mm at 10 units/mm, 5 slots, pressure 0-255 (libinput: a touch from 31,
# a palm above 130), MT_TOOL_TYPE. Large enough for libinput's thumb (>= 50 mm tall) and edge
# palm (>= 70 mm wide) detection.
TW, TH = 1000, 700
TOOLS = {1: 325, 2: 333, 3: 334, 4: 335, 5: 328}  # BTN_TOOL_FINGER … QUINTTAP


class Script:
    res = RES  # units per mm

    def __init__(self, frame_us=FRAME_US):
        self.frame_us = frame_us
        self.t = 0
        self.frames = []
        self.fingers = {}  # slot -> (tracking id, x, y) in units
        self.next_id = 100
        self.touching = False

    def frame(self, events):
        sec, usec = divmod(self.t, 1_000_000)
        lines = [f"      - [{sec:3d}, {usec:6d}, {t:2d}, {c:3d}, {v:6d}]" for (t, c, v) in events]
        lines.append(f"      - [{sec:3d}, {usec:6d},  0,   0,      0] # SYN_REPORT")
        self.frames.append("    - evdev:\n" + "\n".join(lines))
        self.t += self.frame_us

    def wait(self, seconds):
        self.t += int(seconds * 1_000_000)

    # Hooks for devices that report more per contact or per frame (Pad).
    def contact_events(self, slot):
        return []

    def held_events(self, slot, step):
        return []

    def count_events(self):
        return []

    def frame_events(self):
        return []

    def down(self, points):
        events = []
        for slot, (x, y) in points.items():
            tid = self.next_id
            self.next_id += 1
            self.fingers[slot] = (tid, x * self.res, y * self.res)
            events += [(3, 47, slot), (3, 57, tid), (3, 53, round(x * self.res)), (3, 54, round(y * self.res))]
            events += self.contact_events(slot)
        if not self.touching:
            events.append((1, 330, 1))
            self.touching = True
        self.frame(events + self.count_events() + self.frame_events())

    def move(self, deltas, steps, hold=()):
        """Moves the fingers in `deltas`; those in `hold` report again without moving."""
        start = {s: (self.fingers[s][1], self.fingers[s][2]) for s in deltas}
        for i in range(1, steps + 1):
            events = []
            for slot, fn in deltas.items():
                x0, y0 = start[slot]
                dx, dy = fn(i / steps)
                x, y = round(x0 + dx * self.res), round(y0 + dy * self.res)
                tid = self.fingers[slot][0]
                self.fingers[slot] = (tid, x, y)
                events += [(3, 47, slot), (3, 53, x), (3, 54, y)]
            for slot in hold:
                events += self.held_events(slot, i)
            self.frame(events + self.frame_events())

    def up(self, slots):
        events = []
        for slot in slots:
            events += [(3, 47, slot), (3, 57, -1)]
            del self.fingers[slot]
        if not self.fingers:
            events.append((1, 330, 0))
            self.touching = False
        self.frame(events + self.count_events() + self.frame_events())

    def write(self, name, title, tool_type=False, calibration=None):
        header = HEADER.format(title=title, w=W, h=H, res=RES)
        if calibration:  # udev's LIBINPUT_CALIBRATION_MATRIX, as on a panel mounted turned
            header = header.replace("gestured constructed touchscreen", "gestured constructed rotated touchscreen")
            header = header.replace("    - ID_INPUT_TOUCHSCREEN=1\n", f"    - ID_INPUT_TOUCHSCREEN=1\n    - LIBINPUT_CALIBRATION_MATRIX={calibration}\n")
        if tool_type:  # the panel reports ABS_MT_TOOL_TYPE (0x37)
            header = header.replace("3: [0, 1, 47, 53, 54, 57]", "3: [0, 1, 47, 53, 54, 55, 57]")
            header = header.replace("      57: [0, 65535", "      55: [0, 2, 0, 0, 0]\n      57: [0, 65535")
        with open(os.path.join(HERE, name), "w") as f:
            f.write(header)
            f.write("\n".join(self.frames) + "\n")


class Pad(Script):
    """A clickpad script: every contact has a pressure (and may be a palm by tool type); the
    BTN_TOOL_* key follows the number of contacts, as touchpad firmware reports it; ABS_X/Y and
    ABS_PRESSURE follow the first slot."""

    def __init__(self):
        super().__init__(frame_us=10000)
        self.pressure = {}
        self.tool_type = {}
        self.tool = 0

    def down(self, points, pressure=60, tool=0):
        for slot in points:
            self.pressure[slot], self.tool_type[slot] = pressure, tool
        super().down(points)

    def contact_events(self, slot):
        return [(3, 58, self.pressure[slot])] + ([(3, 55, self.tool_type[slot])] if self.tool_type[slot] else [])

    def held_events(self, slot, step):
        # A resting contact: firmware keeps reporting it, its pressure wavering.
        return [(3, 47, slot), (3, 58, self.pressure[slot] + (step % 2))]

    def count_events(self):
        n = min(len(self.fingers), 5)
        events = []
        if n != self.tool:
            if self.tool:
                events.append((1, TOOLS[self.tool], 0))
            if n:
                events.append((1, TOOLS[n], 1))
            self.tool = n
        return events

    def frame_events(self):
        if not self.fingers:
            return [(3, 24, 0)]
        slot = min(self.fingers)
        _, x, y = self.fingers[slot]
        return [(3, 0, round(x)), (3, 1, round(y)), (3, 24, self.pressure[slot])]

    def write(self, name, title):
        with open(os.path.join(HERE, name), "w") as f:
            f.write(TOUCHPAD_HEADER.format(title=title, w=TW, h=TH, res=RES))
            f.write("\n".join(self.frames) + "\n")


# litest's Synaptics RMI4 clickpad (litest-device-synaptics-rmi4.c): 1940 x 1062 at 20 units/mm
# (97 x 53 mm), 5 slots, every contact at pressure 30 with touch major and minor 2.
RMI4_HEADER = PREAMBLE + """- node: /dev/input/event10
  evdev:
    # Name: Synaptics TM3053-004
    name: "Synaptics TM3053-004"
    id: [29, 1739, 0, 0]
    codes:
      0: [0, 1, 2, 3] # EV_SYN
      1: [272, 325, 328, 330, 333, 334, 335] # EV_KEY
      3: [0, 1, 24, 47, 48, 49, 52, 53, 54, 55, 57, 58] # EV_ABS
    absinfo:
      0: [0, 1940, 0, 0, 20]
      1: [0, 1062, 0, 0, 20]
      24: [0, 255, 0, 0, 0]
      47: [0, 4, 0, 0, 0]
      48: [0, 15, 0, 0, 0]
      49: [0, 15, 0, 0, 0]
      52: [0, 1, 0, 0, 0]
      53: [0, 1940, 0, 0, 20]
      54: [0, 1062, 0, 0, 20]
      55: [0, 2, 0, 0, 0]
      57: [0, 65535, 0, 0, 0]
      58: [0, 255, 0, 0, 0]
    properties: [0, 2]
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TOUCHPAD=1
    - ID_INTEGRATION=internal
  events:
"""


class RMI4Pad(Pad):
    """litest's Synaptics RMI4 clickpad, driven as litest drives it: positions in percent of
    each axis (as `litest_touch_down(dev, slot, x%, y%)`), every contact at pressure 30 with
    touch major and minor 2 and orientation 0, frames 10 ms apart."""

    res = 20
    W_MM, H_MM = 1940 / 20, 1062 / 20

    def pct(self, x, y):
        return (x / 100 * self.W_MM, y / 100 * self.H_MM)

    def down(self, points, pressure=30, tool=0):
        super().down({slot: self.pct(*p) for slot, p in points.items()}, pressure, tool)

    def move(self, deltas, steps, hold=()):
        super().move({slot: (lambda fn: lambda t: self.pct(*fn(t)))(fn) for slot, fn in deltas.items()}, steps, hold)

    def contact_events(self, slot):
        return [(3, 52, 0), (3, 48, 2), (3, 49, 2), (3, 58, self.pressure[slot])]

    def write(self, name, title):
        with open(os.path.join(HERE, name), "w") as f:
            f.write(RMI4_HEADER.format(title=title))
            f.write("\n".join(self.frames) + "\n")


class SingleTouchPad(Pad):
    """A pad with one position: every finger is counted by the BTN_TOOL_* key only; the
    position is the first finger's (as such firmware reports the first finger down)."""

    def down(self, points, pressure=60, tool=0):
        for slot, (x, y) in points.items():
            self.pressure[slot], self.tool_type[slot] = pressure, tool
            self.fingers[slot] = (0, x * RES, y * RES)
        events = self.count_events()
        if not self.touching:
            events.append((1, 330, 1))
            self.touching = True
        self.frame(events + self.frame_events())

    def move(self, deltas, steps, hold=()):
        start = {s: (self.fingers[s][1], self.fingers[s][2]) for s in deltas}
        for i in range(1, steps + 1):
            for slot, fn in deltas.items():
                dx, dy = fn(i / steps)
                self.fingers[slot] = (0, round(start[slot][0] + dx * RES), round(start[slot][1] + dy * RES))
            self.frame(self.frame_events())

    def up(self, slots):
        for slot in slots:
            del self.fingers[slot]
        events = self.count_events()
        if not self.fingers:
            events.append((1, 330, 0))
            self.touching = False
        self.frame(events + self.frame_events())

    def write(self, name, title):
        with open(os.path.join(HERE, name), "w") as f:
            f.write(SINGLE_TOUCH_PAD_HEADER.format(title=title, w=TW, h=TH, res=RES))
            f.write("\n".join(self.frames) + "\n")


class TwoSlotPad(Pad):
    """A clickpad with two slots whose BTN_TOOL_* keys count up to four fingers (a Lenovo T440's
    kind): fingers in slots 2 and up are only counted, never placed."""

    def down(self, points, pressure=60, tool=0):
        placed = {k: v for k, v in points.items() if k < 2}
        for slot, (x, y) in points.items():
            if slot >= 2:
                self.pressure[slot], self.tool_type[slot] = pressure, tool
                self.fingers[slot] = (None, x * RES, y * RES)
        if placed:
            super().down(placed, pressure, tool)
        else:
            self.frame(self.count_events() + self.frame_events())

    def move(self, deltas, steps, hold=()):
        super().move({k: v for k, v in deltas.items() if k < 2}, steps, hold=[k for k in hold if k < 2])

    def up(self, slots):
        for slot in [k for k in slots if k >= 2]:
            del self.fingers[slot]
        placed = [k for k in slots if k < 2]
        if placed:
            super().up(placed)
        else:
            self.frame(self.count_events() + self.frame_events())

    def write(self, name, title):
        header = TOUCHPAD_HEADER.format(title=title, w=TW, h=TH, res=RES)
        header = header.replace("gestured constructed clickpad", "gestured constructed two-slot clickpad")
        header = header.replace("      47: [0, 4, 0, 0, 0]", "      47: [0, 1, 0, 0, 0]")
        with open(os.path.join(HERE, name), "w") as f:
            f.write(header)
            f.write("\n".join(self.frames) + "\n")


# A protocol A panel that reports no resolution (like N-Trig's): 9600 x 7200 units, which
# gestured estimates as libinput would have it, the longer side 300 mm (32 units a "mm").
ANONYMOUS_HEADER = PREAMBLE + """- node: /dev/input/event10
  evdev:
    # Name: gestured constructed protocol A panel
    name: "gestured constructed protocol A panel"
    id: [3, 4660, 3, 1]
    codes:
      0: [0, 1, 2, 3] # EV_SYN
      1: [330] # EV_KEY
      3: [0, 1, 53, 54] # EV_ABS
    absinfo:
      0: [0, 9600, 0, 0, 0]
      1: [0, 7200, 0, 0, 0]
      53: [0, 9600, 0, 0, 0]
      54: [0, 7200, 0, 0, 0]
    properties: [1]
  udev:
    properties:
    - ID_INPUT=1
    - ID_INPUT_TOUCHSCREEN=1
  events:
"""
ANONYMOUS_RES = 32


class AnonymousPanel(Script):
    """A protocol A touchscreen: every frame lists every contact (SYN_MT_REPORT after each), no
    slots, no tracking ids; positions in its own units, 32 to the estimated millimetre."""

    def contacts(self):
        events = []
        for slot in sorted(self.fingers):
            _, x, y = self.fingers[slot]
            events += [(3, 53, round(x)), (3, 54, round(y)), (0, 2, 0)]
        return events or [(0, 2, 0)]

    def down(self, points):
        for slot, (x, y) in points.items():
            self.fingers[slot] = (None, x * ANONYMOUS_RES, y * ANONYMOUS_RES)
        events = self.contacts()
        if not self.touching:
            events.append((1, 330, 1))
            self.touching = True
        self.frame(events)

    def move(self, deltas, steps, hold=()):
        start = {s: (self.fingers[s][1], self.fingers[s][2]) for s in deltas}
        for i in range(1, steps + 1):
            for slot, fn in deltas.items():
                dx, dy = fn(i / steps)
                self.fingers[slot] = (None, start[slot][0] + dx * ANONYMOUS_RES, start[slot][1] + dy * ANONYMOUS_RES)
            self.frame(self.contacts())

    def up(self, slots):
        for slot in slots:
            del self.fingers[slot]
        events = self.contacts()
        if not self.fingers:
            events.append((1, 330, 0))
            self.touching = False
        self.frame(events)

    def write(self, name, title):
        with open(os.path.join(HERE, name), "w") as f:
            f.write(ANONYMOUS_HEADER.format(title=title))
            f.write("\n".join(self.frames) + "\n")


def linear(dx, dy):
    return lambda p: (dx * p, dy * p)


def along(points):
    """Offsets from points[0] along the polyline through `points` (mm), at an even pace."""
    lengths = [0.0]
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        lengths.append(lengths[-1] + math.hypot(x1 - x0, y1 - y0))

    def f(p):
        d = p * lengths[-1]
        for i in range(1, len(points)):
            if d <= lengths[i] or i == len(points) - 1:
                span = lengths[i] - lengths[i - 1]
                t = (d - lengths[i - 1]) / span if span else 0
                x = points[i - 1][0] + t * (points[i][0] - points[i - 1][0])
                y = points[i - 1][1] + t * (points[i][1] - points[i - 1][1])
                return (x - points[0][0], y - points[0][1])
    return f


def circle(r, start_degrees, turn_degrees=360, steps=36):
    """A circle's points, clockwise as seen (screen y grows downward) for a positive turn."""
    return [(r * math.cos(math.radians(start_degrees + turn_degrees * i / steps)),
             r * math.sin(math.radians(start_degrees + turn_degrees * i / steps))) for i in range(steps + 1)]

CX, CY = 146.8, 82.6


def main():

    for name, (dx, dy) in {"left": (-40, 0), "right": (40, 0), "up": (0, -40), "down": (0, 40)}.items():
        s = Script()
        s.down({0: (CX - 15, CY), 1: (CX, CY - 5), 2: (CX + 15, CY)})
        s.move({i: linear(dx, dy) for i in range(3)}, 20)
        s.up([0, 1, 2])
        s.write(f"swipe-3-{name}.yml", f"three fingers swipe {name} 40 mm")

    s = Script()
    s.down({0: (CX - 20, CY), 1: (CX + 20, CY)})
    s.move({0: linear(-30, 0), 1: linear(30, 0)}, 30)
    s.up([0, 1])
    s.write("pinch-open.yml", "two fingers spread from 40 mm to 100 mm apart")

    def orbit(angle0, degrees, r=25):
        def f(p):
            a0 = math.radians(angle0)
            a = a0 - math.radians(degrees) * p  # screen y is down: turning counter-clockwise as seen
            return (r * math.cos(a) - r * math.cos(a0), r * math.sin(a) - r * math.sin(a0))
        return f

    s = Script()
    s.down({0: (CX - 25, CY), 1: (CX + 25, CY)})
    s.move({0: orbit(180, 60), 1: orbit(0, 60)}, 30)
    s.up([0, 1])
    s.write("rotate.yml", "two fingers 50 mm apart turn 60 degrees counter-clockwise")

    s = Script()
    s.down({0: (CX, CY)}); s.up([0]); s.wait(0.12)
    s.down({0: (CX + 1, CY)}); s.up([0])
    s.write("double-tap.yml", "two quick taps at the same spot")

    s = Script()
    s.down({0: (CX, CY)}); s.up([0])
    s.write("single-tap-at-end.yml", "one tap, and the recording ends right after it")

    s = Script()
    s.down({0: (CX, CY)})
    s.wait(0.7)
    s.move({0: linear(40, 10)}, 20)
    s.up([0])
    s.write("long-press-drag.yml", "press and hold 0.7 s, then drag 40 mm")

    s = Script()
    s.down({0: (0.5, CY)})
    s.move({0: linear(45, 2)}, 15)
    s.up([0])
    s.write("edge-swipe-left.yml", "one finger from the left edge 45 mm inward")

    s = Script()
    s.down({0: (CX, CY)})
    s.move({0: linear(25, 0)}, 10)
    s.down({1: (CX + 60, CY + 30)})
    s.move({0: linear(5, 0), 1: linear(5, 0)}, 3)
    s.up([0, 1])
    s.write("drag-extra-finger.yml", "a one-finger drag that a second finger joins")

    # Touchpads: swipes and pinches as libinput sees them, with and without a palm or a thumb.
    PX, PY = 50, 30  # the fingers' centre on the 100 x 70 mm pad
    three = {0: (PX - 15, PY + 3), 1: (PX, PY), 2: (PX + 15, PY + 3)}
    four = {0: (PX - 22, PY + 4), 1: (PX - 7, PY), 2: (PX + 8, PY), 3: (PX + 22, PY + 4)}
    moves = {"left": (-30, 0), "right": (30, 0), "up": (0, -20), "down": (0, 20)}
    for name, (dx, dy) in moves.items():
        s = Pad()
        s.down(three)
        s.move({i: linear(dx, dy) for i in three}, 25)
        s.up(list(three))
        s.write(f"tp-swipe-3-{name}.yml", f"three fingers swipe {name} on a clickpad")
    for name in ("up", "down"):
        dx, dy = moves[name]
        s = Pad()
        s.down(four)
        s.move({i: linear(dx, dy) for i in four}, 25)
        s.up(list(four))
        s.write(f"tp-swipe-4-{name}.yml", f"four fingers swipe {name} on a clickpad")

    def resting(name, title, where, pressure, tool=0, wait=0.3):
        """Something rests on the pad (slot 4) while three fingers swipe left 30 mm."""
        s = Pad()
        s.down({4: where}, pressure=pressure, tool=tool)
        s.wait(wait)
        s.down(three)
        s.move({i: linear(-30, 0) for i in three}, 25, hold=[4])
        s.up(list(three))
        s.up([4])
        s.write(name, title)

    resting("tp-swipe-3-left-palm.yml", "a palm rests (pressure 200) while three fingers swipe left", (92, 40), 200)
    resting("tp-swipe-3-left-toolpalm.yml", "a palm the firmware marks MT_TOOL_PALM rests while three fingers swipe left",
            (92, 40), 90, tool=2)
    resting("tp-swipe-3-left-thumb.yml", "a thumb rests at the bottom of the clickpad while three fingers swipe left",
            (35, 67), 110, wait=0.4)

    resting("tp-swipe-3-left-edge-palm.yml", "a light palm rests at the left edge while three fingers swipe left",
            (4, 35), 70)

    # A three-finger hold the hand lifts, and one in which one finger lifts while the other two
    # stay down 300 ms, as libinput's gestures_hold_cancel does it (issue 35): ended, and
    # failed(fingerCountChanged) 100 ms after the first lift.
    s = Pad()
    s.down(three)
    s.wait(0.4)
    s.up(list(three))
    s.write("tp-hold-3.yml", "three fingers rest 400 ms on a clickpad and lift")
    s = Pad()
    s.down(three)
    s.wait(0.4)
    s.up([2])
    s.wait(0.3)
    s.up([0, 1])
    s.write("tp-hold-3-cancel.yml", "three fingers rest 400 ms on a clickpad; one lifts and the other two stay 300 ms (libinput's gestures_hold_cancel)")

    # Three fingers spread as libinput's gestures_pinch_3fg moves them (issue 35): the left one
    # 25 mm further left, the other two 35 mm right. Their centroid moves 15 mm right, but they
    # do not move the same way: a pinch to libinput, no swipe.
    s = Pad()
    s.down(three)
    s.wait(0.12)
    s.move({0: linear(-25, 0), 1: linear(35, 0), 2: linear(35, 0)}, 12)
    s.up(list(three))
    s.write("tp-pinch-3-spread.yml", "three fingers spread on a clickpad: the left one 25 mm left, the others 35 mm right (libinput's gestures_pinch_3fg)")

    # A thumb put down low on the pad while the fingers are already swiping.
    s = Pad()
    s.down(three)
    s.move({i: linear(-10, 0) for i in three}, 8)
    s.down({4: (60, 66)}, pressure=100)
    s.move({i: linear(-20, 0) for i in three}, 17, hold=[4])
    s.up(list(three))
    s.up([4])
    s.write("tp-swipe-3-left-late-thumb.yml", "three fingers swipe left; a thumb lands low on the pad halfway")

    for name, apart, spread in (("out", 20, 20), ("in", 60, -20)):
        s = Pad()
        s.down({0: (PX - apart / 2, PY), 1: (PX + apart / 2, PY)})
        s.move({0: linear(-spread, 0), 1: linear(spread, 0)}, 25)
        s.up([0, 1])
        s.write(f"tp-pinch-{name}.yml", f"two fingers {'spread' if spread > 0 else 'close'} from {apart} mm to "
                f"{apart + 2 * spread} mm apart on a clickpad")

    # A quick pinch, as libinput's gestures_pinch makes one (issue 35): two fingers land 60 mm
    # apart and close 20 mm in 80 ms, then lift — all before the finger count settles (0.1 s).
    s = Pad()
    s.down({0: (PX - 30, PY), 1: (PX + 30, PY)})
    s.move({0: linear(10, 0), 1: linear(-10, 0)}, 8)
    s.up([0, 1])
    s.write("tp-quick-pinch-in.yml", "two fingers close from 60 mm to 40 mm apart in 80 ms on a clickpad and lift")

    # Issue 35's many-finger pinches. A thumb low on the pad rises 20 mm toward two fingers
    # that close down on it 5 mm (libinput pinches: its top-most and bottom-most touches move
    # apart); four fingers spread 10 mm each away from their centre.
    s = Pad()
    s.down({0: (PX - 12, PY - 8), 1: (PX + 12, PY - 8), 2: (PX, PY + 22)})
    s.wait(0.12)
    s.move({0: linear(0, 5), 1: linear(0, 5), 2: linear(0, -20)}, 15)
    s.up([0, 1, 2])
    s.write("tp-pinch-3-in.yml", "a thumb rises 20 mm toward two fingers that come down 5 mm on a clickpad (a three-finger pinch in)")
    s = Pad()
    corners = {0: (PX - 12, PY - 10), 1: (PX + 12, PY - 10), 2: (PX - 12, PY + 10), 3: (PX + 12, PY + 10)}
    s.down(corners)
    s.wait(0.12)
    s.move({i: linear(10 * (1 if x > PX else -1), 10 * (1 if y > PY else -1)) for i, (x, y) in corners.items()}, 15)
    s.up(list(corners))
    s.write("tp-pinch-4-out.yml", "four fingers spread 14 mm each away from their centre on a clickpad (a four-finger pinch out)")

    # More fingers than slots (issue 35, libinput's gestures_swipe_3fg_btntool_pinch_like): on a
    # two-slot pad counting three fingers, the upper finger sweeps 60 mm left while the lower
    # one goes 10 mm right. Where the third finger is nobody knows: libinput swipes, and puts
    # the third at the top-most touch (tp_position_fake_touches).
    s = TwoSlotPad()
    s.down({0: (PX, PY + 15), 1: (PX + 30, PY - 15), 2: (PX, PY)})
    s.wait(0.12)
    s.move({0: linear(10, 0), 1: linear(-60, 0)}, 20)
    s.up([2])
    s.up([0, 1])
    s.write("tp-2slot-swipe-3-pinch-like.yml", "three fingers on a two-slot clickpad: the upper sweeps 60 mm left, the lower 10 mm right")

    # libinput's gestures_3fg_buttonarea_scroll_btntool: on the two-slot pad, one finger rests
    # in the button area, one moves down 35 mm, and the keys count three: a two-finger scroll.
    s = TwoSlotPad()
    s.down({0: (20, 69), 1: (30, 14), 2: (30, 14)})
    s.move({1: linear(0, 35)}, 10)
    s.up([2])
    s.up([1])
    s.up([0])
    s.write("tp-2slot-3fg-buttonarea-scroll.yml", "two-slot clickpad counting three: one finger rests in the button area, one moves down 35 mm")

    # Palms at both edges (issue 35, libinput's touchpad_palm_detect_both_edges): a palm lands at
    # the right edge and wavers up and down; another lands at the left edge and does the same
    # while the first rests; then both move up 14 mm together. Neither is ever a finger.
    s = Pad()
    s.down({0: (99, 35)})
    s.move({0: linear(0, -7)}, 10)
    s.move({0: linear(0, 7)}, 10)
    s.down({1: (1, 35)})
    s.move({1: linear(0, -7)}, 10)
    s.move({1: linear(0, 7)}, 10)
    s.move({0: linear(0, -14), 1: linear(0, -14)}, 10)
    s.up([0, 1])
    s.write("tp-palm-both-edges.yml", "palms at both edges of a clickpad waver and move up together (libinput's touchpad_palm_detect_both_edges)")

    # Issue 47, item 13 (libinput's touchpad_no_palm_detect_2fg_scroll): a finger rests in the
    # right edge zone, having wavered up and back; a second finger lands in the middle, and both
    # move up 14 mm together: the edge touch is a finger again beside the other, and they scroll.
    s = Pad()
    s.down({0: (99, 35)})
    s.move({0: linear(0, -7)}, 10)
    s.move({0: linear(0, 7)}, 10)
    s.down({1: (50, 35)})
    s.move({0: linear(0, -14), 1: linear(0, -14)}, 25)
    s.up([0, 1])
    s.write("tp-palm-edge-2fg-scroll.yml", "a finger resting in the right edge zone and one in the middle move up together (libinput's touchpad_no_palm_detect_2fg_scroll)")

    # Issue 62: libinput's touchpad_no_palm_detect_2fg_scroll as litest makes it on its RMI4
    # device: a finger down at 99 %, 50 %, moved to y 40 % in 45 steps and back in 45; a second
    # down at 50 %, 50 %; both moved -20 % in y over 10 steps; both lifted. libinput scrolls.
    s = RMI4Pad()
    s.down({0: (99, 50)})
    s.move({0: linear(0, -10)}, 45)
    s.move({0: linear(0, 10)}, 45)
    s.down({1: (50, 50)})
    s.move({0: linear(0, -20), 1: linear(0, -20)}, 10)
    s.up([0, 1])
    s.write("tp-rmi4-palm-edge-2fg-scroll.yml", "litest's touchpad_no_palm_detect_2fg_scroll on its Synaptics RMI4 clickpad (97 x 53 mm)")

    # Issue 35: a two-finger tap on a protocol A panel without resolution, its contacts drifting
    # 3.2 and 2.4 (estimated) mm during the 80 ms press, as such panels re-estimate a pressing
    # finger: a tap. (The estimate may be double the real size: the slop doubles there.)
    s = AnonymousPanel()
    s.down({0: (120, 90), 1: (150, 92)})
    s.move({0: linear(3.2, 0), 1: linear(0, -2.4)}, 9)
    s.up([0, 1])
    s.write("two-finger-tap-drift-typeA.yml", "a two-finger tap on a protocol A panel with no resolution, its contacts drifting about 3 mm in 80 ms")

    # A panel mounted a quarter turn clockwise, calibrated by udev (libinput's matrix for 90°):
    # fingers moving left on the panel move up on the screen.
    s = Script()
    s.down({0: (CX - 15, CY), 1: (CX, CY - 5), 2: (CX + 15, CY)})
    s.move({i: linear(-40, 0) for i in range(3)}, 20)
    s.up([0, 1, 2])
    s.write("swipe-3-calibrated-90.yml", "three fingers swipe left on a panel calibrated a quarter turn clockwise (screen: up)",
            calibration="0 -1 1 1 0 0")

    # A touchscreen palm: the firmware turns a finger into MT_TOOL_PALM mid-drag.
    s = Script()
    s.down({0: (CX, CY)})
    s.move({0: linear(20, 0)}, 10)
    s.frame([(3, 47, 0), (3, 55, 2)])  # MT_TOOL_PALM
    s.move({0: linear(10, 0)}, 5)
    s.up([0])
    s.write("ts-palm-mid-drag.yml", "a one-finger drag the firmware turns into a palm (MT_TOOL_PALM) halfway", tool_type=True)

    # The clock steps back 0.2 s mid-drag (evemu records CLOCK_REALTIME; an NTP step does this).
    s = Script()
    s.down({0: (CX - 20, CY)})
    s.move({0: linear(20, 0)}, 10)
    s.t -= 200_000
    s.move({0: linear(20, 0)}, 10)
    s.up([0])
    s.write("drag-clock-step-back.yml", "a 40 mm drag right whose timestamps step back 0.2 s halfway")

    # Quick swipes (issue 23): flicks that lift before the fingers' settle time, fingers landing
    # together or 8 ms apart; each must be a swipe, ended at the lift.
    for ms in (80, 60):
        s = Script()
        s.down({0: (CX - 15, CY), 1: (CX, CY - 5), 2: (CX + 15, CY)})
        s.move({i: linear(-60, 0) for i in range(3)}, ms // 8)
        s.up([0, 1, 2])
        s.write(f"quick-swipe-3-left-{ms}ms.yml", f"three fingers flick left 60 mm in {ms} ms")
    s = Script()
    s.down({0: (CX - 15, CY)})
    s.down({1: (CX, CY - 5)})
    s.down({2: (CX + 15, CY)})
    s.move({i: linear(-60, 0) for i in range(3)}, 10)
    s.up([0, 1, 2])
    s.write("quick-swipe-3-left-staggered.yml", "three fingers land 8 ms apart and flick left 60 mm in 80 ms")
    s = Pad()
    s.down(three)
    s.move({i: linear(-40, 0) for i in three}, 8)
    s.up(list(three))
    s.write("tp-quick-swipe-3-left.yml", "three fingers flick left 40 mm in 80 ms on a clickpad")
    s = Pad()
    for slot in three:
        s.down({slot: three[slot]})
    s.move({i: linear(40, 0) for i in three}, 8)
    s.up(list(three))
    s.write("tp-quick-swipe-3-right-staggered.yml", "three fingers land 10 ms apart on a clickpad and flick right 40 mm in 80 ms")

    # A two-finger scroll and a one-finger drag on a pad that reports one position and counts
    # fingers with BTN_TOOL_* only (issue 23): the scroll is two fingers, the drag one.
    s = SingleTouchPad()
    s.down({0: (PX - 5, PY), 1: (PX + 5, PY)})
    s.move({0: linear(0, 25), 1: linear(0, 25)}, 30)
    s.up([0, 1])
    s.write("tp-single-touch-2finger-scroll.yml", "two fingers scroll down 25 mm on a pad with one position and BTN_TOOL_DOUBLETAP")
    s = SingleTouchPad()
    s.down({0: (PX, PY)})
    s.move({0: linear(0, 25)}, 30)
    s.up([0])
    s.write("tp-single-touch-1finger-drag.yml", "one finger drags down 25 mm on a pad with one position")
    s = SingleTouchPad()
    s.down({0: (PX - 10, PY), 1: (PX, PY), 2: (PX + 10, PY)})
    s.wait(0.06)
    s.up([0, 1, 2])
    s.write("tp-single-touch-3finger-tap.yml", "a three-finger tap on a pad with one position: BTN_TOOL_TRIPLETAP, not a one-finger tap")

    # Release jitter (issue 23): the panel re-estimates the fingers still down as one lifts, and
    # they jump 4 mm; a two-finger tap must stay a tap. Beside it, a two-finger touch that moves
    # 5 mm before anything lifts must stay no tap.
    s = Script()
    s.down({0: (CX - 10, CY), 1: (CX + 10, CY)})
    s.wait(0.05)
    s.frame([(3, 47, 0), (3, 57, -1), (3, 47, 1), (3, 53, round((CX + 14) * RES))])
    del s.fingers[0]
    s.up([1])
    s.write("two-finger-tap-release-jitter.yml", "a two-finger tap whose second finger jumps 4 mm as the first lifts")
    s = Script()
    s.down({0: (CX - 10, CY), 1: (CX + 10, CY)})
    s.move({0: linear(5, 0), 1: linear(5, 0)}, 5)
    s.up([0, 1])
    s.write("two-finger-short-drag.yml", "two fingers move 5 mm together, then lift: no tap")

    # A hand of ten fingers lands (the first two before the rest) and moves 20 mm; then the
    # second finger lifts, and the first lifts and touches down again for 100 ms without moving
    # while eight others stay on the glass (issue 23): no tap may come of it.
    s = Script()
    hand = {i: (CX - 90 + 20 * i, CY + (0 if i % 2 else 10)) for i in range(10)}
    s.down({0: hand[0]})
    s.down({1: hand[1]})
    s.down({i: hand[i] for i in range(2, 10)})
    s.move({i: linear(0, 20) for i in range(10)}, 20)
    s.up([1])
    s.up([0])
    s.wait(0.05)
    s.down({0: (CX - 90, CY + 30)})
    s.wait(0.1)
    s.up([0])
    s.move({i: linear(0, 10) for i in range(2, 10)}, 10)
    s.up(list(range(2, 10)))
    s.write("ten-fingers-retouch.yml", "ten fingers move 20 mm; one lifts and taps down again for 100 ms while nine stay")


    # Strokes (Fixtures/strokes, replayed with Fixtures/strokes/gestures.yml): drawn shapes.
    s = Script()
    for r, start in ((20, -90), (17, -60), (23, -120)):
        shape = circle(r, start, 365)
        s.down({0: (CX + shape[0][0], CY + shape[0][1])})
        s.move({0: along(shape)}, 45)
        s.up([0])
        s.wait(0.6)
    s.write("../strokes/ts-circle-3.yml", "one finger draws a clockwise circle three times, of 20, 17 and 23 mm radius")

    s = Script()
    shapes = [
        [(0, 20), (12, 34), (40, 0)],                # a check mark
        circle(22, -90, 370),                         # a circle, clockwise
        [(0, 0), (0, 40), (28, 40)],                  # an L
        [(0, 0), (45, 15)],                           # a straight line: no shape
        [(0, 0), (40, 0), (0, 40), (40, 40)],         # a Z
        [(40, 0), (0, 0), (0, 40), (40, 40)],         # a backwards C of corners: no shape
    ]
    for shape in shapes:
        s.down({0: (CX - 20 + shape[0][0], CY - 20 + shape[0][1])})
        s.move({0: along(shape)}, 40)
        s.up([0])
        s.wait(0.5)
    s.write("../strokes/ts-shapes.yml", "one finger draws a check, a circle, an L, a straight line, a Z and a square bracket")

    s = Pad()
    check = [(0, 12), (8, 22), (30, 0)]
    start = {0: (30, 30), 1: (45, 28), 2: (60, 30)}
    s.down({i: (x + check[0][0], y + check[0][1] - 12) for i, (x, y) in start.items()})
    s.move({i: along(check) for i in start}, 35)
    s.up([0, 1, 2])
    s.write("../strokes/tp-stroke-3-check.yml", "three fingers draw a check mark on the clickpad")


if __name__ == "__main__":
    main()
