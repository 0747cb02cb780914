#!/usr/bin/env python3
"""make bench-overlay: what the overlay costs (issue 50), under a real sway (headless, pixman).

  * a ten-finger stream at 240 Hz (10 fingers circling, written here as a libinput record file
    on the fixtures' touchscreen), replayed at its pace in a loop by gestured; gestured-overlay
    draws it on a 1280 x 720 output: its CPU (user + system, /proc/PID/stat) per second and per
    1,000 touch frames, over 10 s;
  * then a recording that ends (one edge swipe, lifted), and once the overlay has said it took
    its surface away: its wake-ups over 5 s (every thread's voluntary and involuntary context
    switches, /proc/PID/task/*/status), and its resident and private memory and threads.

Usage: run.py BIN_DIR (the folder with gestured and gestured-overlay). Prints a table and checks
nothing: docs/BENCHMARKS.md states the targets. Needs sway (as `nobody` when run as root).
"""
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import procmemory  # noqa: E402

bin_dir = sys.argv[1]
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
scratch = tempfile.mkdtemp(prefix="gestured-overlay-bench.")
os.chmod(scratch, 0o755)
HZ = os.sysconf("SC_CLK_TCK")
FRAMES = 240 * 5  # five seconds a loop


def header():
    """The fixtures' constructed touchscreen (ten slots, 293.6 x 165.2 mm), as its recording says it."""
    lines = open(os.path.join(root, "Fixtures/constructed/edge-swipe-left.yml")).read().split("\n")
    end = next(i for i, line in enumerate(lines) if line.strip() == "events:")
    return "\n".join(lines[: end + 1])


def ten_fingers(path):
    out = [header()]
    for frame in range(FRAMES):
        us = frame * 1_000_000 // 240
        events = []
        for slot in range(10):
            angle = 2 * math.pi * (frame / 240 + slot / 10)
            x = int(1468 + 900 * math.cos(angle) * (0.4 + slot / 20))
            y = int(826 + 600 * math.sin(angle) * (0.4 + slot / 20))
            events += [(3, 47, slot)] + ([(3, 57, 100 + slot)] if frame == 0 else []) + [(3, 53, x), (3, 54, y)]
        if frame == 0:
            events.append((1, 330, 1))
        events.append((0, 0, 0))
        out.append("    - evdev:")
        out += [f"      - [{us // 1_000_000:3d}, {us % 1_000_000:6d}, {t:2d}, {c:3d}, {v:6d}]" for t, c, v in events]
    open(path, "w").write("\n".join(out) + "\n")


