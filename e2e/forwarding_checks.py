#!/usr/bin/env python3
"""Reads what `e2e/guest/forwarding.py` left in out/: the desktop's view (`libinput
debug-events` on the whole seat) of each part, split at the marker keyboard's keys, and what
gestured's subscriber saw. `check(out)` returns (name, passed, detail) triples for
e2e/evaluate.py; run alone, it prints them.

    forwarding_checks.py OUT
"""
import json
import os
import re
import sys

PARTS = ["motion", "scroll", "tap", "consumed", "free", "edge", "middle", "edge-tap", "typing", "click"]
MARKER_KEYS = ["KEY_F13", "KEY_F14", "KEY_F15", "KEY_F16", "KEY_F17", "KEY_F18", "KEY_F19", "KEY_F20", "KEY_F21", "KEY_F22", "KEY_F23"]


def desktop_parts(path, names=PARTS, devices=False):
    """{part: [(node, event type, rest of line)]} from a debug-events log, split at the markers
    (`names` in marker order); DEVICE_ADDED/REMOVED lines too with `devices`."""
    parts = {}
    current = None
    with open(path) as f:
        for line in f:
            words = line.split()
            if len(words) < 2:
                continue
            node, kind = words[0].lstrip("-"), words[1]
            if kind == "KEYBOARD_KEY":
                for index, key in enumerate(MARKER_KEYS):
                    if key in line and "pressed" in line:
                        current = names[index] if index < len(names) else None
                continue
            if current is not None and re.match(r"event\d+", node) and re.match(r"[A-Z_]+$", kind) and (devices or not kind.startswith("DEVICE_")):
                parts.setdefault(current, []).append((node, kind, " ".join(words[2:])))
    return parts


def kinds(events):
    """The event types in order, repeats folded: `POINTER_MOTION×12`."""
    folded = []
    for _, kind, _ in events:
        if folded and folded[-1][0] == kind:
            folded[-1][1] += 1
        else:
            folded.append([kind, 1])
    return [f"{kind}×{count}" if count > 1 else kind for kind, count in folded]


def shape(events):
    """The event types in order with repeats folded and not counted, libinput's hold gesture
    left out: what the desktop did, not how many frames it took (under emulation the twin's
    frames may come in bursts, and libinput drops a step it reads as a jump), nor whether the
    fingers rested long enough before moving for libinput to call it a hold (it did in one
    ungrabbed run and not in the next)."""
    return [kind.split("×")[0] for kind in kinds([e for e in events if not e[1].startswith("GESTURE_HOLD")])]


def jumps(path):
    """How many steps libinput discarded as touch jumps."""
    with open(path) as f:
        return sum("Touch jump detected" in line for line in f)


# udev properties a twin has of its own: where it is, when udev saw it, what groups it.
OWN_PROPERTIES = {"DEVNAME", "DEVPATH", "MINOR", "SEQNUM", "USEC_INITIALIZED", "ID_PATH", "ID_PATH_TAG", "LIBINPUT_DEVICE_GROUP", "CURRENT_TAGS", "TAGS"}


def twin_report(out):
    """(udev properties of the device, of the twin, list-devices entries by kernel node), or None."""
    path = os.path.join(out, "forwarding-twin.txt")
    if not os.path.exists(path):
        return None
    sections, current = {}, None
    for line in open(path):
        if line.startswith("== "):
            current = line[3:].strip()
            sections[current] = []
        elif current:
            sections[current].append(line.rstrip("\n"))
    def properties(lines):
        return dict(line.split("=", 1) for line in lines if "=" in line)
    entries, entry = [], {}
    for line in sections.get("list-devices", []) + [""]:
        if not line.strip():
            if entry:
                entries.append(entry)
            entry = {}
        elif ":" in line:
            key, value = line.split(":", 1)
            entry[key.strip()] = value.strip()
    return properties(sections.get("udev device", [])), properties(sections.get("udev twin", [])), {e.get("Kernel"): e for e in entries}


def latency(out):
    """(p50, p99, max, count) in ms of what forwarding added to a frame's way to the desktop."""
    path = os.path.join(out, "forwarding-latency.tsv")
    if not os.path.exists(path):
        return None
    samples = sorted((int(got) - int(sent)) / 1000 for sent, got in (line.split() for line in open(path)))
    if not samples:
        return None
    pick = lambda q: samples[min(len(samples) - 1, int(q * len(samples)))]
    return pick(0.5), pick(0.99), samples[-1], len(samples)


def gestured_ended(path):
    ended = []
    with open(path) as f:
        for line in f:
            event = json.loads(line)
            if event.get("event") == "gesture" and event.get("phase") == "ended":
                ended.append(event["gesture"])
    return ended


