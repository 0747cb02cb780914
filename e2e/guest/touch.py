#!/usr/bin/env python3
"""Virtual touch devices for the e2e scenarios (uinput through python3-libevdev), each made only
after gestured runs, so every scenario is also a hotplug. A scenario waits for the daemon to
announce the device (it asks over the socket) before touching it.

    touch.py touchpad-swipe      three fingers swipe left 40 mm on a clickpad
    touch.py remove-mid-drag     a finger drags on a touchscreen, which vanishes mid-drag
    touch.py hold                a touchscreen that stays until killed (for the permission test)
    touch.py touched-before [PIDFILE]
                                 a touchscreen and a clickpad touched *before* gestured starts
                                 (issue 33): prints `primed`, waits for the daemon to list both
                                 (and for PIDFILE to hold the daemon's PID, written once its
                                 subscriber is connected), then edge swipes and three-finger swipes
                                 at the y the last touch had; with PIDFILE, also stops the daemon,
                                 floods the screen until the kernel drops events (SYN_DROPPED),
                                 resumes it and swipes again.
                                 Prints `mark NAME MICROSECONDS` (CLOCK_MONOTONIC, the clock of the
                                 events' timeUs) before each part.
"""
import gc
import json
import os
import signal
import socket
import sys
import time

import libevdev
from libevdev import EV_ABS, EV_KEY, EV_SYN, InputAbsInfo, InputEvent


def daemon_devices():
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(os.environ["GESTURED_SOCKET"])
        stream = s.makefile("rwb")
        stream.readline()  # hello
        stream.write(b'{"id": 1, "request": "devices"}\n')
        stream.flush()
        for line in stream:
            reply = json.loads(line)
            if reply.get("id") == 1:
                return [d["name"] for d in reply.get("devices", [])]
    return []


