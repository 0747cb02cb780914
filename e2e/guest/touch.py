#!/usr/bin/env python3
"""Virtual touch devices for the e2e scenarios (uinput through python3-libevdev), each made only
after gestured runs, so every scenario is also a hotplug. A scenario waits for the daemon to
announce the device (it asks over the socket) before touching it.

    touch.py touchpad-swipe      three fingers swipe left 40 mm on a clickpad
    touch.py remove-mid-drag     a finger drags on a touchscreen, which vanishes mid-drag
    touch.py hold                a touchscreen that stays until killed (for the permission test)
"""
import gc
import json
import os
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


def clickpad(name):
    """A 100 x 60 mm clickpad, 5 slots, as libinput expects an internal touchpad."""
    d = libevdev.Device()
    d.name = name
    d.id = {"bustype": 0x18, "vendor": 0x1234, "product": 0x0002, "version": 1}
    d.enable(libevdev.INPUT_PROP_POINTER)
    d.enable(libevdev.INPUT_PROP_BUTTONPAD)
    for key in (EV_KEY.BTN_LEFT, EV_KEY.BTN_TOUCH, EV_KEY.BTN_TOOL_FINGER, EV_KEY.BTN_TOOL_DOUBLETAP,
                EV_KEY.BTN_TOOL_TRIPLETAP, EV_KEY.BTN_TOOL_QUADTAP):
        d.enable(key)
    for axis, maximum in ((EV_ABS.ABS_X, 1000), (EV_ABS.ABS_Y, 600), (EV_ABS.ABS_MT_POSITION_X, 1000), (EV_ABS.ABS_MT_POSITION_Y, 600)):
        d.enable(axis, InputAbsInfo(minimum=0, maximum=maximum, resolution=10))
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


def hold():
    touchscreen("gestured e2e idle touchscreen")
    print("touch.py: holding a touchscreen", flush=True)
    while True:
        time.sleep(60)


if __name__ == "__main__":
    {"touchpad-swipe": touchpad_swipe, "remove-mid-drag": remove_mid_drag, "hold": hold}[sys.argv[1]]()
