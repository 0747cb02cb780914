#!/usr/bin/env python3
"""Judges what the guest collected (e2e/guest/scenarios.sh wrote SHARE/out/): one line per
scenario, then `N passed, N failed`; exit status 1 on any failure.

Recordings: the live gesture events of each device (over the socket, from `gesturectl subscribe
--json`) must agree with `gesturectl replay --json` of the same file on the host: the same
gesture instances in the same order, each ending the same way (phase and reason); the values of
each instance's last event within these tolerances:
  * lengths and positions (mm): 1 mm — libinput and gestured convert units the same way, but
    libinput's normalized coordinates divide by (max - min + 1), ours by (max - min)
  * scale: 0.03; angles (degrees): 3°
  * velocities and predicted end points: 50 % or 50 mm/s (mm) — they depend on timestamps, and
    evemu-play / libinput replay reproduce a recording's pace only approximately, the more so
    under emulation
  * durations: 0.1 s
How many `active` updates there are is not compared: the kernel drops frames that repeat the
last values (empty SYN_REPORTs), which a replay of the file still sees.
"""
import json
import os
import re
import sys

import forwarding_checks
import service_checks
import touchpad_agreement

share = sys.argv[1]
out = os.path.join(share, "out")
results = []
skipped = []


def record(name, ok, detail=""):
    results.append(ok)
    print(f"{'PASS' if ok else 'FAIL'}  {name}" + (f" — {detail}" if detail else ""), flush=True)


def skip(name, detail):
    """Neither pass nor fail: the run could not judge it (said why)."""
    skipped.append(name)
    print(f"SKIP  {name} — {detail}", flush=True)


def read_json_lines(path):
    if not os.path.exists(path):
        return []
    return [json.loads(line) for line in open(path) if line.strip().startswith("{")]


def instances(events):
    """Per instance, in order of first appearance: gesture, how it ended, its last value/state."""
    order, summary = [], {}
    for e in events:
        key = e["instance"]
        if key not in summary:
            order.append(key)
            summary[key] = {"gesture": e["gesture"], "end": "open", "actives": 0}
        s = summary[key]
        if e["phase"] == "active":
            s["actives"] += 1
        else:
            s["end"] = e["phase"] + (f"({e['reason']})" if "reason" in e else "")
        s["value"], s["state"] = e.get("value"), e.get("state")
    return [summary[k] for k in order]


def tolerance(key):
    k = key.lower()
    if "velocity" in k or "predicted" in k:
        return ("relative", 0.5, 50.0)
    if k in ("magnification", "scale"):
        return ("absolute", 0.03)
    if k in ("rotation", "angle", "angledelta"):
        return ("absolute", 3.0)
    if k in ("duration",):
        return ("absolute", 0.1)
    return ("absolute", 1.0)


def differences(expected, live, key="value"):
    """Where two JSON values differ beyond tolerance (a list of 'path: a vs b')."""
    found = []

    def walk(a, b, path, rule):
        if isinstance(a, dict) and isinstance(b, dict):
            if set(a) != set(b):
                found.append(f"{path}: keys {sorted(a)} vs {sorted(b)}")
                return
            for k in a:
                # A point's x and y keep the rule of the point (a velocity stays a velocity).
                walk(a[k], b[k], f"{path}.{k}", rule if k in ("x", "y") else tolerance(k))
        elif isinstance(a, (int, float)) and isinstance(b, (int, float)) and not isinstance(a, bool):
            if rule[0] == "relative":
                limit = max(rule[1] * max(abs(a), abs(b)), rule[2])
            else:
                limit = rule[1]
            if abs(a - b) > limit:
                found.append(f"{path}: {a} vs {b} (tolerance {limit:g})")
        elif a != b:
            found.append(f"{path}: {a!r} vs {b!r}")

    walk(expected, live, key, ("absolute", 1.0))
    return found


def agreement(expected, seen):
    """Why two instance lists disagree (empty when they agree within tolerance)."""
    shape_expected = [(s["gesture"], s["end"]) for s in expected]
    shape_live = [(s["gesture"], s["end"]) for s in seen]
    if shape_expected != shape_live:
        at = next((i for i, (a, b) in enumerate(zip(shape_expected, shape_live)) if a != b), min(len(shape_expected), len(shape_live)))
        show = lambda shape: " ".join(f"{g} {e}" for g, e in shape[at:at + 2]) or "nothing"
        return [f"{len(shape_expected)} instances replayed, {len(shape_live)} live; from #{at + 1}: replay {show(shape_expected)} vs live {show(shape_live)}"]
    problems = []
    for index, (a, b) in enumerate(zip(expected, seen)):
        problems += [f"#{index + 1} {a['gesture']} {d}" for d in differences(a["value"], b["value"])]
        problems += [f"#{index + 1} {a['gesture']} {d}" for d in differences(a["state"], b["state"], "state")]
    return problems