def wait_for_daemon(name, timeout=60):
    """Until gestured lists a device called `name` (it picked the hotplug up)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if name in daemon_devices():
            return
        time.sleep(0.05)
    sys.exit(f"touch.py: gestured never listed {name!r}")


def destroy(dev):
    """Removes a uinput device now. python-libevdev destroys it only when its object is
    collected, and the object sits in reference cycles, so dropping references is not enough."""
    dev._uinput = None  # the UinputDevice's __del__ calls libevdev_uinput_destroy
    gc.collect()


def frame(dev, events):
    dev.send_events(events + [InputEvent(EV_SYN.SYN_REPORT, 0)])


def touchscreen(name):
    d = libevdev.Device()
    d.name = name
    d.id = {"bustype": 0x18, "vendor": 0x1234, "product": 0x0001, "version": 1}
    d.enable(libevdev.INPUT_PROP_DIRECT)
    d.enable(EV_KEY.BTN_TOUCH)
    for axis, maximum in ((EV_ABS.ABS_X, 2936), (EV_ABS.ABS_Y, 1652), (EV_ABS.ABS_MT_POSITION_X, 2936), (EV_ABS.ABS_MT_POSITION_Y, 1652)):
        d.enable(axis, InputAbsInfo(minimum=0, maximum=maximum, resolution=10))
    d.enable(EV_ABS.ABS_MT_SLOT, InputAbsInfo(minimum=0, maximum=9))
    d.enable(EV_ABS.ABS_MT_TRACKING_ID, InputAbsInfo(minimum=0, maximum=65535))
    return d.create_uinput_device()


def absolute_pointer(name):
    """A USB pointer with absolute axes (0 to 32767 on each) and three buttons, as QEMU's USB
    tablet is: udev calls it a mouse, libinput moves the pointer to where it says."""
    d = libevdev.Device()
    d.name = name
    d.id = {"bustype": 0x03, "vendor": 0x1234, "product": 0x0005, "version": 1}
    for key in (EV_KEY.BTN_LEFT, EV_KEY.BTN_RIGHT, EV_KEY.BTN_MIDDLE):
        d.enable(key)
    for axis in (EV_ABS.ABS_X, EV_ABS.ABS_Y):
        d.enable(axis, InputAbsInfo(minimum=0, maximum=32767))
    return d.create_uinput_device()


def keyboard(name, device_id):
    """A keyboard with the main block's keys (KEY_ESC to KEY_KPDOT), `device_id` its bus,
    vendor, product and version as libevdev takes them."""
    d = libevdev.Device()
    d.name = name
    d.id = device_id
    for code in range(1, 84):
        d.enable(libevdev.evbit(1, code))
    return d.create_uinput_device()


def clickpad(name, fuzz=0):
    """A 100 x 60 mm clickpad, 5 slots, as libinput expects an internal touchpad; `fuzz` on its
    ABS_MT_POSITION axes."""
    d = libevdev.Device()
    d.name = name
    d.id = {"bustype": 0x18, "vendor": 0x1234, "product": 0x0002, "version": 1}
    d.enable(libevdev.INPUT_PROP_POINTER)
    d.enable(libevdev.INPUT_PROP_BUTTONPAD)
    for key in (EV_KEY.BTN_LEFT, EV_KEY.BTN_TOUCH, EV_KEY.BTN_TOOL_FINGER, EV_KEY.BTN_TOOL_DOUBLETAP,
                EV_KEY.BTN_TOOL_TRIPLETAP, EV_KEY.BTN_TOOL_QUADTAP):
        d.enable(key)
    for axis, maximum, axis_fuzz in ((EV_ABS.ABS_X, 1000, 0), (EV_ABS.ABS_Y, 600, 0), (EV_ABS.ABS_MT_POSITION_X, 1000, fuzz), (EV_ABS.ABS_MT_POSITION_Y, 600, fuzz)):
        d.enable(axis, InputAbsInfo(minimum=0, maximum=maximum, resolution=10, fuzz=axis_fuzz))
    d.enable(EV_ABS.ABS_MT_SLOT, InputAbsInfo(minimum=0, maximum=4))
    d.enable(EV_ABS.ABS_MT_TRACKING_ID, InputAbsInfo(minimum=0, maximum=65535))
    return d.create_uinput_device()


def fingers_frame(points, first=False, tool=None):
    events = []
    for slot, (x, y) in points.items():
        events.append(InputEvent(EV_ABS.ABS_MT_SLOT, slot))
        if first:
            events.append(InputEvent(EV_ABS.ABS_MT_TRACKING_ID, 100 + slot))
        events += [InputEvent(EV_ABS.ABS_MT_POSITION_X, round(x)), InputEvent(EV_ABS.ABS_MT_POSITION_Y, round(y))]
    x0, y0 = points[min(points)]
    events += [InputEvent(EV_ABS.ABS_X, round(x0)), InputEvent(EV_ABS.ABS_Y, round(y0))]
    if first:
        events.append(InputEvent(EV_KEY.BTN_TOUCH, 1))
        if tool is not None:
            events.append(InputEvent(tool, 1))
    return events


def lift(slots, tool=None):
    events = []
    for slot in slots:
        events += [InputEvent(EV_ABS.ABS_MT_SLOT, slot), InputEvent(EV_ABS.ABS_MT_TRACKING_ID, -1)]
    events.append(InputEvent(EV_KEY.BTN_TOUCH, 0))
    if tool is not None:
        events.append(InputEvent(tool, 0))
    return events


def touchpad_swipe():
    name = "gestured e2e clickpad"
    dev = clickpad(name)
    wait_for_daemon(name)
    start = {0: (650, 300), 1: (750, 250), 2: (850, 300)}  # units: 10 per mm
    frame(dev, fingers_frame(start, first=True, tool=EV_KEY.BTN_TOOL_TRIPLETAP))
    time.sleep(0.01)
    for step in range(1, 31):  # 40 mm left in 30 frames, 10 ms apart
        frame(dev, fingers_frame({s: (x - step * 400 / 30, y) for s, (x, y) in start.items()}))
        time.sleep(0.01)
    frame(dev, lift(start, tool=EV_KEY.BTN_TOOL_TRIPLETAP))
    time.sleep(1.0)  # let libinput finish before the device goes
    destroy(dev)


def clickpad_swipe(pad, dx, dy=0, fingers=3):
    """Three (or four) fingers rest on a clickpad, then sweep `dx`, `dy` units (10 per mm) in 30
    frames 10 ms apart, and lift; then a second for libinput to finish."""
    start = {0: (450, 300), 1: (550, 250), 2: (650, 300)} if fingers == 3 else \
        {0: (300, 300), 1: (400, 250), 2: (500, 300), 3: (600, 350)}
    tool = EV_KEY.BTN_TOOL_QUADTAP if fingers == 4 else EV_KEY.BTN_TOOL_TRIPLETAP
    frame(pad, fingers_frame(start, first=True, tool=tool))
    time.sleep(0.15)  # the fingers settle, as a hand does before it sweeps
    for step in range(1, 31):
        frame(pad, fingers_frame({s: (x + dx * step / 30, y + dy * step / 30) for s, (x, y) in start.items()}))
        time.sleep(0.01)
    frame(pad, lift(start, tool=tool))
    time.sleep(1.0)


def remove_mid_drag():
    name = "gestured e2e vanishing touchscreen"
    dev = touchscreen(name)
    wait_for_daemon(name)
    x, y = 1468, 826
    frame(dev, fingers_frame({0: (x, y)}, first=True))
    time.sleep(0.01)
    for step in range(1, 21):  # 20 mm right: the pan is active, the finger stays down
        frame(dev, fingers_frame({0: (x + step * 10, y)}))
        time.sleep(0.01)
    time.sleep(0.5)
    print("touch.py: removing the device mid-drag", flush=True)
    del dev  # closes /dev/uinput: the kernel removes the device


def mark(name):
    print(f"mark {name} {time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000}", flush=True)


def slot_events(slot, x, y, tracking=None):
    """One slot's events; uinput passes every value, the kernel drops those its slot already
    has, exactly as a real device's driver writes them."""
    events = [InputEvent(EV_ABS.ABS_MT_SLOT, slot)]
    if tracking is not None:
        events.append(InputEvent(EV_ABS.ABS_MT_TRACKING_ID, tracking))
    return events + [InputEvent(EV_ABS.ABS_MT_POSITION_X, round(x)), InputEvent(EV_ABS.ABS_MT_POSITION_Y, round(y))]


