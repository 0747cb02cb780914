#!/usr/bin/env python3
"""make soak: the daemon under load and faults, over a real socket on this machine only.

Every scenario starts its own `gestured` replaying ten fingers at 240 frames/s in a loop
(Benchmarks/daemon/make-long-recording.py, Benchmarks/daemon/bench-gestures.yml) and checks
what the daemon promises (docs/RELIABILITY.md):

  churn    1,000 clients connect, subscribe (a quarter with `define`), and leave in waves of
           100, half of them abruptly mid-gesture: fds and RSS come back; every client that
           unsubscribed got exactly one end for every instance it was told about.
  stuck    200 clients that never read beside one that does: the reader's latency stays
           bounded, the stuck ones are disconnected, memory comes back.
  signals  100 SIGHUPs in a second (valid, invalid and alias-bomb configurations in turn)
           under load, then SIGTERM with lagging readers: no hang, every instance any client
           was told about ends exactly once for it.
  hostile  clients with the deepest and largest definitions the limits allow (16 recognizers
           and 8 levels each, 64 per connection, 256 in all): another client's latency stays
           under 10 ms (p99).
  fdlimit  a daemon at its open-files limit (64, soft and hard) with 80 more clients
           knocking: it does not spin (CPU while at the limit), says so once, a client already
           connected keeps its events (latency), and the waiting ones are served once
           descriptors are free (recovery); a daemon started with a soft limit under the
           hard one raises it.
  amplify  10 connections with 32 subscriptions each taking touch frames and traces (the
           most the limits allow), in another process, beside a plain subscriber: its latency
           (p50, p99) and the daemon's CPU, against the same subscriber alone.
  soak     64 clients for SOAK_SECONDS (default 120): RSS and fd slope, which must be flat.

Usage: soak.py GESTURED [SCENARIO …]   (SOAK_SECONDS=3600 for the hour figure)
Exit status 1 when any check fails; each scenario prints its figures.
"""
import json
import os
import resource
import select
import signal
import socket
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
POLLRDHUP = 0x2000
failures = []


def check(condition, message):
    print(("  ok    " if condition else "  FAIL  ") + message, flush=True)
    if not condition:
        failures.append(message)


def now_us():
    return time.clock_gettime_ns(time.CLOCK_MONOTONIC) // 1000


class Daemon:
    """A gestured replaying the long ten-finger recording in a loop, at its own pace."""

    def __init__(self, binary, work, config=None, queue_limit=None, open_files=None):
        self.socket = os.path.join(work, "gestured.sock")
        self.config = config or os.path.join(ROOT, "Benchmarks/daemon/bench-gestures.yml")
        args = [binary, "--socket", self.socket, "--config", self.config, "--replay", RECORDING, "--loop", "--realtime",
                "--latency-stamps", "--log-level", "warning"]
        if queue_limit:
            args += ["--client-queue-limit", str(queue_limit)]
        self.log = open(os.path.join(work, "gestured.log"), "w+")
        limit = (lambda: resource.setrlimit(resource.RLIMIT_NOFILE, open_files)) if open_files else None
        self.process = subprocess.Popen(args, stderr=self.log, cwd=ROOT, preexec_fn=limit)
        deadline = time.monotonic() + 30
        while not os.path.exists(self.socket):
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise SystemExit("gestured did not start: " + open(self.log.name).read())
            time.sleep(0.05)

    def rss_kb(self):
        # From the page tables: VmRSS lags a process that unmaps pages (Benchmarks/procmemory.py).
        with open(f"/proc/{self.process.pid}/smaps_rollup") as rollup:
            for line in rollup:
                if line.startswith("Rss:"):
                    return int(line.split()[1])
        return 0

    def fds(self):
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def settle(self, target_fds, seconds=10):
        """Waits (polling /proc, bounded) until the daemon holds `target_fds` fds; returns them."""
        deadline = time.monotonic() + seconds
        while self.fds() > target_fds and time.monotonic() < deadline:
            time.sleep(0.05)
        return self.fds()

    def cpu_seconds(self):
        """User and system time the daemon has used so far."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def open_files_limit(self):
        """The daemon's soft open-files limit, from /proc."""
        with open(f"/proc/{self.process.pid}/limits") as limits:
            for line in limits:
                if line.startswith("Max open files"):
                    return int(line.split()[3])
        return 0

    def log_text(self):
        with open(self.log.name) as log:
            return log.read()

    def stop(self, timeout=15):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout)
        except subprocess.TimeoutExpired:
            self.process.kill()
            return None


