#!/usr/bin/env python3
"""Guest side of tools/peers: gestured and its peers side by side on one injected input.

Runs as root inside the qemu-input guest (real evdev, uinput, udev, libinput). Makes a clickpad
and a touchscreen with uinput (python3-libevdev), starts every tool on them, then, all tools
running at once and reading the same kernel events:

  idle        RSS of each tool's processes; CPU over --idle seconds with no input
  warm-up     2 three-finger swipes left on each device (not counted)
  latency-tp  --swipes three-finger swipes left on the touchpad (120 ms from landing to lift at
              125 Hz, one every 600 ms)
  latency-ts  the same on the touchscreen
  short-tp/ts --short-swipes quicker swipes (--short-duration, same distance)
then, every other tool stopped (SIGSTOP) in turn:
  alone-TOOL-latency-tp/ts   the same swipes as latency-tp/ts, for the tool's devices
  alone-TOOL-cpu-ts-rN       ten fingers circling on the touchscreen at 240 Hz
  alone-TOOL-cpu-tp-rN       three fingers circling on the touchpad at 125 Hz
                             (--cpu-seconds per tool and device, in --rounds turns)
and last the stamp command alone (spawned directly, and through sh -c), every tool stopped.

Every tool's swipe-left-3 runs the same command, `stamp TOOL`, which appends CLOCK_REALTIME in
ns to /run/peers/stamps/TOOL (stamp.c, a static binary; or `date +%s%N` in a sh script,
stamp.sh, with --stamp date), so each pays a fork/exec. The injector (SCHED_FIFO: it stands
for the hardware) notes CLOCK_REALTIME right after the write() of each swipe's last frame, the
lift. CPU is utime+stime from /proc/PID/stat of every process in the tool's sessions: each tool
is started in a session of its own, so children such as `libinput debug-events` count, the
`stamp` commands (and a sh running one) do not; a CPU phase ends when the tool has been idle
for a second (it may work off a backlog after the last frame). Results: OUT/results.json (the
host's analyze.py reads it), tool logs in OUT/logs/.

Usage: bench.py --share DIR --out DIR [--tools a,b,...] [--swipes 20] [--cpu-seconds 20] ...
DIR holds bin/ (gestured, gesturectl, touchegg), peers/ (libinput-gestures, fusuma sources),
config/ and guest/ (this folder).
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
import sys
import time

import libevdev
from libevdev import EV_ABS, EV_KEY, InputAbsInfo

RUN = "/run/peers"
STAMPS = f"{RUN}/stamps"
STAMP = f"{RUN}/bin/stamp"
TRANSIENT = {"sh", "date", "stamp"}  # the measured command itself, not the tool
SHORT = {"touchpad": "tp", "touchscreen": "ts"}
ALL_TOOLS = ["gestured", "touchegg", "libinput-gestures", "fusuma", "lisgd"]
# which device each tool is meant for (a firing on another device is a false one)
MEANT = {
    "gestured": {"touchpad", "touchscreen"},
    "touchegg": {"touchpad", "touchscreen"},
    "libinput-gestures": {"touchpad"},
    "fusuma": {"touchpad"},
    "lisgd": {"touchscreen"},
}

T_SYN, T_KEY, T_ABS = 0, 1, 3
C = {name: int(getattr(EV_ABS, name).value) for name in (
    "ABS_X", "ABS_Y", "ABS_MT_SLOT", "ABS_MT_TRACKING_ID", "ABS_MT_POSITION_X", "ABS_MT_POSITION_Y")}
K = {name: int(getattr(EV_KEY, name).value) for name in (
    "BTN_TOUCH", "BTN_LEFT", "BTN_TOOL_FINGER", "BTN_TOOL_DOUBLETAP", "BTN_TOOL_TRIPLETAP",
    "BTN_TOOL_QUADTAP", "BTN_TOOL_QUINTTAP")}
TOOL_BTN = {1: "BTN_TOOL_FINGER", 2: "BTN_TOOL_DOUBLETAP", 3: "BTN_TOOL_TRIPLETAP",
            4: "BTN_TOOL_QUADTAP", 5: "BTN_TOOL_QUINTTAP"}
EVENT = struct.Struct("llHHi")  # struct input_event on x86-64 (the kernel stamps its own time)


def log(msg):
    print(f"[peers {time.monotonic():9.3f}] {msg}", flush=True)


def now_rt():
    return time.clock_gettime_ns(time.CLOCK_REALTIME)


def now_mono():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC)


class Surface:
    """A uinput multitouch device. Frames are written with one write() each (all of a frame's
    events and its SYN_REPORT), positions given in millimetres."""

    def __init__(self, kind, name, width_mm, height_mm, res, slots):
        self.kind, self.res, self.slots = kind, res, slots
        self.width_mm, self.height_mm = width_mm, height_mm
        d = libevdev.Device()
        d.name = name
        if kind == "touchpad":
            d.id = {"bustype": 0x18, "vendor": 0x1234, "product": 0x7001, "version": 1}
            d.enable(libevdev.INPUT_PROP_POINTER)
            d.enable(libevdev.INPUT_PROP_BUTTONPAD)
            for key in ("BTN_LEFT", "BTN_TOUCH", "BTN_TOOL_FINGER", "BTN_TOOL_DOUBLETAP",
                        "BTN_TOOL_TRIPLETAP", "BTN_TOOL_QUADTAP", "BTN_TOOL_QUINTTAP"):
                d.enable(getattr(EV_KEY, key))
        else:
            d.id = {"bustype": 0x18, "vendor": 0x1234, "product": 0x7002, "version": 1}
            d.enable(libevdev.INPUT_PROP_DIRECT)
            d.enable(EV_KEY.BTN_TOUCH)
        xmax, ymax = round(width_mm * res), round(height_mm * res)
        for axis, maximum in ((EV_ABS.ABS_X, xmax), (EV_ABS.ABS_Y, ymax),
                              (EV_ABS.ABS_MT_POSITION_X, xmax), (EV_ABS.ABS_MT_POSITION_Y, ymax)):
            d.enable(axis, InputAbsInfo(minimum=0, maximum=maximum, resolution=res))
        d.enable(EV_ABS.ABS_MT_SLOT, InputAbsInfo(minimum=0, maximum=slots - 1))
        d.enable(EV_ABS.ABS_MT_TRACKING_ID, InputAbsInfo(minimum=0, maximum=65535))
        self._file = open("/dev/uinput", "r+b", buffering=0)
        self.dev = d.create_uinput_device(uinput_fd=self._file)
        self.fd = self._file.fileno()
        self.node = self.dev.devnode
        self.down = {}  # slot -> tracking id
        self.next_id = 1
        self.frames = 0

    def encode(self, points):
        """The bytes of a frame with `points` ({slot: (x_mm, y_mm)}) the fingers down after it;
        updates the device's state as if it were written."""
        ev = []
        before = len(self.down)
        for slot in sorted(set(self.down) - set(points)):
            ev += [(T_ABS, C["ABS_MT_SLOT"], slot), (T_ABS, C["ABS_MT_TRACKING_ID"], -1)]
            del self.down[slot]
        for slot, (x, y) in sorted(points.items()):
            ev.append((T_ABS, C["ABS_MT_SLOT"], slot))
            if slot not in self.down:
                self.down[slot] = self.next_id
                ev.append((T_ABS, C["ABS_MT_TRACKING_ID"], self.next_id))
                self.next_id = self.next_id % 60000 + 1
            ev += [(T_ABS, C["ABS_MT_POSITION_X"], round(x * self.res)),
                   (T_ABS, C["ABS_MT_POSITION_Y"], round(y * self.res))]
        if points:
            x, y = points[min(points)]
            ev += [(T_ABS, C["ABS_X"], round(x * self.res)), (T_ABS, C["ABS_Y"], round(y * self.res))]
        after = len(self.down)
        if (before == 0) != (after == 0):
            ev.append((T_KEY, K["BTN_TOUCH"], 1 if after else 0))
        if self.kind == "touchpad" and min(before, 5) != min(after, 5):
            if before:
                ev.append((T_KEY, K[TOOL_BTN[min(before, 5)]], 0))
            if after:
                ev.append((T_KEY, K[TOOL_BTN[min(after, 5)]], 1))
        ev.append((T_SYN, 0, 0))
        return b"".join(EVENT.pack(0, 0, t, c, v) for t, c, v in ev)

    def write(self, data):
        """One write() of a whole frame; returns CLOCK_REALTIME and CLOCK_MONOTONIC ns noted
        right after it."""
        os.write(self.fd, data)
        self.frames += 1
        return now_rt(), now_mono()

    def frame(self, points):
        return self.write(self.encode(points))