# ── Segment the live stream by device: recordings by the id the guest noted for each, the
#    virtual devices by their names ──────────────────────────────────────────────────────────
live = read_json_lines(os.path.join(out, "live.jsonl"))
order_path = os.path.join(out, "order.txt")
device_name = {int(i): n for n, i in (l.split() for l in open(order_path) if len(l.split()) == 2)} if os.path.exists(order_path) else {}
virtual = {"gestured e2e clickpad": "touchpad", "gestured e2e vanishing touchscreen": "removal"}
by_device, touchpad_events, removed_after = {}, {}, {}
for e in live:
    kind = e.get("event")
    announced = e.get("devices", []) if kind == "hello" else [e["device"]] if kind == "device-added" else []
    for device in announced:
        if device.get("name") in virtual:
            device_name[device["id"]] = virtual[device["name"]]
    if kind == "gesture":
        by_device.setdefault(device_name.get(e["device"], "?"), []).append(e)
    elif kind == "touchpad-gesture":
        touchpad_events.setdefault(device_name.get(e["device"], "?"), []).append(e)
    elif kind == "device-removed":
        name = device_name.get(e["device"], "?")
        removed_after[name] = len(by_device.get(name, []))

# ── Permissions ─────────────────────────────────────────────────────────────────────────────
try:
    status = int(open(os.path.join(out, "permissions.status")).read())
    message = open(os.path.join(out, "permissions.err")).read()
    ok = status == 1 and "/dev/input/event" in message and "input" in message and "serving" not in message
    record("permissions: unprivileged gestured says what is missing and exits 1", ok,
           f"exit {status}: {message.strip().splitlines()[0] if message.strip() else '(no message)'}")
except OSError as error:
    record("permissions: unprivileged gestured says what is missing and exits 1", False, str(error))

# ── gesturectl devices --libinput (through gestured --list-devices) ───────────────────────
def outputs(name):
    def read(suffix):
        return open(os.path.join(out, f"{name}.{suffix}")).read()
    return int(read("status")), read("out"), read("err")


try:
    status, text, errors = outputs("devices-libinput")
    ok = status == 0 and re.search(r"^dev\d+  gestured e2e idle touchscreen  \[/dev/input/event\d+\]  touchscreen, ", text, re.M) is not None
    record("gesturectl devices --libinput: libinput's touchscreen, through gestured --list-devices", ok and not errors,
           f"exit {status}: {(text + errors).strip()[:200]}")
    status, text, errors = outputs("devices-unprivileged")
    ok = status == 1 and "no touch devices could be opened on seat0" in text and "! " in text
    record("gesturectl devices --libinput as nobody: says which node it cannot open, exits 1", ok,
           f"exit {status}: {(text + errors).strip()[:200]}")
except OSError as error:
    record("gesturectl devices --libinput: libinput's touchscreen, through gestured --list-devices", False, str(error))

# ── Recordings ─────────────────────────────────────────────────────────────────────────────
recordings = [l.split() for l in open(os.path.join(share, "recordings.txt")) if l.strip()]
for fields in recordings:
    name = fields[0]
    expected = instances(read_json_lines(os.path.join(share, "expected", name + ".jsonl")))
    seen = instances(by_device.get(name, []))
    label = f"recording {name}: {len(expected)} gesture(s) live as replayed"
    if name not in device_name.values():
        record(label, False, "the daemon never announced the device")
        continue
    problems = agreement(expected, seen)
    if not problems:
        record(label, True)
        continue
    # Tell apart: the kernel delivered something else than the file (evemu-play and libinput
    # replay keep a recording's pace only approximately, the less so under emulation), or
    # gestured read what it got differently (a bug). The guest captured what the kernel
    # delivered with evemu-record; the host replayed that capture.
    captured = read_json_lines(os.path.join(out, name + ".captured.jsonl"))
    kernel = agreement(instances(captured), seen) if captured else ["no capture"]
    capture_path = os.path.join(out, name + ".captured.evemu")
    dropped = sum(1 for line in open(capture_path) if "SYN_DROPPED" in line) if os.path.exists(capture_path) else 0
    if kernel and dropped:
        # Under emulation the readers can fall behind evemu-play and the kernel drops events
        # (each reader at its own moments): neither the file nor the capture is what gestured
        # read, so nothing here can judge it.
        skip(label, f"the kernel dropped events (SYN_DROPPED ×{dropped} in the capture): the injected stream was lost "
             "in part, differently for each reader; " + "; ".join(problems[:1]))
        continue
    if not kernel:
        record(label, True, "the injected stream's timing differed from the file's (" + "; ".join(problems[:2])
               + "); live equals the replay of what the kernel delivered")
    else:
        record(label, False, "; ".join(problems[:3]) + " — and live differs from the replay of the kernel's own stream: "
               + "; ".join(kernel[:2]))