class Client:
    """One connection with a ledger: per (subscription, instance), the events it was sent."""

    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.sock.setblocking(False)
        self.buffer = b""
        self.replies = {}
        self.seen = {}    # (subscription, instance) -> number of ends
        self.errors = []  # ledger violations
        self.latencies = []
        self.closed = False
        self.overflowed = False
        self.events = 0
        self.reconfigured = 0
        self.bytes = 0

    def send(self, message):
        self.sock.setblocking(True)
        self.sock.sendall((json.dumps(message) + "\n").encode())
        self.sock.setblocking(False)

    def pump(self, limit=1 << 20):
        """Reads what is there (up to `limit` bytes); False once the daemon closed."""
        try:
            data = self.sock.recv(limit)
        except BlockingIOError:
            return True
        except ConnectionResetError:
            data = b""
        if not data:
            self.closed = True
            return False
        self.buffer += data
        self.bytes += len(data)
        *lines, self.buffer = self.buffer.split(b"\n")
        stamp = now_us()
        for line in lines:
            self.take(json.loads(line), stamp)
        return True

    def take(self, message, stamp):
        if "id" in message and ("ok" in message or "error" in message):
            self.replies[message["id"]] = message
            return
        event = message.get("event")
        if event == "overflow":
            self.overflowed = True
        if event != "gesture":
            return
        self.events += 1
        if "ingressUs" in message and not message.get("snapshot"):
            self.latencies.append(stamp - message["ingressUs"])
        key = (message["subscription"], message["instance"])
        ends = self.seen.get(key, 0)
        if ends:
            self.errors.append(f"{key}: {message['phase']} after its end")
        if message["phase"] in ("ended", "failed"):
            self.seen[key] = ends + 1
            self.reconfigured += message.get("reason") == "reconfigured"
        else:
            self.seen.setdefault(key, 0)

    def unended(self):
        return [key for key, ends in self.seen.items() if ends != 1]

    def wait_reply(self, request_id, seconds=10):
        deadline = time.monotonic() + seconds
        while request_id not in self.replies and time.monotonic() < deadline and not self.closed:
            select.select([self.sock], [], [], 0.1)
            self.pump()
        return self.replies.get(request_id)

    def read_to_end(self, seconds=20):
        deadline = time.monotonic() + seconds
        while not self.closed and time.monotonic() < deadline:
            select.select([self.sock], [], [], 0.1)
            self.pump()
        return self.closed

    def close(self):
        self.sock.close()


