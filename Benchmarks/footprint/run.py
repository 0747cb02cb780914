#!/usr/bin/env python3
"""make bench-footprint: what the shipped executables weigh (issue 12).

  * static release binaries (as `make static` builds them, what the package ships), stripped
    with `strip` into a scratch folder: their sizes;
  * the live daemon with no input devices, on a socket of its own: resident (RSS) and private
    memory (Private_Clean + Private_Dirty from /proc/PID/smaps_rollup) and its threads, idle
    once it has said it settled (its start-up pages given back the second time, 5 s after
    ready), then with 256 subscribed clients connected;
  * the actions runner the user unit starts (gestured-actions), connected to that daemon with a
    one-action file, idle once it too has settled: the same figures.

Usage: run.py BIN_DIR (the folder with the static gestured, and gesturectl and gestured-actions, links
to it as make static leaves them, or executables of their own). Prints a table
and checks nothing: docs/BENCHMARKS.md states the targets.
"""
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import daemonclient  # noqa: E402
import procmemory  # noqa: E402

bin_dir = sys.argv[1]
scratch = tempfile.mkdtemp(prefix="gestured-footprint.")


status = procmemory.memory


def wait_for(path, seconds=30):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if os.path.exists(path):
            return True
        time.sleep(0.05)
    return False


rows = []
for name in ("gestured", "gesturectl", "gestured-actions"):
    stripped = os.path.join(scratch, name)
    source = os.path.join(bin_dir, name)
    if os.path.islink(source):
        # One executable by three names (make static, as the package installs it): a link here too.
        os.symlink(os.readlink(source), stripped)
        rows.append((f"{name}", f"a link to {os.readlink(source)}"))
        continue
    shutil.copy(source, stripped)
    unstripped = os.path.getsize(stripped)
    subprocess.run(["strip", stripped], check=True)
    rows.append((f"{name} static, stripped", f"{os.path.getsize(stripped) / 1e6:.1f} MB (unstripped {unstripped / 1e6:.1f} MB)"))

sock = os.path.join(scratch, "footprint.sock")
log_path = os.path.join(scratch, "daemon.log")
daemon_log = open(log_path, "w")
daemon = subprocess.Popen([os.path.join(scratch, "gestured"), "--socket", sock, "--log-level", "debug"],
                          stdout=daemon_log, stderr=daemon_log)


try:
    if not wait_for(sock):
        sys.exit("footprint: the daemon never made its socket")
    # Settled (StartupPages.settlingSeconds after ready): what an idle daemon holds, not its start-up.
    end = time.monotonic() + 30
    while not daemonclient.log_holds(log_path, "settled: unmapped"):
        if time.monotonic() > end:
            sys.exit("footprint: the daemon never said it had settled")
        time.sleep(0.1)
    rss, private, threads = status(daemon.pid)
    rows.append(("idle daemon, no devices: RSS / private", f"{rss / 1024:.1f} MB / {private / 1024:.1f} MB"))
    rows.append(("idle daemon: threads", f"{len(threads)} ({', '.join(threads)})"))
    # The runner, as the user unit starts it, once it has said it is connected.
    actions = os.path.join(scratch, "actions.yml")
    with open(actions, "w") as file:
        file.write("version: 1\nactions:\n  - gesture: swipe-left-3\n    run: [\"true\"]\n")
    runner = subprocess.Popen([os.path.join(scratch, "gestured-actions"), "--file", actions, "--socket", sock, "--verbose"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    said = ""
    # Settled, as the daemon: StartupPages.settlingSeconds after it first connected.
    while "settled: unmapped" not in said:
        line = runner.stderr.readline()
        if not line:
            sys.exit(f"footprint: the runner ended before it settled: {said}")
        said += line
    rss, private, threads = status(runner.pid)
    rows.append(("idle runner (gestured-actions), connected: RSS / private", f"{rss / 1024:.1f} MB / {private / 1024:.1f} MB"))
    rows.append(("idle runner: threads", f"{len(threads)} ({', '.join(threads)})"))
    runner.terminate()
    runner.wait(timeout=10)
    clients = []
    for _ in range(256):
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.connect(sock)
        client.sendall(b'{"id": 1, "request": "subscribe"}\n')
        clients.append(client)
    # Every client's subscribe answered: the daemon has met them all.
    for client in clients:
        client.settimeout(10)
        seen = b""
        while b'"id":1' not in seen.replace(b" ", b""):
            chunk = client.recv(65536)
            if not chunk:
                sys.exit("footprint: a client was disconnected")
            seen += chunk
    rss, private, threads = status(daemon.pid)
    rows.append(("with 256 subscribed clients: RSS / private", f"{rss / 1024:.1f} MB / {private / 1024:.1f} MB"))
    for client in clients:
        client.close()
finally:
    daemon.terminate()
    daemon.wait(timeout=10)
    daemon_log.close()
    shutil.rmtree(scratch, ignore_errors=True)

width = max(len(r[0]) for r in rows)
for label, value in rows:
    print(f"{label.ljust(width)}  {value}")