def touchpad_swipes(path):
    """The direction (`left`/`right`) of each libinput three-finger touchpad swipe a subscriber
    with `touchpadGestures` got, by the sign of its updates' dx."""
    swipes, dx = [], None
    with open(path) as f:
        for line in f:
            event = json.loads(line)
            if event.get("event") != "touchpad-gesture" or event.get("kind") != "swipe" or event.get("fingers") != 3:
                continue
            if event.get("stage") == "begin":
                dx = 0.0
            elif event.get("stage") == "update" and dx is not None:
                dx += event.get("dx", 0)
            elif event.get("stage") == "end" and dx is not None:
                swipes.append("right" if dx > 0 else "left")
                dx = None
    return swipes


def check_kill(out):
    """The SIGKILL scenario: what the twins had down ends on them, they go, and the devices
    themselves reach the desktop again at once."""
    path = os.path.join(out, "forwarding-kill-libinput.txt")
    if not os.path.exists(path):
        return [("forwarding: SIGKILL gives the devices back", False, "no desktop log in out/")]
    parts = desktop_parts(path, ["held", "killed", "after"], devices=True)
    held, killed, after = parts.get("held", []), parts.get("killed", []), parts.get("after", [])
    twins = {node for node, kind, _ in held}
    ended = [(node, kind) for node, kind, rest in killed if kind in ("TOUCH_CANCEL", "TOUCH_UP") or kind == "POINTER_BUTTON" and "released" in rest]
    removed = {node for node, kind, _ in killed if kind == "DEVICE_REMOVED"}
    back = [(node, kind) for node, kind, _ in after if node not in twins]
    return [
        ("forwarding: a click and a touch held through the twins reach the desktop",
         any(k == "POINTER_BUTTON" for _, k, _ in held) and any(k == "TOUCH_DOWN" for _, k, _ in held), f"{kinds(held)} on {sorted(twins)}"),
        ("forwarding: SIGKILL: the twins go, the click is released and the touch cancelled there",
         removed == twins and ("POINTER_BUTTON" in {k for _, k in ended}) and ("TOUCH_CANCEL" in {k for _, k in ended} or "TOUCH_UP" in {k for _, k in ended}),
         f"removed {sorted(removed)}, ended {ended}"),
        ("forwarding: after SIGKILL the devices themselves click and tap at the desktop",
         [k for _, k in back if k in ("POINTER_BUTTON", "TOUCH_DOWN", "TOUCH_UP")] == ["POINTER_BUTTON", "POINTER_BUTTON", "TOUCH_DOWN", "TOUCH_UP"],
         f"{back}"),
    ]


MILLIMETRES = re.compile(r"\(\s*(-?[\d.]+)/\s*(-?[\d.]+)mm\)")


def touch_downs(events):
    """(node, (x, y) in mm) of each TOUCH_DOWN."""
    found = []
    for node, kind, rest in events:
        match = MILLIMETRES.search(rest)
        if kind == "TOUCH_DOWN" and match:
            found.append((node, (float(match.group(1)), float(match.group(2)))))
    return found


def check_release(out):
    """The grab ends with the desktop's values written back: a tap after it, on the spot of the
    tap during it, reaches the desktop from the device itself, at that spot."""
    path = os.path.join(out, "forwarding-release-libinput.txt")
    if not os.path.exists(path):
        return [("forwarding: after the grab ends, a touch lands where it is", False, "no desktop log in out/")]
    parts = desktop_parts(path, ["before", "grabbed", "after"])
    before, grabbed, after = (touch_downs(parts.get(name, [])) for name in ("before", "grabbed", "after"))
    passed = (len(before) == 1 and len(grabbed) == 1 and len(after) == 1 and after[0][0] == before[0][0] != grabbed[0][0]
              and all(abs(a - b) < 0.5 for a, b in zip(after[0][1], grabbed[0][1]))
              and any(abs(a - b) > 10 for a, b in zip(after[0][1], before[0][1])))
    return [(
        "forwarding: after the grab ends, a tap on the spot of the last touch during it reaches the desktop there (its old values written back)",
        passed, f"before {before}, during the grab (twin) {grabbed}, after {after}")]