class TrackingIDs:
    def __init__(self):
        self.last = 1000

    def next(self):
        self.last += 1
        return self.last


def edge_swipe(dev, y, ids):
    """One finger from 1 mm off the left edge 30 mm inward at height `y` (units, 10 per mm), in
    slot 0: the kernel passes on no ABS_MT_POSITION_Y when slot 0's y already is `y`."""
    frame(dev, slot_events(0, 10, y, ids.next()) + [InputEvent(EV_KEY.BTN_TOUCH, 1)])
    time.sleep(0.01)
    for step in range(1, 31):
        frame(dev, slot_events(0, 10 + step * 10, y))
        time.sleep(0.01)
    frame(dev, [InputEvent(EV_ABS.ABS_MT_SLOT, 0), InputEvent(EV_ABS.ABS_MT_TRACKING_ID, -1)])
    time.sleep(0.3)


def edge_swipe_up(dev, x, ids):
    """One finger from 1 mm above the bottom edge (of `touchscreen`'s panel) 30 mm upward at
    `x` (units, 10 per mm), in slot 0."""
    bottom = 1652 - 10
    frame(dev, slot_events(0, x, bottom, ids.next()) + [InputEvent(EV_KEY.BTN_TOUCH, 1)])
    time.sleep(0.01)
    for step in range(1, 31):
        frame(dev, slot_events(0, x, bottom - step * 10))
        time.sleep(0.01)
    frame(dev, [InputEvent(EV_ABS.ABS_MT_SLOT, 0), InputEvent(EV_ABS.ABS_MT_TRACKING_ID, -1)])
    time.sleep(0.3)


def three_finger_swipe(dev):
    """Three fingers 40 mm left on a clickpad, each at a constant height."""
    start = {0: (650, 300), 1: (750, 250), 2: (850, 300)}
    frame(dev, fingers_frame(start, first=True, tool=EV_KEY.BTN_TOOL_TRIPLETAP))
    time.sleep(0.01)
    for step in range(1, 31):
        frame(dev, fingers_frame({s: (x - step * 400 / 30, y) for s, (x, y) in start.items()}))
        time.sleep(0.01)
    frame(dev, lift(start, tool=EV_KEY.BTN_TOOL_TRIPLETAP))
    time.sleep(0.5)


def prime(screen, pad, ids):
    """What the devices did before gestured opened them: a tap at (150, 80) mm on the screen and
    a finger that lands in its slot 1 and stays down; three fingers on the clickpad at the
    heights of the swipes to come, lifted."""
    frame(screen, slot_events(0, 1500, 800, ids.next()) + [InputEvent(EV_KEY.BTN_TOUCH, 1)])
    time.sleep(0.05)
    frame(screen, [InputEvent(EV_ABS.ABS_MT_SLOT, 0), InputEvent(EV_ABS.ABS_MT_TRACKING_ID, -1)])
    frame(screen, slot_events(1, 2500, 1400, ids.next()))
    rest = {0: (300, 300), 1: (400, 250), 2: (500, 300)}
    frame(pad, fingers_frame(rest, first=True, tool=EV_KEY.BTN_TOOL_TRIPLETAP))
    time.sleep(0.05)
    frame(pad, lift(rest, tool=EV_KEY.BTN_TOOL_TRIPLETAP))