def sleep_until(mono_ns):
    delta = (mono_ns - now_mono()) / 1e9
    if delta > 0:
        time.sleep(delta)


def swipes(surface, starts, distance_mm, count, period, duration, rate, label):
    """`count` swipes left of len(starts) fingers, `duration` s each at `rate` Hz (first frame:
    the fingers land; last: they lift), one every `period` s. Returns each swipe's times."""
    step = 1.0 / rate
    nframes = round(duration * rate)  # frames after the landing; the last is the lift
    frames = [surface.encode(dict(enumerate(starts)))]
    for k in range(1, nframes):
        p = k / (nframes - 1)
        frames.append(surface.encode({s: (x - distance_mm * p, y) for s, (x, y) in enumerate(starts)}))
    frames.append(surface.encode({}))
    out = []
    t0 = now_mono() + int(0.2e9)
    for i in range(count):
        sleep_until(t0 + int(i * period * 1e9))
        times = [surface.write(frames[0])]
        start = times[0][1]  # later frames keep their spacing from the landing as written
        for k, data in enumerate(frames[1:], 1):
            sleep_until(start + int(k * step * 1e9))
            times.append(surface.write(data))
        gaps = [(b[1] - a[1]) / 1e6 for a, b in zip(times, times[1:])]
        out.append({"down": times[0][0], "lift": times[-1][0], "lift_mono": times[-1][1],
                    "duration_ms": (times[-1][1] - times[0][1]) / 1e6, "max_gap_ms": max(gaps),
                    "min_gap_ms": min(gaps)})
    log(f"{label}: {count} swipes on {surface.kind}, last lift {(out[-1]['lift'] - out[0]['down']) / 1e9:.2f} s after the first landing")
    return out


