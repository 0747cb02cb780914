"""make e2e's touchpad agreement: for every touchpad recording, what gestured made of the raw
fingers (libevdev, per-finger recognizers of e2e/guest/touchpad-agreement.yml) against what
libinput made of the same kernel events (its own gestures, passed through as
`touchpad-gesture`). Both are reduced to the same vocabulary:

  * `swipe N DIRECTION`: libinput's swipe of N fingers, its direction the dominant axis of the
    summed deltas; ours, an ended `swipe-DIRECTION-N`;
  * `pinch N in|out`: libinput's pinch of N fingers, by its last scale; ours, an ended `pinch`
    (magnify, two fingers) or `pinch-N` (a many-finger magnify) by its magnification;
  * `hold N` or `hold N cancelled`, for three and four fingers: libinput's hold by its
    cancelled flag; ours, a `hold-N` that was active and then ended, or failed;
  * libinput's holds of one and two fingers (a resting finger before pointer motion or a
    scroll) and its other cancelled gestures are left out; so are our gestures that failed
    without having been active.

A recording agrees when both lists are equal, in order (both empty counts: neither saw a gesture).
"""
import json
import os


def libinput_gestures(events):
    """libinput's gestures, begin to end, reduced as the module says."""
    found, current = [], None
    for e in events:
        if e["stage"] == "begin":
            current = {"kind": e["kind"], "fingers": e["fingers"], "dx": 0.0, "dy": 0.0, "scale": 1.0}
        elif current is None:
            continue
        elif e["stage"] == "update":
            current["dx"] += e.get("dx", 0.0)
            current["dy"] += e.get("dy", 0.0)
            current["scale"] = e.get("scale", current["scale"])
        else:
            if current["kind"] == "hold":
                if current["fingers"] >= 3:
                    found.append(f"hold {current['fingers']}" + (" cancelled" if e.get("cancelled") else ""))
            elif not e.get("cancelled"):
                if current["kind"] == "swipe":
                    dx, dy = current["dx"], current["dy"]
                    direction = ("right" if dx > 0 else "left") if abs(dx) >= abs(dy) else ("down" if dy > 0 else "up")
                    found.append(f"swipe {current['fingers']} {direction}")
                elif current["kind"] == "pinch":
                    found.append(f"pinch {current['fingers']} {'out' if current['scale'] > 1 else 'in'}")
            current = None
    return found


def our_gestures(events):
    """gestured's ended instances, reduced the same way."""
    found, ends, active = [], {}, set()
    for e in events:
        key = (e["gesture"], e["instance"])
        if e["phase"] == "active":
            active.add(key)
        elif e["phase"] in ("ended", "failed"):
            ends.setdefault(key, e)
    for key, e in sorted(ends.items(), key=lambda item: item[1]["time"]):
        name = e["gesture"]
        if name.startswith("hold-"):
            if key in active:
                found.append(f"hold {name.split('-')[1]}" + ("" if e["phase"] == "ended" else " cancelled"))
            continue
        if e["phase"] != "ended":
            continue
        if name.startswith("swipe-"):
            _, direction, fingers = name.split("-")
            found.append(f"swipe {fingers} {direction}")
        elif name == "pinch" or name.startswith("pinch-"):
            fingers = name.split("-")[1] if "-" in name else "2"
            found.append(f"pinch {fingers} {'out' if e['value']['magnification'] > 1 else 'in'}")
    return found


def judge(share, read_json_lines, record):
    """One PASS/FAIL line per touchpad recording and one with the count; returns (agreeing, total)."""
    out = os.path.join(share, "out")
    listed = [l.split()[0] for l in open(os.path.join(share, "touchpads.txt")) if l.strip()]
    order_path = os.path.join(out, "agreement-order.txt")
    names = {int(i): n for n, i in (l.split() for l in open(order_path) if len(l.split()) == 2)} if os.path.exists(order_path) else {}
    ours, theirs = {}, {}
    for e in read_json_lines(os.path.join(out, "agreement.jsonl")):
        if e.get("event") == "gesture":
            ours.setdefault(names.get(e["device"]), []).append(e)
        elif e.get("event") == "touchpad-gesture":
            theirs.setdefault(names.get(e["device"]), []).append(e)
    agreeing = 0
    lines = []
    for name in listed:
        if name not in names.values():
            record(f"touchpad {name}: gestured agrees with libinput", False, "the daemon never announced the device")
            continue
        a, b = our_gestures(ours.get(name, [])), libinput_gestures(theirs.get(name, []))
        ok = a == b
        agreeing += ok
        shown = lambda g: ", ".join(g) or "no gesture"
        record(f"touchpad {name}: gestured agrees with libinput", ok, f"gestured: {shown(a)}; libinput: {shown(b)}")
        lines.append(f"{name}\t{'agree' if ok else 'DIFFER'}\tgestured: {shown(a)}\tlibinput: {shown(b)}")
    with open(os.path.join(out, "touchpad-agreement.txt"), "w") as f:
        f.write("\n".join(lines) + f"\n{agreeing} of {len(listed)} touchpad recordings agree\n")
    try:
        status = int(open(os.path.join(out, "agreement-daemon.status")).read())
    except OSError:
        status = None
    record("touchpad agreement: the daemon shut down cleanly", status == 0, f"exit {status}")
    return agreeing, len(listed)


def judge_landing_jump(share, read_json_lines, record):
    """The ALPS single tap (a PS/2 pad's first report jumps 94 units): libinput's verdict with
    tapping enabled (a POINTER_BUTTON from its tap state machine, or not) against gestured's
    replay of the same file with Fixtures/gestures.yml (its `taps` binding ended, or not)."""
    out = os.path.join(share, "out")
    path = os.path.join(out, "alps-tap.libinput.txt")
    text = open(path).read() if os.path.exists(path) else ""
    if "DEVICE_ADDED" not in text:
        record("landing jump: gestured and libinput agree on the ALPS single tap", False, "no libinput output")
        return
    libinput_tapped = "POINTER_BUTTON" in text
    replay = read_json_lines(os.path.join(share, "expected", "tp-alps-glidepoint-semimt-1finger-tap.jsonl"))
    ours_tapped = any(e["gesture"] == "taps" and e["phase"] == "ended" for e in replay)
    why = next((line.strip() for line in text.splitlines() if "TAP_STATE_DEAD" in line or "TAP_STATE_TAPPED" in line), "")
    record("landing jump: gestured and libinput agree on the ALPS single tap", libinput_tapped == ours_tapped,
           f"libinput {'taps' if libinput_tapped else 'does not tap'} ({why}); gestured {'taps' if ours_tapped else 'does not tap'}")