def pump_all(clients, seconds, skip=()):
    """Reads every client (except `skip`) for `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        live = [c.sock for c in clients if not c.closed and c not in skip]
        if not live:
            time.sleep(min(0.05, max(0, deadline - time.monotonic())))
            continue
        readable, _, _ = select.select(live, [], [], 0.05)
        by_sock = {c.sock: c for c in clients}
        for sock in readable:
            by_sock[sock].pump()


def percentile(values, p):
    if not values:
        return 0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))]


def subscribe(client, request_id=1, define=None):
    request = {"id": request_id, "request": "subscribe"}
    if define:
        request["define"] = define
    client.send(request)


def connect(daemon, count, define_every=0):
    clients = []
    for index in range(count):
        client = Client(daemon.socket)
        defined = define_every and index % define_every == 0
        subscribe(client, define=[{"name": f"mine-{index}", "drag": {"minimumDistance": 1}, "priority": "simultaneous"}] if defined else None)
        clients.append(client)
    return clients


def churn(binary, work):
    print("churn: 1,000 clients in waves of 100, half leaving abruptly mid-gesture", flush=True)
    daemon = Daemon(binary, work)
    anchor = connect(daemon, 1)
    pump_all(anchor, 2)
    base_fds, base_rss = daemon.fds(), daemon.rss_kb()
    graceful = abrupt = 0
    violations = []
    peak_rss = base_rss
    for wave in range(10):
        clients = connect(daemon, 100, define_every=4)
        pump_all(clients + anchor, 0.6)
        peak_rss = max(peak_rss, daemon.rss_kb())
        for index, client in enumerate(clients):
            if index % 2:
                client.close()  # abruptly, gestures in flight
                abrupt += 1
                continue
            client.send({"id": 2, "request": "unsubscribe", "subscription": client.replies.get(1, {}).get("subscription", 0)})
        for index, client in enumerate(clients):
            if index % 2:
                continue
            reply = client.wait_reply(2)
            graceful += 1
            if not reply or not reply.get("ok"):
                violations.append(f"wave {wave} client {index}: unsubscribe reply {reply}")
            violations += client.errors + [f"wave {wave} client {index}: {key} ended {client.seen[key]} times" for key in client.unended()]
            client.close()
    end_fds = daemon.settle(base_fds)
    pump_all(anchor, 2)
    end_rss = daemon.rss_kb()
    print(f"  {graceful} graceful and {abrupt} abrupt departures; fds {base_fds} → {end_fds}; "
          f"RSS {base_rss} kB → peak {peak_rss} kB → {end_rss} kB", flush=True)
    check(not violations, f"every graceful client got exactly one end per instance ({len(violations)} violations{': ' + violations[0] if violations else ''})")
    check(end_fds == base_fds, f"fds back where they started ({base_fds} → {end_fds})")
    check(end_rss <= base_rss + 8 * 1024, f"RSS back near where it started ({end_rss - base_rss:+d} kB, bound +8192 kB)")
    check(not anchor[0].errors and not anchor[0].closed, "the client that stayed saw a consistent stream")
    check(daemon.stop() == 0, "gestured exits 0 on SIGTERM")


def stuck(binary, work):
    print("stuck: 200 clients that never read beside one that does (queue limit 32)", flush=True)
    daemon = Daemon(binary, work, queue_limit=32)
    reader = connect(daemon, 1)
    pump_all(reader, 2)
    base_fds, base_rss = daemon.fds(), daemon.rss_kb()
    stuck_clients = connect(daemon, 200)
    reader[0].latencies.clear()
    started = time.monotonic()
    # The reader reads; the stuck ones are only polled for the daemon's hang-up, never read.
    poller = select.poll()
    for client in stuck_clients:
        poller.register(client.sock, POLLRDHUP)
    hung_up = set()
    peak_rss = daemon.rss_kb()
    all_gone = None
    while time.monotonic() - started < 90 and (all_gone is None or time.monotonic() - started < all_gone + 5):
        pump_all(reader, 0.2)
        peak_rss = max(peak_rss, daemon.rss_kb())
        for fd, events in poller.poll(0):
            if events & POLLRDHUP:
                hung_up.add(fd)
                poller.unregister(fd)
        if all_gone is None and len(hung_up) == len(stuck_clients):
            all_gone = time.monotonic() - started
    end_fds = daemon.settle(base_fds)
    latencies = reader[0].latencies
    end_rss = daemon.rss_kb()
    print(f"  {len(hung_up)} of 200 stuck clients disconnected by the daemon"
          f"{f', the last after {all_gone:.1f} s' if all_gone else ''}; fds {base_fds} → {end_fds}; "
          f"RSS {base_rss} kB → peak {peak_rss} kB → {end_rss} kB", flush=True)
    print(f"  the reader: {len(latencies)} events, latency p50 {percentile(latencies, 0.5) / 1000:.2f} ms, "
          f"p99 {percentile(latencies, 0.99) / 1000:.2f} ms, max {max(latencies or [0]) / 1000:.2f} ms", flush=True)
    check(len(hung_up) == 200, "every stuck client was disconnected")
    check(end_fds == base_fds, f"their fds were closed ({base_fds} → {end_fds})")
    check(end_rss <= base_rss + 8 * 1024, f"memory came back ({end_rss - base_rss:+d} kB, bound +8192 kB)")
    check(percentile(latencies, 0.99) < 50_000, "the reader's p99 latency stayed under 50 ms")
    check(not reader[0].closed and not reader[0].errors, "the reader stayed connected with a consistent stream")
    for client in stuck_clients:
        client.close()
    check(daemon.stop() == 0, "gestured exits 0 on SIGTERM")


def signals(binary, work):
    print("signals: 100 SIGHUPs in a second under load, then SIGTERM with lagging readers", flush=True)
    config = os.path.join(work, "gestured.yml")
    bench = open(os.path.join(ROOT, "Benchmarks/daemon/bench-gestures.yml")).read()
    variants = [
        bench,
        "version: 1\ngestures:\n  - name: [unclosed\n",
        open(os.path.join(ROOT, "Fixtures/repro/alias-bomb.yml")).read(),
        bench.replace("minimumDistance: 1", "minimumDistance: 2"),
    ]
    with open(config, "w") as f:
        f.write(bench)
    daemon = Daemon(binary, work, config=config, queue_limit=1_000_000)
    readers = connect(daemon, 12, define_every=3)
    laggards = connect(daemon, 4)
    pump_all(readers + laggards, 3)
    started = time.monotonic()
    for n in range(100):  # the clients read nothing meanwhile: they fall behind
        temporary = config + ".new"
        with open(temporary, "w") as f:
            f.write(variants[n % len(variants)])
        os.rename(temporary, config)
        daemon.process.send_signal(signal.SIGHUP)
        time.sleep(0.009)
    took = time.monotonic() - started
    before = sum(c.events for c in readers)
    # The laggards read nothing for 20 s: past their sockets' buffers, lines wait in the daemon.
    pump_all(readers, 16)
    delivering = sum(c.events for c in readers) > before
    readers[0].send({"id": 9, "request": "ping"})
    pong = readers[0].wait_reply(9, 10)
    for laggard in laggards:  # a little, slowly: still behind at SIGTERM
        laggard.pump(4096)
    behind = [laggard.bytes for laggard in laggards]
    stopped = time.monotonic()
    daemon.process.send_signal(signal.SIGTERM)
    for client in readers + laggards:
        client.read_to_end(20)
    status = daemon.stop(15)
    stop_took = time.monotonic() - stopped
    behind = [laggard.bytes - before for laggard, before in zip(laggards, behind)]
    log = open(daemon.log.name).read()
    violations = []
    for index, client in enumerate(readers + laggards):
        violations += client.errors + [f"client {index}: {key} ended {client.seen[key]} times" for key in client.unended()]
    instances = sum(len(c.seen) for c in readers + laggards)
    reconfigured = sum(c.reconfigured for c in readers + laggards)
    refused = log.count("keeping the old configuration")
    print(f"  100 SIGHUPs in {took:.2f} s ({refused} configurations refused and logged); {instances} instances told to "
          f"16 clients, {reconfigured} failed with reconfigured; SIGTERM to exit {stop_took:.2f} s; the laggards were "
          f"{min(behind) // 1024}–{max(behind) // 1024} KiB behind at SIGTERM", flush=True)
    check(delivering, "events kept flowing after the SIGHUPs")
    check(bool(pong and pong.get("ok")), "the daemon still answered a ping")
    check(all(c.closed for c in readers + laggards), "every client was closed at shutdown")
    check(not any(c.overflowed for c in readers + laggards), "no client overflowed (queue limit 1,000,000)")
    check(not violations, f"every instance ended exactly once for every client ({len(violations)} violations{': ' + violations[0] if violations else ''})")
    check(status == 0 and stop_took < 10, f"gestured exited 0 within 10 s of SIGTERM (status {status})")


def deep_definition(name):
    """8 levels deep, 16 recognizers: the largest one gesture may be."""
    gesture = {"simultaneously": [{"drag": {"minimumDistance": 1, "extraTouches": "ignore"}} for _ in range(9)]}
    for _ in range(7):
        gesture = {"sequenced": [gesture, {"drag": {"minimumDistance": 1, "extraTouches": "ignore"}}]}
    return dict(name=name, priority="simultaneous", **gesture)


def hostile(binary, work):
    print("hostile: 6 clients defining the largest gestures the limits allow, beside one reader", flush=True)
    daemon = Daemon(binary, work)
    reader = connect(daemon, 1)
    pump_all(reader, 2)
    reader[0].latencies.clear()
    pump_all(reader, 8)
    calm = list(reader[0].latencies)
    hostiles = []
    for index in range(6):  # each asks for its connection's 64 recognizers: 4 × 16
        client = Client(daemon.socket)
        client.send({"id": 1, "request": "subscribe", "define": [deep_definition(f"h{index}-{n}") for n in range(4)]})
        hostiles.append(client)
    replies = [client.wait_reply(1) for client in hostiles]
    accepted = sum(bool(reply and reply.get("ok")) for reply in replies)
    refused_in_all = sum("in all" in (reply or {}).get("error", {}).get("message", "") for reply in replies)
    # One more on a full connection is over its own budget.
    hostiles[0].send({"id": 2, "request": "subscribe", "define": [deep_definition("over")]})
    over = hostiles[0].wait_reply(2)
    reader[0].latencies.clear()
    pump_all(reader + hostiles, 10)
    loaded = reader[0].latencies
    print(f"  {accepted} of 6 accepted ({accepted * 64} recognizers), {refused_in_all} refused for the daemon's budget; "
          f"the reader alone: p99 {percentile(calm, 0.99) / 1000:.2f} ms; beside them: p50 {percentile(loaded, 0.5) / 1000:.2f} ms, "
          f"p99 {percentile(loaded, 0.99) / 1000:.2f} ms, max {max(loaded or [0]) / 1000:.2f} ms over {len(loaded)} events", flush=True)
    check(accepted == 4 and refused_in_all == 2, "definitions up to the daemon's budget are accepted, the rest refused")
    check(bool(over and "per connection" in over.get("error", {}).get("message", "")), "one more past a connection's budget is refused")
    check(len(loaded) > 1000 and percentile(loaded, 0.99) < 10_000, "the other client's p99 latency stays under 10 ms")
    check(daemon.stop() == 0, "gestured exits 0 on SIGTERM")


def slope(samples):
    """Least-squares slope of (t, value) pairs, per minute."""
    n = len(samples)
    if n < 2:
        return 0.0
    mean_t = sum(t for t, _ in samples) / n
    mean_v = sum(v for _, v in samples) / n
    num = sum((t - mean_t) * (v - mean_v) for t, v in samples)
    den = sum((t - mean_t) ** 2 for t, _ in samples) or 1
    return num / den * 60


def soak(binary, work):
    seconds = float(os.environ.get("SOAK_SECONDS", "120"))
    print(f"soak: 64 clients for {seconds:.0f} s of looping replay", flush=True)
    daemon = Daemon(binary, work)
    clients = connect(daemon, 64, define_every=8)
    pump_all(clients, 5)  # warm-up: first allocations, caches
    rss, fds = [], []
    started = time.monotonic()
    next_sample = started
    while time.monotonic() - started < seconds:
        if time.monotonic() >= next_sample:
            t = time.monotonic() - started
            rss.append((t, daemon.rss_kb()))
            fds.append((t, daemon.fds()))
            next_sample += max(1.0, seconds / 120)
        pump_all(clients, 0.2)
    events = sum(c.events for c in clients)
    latencies = [v for c in clients for v in c.latencies[-2000:]]
    rss_slope, fd_slope = slope(rss), slope(fds)
    print(f"  {events} events to 64 clients; RSS {rss[0][1]} → {rss[-1][1]} kB (max {max(v for _, v in rss)} kB), "
          f"slope {rss_slope:+.1f} kB/min; fds {fds[0][1]} → {fds[-1][1]}, slope {fd_slope:+.2f}/min; "
          f"latency p99 {percentile(latencies, 0.99) / 1000:.2f} ms", flush=True)
    check(all(not c.closed and not c.errors for c in clients), "every client stayed connected with a consistent stream")
    check(fds[-1][1] == fds[0][1], "fds flat")
    check(rss[-1][1] - rss[0][1] <= 4 * 1024 and rss_slope < 512, "RSS flat (within 4 MB, slope under 512 kB/min)")
    check(daemon.stop() == 0, "gestured exits 0 on SIGTERM")


def fdlimit(binary, work):
    print("fdlimit: a daemon at its open-files limit (64) with 80 more clients knocking", flush=True)
    daemon = Daemon(binary, work, open_files=(64, 64))
    reader = connect(daemon, 1)
    pump_all(reader, 2)
    reader[0].latencies.clear()
    # More clients than descriptors: the kernel queues them in the backlog, the daemon accepts
    # until it has none left.
    knocking = [Client(daemon.socket) for _ in range(80)]
    for client in knocking:
        client.send({"id": 1, "request": "ping"})
    pump_all(reader + knocking, 1)
    waiting = [c for c in knocking if 1 not in c.replies]
    cpu_before = daemon.cpu_seconds()
    pump_all(reader + knocking, 3)
    cpu = daemon.cpu_seconds() - cpu_before
    latencies = reader[0].latencies
    log = daemon.log_text()
    said = log.count("cannot accept a connection")
    print(f"  {80 - len(waiting)} of 80 accepted at the limit, {len(waiting)} waiting; daemon CPU {cpu:.2f} s in 3 s; "
          f"the connected reader: {len(latencies)} events, p99 {percentile(latencies, 0.99) / 1000:.2f} ms; "
          f"the log said so {said} time(s)", flush=True)
    check(len(waiting) > 0, "the limit was reached (some clients wait)")
    check(cpu < 0.5, f"no spin at the limit ({cpu:.2f} s of CPU in 3 s, bound 0.5)")
    check(said == 1, "the daemon said once that it cannot accept")
    check(len(latencies) > 100 and percentile(latencies, 0.99) < 50_000, "the connected reader kept its events (p99 under 50 ms)")
    # Recovery: 40 accepted clients leave; every waiting one gets its hello and its pong.
    accepted = [c for c in knocking if c not in waiting]
    for client in accepted[:40]:
        client.close()
        client.closed = True
    started = time.monotonic()
    while time.monotonic() - started < 10 and any(1 not in c.replies for c in waiting):
        pump_all(reader + waiting, 0.2)
    served = sum(1 in c.replies for c in waiting)
    print(f"  after 40 left: {served} of {len(waiting)} waiting clients served in {time.monotonic() - started:.2f} s", flush=True)
    check(served == len(waiting), "every waiting client was served once descriptors were free")
    check(not reader[0].closed and not reader[0].errors, "the reader stayed connected with a consistent stream")
    for client in knocking:
        client.close()
    check(daemon.stop() == 0, "gestured exits 0 on SIGTERM")
    raised_work = os.path.join(work, "raised")
    os.makedirs(raised_work)
    raised = Daemon(binary, raised_work, open_files=(64, 4096))
    soft = raised.open_files_limit()
    print(f"  started with 64 of a hard 4,096: the soft limit is {soft}", flush=True)
    check(soft == 4096, "the daemon raises its soft open-files limit to the hard one")
    check(raised.stop() == 0, "gestured exits 0 on SIGTERM")


# The amplifying clients, in a process of their own (so that reading their lines takes nothing
# from the neighbour's measurement): 10 connections, each subscribing 32 times with touch frames
# and traces, reading everything and dropping it.
AMPLIFIER = r"""
import json, select, socket, sys
sockets = []
for _ in range(10):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.connect(sys.argv[1])
    for i in range(32):
        s.sendall((json.dumps({"id": i + 1, "request": "subscribe", "touches": True, "trace": True}) + "\n").encode())
    sockets.append(s)