def circle_frames(surface, centers, seconds, rate, radius=10.0, hz=1.0):
    """The frames of all fingers of `centers` down, circling together (radius mm, hz turns/s),
    at `rate` Hz for `seconds`, then the lift: made before the clock starts."""
    n = int(seconds * rate)
    frames = []
    for k in range(n):
        a = 2 * math.pi * hz * k / rate
        dx, dy = radius * math.cos(a) - radius, radius * math.sin(a)
        frames.append(surface.encode({s: (x + dx, y + dy) for s, (x, y) in enumerate(centers)}))
    return frames, surface.encode({})


def play(surface, frames, lift, rate):
    """Writes `frames` at `rate` Hz; a frame that comes more than a period late is skipped, not
    bunched. Returns (frames written, seconds taken)."""
    step_ns = int(1e9 / rate)
    first = surface.frames
    t0 = now_mono() + int(0.1e9)
    k = 0
    while k < len(frames):
        target = t0 + k * step_ns
        now = now_mono()
        if k > 0 and now - target > step_ns:  # late: skip to the next frame due (never the landing)
            k = (now - t0) // step_ns + 1
            continue
        sleep_until(target)
        surface.write(frames[k])
        k += 1
    surface.write(lift)
    return surface.frames - first, (now_mono() - t0) / 1e9


# ── processes ────────────────────────────────────────────────────────────────────────────
def scan():
    """pid -> {comm, sid, ticks (utime+stime), user, system (utime, stime), ns (sum_exec_runtime of its threads)}"""
    out = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat") as f:
                stat = f.read()
            r = stat.rindex(")")
            comm = stat[stat.index("(") + 1:r]
            fields = stat[r + 2:].split()
            ns, threads = 0, {}
            for tid in os.listdir(f"/proc/{name}/task"):
                with open(f"/proc/{name}/task/{tid}/schedstat") as f:
                    ns += int(f.read().split()[0])
                with open(f"/proc/{name}/task/{tid}/stat") as f:
                    ts = f.read()
                tr = ts.rindex(")")
                tf = ts[tr + 2:].split()
                threads[int(tid)] = (ts[ts.index("(") + 1:tr], int(tf[11]) + int(tf[12]))
        except (OSError, ValueError, IndexError):
            continue
        out[int(name)] = {"comm": comm, "sid": int(fields[3]),
                          "ticks": int(fields[11]) + int(fields[12]), "user": int(fields[11]), "system": int(fields[12]),
                          "ns": ns, "threads": threads}
    return out


def rss_kb(pid):
    # From the page tables (smaps_rollup), not VmRSS: before Linux 6.2 (the image's 6.1) each
    # thread keeps its own share of the counter behind VmRSS and adds it in only now and then,
    # so VmRSS lagged by what a sleeping thread had faulted in: in run K gestured's daemon
    # and runner, which unmap pages (StartupPages), read 8.7 MiB together, below their own PSS
    # (10.8), which can never exceed what is resident (issue 66).
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Rss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def pss_kb(pid):
    try:
        with open(f"/proc/{pid}/smaps_rollup") as f:
            for line in f:
                if line.startswith("Pss:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


class Tool:
    def __init__(self, name):
        self.name = name
        self.procs = []  # (label, Popen)

    def start(self, label, argv, env=None, cwd=None):
        logf = open(f"{RUN}/logs/{self.name}.{label}.log", "w")
        p = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=logf, stderr=subprocess.STDOUT,
                             env=env, cwd=cwd, start_new_session=True)
        self.procs.append((label, p))
        log(f"{self.name}: started {label} (pid {p.pid}): {' '.join(argv)}")
        return p

    def sids(self):
        return {p.pid for _, p in self.procs}

    def members(self, table):
        return {pid: v for pid, v in table.items() if v["sid"] in self.sids() and v["comm"] not in TRANSIENT}

    def label(self, pid, comm):
        for label, p in self.procs:
            if p.pid == pid:
                return f"{label}:{comm}"
        return comm

    def signal(self, sig):
        """To every process of the tool's sessions (children such as libinput debug-events too)."""
        for pid in self.members(scan()):
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass

    def alive(self):
        return {label: p.poll() is None for label, p in self.procs}

    def stop(self):
        for _, p in reversed(self.procs):
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for _, p in reversed(self.procs):
            try:
                p.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, signal.SIGKILL)