def check(out):
    results = []
    consume = os.path.join(out, "forwarding-consume-libinput.txt")
    listen = os.path.join(out, "forwarding-listen-libinput.txt")
    if not os.path.exists(consume) or not os.path.exists(listen):
        return [("forwarding: the consuming and listening runs left their logs", False, "no desktop logs in out/")] + check_kill(out) + check_release(out)
    grabbed, baseline = desktop_parts(consume), desktop_parts(listen)
    dropped = f"; libinput dropped {jumps(consume)} step(s) as touch jumps forwarded, {jumps(listen)} ungrabbed"
    for part in ("motion", "scroll", "tap", "free", "middle", "edge-tap", "click"):
        a, b = grabbed.get(part, []), baseline.get(part, [])
        results.append((
            f"forwarding: {part} reaches the desktop as without gestured", bool(b) and shape(a) == shape(b),
            f"forwarded {kinds(a)} | ungrabbed {kinds(b)}" + (dropped if part == "motion" else "")))
    typed = [kinds(parts.get("typing", [])) for parts in (grabbed, baseline)]
    moved = [kinds(parts.get("motion", [])) for parts in (grabbed, baseline)]
    results.append((
        "forwarding: disable-while-typing pairs the twin with the internal keyboard (a finger moved while typing moves nothing, as on the device)",
        all(not any(k.startswith("POINTER_MOTION") for k in t) for t in typed) and all(any(k.startswith("POINTER_MOTION") for k in m) for m in moved),
        f"while typing: forwarded {typed[0]} | ungrabbed {typed[1]}; without typing both moved the pointer"))
    consumed = kinds(grabbed.get("consumed", []))
    results.append(("forwarding: a consumed three-finger swipe never reaches the desktop", consumed == [], f"desktop saw {consumed}"))
    edge = shape(grabbed.get("edge", []))
    results.append((
        "forwarding: a consumed edge swipe gives no TOUCH_UP (nothing, or TOUCH_DOWN then TOUCH_CANCEL)",
        "TOUCH_UP" not in edge and ("TOUCH_DOWN" not in edge or "TOUCH_CANCEL" in edge), f"desktop saw {kinds(grabbed.get('edge', []))}"))
    unconsumed = kinds(baseline.get("consumed", []))
    results.append(("forwarding: the same swipe unconsumed is the desktop's", any(k.startswith("GESTURE_SWIPE_BEGIN") for k in unconsumed), f"{unconsumed}"))
    libinput_swipes = [touchpad_swipes(os.path.join(out, f"forwarding-{mode}-live.jsonl")) for mode in ("consume", "listen")]
    results.append((
        "forwarding: libinput's own touchpad gestures go on for a grabbed touchpad, from its twin (the free swipe, not the consumed one)",
        libinput_swipes[0] == ["right"] and libinput_swipes[1] == ["left", "right"],
        f"touchpad-gesture swipes: grabbed {libinput_swipes[0]} | ungrabbed {libinput_swipes[1]}"))
    ended = gestured_ended(os.path.join(out, "forwarding-consume-live.jsonl"))
    results.append(("forwarding: gestured's swipe-left-3 and edge-left ended once each", ended.count("swipe-left-3") == 1 and ended.count("edge-left") == 1, f"ended {ended}"))
    try:
        fired = open(os.path.join(out, "forwarding-action.txt")).read().split()
    except OSError:
        fired = []
    results.append(("forwarding: the runner's action for the consumed swipe ran exactly once", fired == ["swipe-left-3"], f"ran {fired}"))
    try:
        listed = open(os.path.join(out, "forwarding-consume-devices.txt")).read().splitlines()
    except OSError:
        listed = []
    grabbed_lines = [line for line in listed if "grabbed: the desktop reads its twin /dev/input/event" in line]
    results.append(("forwarding: gesturectl devices says both devices are grabbed, and their twins", len(grabbed_lines) == 2, f"{listed}"))
    report = twin_report(out)
    if report:
        device, twin, listed_devices = report
        differ = sorted(k for k in set(device) | set(twin) if k not in OWN_PROPERTIES and device.get(k) != twin.get(k))
        results.append((
            "forwarding: the twin has the device's udev properties (LIBINPUT_FUZZ_* included)",
            not differ and "LIBINPUT_FUZZ_35" in twin,
            f"differ: {[(k, device.get(k), twin.get(k)) for k in differ]}; fuzz {twin.get('LIBINPUT_FUZZ_35')}/{twin.get('LIBINPUT_FUZZ_36')}"))
        a, b = listed_devices.get(device.get("DEVNAME")), listed_devices.get(twin.get("DEVNAME"))
        fields = sorted(k for k in set(a or {}) | set(b or {}) if k not in ("Kernel", "Group") and (a or {}).get(k) != (b or {}).get(k))
        results.append(("forwarding: libinput list-devices shows the twin as the device (size, features)", bool(a) and bool(b) and not fields,
                        f"differ: {[(k, (a or {}).get(k), (b or {}).get(k)) for k in fields]}"))
    else:
        results.append(("forwarding: the twin was described", False, "no forwarding-twin.txt"))
    measured = latency(out)
    results.append((
        "forwarding: the added latency of a forwarded frame was measured", measured is not None and measured[3] >= 250,
        "p50 {:.2f} ms, p99 {:.2f} ms, max {:.2f} ms over {} frames (written to the device until the twin's frame)".format(*measured) if measured else "no samples"))
    kiosk = gestured_ended(os.path.join(out, "forwarding-consume-kiosk.jsonl")) if os.path.exists(os.path.join(out, "forwarding-consume-kiosk.jsonl")) else []
    results.append(("forwarding: the consuming client got its edge swipe", kiosk == ["edge-left"], f"ended {kiosk}"))
    return results + check_kill(out) + check_release(out)


if __name__ == "__main__":
    failed = 0
    for name, passed, detail in check(sys.argv[1]):
        print(f"{'PASS' if passed else 'FAIL'} {name}: {detail}")
        failed += not passed
    sys.exit(1 if failed else 0)