# ── gesturectl record on the real stack ────────────────────────────────────────────────────
# A touchscreen's gesture recorded through the daemon: the file's transcript (written beside it
# in the guest) is what the daemon saw live while it was recorded; the host's replay of the file
# gives that transcript byte for byte; libinput's own tool plays the file back into the daemon,
# and the daemon sees the same gestures again.
try:
    status = int(open(os.path.join(out, "record.status")).read())
    errors = open(os.path.join(out, "record.err")).read()
    written = read_json_lines(os.path.join(out, "recorded.yml.expected.jsonl"))
    live_source = instances(by_device.get("record-source", []))
    problems = agreement(live_source, instances(written))
    record("gesturectl record: the recorded fixture's transcript is what gestured saw live while recording",
           status == 0 and "wrote /host/out/recorded.yml:" in errors and bool(written) and not problems,
           f"exit {status}, {len(written)} events written, {len(live_source)} instance(s) live; " + "; ".join(problems[:2]))
    host = open(os.path.join(out, "recorded.host.jsonl")).read()
    beside = open(os.path.join(out, "recorded.yml.expected.jsonl")).read()
    record("gesturectl record: the host's gesturectl replay of the file gives the transcript written beside it, byte for byte",
           bool(host) and host == beside, f"{len(host.splitlines())} lines on the host, {len(beside.splitlines())} beside the file")
    played = instances(by_device.get("recorded", []))
    problems = agreement(instances(written), played)
    record("gesturectl record: libinput replay plays the file back, and gestured sees the same gestures",
           "recorded" in device_name.values() and bool(played) and not problems, "; ".join(problems[:2]))
except OSError as error:
    record("gesturectl record: the recorded fixture's transcript is what gestured saw live while recording", False, str(error))

# ── A stroke on the real stack (issue 37) ──────────────────────────────────────────────────
# libinput replay drew six shapes on a touchscreen it made; alice's actions file picks the
# check and the circle by name: each action ran once, in drawing order, and nothing else did.
try:
    ran = open(os.path.join(out, "stroke-actions.out")).read().split()
    errors = open(os.path.join(out, "stroke-runner.err")).read()
    shapes = ran[0::2]
    record("strokes: a check and a circle drawn through libinput run their actions once each, the L, line, Z and bracket none",
           shapes == ["check", "circle-clockwise"] and "strokes" in device_name.values() and "mistake" not in errors,
           f"ran {ran}; runner said: {errors.strip()[:300]}")
except OSError as error:
    record("strokes: a check and a circle drawn through libinput run their actions once each, the L, line, Z and bracket none", False, str(error))

# ── Touchpad ───────────────────────────────────────────────────────────────────────────────
pad = instances(by_device.get("touchpad", []))
swipe = [s for s in pad if s["gesture"] == "swipe-left-3"]
record("touchpad: libevdev fingers recognized as swipe-left-3", bool(swipe) and swipe[0]["end"] == "ended",
       f"saw {[(s['gesture'], s['end']) for s in pad]}")
passed = touchpad_events.get("touchpad", [])
stages = [(e["kind"], e["stage"], e["fingers"]) for e in passed]
ok = bool(stages) and stages[0] == ("swipe", "begin", 3) and stages[-1][:2] == ("swipe", "end") and not passed[-1]["cancelled"]
record("touchpad: libinput's own swipe gesture passed through", ok,
       f"{len(passed)} events: {stages[:1]} … {stages[-1:]}")

# ── Removal in the middle of a drag ────────────────────────────────────────────────────────
events = by_device.get("removal", [])
pan = [e for e in events if e["gesture"] == "pan"]
last = pan[-1] if pan else {}
ok = (bool(pan) and last.get("phase") == "failed" and last.get("reason") == "deviceRemoved"
      and last.get("state") == {"x": 0, "y": 0} and removed_after.get("removal") == len(events))
record("hotplug: a device removed mid-drag fails it with deviceRemoved, state reset, then device-removed", ok,
       f"last pan event {last.get('phase')}({last.get('reason')}) state {last.get('state')}")