def cpu_delta(tool, before, after):
    """CPU of the tool's processes between two scans: per process, so that one which started
    in between counts from zero and one that ended does not subtract."""
    per = {}
    for pid, v in tool.members(after).items():
        b = before.get(pid)
        b = b if b is not None and b["comm"] == v["comm"] else {"ticks": 0, "ns": 0, "user": 0, "system": 0}
        key = tool.label(pid, v["comm"])
        e = per.setdefault(key, {"ticks": 0, "ns": 0, "user": 0, "system": 0})
        e["ticks"] += v["ticks"] - b["ticks"]
        e["user"] += v["user"] - b["user"]
        e["system"] += v["system"] - b["system"]
        e["ns"] += v["ns"] - b["ns"]
    threads = {}  # per thread name, threads alive at both ends (or born in between)
    for pid, v in tool.members(after).items():
        b = before.get(pid, {}).get("threads", {})
        for tid, (tcomm, ticks) in v["threads"].items():
            key = f"{tool.label(pid, v['comm'])}/{tcomm}"
            threads[key] = threads.get(key, 0) + ticks - (b[tid][1] if tid in b else 0)
    return {"ticks": sum(e["ticks"] for e in per.values()), "ns": sum(e["ns"] for e in per.values()),
            "user": sum(e["user"] for e in per.values()), "system": sum(e["system"] for e in per.values()),
            "per_process": per, "per_thread_ticks": {k: v for k, v in threads.items() if v}}


def memory(tool):
    table = scan()
    procs = {pid: v["comm"] for pid, v in tool.members(table).items()}
    return {"rss_kb": sum(rss_kb(p) for p in procs), "pss_kb": sum(pss_kb(p) for p in procs),
            "per_process": {tool.label(p, c): rss_kb(p) for p, c in procs.items()}}


# ── gestured ─────────────────────────────────────────────────────────────────────────────
def gestured_devices(sock):
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(5)
            s.connect(sock)
            f = s.makefile("rwb")
            f.readline()
            f.write(b'{"id": 1, "request": "devices"}\n')
            f.flush()
            for line in f:
                reply = json.loads(line)
                if reply.get("id") == 1:
                    return [d["name"] for d in reply.get("devices", [])]
    except (OSError, ValueError):
        pass
    return []


def wait_idle(tools, cap, quiet_ticks=1):
    """Until the tools' processes used at most `quiet_ticks` clock ticks in a second (cap s)."""
    end = time.monotonic() + cap
    a = scan()
    while time.monotonic() < end:
        time.sleep(1)
        b = scan()
        if sum(cpu_delta(t, a, b)["ticks"] for t in tools) <= quiet_ticks:
            return
        a = b


