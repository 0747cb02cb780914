#!/usr/bin/env python3
"""The service scenarios, in a guest that booted systemd as PID 1 (e2e/README.md): the package is
installed with dpkg -i and gestured runs exactly as installed — started by systemd through
gestured.socket, as user gestured, with the unit's hardening in force. Nothing here passes a
socket or sets LISTEN_FDS by hand.

It only collects: what each scenario saw goes into out/service.json, and the host judges
(e2e/evaluate.py). Every wait is bounded; a scenario that fails records why and the next one runs.
Usage: service.py PACKAGE.deb [SCENARIO...]   (only the scenarios named, in their written order;
`make e2e-arm64` runs a selection)"""
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import touch  # noqa: E402  (the uinput devices the other scenarios use too)

SOCKET = "/run/gestured/gestured.sock"
os.environ["GESTURED_SOCKET"] = SOCKET  # touch.wait_for_daemon asks the daemon through it
CONFIG = "/etc/gestured/gestured.yml"
OUT = "/host/out"
package = sys.argv[1] if __name__ == "__main__" else None
report = {}


def step(text):
    with open("/proc/uptime") as f:
        print(f"[guest {f.read().split()[0]}s] service: {text}", flush=True)


def run(*command, timeout=120):
    """A command's exit status and output (stdout and stderr together)."""
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=timeout)
        return {"status": done.returncode, "output": done.stdout}
    except subprocess.TimeoutExpired as expired:
        return {"status": None, "output": f"timed out after {timeout} s: {expired.output or ''}"}


def show(unit, *properties):
    """`systemctl show` properties of a unit, as a dict."""
    result = run("systemctl", "show", unit, "-p", ",".join(properties))
    return dict(line.split("=", 1) for line in result["output"].splitlines() if "=" in line)


def wait_for(check, timeout=30.0):
    """Polls `check` (every 50 ms) until it returns something true, or gives up (None)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    return None


def journal(*arguments):
    return run("journalctl", "--no-pager", "-o", "cat", *arguments)["output"]


class Client:
    """One connection to the daemon's socket; a thread reads every line it is sent."""

    def __init__(self, request=None):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(60)
        self.sock.connect(SOCKET)
        self.sock.settimeout(None)
        self.lines, self.closed = [], False
        self.changed = threading.Condition()
        threading.Thread(target=self._read, daemon=True).start()
        if request is not None:
            self.send(request)

    def _read(self):
        try:
            for raw in self.sock.makefile("rb"):
                with self.changed:
                    self.lines.append(json.loads(raw))
                    self.changed.notify_all()
        except (OSError, ValueError):
            pass
        with self.changed:
            self.closed = True
            self.changed.notify_all()

    def send(self, message):
        self.sock.sendall((json.dumps(message) + "\n").encode())

    def wait(self, predicate, timeout=30.0):
        """The first line that satisfies `predicate`, waiting for it (None: not within timeout,
        or the connection closed first)."""
        end = time.monotonic() + timeout
        with self.changed:
            while True:
                found = next((line for line in self.lines if predicate(line)), None)
                if found is not None or self.closed:
                    return found
                left = end - time.monotonic()
                if left <= 0:
                    return None
                self.changed.wait(left)

    def wait_closed(self, timeout=30.0):
        end = time.monotonic() + timeout
        with self.changed:
            while not self.closed and time.monotonic() < end:
                self.changed.wait(max(0.0, end - time.monotonic()))
            return self.closed

    def gestures(self, name=None):
        with self.changed:
            return [e for e in self.lines if e.get("event") == "gesture" and (name is None or e["gesture"] == name)]

    def close(self):
        # shutdown, not just close: the reader thread's makefile() keeps the descriptor (and
        # the connection, with any gestures the client defined) alive after close().
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


def pan_definition(name):
    """A client's own one-finger drag (`define`): no configuration change, no root needed."""
    return {"name": name, "drag": {"fingers": 1, "minimumDistance": 2}, "state": "translation"}


def subscriber(define=(), gestures=None):
    request = {"id": 1, "request": "subscribe", "touchpadGestures": True}
    if define:
        request["define"] = [pan_definition(name) for name in define]
    if gestures is not None:
        request["gestures"] = gestures
    client = Client(request)
    reply = client.wait(lambda e: e.get("id") == 1)
    if not reply or not reply.get("ok"):
        raise RuntimeError(f"subscribe was refused: {reply}")
    return client


def listed():
    """The daemon's devices, as (id, name) pairs (a `devices` request)."""
    ask = Client({"id": 9, "request": "devices"})
    reply = ask.wait(lambda e: e.get("id") == 9)
    ask.close()
    return [(d["id"], d["name"]) for d in (reply or {}).get("devices", [])]


def device_id(name, not_in=()):
    """Waits until the daemon lists a device called `name` whose id is not one of `not_in` (a
    device re-created under its old name has a new id); returns that id, or None."""
    return wait_for(lambda: max((i for i, n in listed() if n == name and i not in not_in), default=None), 60)


SCREEN = "gestured e2e resume touchscreen"


def screen():
    """The touchscreen the later scenarios share: the one the resume scenario plugged back in,
    or (when a selection leaves that scenario out) one made now under the same name."""
    if "screen" not in devices:
        devices["screen"] = touch.touchscreen(SCREEN)
        device_id(SCREEN)
    return devices["screen"]


class Finger:
    """One finger on a uinput device: down, moved in 1 mm steps every 10 ms, lifted."""

    def __init__(self, device, x, y, tool=None):
        self.device, self.x, self.y, self.tool = device, x, y, tool
        touch.frame(device, touch.fingers_frame({0: (x, y)}, first=True, tool=tool))
        time.sleep(0.01)

    def move(self, millimetres, units_per_mm=10):
        for _ in range(millimetres):
            self.x += units_per_mm
            touch.frame(self.device, touch.fingers_frame({0: (self.x, self.y)}))
            time.sleep(0.01)

    def lift(self):
        touch.frame(self.device, touch.lift([0], tool=self.tool))


SCENARIOS = []
devices = {}  # uinput devices the scenarios share, by role


def scenario(name):
    """Registers a scenario; they run in the order they are written."""
    def register(body):
        SCENARIOS.append((name, body))
        return body
    return register


def running(unit, timeout=60):
    """The unit's state once it is `running` (or as it is when the wait gives up)."""
    properties = ("ActiveState", "SubState", "TriggeredBy", "MainPID", "Type", "User")
    return wait_for(lambda: (lambda s: s if s["SubState"] == "running" else None)(show(unit, *properties)), timeout) \
        or show(unit, *properties)