def pinch_out(dev):
    """Two fingers spreading apart along x on a clickpad, at the heights of its slots 0 and 1
    when primed (30 and 25 mm): 21 → 50 mm apart in 0.3 s, centred at (50, 27.5) mm."""
    start = {0: (400, 300), 1: (600, 250)}
    frame(dev, fingers_frame(start, first=True, tool=EV_KEY.BTN_TOOL_DOUBLETAP))
    time.sleep(0.01)
    for step in range(1, 31):
        frame(dev, fingers_frame({0: (400 - 5 * step, 300), 1: (600 + 5 * step, 250)}))
        time.sleep(0.01)
    frame(dev, lift(start, tool=EV_KEY.BTN_TOOL_DOUBLETAP))
    time.sleep(0.5)


def swipe_at_primed_heights(screen, pad, ids):
    """Three edge swipes from the left edge at y = 80 mm beside the resting finger; three
    three-finger swipes and a pinch on the clickpad; then the resting finger lifts."""
    for _ in range(3):
        edge_swipe(screen, 800, ids)
    for _ in range(3):
        three_finger_swipe(pad)
    pinch_out(pad)
    frame(screen, [InputEvent(EV_ABS.ABS_MT_SLOT, 1), InputEvent(EV_ABS.ABS_MT_TRACKING_ID, -1), InputEvent(EV_KEY.BTN_TOUCH, 0)])
    time.sleep(0.3)


def touched_before(pid_file=None):
    """Issue 33 on the real stack: the devices are touched before gestured opens them, so the
    kernel's slots already hold the y every later touch has, and never send it again."""
    screen_name, pad_name = "gestured e2e primed touchscreen", "gestured e2e primed clickpad"
    screen, pad = touchscreen(screen_name), clickpad(pad_name)
    ids = TrackingIDs()
    prime(screen, pad, ids)
    print("touch.py: primed", flush=True)
    pid = None
    if pid_file is not None:
        end = time.monotonic() + 120
        while pid is None and time.monotonic() < end:
            try:
                pid = int(open(pid_file).read())
            except (OSError, ValueError):
                time.sleep(0.05)
        if pid is None:
            sys.exit(f"touch.py: {pid_file} never held the daemon's PID")
    wait_for_daemon(screen_name)
    wait_for_daemon(pad_name)
    mark("swipes")
    swipe_at_primed_heights(screen, pad, ids)
    if pid is not None:
        # The daemon stopped while the screen sends far more than the kernel's buffer for its
        # reader holds: a finger drags back and forth, another lands (and stays), the first
        # lifts at y = 90 mm. The kernel drops events and queues SYN_DROPPED.
        mark("drop")
        os.kill(pid, signal.SIGSTOP)
        try:
            frame(screen, slot_events(0, 1500, 900, ids.next()) + [InputEvent(EV_KEY.BTN_TOUCH, 1)])
            for step in range(3000):
                frame(screen, slot_events(0, 1500 + (step % 2) * 10, 900))
            frame(screen, slot_events(1, 2500, 1000, ids.next()))
            frame(screen, [InputEvent(EV_ABS.ABS_MT_SLOT, 0), InputEvent(EV_ABS.ABS_MT_TRACKING_ID, -1)])
        finally:
            os.kill(pid, signal.SIGCONT)
        wait_for_daemon(screen_name)
        mark("after-drop")
        for _ in range(3):
            edge_swipe(screen, 900, ids)  # slot 1's finger, down since the gap, rests
        frame(screen, [InputEvent(EV_ABS.ABS_MT_SLOT, 1), InputEvent(EV_ABS.ABS_MT_TRACKING_ID, -1), InputEvent(EV_KEY.BTN_TOUCH, 0)])
    mark("done")
    time.sleep(1.0)
    destroy(screen)
    destroy(pad)


def hold():
    touchscreen("gestured e2e idle touchscreen")
    print("touch.py: holding a touchscreen", flush=True)
    while True:
        time.sleep(60)


if __name__ == "__main__":
    if sys.argv[1] == "touched-before":
        touched_before(sys.argv[2] if len(sys.argv) > 2 else None)
    else:
        {"touchpad-swipe": touchpad_swipe, "remove-mid-drag": remove_mid_drag, "hold": hold}[sys.argv[1]]()