def wait_for(what, predicate, timeout):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.1)
    log(f"gave up waiting for {what}")
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--share", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--tools", default=",".join(ALL_TOOLS))
    ap.add_argument("--swipes", type=int, default=20)
    ap.add_argument("--period", type=float, default=0.6, help="s from one swipe's landing to the next")
    ap.add_argument("--duration", type=float, default=0.12, help="s from landing to lift")
    ap.add_argument("--short-swipes", type=int, default=10, help="quick swipes per device (0: none)")
    ap.add_argument("--short-duration", type=float, default=0.08, help="s from landing to lift of a quick swipe")
    ap.add_argument("--tp-rate", type=float, default=125)
    ap.add_argument("--ts-rate", type=float, default=125)
    ap.add_argument("--cpu-seconds", type=float, default=20)
    ap.add_argument("--rounds", type=int, default=4, help="turns the CPU load is split into, per tool")
    ap.add_argument("--cpu-ts-rate", type=float, default=240)
    ap.add_argument("--cpu-tp-rate", type=float, default=125)
    ap.add_argument("--settle", type=float, default=20, help="s after starting the tools")
    ap.add_argument("--idle", type=float, default=10, help="s of idle CPU measured")
    ap.add_argument("--tail", type=float, default=3, help="s waited after each phase")
    ap.add_argument("--stamp", choices=("c", "date"), default="c")
    ap.add_argument("--drain-cap", type=float, default=240, help="s at most waited for a tool to go idle after a CPU phase")
    ap.add_argument("--no-alone", action="store_true", help="only the phases with every tool at once")
    ap.add_argument("--callgrind-frames", type=int, default=0,
                    help="N: gestured's daemon and lisgd each run twice under callgrind, fed N and 2N ten-finger touchscreen frames "
                         "at --callgrind-rate; their instructions a frame are the difference over N (0: none; slow)")
    ap.add_argument("--callgrind-rate", type=float, default=10, help="frames a second under callgrind (slow enough that nothing is dropped)")
    ap.add_argument("--syscall-seconds", type=float, default=5,
                    help="s of the ten-finger touchscreen load played to gestured and to lisgd, each alone under strace -c -f (0: none)")
    args = ap.parse_args()
    tools_wanted = [t for t in args.tools.split(",") if t]
    share, out = os.path.abspath(args.share), os.path.abspath(args.out)
    os.makedirs(f"{out}/logs", exist_ok=True)
    for d in (RUN, STAMPS, f"{RUN}/bin", f"{RUN}/logs", f"{RUN}/cfg"):
        os.makedirs(d, exist_ok=True)
    # the stamp: the static binary run.sh built (stamp.c), or `date` in a sh script (stamp.sh)
    shutil.copy(f"{share}/bin/stamp" if args.stamp == "c" else f"{share}/guest/stamp.sh", STAMP)
    os.chmod(STAMP, 0o755)
    for name in os.listdir(f"{share}/config"):
        shutil.copy(f"{share}/config/{name}", f"{RUN}/cfg/{name}")
    env = dict(os.environ, PATH="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
               HOME="/root", LANG="C.UTF-8")
    res = {"started": now_rt(), "args": vars(args), "tools": tools_wanted, "phases": [],
           "uname": os.uname().release, "cpus": os.cpu_count()}
    with open("/proc/cpuinfo") as f:
        res["cpu_model"] = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "?")
    res["clk_tck"] = os.sysconf("SC_CLK_TCK")

    # ── devices ──
    tp = Surface("touchpad", "peers clickpad", 100.0, 70.0, 12, 5)
    ts = Surface("touchscreen", "peers touchscreen", 293.0, 165.0, 10, 10)
    subprocess.run(["udevadm", "settle", "--timeout=30"], check=False)
    res["devices"] = {"touchpad": tp.node, "touchscreen": ts.node}
    log(f"touchpad {tp.node}, touchscreen {ts.node}")
    lst = subprocess.run(["libinput", "list-devices"], capture_output=True, text=True).stdout
    with open(f"{out}/logs/libinput-list-devices.txt", "w") as f:
        f.write(lst)

    # ── tools ──
    tools = {}
    infra = Tool("infra")
    # The programs run from the guest's own disk (ext4), as installed ones do, not from the 9p
    # share: 9p maps an executable's pages one by one, with neither read-around nor the
    # kernel's fault-around, which made everything run from it look 3-4 MB smaller than
    # installed (issue 66). The page cache is dropped first, so their pages come in as after
    # a boot.
    bins = "/opt/peers/bin"
    os.makedirs(bins, exist_ok=True)
    for name in os.listdir(f"{share}/bin"):
        # links stay links (gesturectl and gestured-actions are gestured by another name, as the
        # package installs them: one file, its pages shared by the daemon and the runner)
        shutil.copy2(f"{share}/bin/{name}", f"{bins}/{name}", follow_symlinks=False)
    subprocess.run(["sync"], check=False)
    with open("/proc/sys/vm/drop_caches", "w") as f:
        f.write("3\n")
    if "touchegg" in tools_wanted:
        infra.start("Xvfb", ["Xvfb", ":99", "-screen", "0", "1920x1080x24", "-nolisten", "tcp"], env=env)
        wait_for("Xvfb", lambda: os.path.exists("/tmp/.X11-unix/X99"), 60)
    for name in tools_wanted:
        t = tools[name] = Tool(name)
        if name == "gestured":
            sock = f"{RUN}/gestured.sock"
            genv = dict(env, GESTURED_SOCKET=sock)
            t.start("daemon", [f"{bins}/gestured", "--socket", sock], env=genv)
            wait_for("gestured's devices", lambda: len(gestured_devices(sock)) >= 2, 120)
            # the runner's own program where the build has it (what the user unit starts), else gesturectl actions
            runner = [f"{bins}/gestured-actions"] if os.path.exists(f"{bins}/gestured-actions") else [f"{bins}/gesturectl", "actions"]
            t.start("actions", runner + ["--file", f"{RUN}/cfg/gestured-actions.yml"], env=genv)
            # beside the runner (not counted as the tool): when the daemon's event reached a client
            infra.start("gestured-subscriber", ["python3", f"{share}/guest/subscriber.py", sock,
                                                f"{RUN}/gestured-events.tsv"], env=genv)
        elif name == "touchegg":
            t.start("daemon", [f"{bins}/touchegg", "--daemon"], env=env)
            time.sleep(1)
            xdg = f"{RUN}/touchegg-config"
            os.makedirs(f"{xdg}/touchegg", exist_ok=True)
            shutil.copy(f"{RUN}/cfg/touchegg.conf", f"{xdg}/touchegg/touchegg.conf")
            # the same file as the user's and the system's (it insists on a system one)
            t.start("client", [f"{bins}/touchegg", "--client"],
                    env=dict(env, DISPLAY=":99", XDG_CONFIG_HOME=xdg, XDG_CONFIG_DIRS=xdg))
        elif name == "libinput-gestures":
            t.start("main", ["python3", f"{share}/peers/libinput-gestures/libinput-gestures",
                             "-c", f"{RUN}/cfg/libinput-gestures.conf", "--device", tp.node], env=env)
        elif name == "fusuma":
            t.start("main", ["ruby", "-I", f"{share}/peers/fusuma/lib", f"{share}/peers/fusuma/exe/fusuma",
                             "-c", f"{RUN}/cfg/fusuma.yml"], env=env)
        elif name == "lisgd":
            t.start("main", ["lisgd", "-d", ts.node, "-w", "1920", "-h", "1080",
                             "-g", f"3,RL,*,*,R,{STAMP} lisgd"], env=env)
    log(f"settling {args.settle} s")
    time.sleep(args.settle)
    res["alive_after_start"] = {n: t.alive() for n, t in tools.items()}
    log(f"alive: {res['alive_after_start']}")

    # ── idle: memory, CPU ──
    res["idle_memory"] = {n: memory(t) for n, t in tools.items()}
    b = scan()
    time.sleep(args.idle)
    a = scan()
    res["idle_cpu"] = {"seconds": args.idle, **{n: cpu_delta(t, b, a) for n, t in tools.items()}}
    res["idle_cpu_infra"] = cpu_delta(infra, b, a)

    # The injector stands for the hardware: real-time, so that the tools never delay a frame.
    try:
        os.sched_setscheduler(0, os.SCHED_FIFO, os.sched_param(20))
        res["injector_sched"] = "SCHED_FIFO 20"
    except OSError as e:
        res["injector_sched"] = f"normal ({e})"

    res["memory"] = []

    def mem_sample(when):
        res["memory"].append({"when": when, **{n: memory(t)["per_process"] for n, t in tools.items()}})

    def phase(name, device, body, mode, active):
        log(f"phase {name} ({mode}: {', '.join(active)})")
        ph = {"name": name, "device": device, "mode": mode, "active": list(active), "start": now_rt()}
        before = scan()
        ph.update(body())
        last_input = now_mono()
        time.sleep(args.tail)
        after = scan()
        if "frames" in ph:  # a CPU phase: wait until the active tools have worked off the input
            def busy(a, b):
                return sum(cpu_delta(tools[n], a, b)["ticks"] for n in active)
            while (now_mono() - last_input) / 1e9 < args.drain_cap:
                time.sleep(1)
                later = scan()
                moved = busy(after, later)
                after = later
                if moved <= 1:
                    break
            ph["busy_after_input_s"] = (now_mono() - last_input) / 1e9
        ph["end"] = now_rt()
        ph["cpu"] = {n: cpu_delta(t, before, after) for n, t in tools.items() if n in active}
        ph["cpu_infra"] = cpu_delta(infra, before, after)
        res["phases"].append(ph)

    TP_START = [(62.0, 35.0), (72.0, 30.0), (82.0, 35.0)]
    TS_START = [(190.0, 90.0), (210.0, 80.0), (230.0, 90.0)]

    def swipe_body(dev, n, label, duration=None):
        surface, starts, dist, rate = (tp, TP_START, 40, args.tp_rate) if dev == "touchpad" else (ts, TS_START, 60, args.ts_rate)
        return lambda: {"swipes": swipes(surface, starts, dist, n, args.period, duration or args.duration, rate, label),
                        "duration": duration or args.duration}

    def cpu_body(surface, centers, rate, seconds):
        prepared, lift = circle_frames(surface, centers, seconds, rate)

        def body():
            frames, took = play(surface, prepared, lift, rate)
            log(f"{surface.kind}: {frames} frames in {took:.2f} s ({frames / took:.0f} Hz)")
            return {"frames": frames, "inject_seconds": took, "rate": rate, "fingers": len(centers)}
        return body

    TS_TEN = [(x, y) for y in (60.0, 110.0) for x in (60.0, 100.0, 140.0, 180.0, 220.0)]
    TP_THREE = [(45.0, 35.0), (55.0, 30.0), (65.0, 35.0)]
    names = list(tools)

    # ── together: every tool reads the same swipes at once ──
    phase("warmup-tp", "touchpad", swipe_body("touchpad", 2, "warm-up"), "together", names)
    phase("warmup-ts", "touchscreen", swipe_body("touchscreen", 2, "warm-up"), "together", names)
    phase("latency-tp", "touchpad", swipe_body("touchpad", args.swipes, "latency"), "together", names)
    phase("latency-ts", "touchscreen", swipe_body("touchscreen", args.swipes, "latency"), "together", names)
    mem_sample("after the swipes together")
    # quick swipes: the same fingers and distance in --short-duration
    if args.short_swipes:
        phase("short-tp", "touchpad", swipe_body("touchpad", args.short_swipes, "short", args.short_duration), "together", names)
        phase("short-ts", "touchscreen", swipe_body("touchscreen", args.short_swipes, "short", args.short_duration), "together", names)
        mem_sample("after the short swipes")

    # ── alone: the others stopped (SIGSTOP), the same swipes again ──
    if not args.no_alone:
        for name in names:
            others = [tools[o] for o in names if o != name]
            for o in others:
                o.signal(signal.SIGSTOP)
            wait_idle([tools[name]], 30)
            for dev in ("touchpad", "touchscreen"):
                if dev in MEANT[name]:
                    phase(f"alone-{name}-latency-{SHORT[dev]}", dev,
                          swipe_body(dev, args.swipes, f"{name} alone"), "alone", [name])
            for o in others:
                o.signal(signal.SIGCONT)
            mark = now_rt()
            time.sleep(1)
            wait_idle(others, 60)  # they work off what they missed (SYN_DROPPED) before going on
            res.setdefault("resumed", []).append({"after": name, "start": mark, "end": now_rt()})

        mem_sample("after the swipes alone")
        # ── CPU: each tool alone, in turns: --rounds rounds of --cpu-seconds/--rounds per tool
        # and device, so that every tool's share is spread over the whole section (the machine
        # running the guest may be shared: its load then weighs on every tool alike) ──
        for t in tools.values():
            t.signal(signal.SIGSTOP)
        per = args.cpu_seconds / args.rounds
        for rnd in range(1, args.rounds + 1):
            for name in names:
                tools[name].signal(signal.SIGCONT)
                mark = now_rt()
                wait_idle([tools[name]], 30)  # it resynchronises after what it missed (SYN_DROPPED)
                res.setdefault("resumed", []).append({"after": f"{name} r{rnd}", "start": mark, "end": now_rt()})
                phase(f"alone-{name}-cpu-ts-r{rnd}", "touchscreen", cpu_body(ts, TS_TEN, args.cpu_ts_rate, per), "alone", [name])
                phase(f"alone-{name}-cpu-tp-r{rnd}", "touchpad", cpu_body(tp, TP_THREE, args.cpu_tp_rate, per), "alone", [name])
                tools[name].signal(signal.SIGSTOP)
        for t in tools.values():
            t.signal(signal.SIGCONT)
        mark = now_rt()
        time.sleep(1)
        wait_idle(list(tools.values()), 60)
        res.setdefault("resumed", []).append({"after": "cpu", "start": mark, "end": now_rt()})

    # ── system calls: gestured and lisgd, each alone, under `strace -c -f` over the same
    # ten-finger touchscreen load (the counts per call, divided by the frames played) ──
    if args.syscall_seconds > 0 and shutil.which("strace"):
        res["syscalls"] = {}
        for name in [n for n in ("gestured", "lisgd") if n in tools]:
            for t in tools.values():
                t.signal(signal.SIGSTOP)
            tools[name].signal(signal.SIGCONT)
            wait_idle([tools[name]], 30)
            pids = sorted(tools[name].members(scan()))
            trace_file = f"{out}/logs/strace-{name}.txt"
            tracer = subprocess.Popen(["strace", "-c", "-f", "-q", "-o", trace_file] + [a for pid in pids for a in ("-p", str(pid))],
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            time.sleep(2)  # attached
            prepared, lift = circle_frames(ts, TS_TEN, args.syscall_seconds, args.cpu_ts_rate)
            frames, took = play(ts, prepared, lift, args.cpu_ts_rate)
            time.sleep(args.tail)
            tracer.send_signal(signal.SIGINT)
            tracer.wait(timeout=60)
            calls = {}
            with open(trace_file) as f:
                for line in f:
                    parts = line.split()
                    if len(parts) >= 5 and parts[0][0].isdigit() and parts[-1] != "total":
                        errors = int(parts[4]) if len(parts) == 6 else 0
                        calls[parts[-1]] = {"calls": int(parts[3]), "errors": errors}
            res["syscalls"][name] = {"frames": frames, "seconds": took, "processes": [tools[name].label(p, "") for p in pids], "calls": calls}
            log(f"{name} under strace: {frames} frames, {sum(c['calls'] for c in calls.values())} calls")
        for t in tools.values():
            t.signal(signal.SIGCONT)
        time.sleep(1)
        wait_idle(list(tools.values()), 60)

    # ── user-space instructions a frame: each tool's reading process started anew under
    # callgrind and fed N, then 2N frames; the difference over N cancels start-up and exit (as
    # make bench-path does for the daemon on the host). Every thread of the process counts. ──
    if args.callgrind_frames > 0 and shutil.which("valgrind"):
        for t in tools.values():
            t.signal(signal.SIGSTOP)
        res["callgrind"] = {"rate": args.callgrind_rate, "fingers": len(TS_TEN)}
        for name in [n for n in ("gestured", "lisgd") if n in tools_wanted]:
            counts = {}
            for n in (args.callgrind_frames, 2 * args.callgrind_frames):
                traced = Tool(f"callgrind-{name}-{n}")
                cg_out = f"{out}/logs/callgrind-{name}-{n}.out"
                valgrind = ["valgrind", "--tool=callgrind", f"--callgrind-out-file={cg_out}"]
                if name == "gestured":
                    cg_sock = f"{RUN}/callgrind.sock"
                    traced.start("daemon", valgrind + [f"{bins}/gestured", "--socket", cg_sock], env=env)
                    if not wait_for("gestured under callgrind", lambda: len(gestured_devices(cg_sock)) >= 2, 600):
                        traced.stop()
                        counts[0] = None  # said in the results: it did not serve within 10 minutes
                        break
                else:
                    traced.start("main", valgrind + ["lisgd", "-d", ts.node, "-w", "1920", "-h", "1080", "-g", "3,RL,*,*,R,true"], env=env)
                    time.sleep(5)
                wait_idle([traced], 600)
                prepared, lift = circle_frames(ts, TS_TEN, n / args.callgrind_rate, args.callgrind_rate)
                frames, _ = play(ts, prepared, lift, args.callgrind_rate)
                wait_idle([traced], 600)
                for _, p in traced.procs:  # SIGTERM, then the time callgrind needs to write its file
                    os.killpg(p.pid, signal.SIGTERM)
                for _, p in traced.procs:
                    p.wait(timeout=600)
                with open(cg_out) as f:
                    summary = next((int(line.split()[1]) for line in f if line.startswith(("summary:", "totals:"))), None)
                counts[frames] = summary
                log(f"{name} under callgrind: {frames} frames, {summary} instructions in all")
            if len(counts) < 2:
                res["callgrind"][name] = {"frames": counts, "per_frame": None, "note": "not serving under callgrind within 600 s"}
                continue
            (small, a), (large, b) = sorted(counts.items())
            res["callgrind"][name] = {"frames": counts, "per_frame": (b - a) / (large - small) if a and b and large > small else None}
        for t in tools.values():
            t.signal(signal.SIGCONT)

    # ── calibration: the command alone, every tool stopped: spawned directly (posix_spawn, as
    # gestured's runner, libinput-gestures and fusuma do) and through `sh -c` (system(), as
    # touchegg and lisgd do) ──
    os.sched_setscheduler(0, os.SCHED_OTHER, os.sched_param(0))
    for t in tools.values():
        t.signal(signal.SIGSTOP)
    time.sleep(1)
    res["calibration_ms"] = {}
    for how, argv in (("direct", [STAMP, "calibration-direct"]), ("sh -c", ["/bin/sh", "-c", f"{STAMP} calibration-sh"])):
        spawned = []
        for i in range(args.swipes):
            spawned.append(now_rt())
            os.waitpid(os.posix_spawn(argv[0], argv, env), 0)
            time.sleep(0.1)
        with open(f"{STAMPS}/{argv[-1].split()[-1]}") as f:
            done = [int(l) for l in f if l.strip()]
        res["calibration_ms"][how] = [(b - a) / 1e6 for a, b in zip(spawned, done)]
        log(f"the stamp command alone, {how}: ms {[round(x, 1) for x in res['calibration_ms'][how]]}")
    for t in tools.values():
        t.signal(signal.SIGCONT)

    mem_sample("at the end")
    res["end_memory"] = {n: memory(t) for n, t in tools.items()}
    res["alive_at_end"] = {n: t.alive() for n, t in tools.items()}
    res["stamps"] = {}
    for name in tools_wanted:
        try:
            with open(f"{STAMPS}/{name}") as f:
                res["stamps"][name] = [int(l) for l in f if l.strip()]
        except FileNotFoundError:
            res["stamps"][name] = []
    try:
        with open(f"{RUN}/gestured-events.tsv") as f:
            res["gestured_events"] = [l.rstrip("\n").split("\t", 1) for l in f]
    except FileNotFoundError:
        pass
    for t in list(tools.values()) + [infra]:
        t.stop()
    res["ended"] = now_rt()
    for name in os.listdir(f"{RUN}/logs"):
        shutil.copy(f"{RUN}/logs/{name}", f"{out}/logs/{name}")
    with open(f"{out}/results.json", "w") as f:
        json.dump(res, f, indent=1)
    log(f"wrote {out}/results.json")


if __name__ == "__main__":
    main()
