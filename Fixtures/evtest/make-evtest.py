#!/usr/bin/env python3
"""Writes evtest captures from evemu recordings (CONVERTED, not captured with evtest): the same
device and the same events, in the text evtest prints (evtest 1.35), so that a test can check
that an evtest capture replays exactly as its evemu original. Run from the repository root:
python3 Fixtures/evtest/make-evtest.py"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
TYPES = {0: "EV_SYN", 1: "EV_KEY", 2: "EV_REL", 3: "EV_ABS", 4: "EV_MSC", 5: "EV_SW"}
CODES = {
    (0, 0): "SYN_REPORT", (0, 1): "SYN_CONFIG", (0, 2): "SYN_MT_REPORT", (0, 3): "SYN_DROPPED",
    (1, 272): "BTN_LEFT", (1, 273): "BTN_RIGHT", (1, 274): "BTN_MIDDLE", (1, 325): "BTN_TOOL_FINGER",
    (1, 330): "BTN_TOUCH", (1, 333): "BTN_TOOL_DOUBLETAP", (1, 334): "BTN_TOOL_TRIPLETAP", (1, 335): "BTN_TOOL_QUADTAP",
    (3, 0): "ABS_X", (3, 1): "ABS_Y", (3, 24): "ABS_PRESSURE", (3, 28): "ABS_TOOL_WIDTH", (3, 47): "ABS_MT_SLOT",
    (3, 48): "ABS_MT_TOUCH_MAJOR", (3, 49): "ABS_MT_TOUCH_MINOR", (3, 53): "ABS_MT_POSITION_X", (3, 54): "ABS_MT_POSITION_Y",
    (3, 55): "ABS_MT_TOOL_TYPE", (3, 57): "ABS_MT_TRACKING_ID", (3, 58): "ABS_MT_PRESSURE", (4, 5): "MSC_TIMESTAMP",
}
PROPS = {0: "INPUT_PROP_POINTER", 1: "INPUT_PROP_DIRECT", 2: "INPUT_PROP_BUTTONPAD", 3: "INPUT_PROP_SEMI_MT"}


def bits(fields):
    return [i * 8 + b for i, byte in enumerate(int(f, 16) for f in fields) for b in range(8) if byte & (1 << b)]


def convert(evemu, desc, out):
    header = open(os.path.join(ROOT, desc or evemu)).read().splitlines()
    events = [l for l in open(os.path.join(ROOT, evemu)).read().splitlines() if l.startswith("E:")]
    name, ids, props, masks, axes = "", [0, 0, 0, 0], [], {}, {}
    for line in header:
        tag, _, rest = line.partition(": ")
        fields = rest.split()
        if tag == "N":
            name = rest
        elif tag == "I":
            ids = [int(f, 16) for f in fields]
        elif tag == "P":
            props += bits(fields)
        elif tag == "B":  # a type's bitmask may go on over several lines
            masks.setdefault(int(fields[0], 16), []).extend(fields[1:])
        elif tag == "A":
            values = [int(f) for f in fields[1:]] + [0]
            axes[int(fields[0], 16)] = values[:5]
    codes = {t: set(bits(m)) for t, m in masks.items()}
    lines = [f"# CONVERTED FIXTURE (not captured with evtest): {evemu} in evtest's output; Fixtures/evtest/make-evtest.py",
             "Input driver version is 1.0.1",
             "Input device ID: bus 0x%x vendor 0x%x product 0x%x version 0x%x" % tuple(ids),
             f'Input device name: "{name}"',
             "Supported events:"]
    codes.setdefault(0, set()).update({0, 1, 2, 3})
    for t in sorted(codes):
        lines.append(f"  Event type {t} ({TYPES.get(t, '?')})")
        for c in sorted(codes[t]):
            lines.append(f"    Event code {c} ({CODES.get((t, c), '?')})")
            if t == 3 and c in axes:
                mn, mx, fuzz, flat, res = axes[c]
                lines += [f"      Value {0:6d}", f"      Min   {mn:6d}", f"      Max   {mx:6d}", f"      Fuzz  {fuzz:6d}",
                          f"      Flat  {flat:6d}"] + ([f"      Resolution {res:6d}"] if res else [])
    lines.append("Properties:")
    lines += [f"  Property type {p} ({PROPS.get(p, '?')})" for p in props]
    lines.append("Testing ... (interrupt to exit)")
    for e in events:
        _, stamp, t, c, v = e.split("#")[0].split()[:5]
        t, c, v = int(t, 16), int(c, 16), int(v)
        if t == 0 and c == 0:
            lines.append(f"Event: time {stamp}, -------------- SYN_REPORT ------------")
        elif t == 0 and c == 2:
            lines.append(f"Event: time {stamp}, ++++++++++++++ SYN_MT_REPORT ++++++++++++")
        else:
            lines.append(f"Event: time {stamp}, type {t} ({TYPES.get(t, '?')}), code {c} ({CODES.get((t, c), '?')}), value {v}")
    with open(os.path.join(HERE, out), "w") as f:
        f.write("\n".join(lines) + "\n")


convert("Fixtures/real/ts-atmel-maxtouch-1finger-fast-taps.evemu", None, "ts-atmel-maxtouch-1finger-fast-taps.evtest")
convert("Fixtures/real/tp-synaptics-2finger-vert-scroll.evemu", "Fixtures/real/tp-synaptics.desc.evemu", "tp-synaptics-2finger-vert-scroll.evtest")