# ── Touched before gestured started, then a SYN_DROPPED (issue 33) ────────────────────────
primed = read_json_lines(os.path.join(out, "primed.jsonl"))
primed_names = {}
for e in primed:
    for device in e.get("devices", []) if e.get("event") == "hello" else [e["device"]] if e.get("event") == "device-added" else []:
        primed_names[device["id"]] = device["name"]
marks = {}
toucher_log = os.path.join(out, "touched-before.log")
for line in open(toucher_log) if os.path.exists(toucher_log) else []:
    fields = line.split()
    if len(fields) == 3 and fields[0] == "mark":
        marks[fields[1]] = int(fields[2])


def primed_ends(device, gesture, start, end, where=False):
    """How each instance of `gesture` on the primed device named `device` that began between
    two marks ended (with `where`, also the y of its value's location, in mm)."""
    firsts = {}
    for e in primed:
        if e.get("event") == "gesture" and primed_names.get(e["device"]) == device and e["gesture"] == gesture:
            firsts.setdefault(e["instance"], e["timeUs"])
    ends = []
    for e in primed:
        if e.get("event") == "gesture" and e["instance"] in firsts and e["phase"] != "active" and start <= firsts[e["instance"]] < end:
            how = e["phase"] + (f"({e['reason']})" if "reason" in e else "")
            ends.append((how, (e.get("value") or {}).get("location", {}).get("y")) if where else how)
    return ends


def at_height(ends, y):
    """Every instance ended, its location y within 1 mm of `y`."""
    return bool(ends) and all(end == "ended" and height is not None and abs(height - y) <= 1 for end, height in ends)


screen_label, pad_label = "gestured e2e primed touchscreen", "gestured e2e primed clickpad"
if not {"swipes", "done"} <= set(marks):
    detail = open(toucher_log).read()[-300:] if os.path.exists(toucher_log) else "no log"
    for label in ("touched before start: edge swipes at the last touch's y", "touched before start: three-finger swipes at the last touch's y",
                  "SYN_DROPPED: the state read again, later edge swipes recognized"):
        record(label, False, "the injector did not finish: " + detail)
else:
    swipes_end = marks.get("drop", marks["done"])
    primed_log_path = os.path.join(out, "primed-daemon.log")
    primed_log = open(primed_log_path).read() if os.path.exists(primed_log_path) else ""
    said = f"{screen_label}: touched when gestured opened it; that touch counts once it lifts" in primed_log
    record("touched before start: the daemon says the screen was touched when it opened it (the resting finger)", said,
           "" if said else "no such line in primed-daemon.log")
    edges = primed_ends(screen_label, "edge-left", marks["swipes"], swipes_end, where=True)
    others = sorted({e["gesture"] for e in primed if e.get("event") == "gesture" and primed_names.get(e["device"]) == screen_label
                     and e["gesture"] != "edge-left" and e["phase"] == "ended"})
    record("touched before start: 3 of 3 edge swipes at y = 80 mm, the y of the last touch before the start, built-in configuration "
           "(a finger resting since then is no touch)",
           len(edges) == 3 and at_height(edges, 80) and not others, f"edge-left (phase, y): {edges}; also ended on the screen: {others}")
    pad_swipes = primed_ends(pad_label, "swipe-left-3", marks["swipes"], swipes_end)
    pinches = primed_ends(pad_label, "pinch", marks["swipes"], swipes_end, where=True)
    record("touched before start: 3 of 3 three-finger swipes and a pinch centred at y = 27.5 mm on a clickpad, at the heights of a touch "
           "before the start", pad_swipes == ["ended"] * 3 and len(pinches) == 1 and at_height(pinches, 27.5),
           f"swipe-left-3: {pad_swipes}; pinch (phase, y): {pinches}")
    if "after-drop" in marks:
        resynced = f"{screen_label}: the kernel dropped events (SYN_DROPPED)" in primed_log
        later = primed_ends(screen_label, "edge-left", marks["after-drop"], marks["done"], where=True)
        record("SYN_DROPPED: the device's state read again; 3 of 3 later edge swipes at y = 90 mm, the y the lost events left, "
               "beside a finger that landed in the gap", resynced and len(later) == 3 and at_height(later, 90),
               f"resync logged: {resynced}; edge-left after it (phase, y): {later}")
    else:
        record("SYN_DROPPED: the state read again, later edge swipes recognized", False, "the injector never reached the flood")
try:
    status = int(open(os.path.join(out, "primed-daemon.status")).read())
except (OSError, ValueError):
    status = None