def cpu(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / HZ


def switches(pid):
    """Each thread's context switches so far, by thread."""
    counts = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            counts[task] = sum(int(line.split()[1]) for line in open(f"/proc/{pid}/task/{task}/status")
                               if line.startswith(("voluntary_ctxt_switches", "nonvoluntary_ctxt_switches")))
        except OSError:
            pass  # the thread ended
    return counts


memory = procmemory.memory


def wait_for(check, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if check():
            return True
        time.sleep(0.05)
    return False


def text(path):
    try:
        return open(path).read()
    except OSError:
        return ""


processes = []
rows = []
try:
    runtime = os.path.join(scratch, "runtime")
    os.mkdir(runtime, 0o700)
    as_root = os.geteuid() == 0
    if as_root:
        os.chown(runtime, 65534, 65534)
    config = os.path.join(runtime, "config")
    open(config, "w").write("output HEADLESS-1 resolution 1280x720\n")
    environment = {"PATH": "/usr/bin:/bin", "HOME": runtime, "XDG_RUNTIME_DIR": runtime, "WLR_BACKENDS": "headless", "WLR_RENDERER": "pixman",
                   "WLR_LIBINPUT_NO_DEVICES": "1", "WLR_HEADLESS_OUTPUTS": "1"}
    sway = ["sway", "-c", config]
    processes.append(subprocess.Popen((["setpriv", "--reuid=nobody", "--regid=nogroup", "--clear-groups"] if as_root else []) + sway,
                                      env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    display = os.path.join(runtime, "wayland-1")
    if not wait_for(lambda: os.path.exists(display)):
        sys.exit("bench-overlay: sway did not start")

    def run(recording, loop):
        sock = os.path.join(scratch, f"g-{len(processes)}.sock")
        daemon = subprocess.Popen([os.path.join(bin_dir, "gestured"), "--replay", recording, "--realtime", "--wait-subscribers", "1", "--socket", sock,
                                   "--log-level", "warning"] + (["--loop"] if loop else []), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(daemon)
        if not wait_for(lambda: os.path.exists(sock)):
            sys.exit("bench-overlay: the daemon never listened")
        said = os.path.join(scratch, f"overlay-{len(processes)}.err")
        overlay = subprocess.Popen([os.path.join(bin_dir, "gestured-overlay"), "--verbose", "--socket", sock, "--display", display,
                                    "--file", os.path.join(scratch, "none.yml")], stdout=subprocess.DEVNULL, stderr=open(said, "w"))
        processes.append(overlay)
        return overlay, said

    open(os.path.join(scratch, "none.yml"), "w").write("version: 1\nactions: []\n")
    stream = os.path.join(scratch, "ten-fingers-240hz.yml")
    ten_fingers(stream)
    overlay, said = run(stream, loop=True)
    if not wait_for(lambda: "shown" in text(said)):
        sys.exit("bench-overlay: the overlay never showed: " + text(said))
    time.sleep(1)  # drawing steadily
    before, started = cpu(overlay.pid), time.monotonic()
    if os.environ.get("GESTURED_OVERLAY_PERF"):  # where the time goes: perf's report in the given file
        subprocess.run(["perf", "record", "-g", "-o", os.environ["GESTURED_OVERLAY_PERF"], "-p", str(overlay.pid), "--", "sleep", "10"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    else:
        time.sleep(10)
    spent, elapsed = cpu(overlay.pid) - before, time.monotonic() - started
    frames = elapsed * 240
    rows.append(("ten fingers at 240 Hz: the overlay's CPU", f"{spent / elapsed * 100:.1f} % of a core; {spent / frames * 1000:.2f} CPU s per 1,000 touch frames"))
    rss, private, threads = memory(overlay.pid)
    rows.append(("while drawing: RSS / private", f"{rss / 1024:.1f} MB / {private / 1024:.1f} MB"))
    overlay.terminate()
    overlay.wait(timeout=10)

    edge = os.path.join(root, "Fixtures/constructed/edge-swipe-left.yml")
    overlay, said = run(edge, loop=False)
    if not wait_for(lambda: "taken away" in text(said)):
        sys.exit("bench-overlay: the overlay never took its surface away: " + text(said))
    # The first seconds after the surface went, then the next ones: the Swift runtime's worker
    # threads linger a few seconds before they end (each ending is a wake-up of its own).
    for label in ("idle, the first 5 s after the surface went: wake-ups", "idle, the 5 s after those: wake-ups"):
        before = switches(overlay.pid)
        time.sleep(5)
        after = switches(overlay.pid)
        woken = sum(after[t] - before.get(t, 0) for t in after)
        rows.append((label, f"{woken} (threads that ended: {len(set(before) - set(after))})"))
    rss, private, threads = memory(overlay.pid)
    rows.append(("idle: RSS / private", f"{rss / 1024:.1f} MB / {private / 1024:.1f} MB"))
    rows.append(("idle: threads", f"{len(threads)} ({', '.join(threads)})"))
finally:
    for process in reversed(processes):
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
    shutil.rmtree(scratch, ignore_errors=True)

width = max(len(r[0]) for r in rows)
for label, value in rows:
    print(f"{label.ljust(width)}  {value}")
