#!/usr/bin/env python3
"""Reads lift-trace's ftrace output (trace.txt, pids.txt, the peers tool's results.json) and prints
where each touchpad swipe's lift went: when gestured's event loop was woken, when it had read the
lift, when it wrote its first line, when `gesturectl actions` had read that line and when it
called clone3 for the command; all in ms after the injector's write of the lift. Then the daemon's
time per frame, from its read to its first write (frames that produce a line) or to its next
wait. Threads are told apart by name: both processes' loops are NIO threads, the daemon's is the
one that reads the device node, the runner's the one the daemon's write wakes.

Usage: stages.py OUT [PHASE] (the folder with trace.txt, pids.txt and results.json; the phase
of the peers tool that was traced, default latency-tp)"""
import json
import re
import statistics
import sys
from collections import Counter

folder = sys.argv[1]
results = json.load(open(f"{folder}/results.json"))
pattern = re.compile(r"^\s*(.+?)-(\d+)\s+\[(\d+)\]\s+\S+\s+([\d.]+):\s+(\S+):\s*(.*)$")
events = []
for line in open(f"{folder}/trace.txt"):
    m = pattern.match(line)
    if m:
        events.append((float(m.group(4)), m.group(1), int(m.group(2)), m.group(5), m.group(6)))


def is_read_exit(e):
    return e[3] == "sys_exit" and e[4].startswith("NR 0 =")


reads = Counter(e[2] for e in events if is_read_exit(e) and "NIO" in e[1])
daemon = reads.most_common(1)[0][0]
wanted = sys.argv[2] if len(sys.argv) > 2 else "latency-tp"
phase = next(p for p in results["phases"] if p["name"] == wanted)
print("ms after the lift's write: daemon woken, lift read, first line written; runner read it, clone3")
rows = []
for swipe in phase["swipes"]:
    t0 = swipe["lift_mono"] / 1e9
    window = [e for e in events if t0 - 0.0005 <= e[0] <= t0 + 0.02]

    def first(predicate):
        hit = next((e for e in window if predicate(e)), None)
        return (hit[0] - t0) * 1e3 if hit else float("nan")

    woken = first(lambda e: e[3] == "sched_waking" and f"pid={daemon} " in e[4])
    read = first(lambda e: e[2] == daemon and is_read_exit(e))
    write = first(lambda e: e[2] == daemon and e[3] == "sys_enter" and e[4].startswith("NR 1 "))
    woke = [e for e in window if e[2] == daemon and e[3] == "sched_waking" and "comm=NIO" in e[4]]
    runner = int(re.search(r"pid=(\d+)", woke[0][4]).group(1)) if woke else -1
    runner_read = first(lambda e: e[2] == runner and is_read_exit(e))
    clone = first(lambda e: e[2] == runner and e[3] == "sys_enter" and e[4].startswith("NR 435"))
    rows.append((woken, read, write, runner_read, clone))
    print("  " + "  ".join(f"{v:7.3f}" for v in rows[-1]))


def median(values):
    values = [v for v in values if v == v]
    return statistics.median(values) if values else float("nan")


print("p50: daemon read -> write %.3f ms, runner read -> clone3 %.3f ms, lift -> clone3 %.3f ms" % (
    median([r[2] - r[1] for r in rows]), median([r[4] - r[3] for r in rows]), median([r[4] for r in rows])))

# The daemon per frame: from a read to its first write, or to its next epoll_wait.
spans = {}
current = None
for t, _, tid, name, rest in events:
    if tid != daemon:
        continue
    if is_read_exit((t, "", tid, name, rest)):
        current = [t, int(rest.split("=")[1]), None]
    elif current and name == "sys_enter" and rest.startswith("NR 1 ") and current[2] is None:
        current[2] = t
    elif current and name == "sys_enter" and rest.startswith("NR 232"):
        spans.setdefault((current[1], current[2] is not None), []).append(((current[2] or t) - current[0]) * 1e3)
        current = None
print("the daemon per frame, read -> first write (or next wait):")
for (size, wrote), values in sorted(spans.items()):
    print(f"  {size:4d} bytes read, {'a line' if wrote else 'no line'}: {len(values):3d} frames, p50 {statistics.median(values):.3f} ms")