record("touched before start: that daemon shuts down cleanly too", status == 0, f"exit {status}")

# ── Touchpad recordings: gestured's gestures against libinput's ───────────────────────────
agreeing, total = touchpad_agreement.judge(share, read_json_lines, record)
print(f"touchpad agreement: {agreeing} of {total} recordings (.build-e2e/last/out/touchpad-agreement.txt)")
touchpad_agreement.judge_landing_jump(share, read_json_lines, record)

# ── Owning what it acts on: the desktop's view of a grabbed, forwarded device ──────────────
for mode in ("consume", "listen", "kill", "release"):
    try:
        status = int(open(os.path.join(out, f"forwarding-{mode}.status")).read())
    except (OSError, ValueError):
        status = None
    record(f"forwarding ({mode}): the scenario ran to the end and its daemon stopped", status == 0, f"exit {status}")
for name, passed, detail in forwarding_checks.check(out):
    record(name, passed, detail)

# ── Beside a real compositor: sway's own bindgesture ───────────────────────────────────────
try:
    compositor = json.load(open(os.path.join(out, "compositor.json")))
except (OSError, ValueError) as error:
    compositor = {}
    print(f"(no compositor report: {error})")
consumed, listened = compositor.get("consume", {}), compositor.get("listen", {})
record(f"sway ({compositor.get('sway', '?')}): a consumed three-finger swipe left never fires its bindgesture, the right one does",
       consumed.get("grabbed") is True and consumed.get("sway_fired") == ["right"] and "swipe-left-3" in consumed.get("gestured_ended", []),
       f"grabbed {consumed.get('grabbed')}, sway fired {consumed.get('sway_fired')}, gestured ended {consumed.get('gestured_ended')}")
record("sway: with nothing consumed both of its bindgestures fire (the same swipes)",
       listened.get("sway_fired") == ["left", "right"], f"sway fired {listened.get('sway_fired')}, gestured ended {listened.get('gestured_ended')}")

turned = compositor.get("turn", {})
record("sway: `output HEADLESS-1 transform 90` turns the touchscreen that follows its screen, with no reload: "
       "a swipe up from the edge now at the bottom fires edge-bottom, the panel's own bottom edge is now the right",
       turned.get("following") is True and turned.get("turned") is True and turned.get("reloaded") is False
       and turned.get("gestured_ended") == ["edge-bottom", "edge-bottom", "edge-right"]
       and turned.get("actions_fired") == ["bottom", "bottom", "right"],
       f"runner following {turned.get('following')}, turned {turned.get('turned')}, reloaded {turned.get('reloaded')}, "
       f"gestured ended {turned.get('gestured_ended')}, actions {turned.get('actions_fired')}, device-changed {turned.get('device_changed')}"
       + (f", {turned.get('error')}" if turned.get("error") else ""))

# ── Shutdown ───────────────────────────────────────────────────────────────────────────────
try:
    status = int(open(os.path.join(out, "daemon.status")).read())
except OSError:
    status = None
record("SIGTERM: the live daemon shuts down cleanly", status == 0, f"exit {status}")

# ── The service: the package installed in a guest that booted systemd ─────────────────────
try:
    service_report = json.load(open(os.path.join(out, "service.json")))
except (OSError, ValueError) as error:
    service_report = {}
    print(f"(no service report: {error})")
service_checks.judge(service_report, record)

# ── Latency on the real stack ──────────────────────────────────────────────────────────────
samples = []
path = os.path.join(out, "latency.tsv")
if os.path.exists(path):
    for line in open(path):
        read_us, _, text = line.partition("\t")
        event = json.loads(text)
        if event.get("event") == "gesture" and event.get("phase") == "active" and not event.get("snapshot"):
            samples.append(int(read_us) - event["timeUs"])
samples.sort()
if samples:
    pick = lambda p: samples[min(len(samples) - 1, int(len(samples) * p))]
    summary = f"{len(samples)} events: p50 {pick(0.5) / 1000:.2f} ms, p99 {pick(0.99) / 1000:.2f} ms, max {samples[-1] / 1000:.2f} ms"
    open(os.path.join(out, "latency.txt"), "w").write(summary + "\n")
    record("latency: evdev SYN_REPORT timestamp → subscriber read (under emulation)", samples[0] >= 0, summary)
else:
    record("latency: evdev SYN_REPORT timestamp → subscriber read (under emulation)", False, "no samples")

failed = results.count(False)
print(f"{len(results) - failed} passed, {failed} failed" + (f", {len(skipped)} skipped" if skipped else ""))
sys.exit(1 if failed else 0)