print("subscribed", flush=True)
while True:
    readable, _, _ = select.select(sockets, [], [], 1)
    for s in readable:
        if not s.recv(1 << 20):
            sys.exit(0)
"""


def amplify(binary, work):
    print("amplify: 10 connections × 32 subscriptions taking touch frames and traces, beside a plain subscriber", flush=True)
    daemon = Daemon(binary, work)
    neighbour = connect(daemon, 1)
    pump_all(neighbour, 2)
    neighbour[0].latencies.clear()
    cpu_before = daemon.cpu_seconds()
    pump_all(neighbour, 8)
    alone = list(neighbour[0].latencies)
    alone_cpu = (daemon.cpu_seconds() - cpu_before) / 8
    amplifier = subprocess.Popen([sys.executable, "-c", AMPLIFIER, daemon.socket], stdout=subprocess.PIPE, text=True)
    check(amplifier.stdout.readline().strip() == "subscribed", "the amplifying clients subscribed")
    pump_all(neighbour, 2)
    neighbour[0].latencies.clear()
    cpu_before = daemon.cpu_seconds()
    pump_all(neighbour, 10)
    loaded = list(neighbour[0].latencies)
    loaded_cpu = (daemon.cpu_seconds() - cpu_before) / 10
    amplifier.kill()
    amplifier.wait()

    def ms(values, p):
        return percentile(values, p) / 1000

    print(f"  the neighbour alone: {len(alone)} events, p50 {ms(alone, 0.5):.2f} ms, p99 {ms(alone, 0.99):.2f} ms, "
          f"daemon {alone_cpu * 100:.0f} % of a core", flush=True)
    print(f"  beside 320 subscriptions with touches and traces: {len(loaded)} events, p50 {ms(loaded, 0.5):.2f} ms, "
          f"p99 {ms(loaded, 0.99):.2f} ms, max {max(loaded or [0]) / 1000:.2f} ms, daemon {loaded_cpu * 100:.0f} % of a core", flush=True)
    check(len(loaded) > len(alone) * 0.9, "the neighbour received as many events under the load")
    check(ms(loaded, 0.99) < 10, f"the neighbour's p99 stayed under 10 ms ({ms(loaded, 0.99):.2f} ms)")
    # Each frame's touches and trace made once for all 320 (before issue 53: 89 % of a core here).
    check(loaded_cpu < 0.5, f"the daemon stayed under half a core ({loaded_cpu * 100:.0f} %)")
    check(not neighbour[0].closed and not neighbour[0].errors, "the neighbour stayed connected with a consistent stream")
    check(daemon.stop() == 0, "gestured exits 0 on SIGTERM")


SCENARIOS = {"churn": churn, "stuck": stuck, "signals": signals, "hostile": hostile, "fdlimit": fdlimit, "amplify": amplify, "soak": soak}
RECORDING = ""


def main():
    global RECORDING
    binary = os.path.abspath(sys.argv[1])
    chosen = sys.argv[2:] or list(SCENARIOS)
    with tempfile.TemporaryDirectory(prefix="gestured-soak-") as work:
        RECORDING = os.path.join(work, "ten-fingers.yml")
        subprocess.run([sys.executable, os.path.join(ROOT, "Benchmarks/daemon/make-long-recording.py"), RECORDING, "60"], check=True)
        for name in chosen:
            scenario_dir = os.path.join(work, name)
            os.makedirs(scenario_dir)
            started = time.monotonic()
            SCENARIOS[name](binary, scenario_dir)
            print(f"  ({time.monotonic() - started:.0f} s)", flush=True)
    if failures:
        print(f"soak: {len(failures)} check(s) failed", file=sys.stderr)
        sys.exit(1)
    print("soak: every check passed")


if __name__ == "__main__":
    main()