def memory(pid):
    """A process's resident memory and its private part (Rss; Private_Clean + Private_Dirty, all
    from smaps_rollup: VmRSS lags a process that unmaps pages) in KiB, and its threads' names, as
    `make bench-footprint` measures them."""
    try:
        rollup = {line.split(":")[0]: int(line.split()[1]) for line in open(f"/proc/{pid}/smaps_rollup") if line.rstrip().endswith("kB")}
        rss = rollup["Rss"]
        private = rollup["Private_Clean"] + rollup["Private_Dirty"]
        threads = sorted(open(f"/proc/{pid}/task/{t}/comm").read().strip() for t in os.listdir(f"/proc/{pid}/task"))
        return {"rss_kib": rss, "private_kib": private, "threads": threads}
    except (OSError, KeyError) as error:
        return {"error": str(error)}


def comm(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return None


@scenario("boot")
def boot(seen):
    seen["pid1"] = open("/proc/1/comm").read().strip()
    seen["failed_units"] = run("systemctl", "--failed", "--plain", "--no-legend", "--no-pager")["output"].strip()


@scenario("install")
def install(seen):
    seen["user_before"] = run("getent", "passwd", "gestured")["status"]
    seen["dpkg"] = run("dpkg", "-i", package)
    seen["socket"] = show("gestured.socket", "ActiveState", "SubState", "UnitFileState", "Listen")
    seen["socket_file"] = run("stat", "-c", "%A %U %G", SOCKET)["output"].strip()
    seen["service_before_client"] = show("gestured.service", "ActiveState")["ActiveState"]
    client = Client()
    seen["hello"] = client.wait(lambda e: e.get("event") == "hello", timeout=60)
    client.close()
    seen["service"] = running("gestured.service")
    seen["status"] = run("systemctl", "status", "--no-pager", "--lines=0", "gestured.service")["output"]
    seen["started_line"] = [line for line in journal("-u", "gestured.service").splitlines() if line.startswith("Started ")]


@scenario("hardening")
def hardening(seen):
    seen["analyze"] = run("systemd-analyze", "security", "--no-pager", "gestured.service")["output"]
    pid = show("gestured.service", "MainPID")["MainPID"]
    seen["pid"] = pid
    seen["proc_status"] = {k: v.strip() for k, v in (line.split(":", 1) for line in open(f"/proc/{pid}/status"))
                           if k in ("Uid", "Gid", "Groups", "CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb", "NoNewPrivs", "Seccomp")}
    seen["passwd"] = run("getent", "passwd", "gestured")["output"].strip()
    seen["input_group"] = run("getent", "group", "input")["output"].strip()
    # Writes tried from inside the service's own mount namespace (as root, so only the
    # read-only mounts stop them): only its private /tmp may take a file.
    probe = ("for d in / /etc /etc/gestured /usr /usr/bin /var /var/lib /var/tmp /run /run/gestured /home /root /tmp /dev/shm; do "
             "if touch \"$d/.gestured-probe\" 2>/dev/null; then echo \"$d writable\"; rm -f \"$d/.gestured-probe\"; "
             "else echo \"$d refused\"; fi; done")
    seen["writes"] = run("nsenter", "--target", pid, "--mount", "--", "sh", "-c", probe)["output"]
    seen["mounts"] = run("nsenter", "--target", pid, "--mount", "--", "cat", "/proc/self/mountinfo")["output"]


@scenario("hotplug")
def hotplug(seen):
    # Its own pan (`define`: such a subscription gets only its own gestures) and, on a second
    # subscription, every configured gesture.
    client = subscriber(define=["e2e-pan"])
    configured = subscriber()
    seen["main_pid"] = show("gestured.service", "MainPID")["MainPID"]
    # A touchscreen made after the service started: a finger drags 20 mm to the right.
    screen = touch.touchscreen("gestured e2e hotplug touchscreen")
    seen["touchscreen_id"] = device_id("gestured e2e hotplug touchscreen")
    finger = Finger(screen, 1000, 800)
    finger.move(20)
    finger.lift()
    seen["touchscreen_pan"] = client.wait(lambda e: e.get("gesture") == "e2e-pan" and e["phase"] != "active"
                                          and e["device"] == seen["touchscreen_id"])
    touch.destroy(screen)
    # A clickpad made after the service started: three fingers swipe left (the shipped
    # configuration's swipe-left-3, and libinput's own swipe passed through).
    pad_thread = threading.Thread(target=touch.touchpad_swipe)
    pad_thread.start()
    pad_thread.join(120)
    seen["touchpad_id"] = max((e["device"]["id"] for e in configured.lines if e.get("event") == "device-added"
                               and e["device"]["name"] == "gestured e2e clickpad"), default=None)
    seen["touchpad_swipe"] = configured.wait(lambda e: e.get("gesture") == "swipe-left-3" and e["phase"] != "active")
    seen["touchpad_gestures"] = [(e["gesture"], e["phase"], e.get("reason")) for e in configured.gestures()
                                 if e["device"] == seen["touchpad_id"] and e["phase"] != "active"]
    seen["touchpad_libinput"] = [(e["kind"], e["stage"], e["fingers"]) for e in configured.lines if e.get("event") == "touchpad-gesture"]
    seen["main_pid_after"] = show("gestured.service", "MainPID")["MainPID"]
    client.close()
    configured.close()


@scenario("resume")
def resume(seen):
    """Every device removed and added again, as a laptop does on resume, with gestures in flight
    on both and a client that stays subscribed throughout."""
    client = subscriber(define=["e2e-pan"])
    seen["main_pid"] = show("gestured.service", "MainPID")["MainPID"]
    names = (SCREEN, "gestured e2e resume clickpad")

    def plug(old_ids=()):
        made = {names[0]: touch.touchscreen(names[0]), names[1]: touch.clickpad(names[1])}
        return made, {name: device_id(name, not_in=old_ids) for name in names}

    before, seen["ids_before"] = plug()
    fingers = [Finger(before[names[0]], 1000, 800), Finger(before[names[1]], 300, 300, tool=touch.EV_KEY.BTN_TOOL_FINGER)]
    for finger in fingers:
        finger.move(10)
    seen["in_flight"] = [client.wait(lambda e, i=i: e.get("gesture") == "e2e-pan" and e["phase"] == "active" and e["device"] == i)
                         is not None for i in seen["ids_before"].values()]
    for device in before.values():
        touch.destroy(device)  # the kernel removes the device, as on suspend
    seen["removed"] = [client.wait(lambda e, i=i: e.get("event") == "device-removed" and e["device"] == i) is not None
                       for i in seen["ids_before"].values()]
    seen["failures"] = [e["reason"] for e in client.gestures("e2e-pan") if e["phase"] == "failed"]
    after, seen["ids_after"] = plug(old_ids=tuple(seen["ids_before"].values()))
    for name, x, tool in ((names[0], 1000, None), (names[1], 300, touch.EV_KEY.BTN_TOOL_FINGER)):
        finger = Finger(after[name], x, 300, tool=tool)
        finger.move(20)
        finger.lift()
    seen["ended_after"] = [client.wait(lambda e, i=i: e.get("gesture") == "e2e-pan" and e["phase"] == "ended" and e["device"] == i)
                           is not None for i in seen["ids_after"].values()]
    seen["client_still_connected"] = not client.closed
    seen["main_pid_after"] = show("gestured.service", "MainPID")["MainPID"]
    seen["restarts"] = show("gestured.service", "NRestarts")["NRestarts"]
    devices["screen"] = after[names[0]]  # kept for the scenarios below
    touch.destroy(after[names[1]])
    client.close()


@scenario("touched-before-start")
def touched_before_start(seen):
    """Issue 33 under systemd: a touchscreen and a clickpad touched while the service is not
    running, so the kernel's slots already hold the heights of every later touch and never send
    them again; the first client starts the service through its socket; the built-in
    configuration's edge-left and swipe-left-3 at those heights. Then `systemctl restart
    gestured` with a finger resting again, and the same once more."""
    names = ("gestured e2e primed touchscreen", "gestured e2e primed clickpad")
    run("systemctl", "stop", "gestured.service")
    seen["service_before"] = show("gestured.service", "ActiveState")["ActiveState"]
    screen, pad = touch.touchscreen(names[0]), touch.clickpad(names[1])
    ids = touch.TrackingIDs()
    touch.prime(screen, pad, ids)
    time.sleep(1.0)  # udev and the socket unit see the devices; nothing may start the service
    seen["service_after_touches"] = show("gestured.service", "ActiveState")["ActiveState"]

    def swipes(label):
        client = subscriber()  # the first client after the stop starts the service
        device = {name: device_id(name) for name in names}
        seen[label + "_service"] = show("gestured.service", "ActiveState", "SubState", "MainPID", "TriggeredBy")
        touch.swipe_at_primed_heights(screen, pad, ids)
        client.wait(lambda e: e.get("gesture") == "swipe-left-3" and e["phase"] != "active" and e["device"] == device[names[1]]
                    and len([g for g in client.gestures("swipe-left-3") if g["phase"] != "active"]) >= 3, timeout=30)
        client.wait(lambda e: e.get("gesture") == "pinch" and e["phase"] != "active" and e["device"] == device[names[1]], timeout=30)
        ended = lambda gesture, name: [[e["phase"] + (f"({e['reason']})" if "reason" in e else ""),
                                        (e.get("value") or {}).get("location", {}).get("y")] for e in client.gestures(gesture)
                                       if e["device"] == device[name] and e["phase"] != "active"]
        seen[label] = {"edge-left": ended("edge-left", names[0]), "swipe-left-3": ended("swipe-left-3", names[1]),
                       "pinch": ended("pinch", names[1]),
                       "other on the screen": sorted({e["gesture"] for e in client.gestures() if e["device"] == device[names[0]]
                                                      and e["gesture"] != "edge-left" and e["phase"] == "ended"})}
        client.close()

    swipes("socket_activated")
    # A finger rests again; the service restarts under it (the last touches were at the same
    # heights as the next ones).
    touch.frame(screen, touch.slot_events(1, 2500, 1400, ids.next()) + [touch.InputEvent(touch.EV_KEY.BTN_TOUCH, 1)])
    seen["restart"] = run("systemctl", "restart", "gestured.service")
    swipes("restarted")
    touch.destroy(screen)
    touch.destroy(pad)


@scenario("upgrade")
def upgrade(seen):
    """The package installed over itself (dpkg runs the upgrade path: prerm upgrade, postinst
    configure OLD): the service restarts, the listening socket is never closed."""
    socket_before = show("gestured.socket", "ActiveEnterTimestampMonotonic", "NAccepted")
    seen["main_pid_before"] = show("gestured.service", "MainPID")["MainPID"]
    seen["dpkg"] = run("dpkg", "-i", package)
    socket_after = show("gestured.socket", "ActiveEnterTimestampMonotonic", "NAccepted", "ActiveState")
    seen["socket_kept"] = socket_before["ActiveEnterTimestampMonotonic"] == socket_after["ActiveEnterTimestampMonotonic"]
    seen["socket_state"] = socket_after["ActiveState"]
    client = Client()
    seen["hello_after"] = client.wait(lambda e: e.get("event") == "hello", timeout=60) is not None
    client.close()
    seen["service_after"] = show("gestured.service", "ActiveState", "SubState", "MainPID")


RELOAD_A = """version: 1
gestures:
  - name: keep
    drag: { fingers: 1, minimumDistance: 2 }
    priority: simultaneous
  - name: change
    drag: { fingers: 1, minimumDistance: 3 }
    priority: simultaneous
"""
RELOAD_B = RELOAD_A.replace("minimumDistance: 3", "minimumDistance: 4")


def reload_with(text, client):
    """Writes the configuration, `systemctl reload gestured`, waits for the daemon's word."""
    before = sum(1 for e in client.lines if e.get("event") == "config-reloaded")
    with open(CONFIG, "w") as f:
        f.write(text)
    result = run("systemctl", "reload", "gestured.service")
    reloaded = wait_for(lambda: sum(1 for e in client.lines if e.get("event") == "config-reloaded") > before, 30)
    return result["status"], bool(reloaded)


@scenario("reload")
def reload(seen):
    watcher = subscriber()
    seen["reload_a"] = reload_with(RELOAD_A, watcher)
    client = subscriber(gestures=["keep", "change"])
    finger = Finger(screen(), 1000, 500)
    finger.move(10)
    seen["both_active"] = [client.wait(lambda e, n=n: e.get("gesture") == n and e["phase"] == "active") is not None
                           for n in ("keep", "change")]
    seen["reload_b"] = reload_with(RELOAD_B, client)
    finger.move(10)
    finger.lift()
    seen["keep"] = [(e["instance"], e["phase"], e.get("reason")) for e in client.gestures("keep")]
    client.wait(lambda e: e.get("gesture") == "keep" and e["phase"] == "ended")
    seen["keep"] = [(e["instance"], e["phase"], e.get("reason")) for e in client.gestures("keep")]
    seen["change"] = [(e["instance"], e["phase"], e.get("reason")) for e in client.gestures("change")]
    client.close()
    watcher.close()


@scenario("logs")
def logs(seen):
    watcher = subscriber()
    broken = RELOAD_B.replace("    priority: simultaneous\n", "    priority: simultaneous\n    colour: red\n", 1)
    with open(CONFIG, "w") as f:
        f.write(broken)
    seen["reload"] = run("systemctl", "reload", "gestured.service")["status"]
    seen["warnings"] = wait_for(lambda: (lambda text: text if "gestured.yml:" in text else None)(
        journal("-u", "gestured.service", "-p", "warning")), 30) or journal("-u", "gestured.service", "-p", "warning")
    seen["info_lines"] = [line for line in journal("-u", "gestured.service", "-p", "info").splitlines() if "client connected" in line][:2]
    seen["info_in_warning_view"] = "client connected" in seen["warnings"]
    seen["noise"] = [line for line in journal("-u", "gestured.service").splitlines() if "thread priority" in line][:3]
    watcher.send({"id": 5, "request": "ping"})
    seen["still_serving"] = watcher.wait(lambda e: e.get("id") == 5) is not None
    reload_with(RELOAD_B, watcher)
    watcher.close()


@scenario("watchdog")
def watchdog(seen):
    """WatchdogSec=5s as shipped (a hung daemon must not keep a grabbed touchpad long): the
    service keeps answering for 20 s while a finger drags without a pause and 32 clients read
    everything."""
    run("systemctl", "restart", "gestured.service")
    seen["settings"] = show("gestured.service", "WatchdogUSec", "MainPID", "NRestarts")
    seen["screen_listed"] = device_id(SCREEN) is not None
    readers = [subscriber(define=["e2e-pan"]) for _ in range(32)]
    end = time.monotonic() + 20
    strokes = 0
    while time.monotonic() < end:
        finger = Finger(screen(), 400, 400 + 40 * (strokes % 20))
        finger.move(150)
        finger.lift()
        strokes += 1
    seen["strokes"] = strokes
    # 32 identical definitions compete for each stroke: one wins, and only its client hears of it.
    seen["strokes_delivered"] = sum(1 for r in readers for e in r.gestures() if e["phase"] == "ended")
    seen["after"] = show("gestured.service", "ActiveState", "SubState", "MainPID", "NRestarts", "Result")
    seen["watchdog_lines"] = [line for line in journal("-u", "gestured.service").splitlines() if "atchdog" in line]
    for reader in readers:
        reader.close()


HUNG = """version: 1
gestures:
  - name: swipe-left-3
    swipe: { fingers: 3, direction: left }
    consume: true
"""


def twin_of(name):
    """The twin node the daemon lists for the device called `name` (its `devices` reply), or None."""
    ask = Client({"id": 9, "request": "devices"})
    reply = ask.wait(lambda e: e.get("id") == 9)
    ask.close()
    return next((d.get("twin") for d in (reply or {}).get("devices", []) if d["name"] == name and d.get("twin")), None)


@scenario("hung-grab")
def hung_grab(seen):
    """A gesture consumes (the configuration's `consume: true`), so the service grabs a clickpad
    and the desktop reads its twin. The daemon is stopped (SIGSTOP) as a hung one would be: the
    watchdog (WatchdogSec=5s, TimeoutAbortSec=2s) has systemd kill it, the kernel ends the grab
    and destroys the twin, and the restarted service grabs the clickpad again."""
    with open(CONFIG) as f:
        before = f.read()
    watcher = subscriber()
    seen["reload"] = reload_with(HUNG, watcher)
    watcher.close()
    name = "gestured e2e hung clickpad"
    pad = touch.clickpad(name)
    seen["pad_id"] = device_id(name)
    twin = wait_for(lambda: twin_of(name), 30)
    seen["twin"] = twin
    seen["twin_exists"] = bool(twin) and os.path.exists(twin)
    pid = show("gestured.service", "MainPID")["MainPID"]
    seen["pid"] = pid
    stopped = time.monotonic()
    os.kill(int(pid), signal.SIGSTOP)
    gone = wait_for(lambda: not os.path.exists(twin), 30) if twin else None
    seen["twin_gone_after"] = round(time.monotonic() - stopped, 2) if gone else None
    restarted = wait_for(lambda: (lambda s: s if s["MainPID"] not in ("0", pid) and s["SubState"] == "running" else None)(
        show("gestured.service", "MainPID", "SubState", "NRestarts")), 60)
    seen["restarted"] = restarted
    seen["grabbed_again"] = bool(wait_for(lambda: twin_of(name), 30))
    seen["journal"] = [line for line in journal("-u", "gestured.service", "--since", "-2min").splitlines()
                       if "atchdog" in line or "grabbed" in line or "SIGABRT" in line or "SIGKILL" in line][-8:]
    # A finger through the twin, then a reload without `consume:`: the service gives the pad back
    # and, as installed (DeviceAllow=char-input rw), writes back what the desktop last read.
    finger = Finger(pad, 300, 300, tool=touch.EV_KEY.BTN_TOOL_FINGER)
    finger.move(20)
    finger.lift()
    time.sleep(0.5)
    watcher = subscriber()
    reload_with(before, watcher)
    watcher.close()
    wait_for(lambda: not twin_of(name), 30)
    seen["given_back"] = [line for line in journal("-u", "gestured.service", "--since", "-1min").splitlines()
                          if "given back" in line or "state back" in line][-4:]
    touch.destroy(pad)


CONSUMED = """version: 1
gestures:
  - name: swipe-left-3
    swipe: { fingers: 3, direction: left }
    consume: true
  - name: swipe-right-3
    swipe: { fingers: 3, direction: right }
"""


@scenario("consumed")
def consumed(seen):
    """A consumed three-finger swipe kept from the desktop: with the configuration's `consume:
    true` on swipe-left-3 the service grabs a clickpad, and `libinput debug-events` (a
    compositor's view of every device) reads its twin. Three fingers swipe left, then right:
    gestured ends both, the desktop gets only the right one."""
    with open(CONFIG) as f:
        before = f.read()
    watcher = subscriber()
    seen["reload"] = reload_with(CONSUMED, watcher)
    watcher.close()
    client = subscriber()
    name = "gestured e2e consumed clickpad"
    pad = touch.clickpad(name)
    seen["pad_id"] = device_id(name)
    twin = wait_for(lambda: twin_of(name), 30)
    seen["twin"] = twin
    desktop = Desktop("consumed")
    try:
        # The desktop has the twin (its DEVICE_ADDED line names the twin's node).
        node = os.path.basename(twin or "?")
        seen["desktop_has_twin"] = bool(wait_for(lambda: any("DEVICE_ADDED" in line and line.split()[0].lstrip("-") == node
                                                                  for line in desktop.lines()), 30))
        touch.clickpad_swipe(pad, -350)
        touch.clickpad_swipe(pad, 350)
        client.wait(lambda e: e.get("gesture") == "swipe-right-3" and e["phase"] != "active")
        wait_for(lambda: desktop.swipes(), 10)
        seen["gestured"] = [(e["gesture"], e["phase"], e.get("reason")) for e in client.gestures()
                            if e["device"] == seen["pad_id"] and e["phase"] != "active"]
        seen["desktop_swipes"] = desktop.swipes()
        seen["desktop_lines"] = [line for line in desktop.lines() if "GESTURE_SWIPE" in line and "UPDATE" not in line][-8:]
    finally:
        desktop.close()
        client.close()
    watcher = subscriber()
    reload_with(before, watcher)
    watcher.close()
    wait_for(lambda: not twin_of(name), 30)
    touch.destroy(pad)


SESSION_USERS = {"alice": 2, "bob": 3}  # each logged in on its own virtual terminal


def seat_user():
    """The user of seat0's active session, as logind says."""
    session = run("loginctl", "show-seat", "seat0", "-p", "ActiveSession", "--value")["output"].strip()
    return run("loginctl", "show-session", session, "-p", "Name", "--value")["output"].strip() if session else ""


def switch_to(user):
    """chvt to the user's terminal, and wait until logind has made their session the active one."""
    seen = run("chvt", str(SESSION_USERS[user]))
    return seen["status"] == 0 and wait_for(lambda: seat_user() == user, 30) is not None


class UserClient:
    """session_client.py run as `user` (root: as itself), its lines read back from a file."""

    def __init__(self, user, name, request=None):
        self.path = f"/tmp/session-{name}.jsonl"
        open(self.path, "w").close()
        # Its own file, to write as itself.
        account = run("id", "-u", user)["output"].strip(), run("id", "-g", user)["output"].strip()
        os.chown(self.path, int(account[0]), int(account[1]))
        # A copy the users can read: the shared folder is root's alone.
        script = "/usr/local/lib/session_client.py"
        if not os.path.exists(script):
            os.makedirs(os.path.dirname(script), exist_ok=True)
            shutil.copy(os.path.join(os.path.dirname(os.path.abspath(__file__)), "session_client.py"), script)
            os.chmod(script, 0o755)
        command = ["python3", script, self.path, name] + ([json.dumps(request)] if request else [])
        self.errors = open(f"/tmp/session-{name}.err", "w")
        # A session of its own: runuser stays as the client's parent, so killing it alone would
        # leave the client running; kill() reaches the whole group.
        self.process = subprocess.Popen(command if user == "root" else ["runuser", "-u", user, "--"] + command,
                                        stdout=self.errors, stderr=subprocess.STDOUT, start_new_session=True)

    def events(self):
        with open(self.path) as f:
            return [json.loads(line) for line in f if line.strip()]

    def wait(self, predicate, timeout=30.0):
        return wait_for(lambda: next((e for e in self.events() if predicate(e)), None), timeout)

    def story(self):
        """Events by name, gestures as `phase(reason)`, repeated updates said once."""
        told = []
        for e in self.events():
            if "ok" in e:
                line = "ok"
            elif e.get("event") == "gesture":
                line = e["phase"] + (f"({e['reason']})" if e.get("reason") else "")
            else:
                line = e.get("event")
            if line and (not told or told[-1] != line):
                told.append(line)
        return told

    def kill(self):
        """SIGKILL to the client and runuser alike: no goodbye."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait()

    def close(self):
        self.kill()


def log_in_users(seen):
    """Two desktop users, each logged in on a virtual terminal by an autologin getty, with
    pam_systemd: logind has a session for each on seat0, and the foreground one is active.
    Done once; a later call (a selection without the sessions scenario) finds them there."""
    for user, vt in SESSION_USERS.items():
        if run("getent", "passwd", user)["status"] != 0:
            run("useradd", "--create-home", "--groups", "gestured", user)
        dropin = f"/etc/systemd/system/getty@tty{vt}.service.d"
        os.makedirs(dropin, exist_ok=True)
        with open(f"{dropin}/autologin.conf", "w") as f:
            f.write(f"[Service]\nExecStart=\nExecStart=-/sbin/agetty --autologin {user} --noclear %I $TERM\n")
    run("systemctl", "daemon-reload")
    seen["gettys"] = run("systemctl", "start", "getty@tty2.service", "getty@tty3.service")["status"]
    listed = lambda: (lambda out: out if all(u in out for u in SESSION_USERS) else None)(
        run("loginctl", "list-sessions", "--no-legend")["output"])
    seen["sessions"] = wait_for(listed, 60) or run("loginctl", "list-sessions", "--no-legend")["output"]


@scenario("sessions")
def sessions(seen):
    log_in_users(seen)
    # Bob in front: his client is served; then alice: his is paused, and hers is served.
    seen["to_bob"] = switch_to("bob")
    bob = UserClient("bob", "bob-pan")
    seen["bob_hello"] = bob.wait(lambda e: e.get("id") == 1 and e.get("ok")) is not None
    seen["to_alice"] = switch_to("alice")
    seen["bob_paused"] = bob.wait(lambda e: e.get("event") == "paused")
    alice = UserClient("alice", "alice-pan")
    root = UserClient("root", "root-pan")
    seen["alice_hello"] = alice.wait(lambda e: e.get("id") == 1 and e.get("ok")) is not None
    root.wait(lambda e: e.get("id") == 1 and e.get("ok"))
    # A new connection of the user who is not in front is refused, and told why.
    late = UserClient("bob", "bob-late")
    seen["late"] = late.wait(lambda e: e.get("event") == "closed")
    seen["late_lines"] = late.events()
    # A stroke while alice is in front: hers and root's, not bob's.
    finger = Finger(screen(), 500, 300)
    finger.move(20)
    finger.lift()
    alice.wait(lambda e: e.get("phase") == "ended")
    root.wait(lambda e: e.get("phase") == "ended")
    seen["stroke_alice"] = {"alice": alice.story(), "bob": bob.story(), "root": root.story()}
    # A stroke in flight when bob comes to the front, and alice back before it ends.
    finger = Finger(screen(), 500, 500)
    finger.move(10)
    first = {e["instance"] for e in alice.events() if e.get("phase") == "ended"}
    alice.wait(lambda e: e.get("phase") == "active" and e["instance"] not in first)
    seen["to_bob_midstroke"] = switch_to("bob")
    seen["alice_paused"] = alice.wait(lambda e: e.get("event") == "paused")
    finger.move(10)
    seen["bob_resumed"] = bob.wait(lambda e: e.get("event") == "resumed")
    seen["back_to_alice"] = switch_to("alice")
    seen["alice_resumed"] = alice.wait(lambda e: e.get("event") == "resumed")
    finger.move(10)
    finger.lift()
    root.wait(lambda e: e.get("phase") == "ended" and len([x for x in root.events() if x.get("phase") == "ended"]) == 2)
    # Then one more stroke: alice's again.
    finger = Finger(screen(), 500, 700)
    finger.move(20)
    finger.lift()
    alice.wait(lambda e: len([x for x in alice.events() if x.get("phase") == "ended"]) == 2)
    seen["alice"] = alice.story()
    seen["bob"] = bob.story()
    seen["root"] = root.story()
    seen["alice_sessioninactive"] = [e["instance"] for e in alice.events() if e.get("event") == "gesture" and e.get("reason") == "sessionInactive"]
    seen["journal"] = [line for line in journal("-u", "gestured.service").splitlines() if "paused" in line or "sessions:" in line][-6:]
    # A client of alice's that consumes (every configured gesture): the screen is grabbed while
    # she is in front, given back when bob comes to the front (her client is paused), grabbed
    # again when she returns, and given back when the client goes.
    kiosk = UserClient("alice", "alice-kiosk", {"id": 1, "request": "subscribe", "consume": True})
    screen_name = screen().name
    grab = {"grabbed": bool(wait_for(lambda: twin_of(screen_name), 30))}
    grab["to_bob"] = switch_to("bob")
    grab["given_back"] = bool(wait_for(lambda: not twin_of(screen_name), 30))
    grab["to_alice"] = switch_to("alice")
    grab["grabbed_again"] = bool(wait_for(lambda: twin_of(screen_name), 30))
    kiosk.close()
    grab["released"] = bool(wait_for(lambda: not twin_of(screen_name), 30))
    grab["kiosk"] = kiosk.story()
    seen["consuming_client"] = grab
    for client in (alice, bob, root, late):
        client.close()
    seen["client_errors"] = {name: open(f"/tmp/session-{name}.err").read()[-300:] for name in ("alice-pan", "bob-pan", "root-pan", "bob-late")}


class Desktop:
    """`libinput debug-events --show-keycodes` as root, as a compositor reads every device: the
    virtual keyboard's keys and the touchpads' swipes as libinput sees them, in order, and when
    devices came and went."""

    def __init__(self, name):
        self.path = f"/tmp/{name}-libinput.txt"
        self.out = open(self.path, "w")
        self.process = subprocess.Popen(["stdbuf", "-oL", "libinput", "debug-events", "--show-keycodes"],
                                        stdout=self.out, stderr=subprocess.STDOUT)
        # Ready once it has listed the devices there are (the e2e touchscreen among them).
        wait_for(lambda: "DEVICE_ADDED" in open(self.path).read(), 30)

    def lines(self):
        return open(self.path).read().splitlines()

    def keys(self):
        """`KEY_LEFTALT pressed`, … for the virtual keyboard's KEYBOARD_KEY lines."""
        found = []
        for line in self.lines():
            if "KEYBOARD_KEY" in line:
                words = line.split()
                name = next((w for w in words if w.startswith("KEY_")), "?")
                found.append(f"{name} {words[-1]}")
        return found

    def wait_keys(self, predicate, timeout=30.0):
        return wait_for(lambda: predicate(self.keys()), timeout)

    def swipes(self):
        """The direction (`left`/`right`) of each three-finger GESTURE_SWIPE, by the sign of its
        updates' dx (`GESTURE_SWIPE_UPDATE +1.23s  3 -5.12/ 0.00 (…unaccelerated)`)."""
        found, dx = [], None
        for line in self.lines():
            words = line.split()
            if len(words) < 4 or not words[1].startswith("GESTURE_SWIPE") or words[3] != "3":
                continue
            if words[1] == "GESTURE_SWIPE_BEGIN":
                dx = 0.0
            elif words[1] == "GESTURE_SWIPE_UPDATE" and dx is not None and len(words) > 4:
                dx += float(words[4].split("/")[0])
            elif words[1] == "GESTURE_SWIPE_END" and dx is not None:
                found.append("right" if dx > 0 else "left")
                dx = None
        return found

    def close(self):
        self.process.terminate()
        self.process.wait()
        self.out.close()


@scenario("keys")
def keys(seen):
    # Who may type: the daemon, through /dev/uinput, which only its group may open.
    seen["uinput"] = run("stat", "-c", "%a %U %G", "/dev/uinput")["output"].strip()
    seen["service_groups"] = show("gestured.service", "SupplementaryGroups")["SupplementaryGroups"]
    watch = Desktop("keys")
    try:
        seen["in_front"] = switch_to("alice")
        # Alice's actions, on a French layout: alt held from the stroke's beginning to its end,
        # then ctrl+z, which on AZERTY is the key evdev calls KEY_W.
        path = "/tmp/alice-keys.yml"
        with open(path, "w") as f:
            f.write("version: 1\nkeyboard: { layout: fr }\nactions:\n"
                    "  - gesture: keys-pan\n"
                    "    define: { drag: { minimumDistance: 2 }, priority: simultaneous }\n"
                    "    on: began\n"
                    "    keys: alt\n"
                    "  - gesture: keys-pan\n"
                    "    keys: ctrl+z\n")
        run("chown", "alice:alice", path)
        seen["check"] = run("runuser", "-u", "alice", "--", "gesturectl", "actions", "--check", "--file", path)
        log = open("/tmp/alice-keys.log", "w")
        runner = subprocess.Popen(["runuser", "-u", "alice", "--", "gesturectl", "actions", "--verbose", "--file", path],
                                  stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        wait_for(lambda: "connected to gestured" in open("/tmp/alice-keys.log").read(), 30)
        strokes = 0
        end = time.monotonic() + 40
        while time.monotonic() < end and "KEY_LEFTALT released" not in watch.keys():
            finger = Finger(screen(), 700, 500 + 40 * strokes)
            finger.move(15)
            time.sleep(0.3)  # alt is down while the finger rests
            finger.lift()
            strokes += 1
            watch.wait_keys(lambda k: "KEY_LEFTALT released" in k, 3)
        seen["strokes"] = strokes
        seen["typed"] = watch.keys()
        os.killpg(runner.pid, signal.SIGTERM)
        runner.wait()
        log.close()
        seen["runner_log"] = open("/tmp/alice-keys.log").read()[-1500:]
        seen["device_added"] = [line for line in watch.lines() if "DEVICE_ADDED" in line and "gestured virtual keyboard" in line]

        # Bob, not in front, may not type.
        seen["bob"] = run("runuser", "-u", "bob", "--", "gesturectl", "keys", "ctrl+z")

        # A client that holds alt and is killed: alt comes up.
        before = len(watch.keys())
        holder = UserClient("alice", "alice-holds-alt", request={"id": 1, "request": "keys", "steps": [{"press": 56}]})
        seen["held"] = holder.wait(lambda e: e.get("id") == 1)
        watch.wait_keys(lambda k: "KEY_LEFTALT pressed" in k[before:], 10)
        holder.kill()
        watch.wait_keys(lambda k: "KEY_LEFTALT released" in k[before:], 10)
        seen["killed_client"] = watch.keys()[before:]

        # The daemon killed while a client holds shift, and restarted by systemd: shift comes up.
        before = len(watch.keys())
        restarts = show("gestured.service", "NRestarts")["NRestarts"]
        holder = UserClient("alice", "alice-holds-shift", request={"id": 1, "request": "keys", "steps": [{"press": 42}]})
        seen["held_shift"] = holder.wait(lambda e: e.get("id") == 1)
        watch.wait_keys(lambda k: "KEY_LEFTSHIFT pressed" in k[before:], 10)
        old_pid = show("gestured.service", "MainPID")["MainPID"]
        seen["kill"] = run("systemctl", "kill", "--signal=SIGKILL", "gestured.service")["status"]
        watch.wait_keys(lambda k: "KEY_LEFTSHIFT released" in k[before:], 10)
        seen["crash"] = watch.keys()[before:]
        seen["restarted"] = wait_for(lambda: (lambda s: s if s["SubState"] == "running" and s["MainPID"] not in ("0", old_pid) else None)(
            show("gestured.service", "SubState", "MainPID", "NRestarts")), 30) or show("gestured.service", "SubState", "MainPID", "NRestarts")
        seen["restarts_before"] = restarts
        holder.close()
        # And the new daemon types again.
        seen["after_restart"] = run("runuser", "-u", "alice", "--", "gesturectl", "keys", "--layout", "us", "x")
        watch.wait_keys(lambda k: "KEY_X released" in k, 10)
        seen["after_restart_keys"] = watch.keys()[-2:]
        seen["journal"] = [line for line in journal("-u", "gestured.service").splitlines() if "key" in line][-10:]
        seen["devices_removed"] = [line for line in watch.lines() if "DEVICE_REMOVED" in line and "gestured virtual keyboard" in line]
    finally:
        watch.close()


USER = "alice"  # the user-actions scenario's desktop user


def as_user(*command, timeout=60):
    """A command as the desktop user, with its user manager's runtime folder (systemctl --user
    then reaches the manager through its private socket; no user D-Bus is needed)."""
    uid = run("id", "-u", USER)["output"].strip()
    return run("runuser", "-u", USER, "--", "env", f"XDG_RUNTIME_DIR=/run/user/{uid}", *command, timeout=timeout)


@scenario("user-actions")
def user_actions(seen):
    # The desktop user in front (alice, logged in on her terminal by the sessions scenario, or
    # here): her user manager runs the package's user unit on her actions file.
    log_in_users(seen)
    seen["in_front"] = switch_to(USER)
    home = f"/home/{USER}"
    os.makedirs(f"{home}/.config/gestured", exist_ok=True)
    with open(f"{home}/.config/gestured/actions.yml", "w") as f:
        f.write("version: 1\nactions:\n"
                "  - gesture: user-pan\n"
                "    define: { drag: { minimumDistance: 2 }, priority: simultaneous }\n"
                "    shell: echo \"$GESTURE_NAME $GESTURE_PHASE $(id -un)\" >> $HOME/ran\n")
    run("chown", "-R", f"{USER}:{USER}", f"{home}/.config")
    uid = run("id", "-u", USER)["output"].strip()
    seen["manager"] = running(f"user@{uid}.service")
    seen["enable"] = as_user("systemctl", "--user", "enable", "--now", "gestured-actions.service")
    unit = lambda: dict(line.split("=", 1) for line in as_user(
        "systemctl", "--user", "show", "-p", "ActiveState", "-p", "SubState", "-p", "MainPID", "-p", "UnitFileState",
        "gestured-actions.service")["output"].splitlines() if "=" in line)
    seen["unit"] = wait_for(lambda: (lambda u: u if u.get("SubState") == "running" else None)(unit()), 30) or unit()
    pid = seen["unit"].get("MainPID", "0")
    seen["runner_uid"] = next((line.split()[1] for line in open(f"/proc/{pid}/status") if line.startswith("Uid:")), None) \
        if pid != "0" and os.path.exists(f"/proc/{pid}") else None
    # The program the unit started: the runner's own (gestured-actions), not gesturectl: the one
    # executable (/usr/bin/gestured) by the link's name, which the kernel keeps as its command.
    seen["runner_exe"] = os.readlink(f"/proc/{pid}/exe") if pid != "0" and os.path.exists(f"/proc/{pid}") else None
    seen["runner_comm"] = open(f"/proc/{pid}/comm").read().strip() if pid != "0" and os.path.exists(f"/proc/{pid}") else None
    seen["runner_link"] = os.readlink("/usr/libexec/gestured-actions") if os.path.islink("/usr/libexec/gestured-actions") else None
    seen["uid"] = uid
    # Strokes until the runner, connecting in its own time, has run the command for one.
    ran = f"{home}/ran"
    strokes = 0
    end = time.monotonic() + 30
    while time.monotonic() < end and not (os.path.exists(ran) and "ended" in open(ran).read()):
        finger = Finger(screen(), 600, 600 + 40 * strokes)
        finger.move(20)
        finger.lift()
        strokes += 1
        wait_for(lambda: os.path.exists(ran) and "ended" in open(ran).read(), 2)
    seen["strokes"] = strokes
    seen["ran"] = open(ran).read().splitlines() if os.path.exists(ran) else []
    # What the installed programs weigh here (the figures docs/BENCHMARKS.md gives per machine):
    # the stripped executables, and the daemon and the runner idle, connected, after a stroke.
    time.sleep(1.0)  # settled: nothing in flight
    seen["footprint"] = {
        "sizes": {path: os.path.getsize(path) for path in ("/usr/bin/gestured", "/usr/bin/gesturectl", "/usr/libexec/gestured-actions")},
        "gestured": memory(show("gestured.service", "MainPID")["MainPID"]),
        "gestured-actions": memory(pid),
        "machine": os.uname().machine,
    }
    seen["journal"] = run("journalctl", "--no-pager", f"_UID={uid}", "-o", "cat")["output"].splitlines()[-20:]
    # Leaves nothing of the users' managers behind for the package's removal to find.
    seen["disable"] = as_user("systemctl", "--user", "disable", "--now", "gestured-actions.service")["status"]
    run("systemctl", "stop", "getty@tty2.service", "getty@tty3.service")
    for user in SESSION_USERS:
        run("loginctl", "terminate-user", user)
    wait_for(lambda: not run("loginctl", "list-users", "--no-legend")["output"].strip(), 30)


@scenario("stop")
def stop(seen):
    client = subscriber(define=["e2e-pan"])
    seen["screen_listed"] = device_id(SCREEN) is not None
    finger = Finger(screen(), 1000, 1200)
    finger.move(10)
    seen["active"] = client.wait(lambda e: e.get("gesture") == "e2e-pan" and e["phase"] == "active") is not None
    seen["stop"] = run("systemctl", "stop", "gestured.service")["status"]
    seen["closed"] = client.wait_closed(30)
    seen["pan"] = [(e["instance"], e["phase"], e.get("reason"), e.get("state")) for e in client.gestures("e2e-pan")]
    seen["last_line"] = client.lines[-1] if client.lines else None
    finger.lift()
    seen["after_stop"] = {"socket": show("gestured.socket", "ActiveState")["ActiveState"],
                          "service": show("gestured.service", "ActiveState")["ActiveState"],
                          "socket_file": os.path.exists(SOCKET)}
    again = Client()
    seen["hello_again"] = again.wait(lambda e: e.get("event") == "hello", timeout=60) is not None
    again.close()
    seen["service_again"] = show("gestured.service", "ActiveState", "SubState")


OVERLAY_FOLDER = "/host/overlay"  # the overlay's own package, under its own name (gestured-overlay_VERSION_ARCH.deb)


def depends(package):
    """A package's Depends line as dpkg recorded it on installing it."""
    return run("dpkg-query", "-W", "-f", "${Depends}", package)["output"].strip()


@scenario("overlay-package")
def overlay_package(seen):
    # gestured alone (a kiosk's install): nothing of cairo or pango pulled, and gesturectl
    # overlay names the package that brings the overlay.
    seen["gestured_depends"] = depends("gestured")
    seen["without"] = run("gesturectl", "overlay", "--check")
    # As the docs print it (README, docs/OVERLAY.md, packaging/README).
    seen["dpkg"] = run("sh", "-c", f"cd {OVERLAY_FOLDER} && apt install ./gestured-overlay_*.deb")
    seen["overlay_depends"] = depends("gestured-overlay")
    seen["files"] = run("dpkg", "-L", "gestured-overlay")["output"].split()
    seen["with"] = run("gesturectl", "overlay", "--check")
    seen["unit"] = run("systemctl", "--global", "is-enabled", "gestured-overlay.service")["output"].strip()
    # gestured cannot go while the overlay, which needs it, stays; the overlay goes alone.
    seen["remove_gestured"] = run("dpkg", "-r", "gestured")
    seen["dpkg_r"] = run("dpkg", "-r", "gestured-overlay")
    seen["after"] = {
        "left": [path for path in ("/usr/libexec/gestured-overlay", "/usr/lib/systemd/user/gestured-overlay.service") if os.path.exists(path)],
        "gestured": run("dpkg-query", "-W", "-f", "${Status}", "gestured")["output"].strip(),
        "without_again": run("gesturectl", "overlay", "--check")["status"],
    }


@scenario("remove")
def remove(seen):
    with open(os.path.join(OUT, "service-journal.txt"), "w") as f:
        f.write(run("journalctl", "--no-pager", "-o", "short-monotonic", "-u", "gestured.service", "-u", "gestured.socket")["output"])
    for device in devices.values():
        touch.destroy(device)
    devices.clear()
    seen["dpkg_r"] = run("dpkg", "-r", "gestured")
    run("systemctl", "daemon-reload")
    seen["after_remove"] = {
        "socket": show("gestured.socket", "LoadState", "ActiveState"),
        "service": show("gestured.service", "LoadState", "ActiveState"),
        "socket_file": os.path.exists(SOCKET),
        "processes": [p for p in os.listdir("/proc") if p.isdigit() and comm(p) == "gestured"],
        "conffile_kept": os.path.exists(CONFIG),
        "user_kept": run("getent", "passwd", "gestured")["status"] == 0,
    }
    seen["dpkg_p"] = run("dpkg", "-P", "gestured")
    run("systemctl", "daemon-reload")
    seen["after_purge"] = {
        "user": run("getent", "passwd", "gestured")["output"].strip(),
        "group": run("getent", "group", "gestured")["output"].strip(),
        "files": run("sh", "-c", "find /etc /usr/lib/systemd /lib/systemd /run /var/lib/systemd -name '*gestured*' 2>/dev/null")["output"].split(),
        "unit_files": run("systemctl", "list-unit-files", "--no-legend", "gestured*")["output"].strip(),
        "units": run("systemctl", "list-units", "--all", "--no-legend", "gestured*")["output"].strip(),
        "dpkg_status": run("dpkg-query", "-W", "-f", "${Status}", "gestured")["output"].strip(),
    }


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    chosen = sys.argv[2:]
    unknown = [name for name in chosen if name not in dict(SCENARIOS)]
    if unknown:
        sys.exit(f"service.py: no scenario {', '.join(unknown)} (there are: {', '.join(n for n, _ in SCENARIOS)})")
    for name, body in SCENARIOS:
        if chosen and name not in chosen:
            continue
        step(name)
        observed = report.setdefault(name, {})
        try:
            body(observed)
        except Exception:  # noqa: BLE001 — a broken scenario is a finding, not the end of the run
            observed["error"] = traceback.format_exc()
        with open(os.path.join(OUT, "service.json"), "w") as f:
            json.dump(report, f, indent=1)
    step("done")
