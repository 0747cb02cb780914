#!/usr/bin/env python3
"""make order-file: the link order of the functions the daemon and the actions runner run (issues 12, 26, 48).

The static gestured has 13 MB of code, of which about 0.8 MB runs while it starts, serves and
recognizes. Linked in the order the modules come, those functions are spread over the whole
text, and each page fault maps up to 64 KB around it: 8 MB of the binary's code stays
resident. Listing them first (lld --symbol-ordering-file) packs them into a few hundred pages.

This runs the static daemon under valgrind's callgrind — live with no devices (start, a
subscriber, SIGHUP, SIGTERM), then replaying every fixture to a subscribed client — and
writes the symbols of the functions that ran, in the order they first ran, to the order file.
Then the actions runner (gestured-actions, what a desktop user's service runs beside the daemon),
under callgrind against a plain daemon replaying the fixtures: its functions follow the daemon's.
One file orders every link (gesturectl's too, whose `actions` is the same runner's code); a name a binary does not have is skipped, as is a stale one, so it is harmless when out
of date; regenerate it after large changes.

Usage: make-order-file.py GESTURED_BINARY GESTURED_ACTIONS_BINARY OUTPUT
"""
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time

binary, runner, output = sys.argv[1], sys.argv[2], sys.argv[3]
scratch = tempfile.mkdtemp(prefix="gestured-order.")
# valgrind cannot read the binaries' DWARF; it needs only the symbol table.
symbols = os.path.join(scratch, "gestured")
subprocess.run(["objcopy", "--strip-debug", binary, symbols], check=True)
runner_symbols = os.path.join(scratch, "gestured-actions")
subprocess.run(["objcopy", "--strip-debug", runner, runner_symbols], check=True)


def callgrind(arguments, name):
    out = os.path.join(scratch, f"{name}.callgrind")
    sock = os.path.join(scratch, f"{name}.sock")
    command = [
        "valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no", "--demangle=no",
        "--compress-strings=no", "--compress-pos=no", symbols, "--socket", sock, *arguments,
    ]
    daemon = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while not os.path.exists(sock):
        if daemon.poll() is not None or time.monotonic() > deadline:
            sys.exit(f"order-file: the daemon under valgrind never made its socket ({name})")
        time.sleep(0.2)
    return daemon, sock, out


def subscribe(sock):
    client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    client.connect(sock)
    client.settimeout(120)
    client.sendall(b'{"id": 1, "request": "subscribe"}\n')
    return client


def read_until(client, text):
    seen = b""
    while text not in seen:
        chunk = client.recv(65536)
        if not chunk:
            return seen
        seen += chunk
    return seen


outputs = []
# 1. Live, no devices: start, a subscriber, a reload, a graceful stop.
daemon, sock, out = callgrind([], "live")
client = subscribe(sock)
read_until(client, b'"subscription"')
daemon.send_signal(signal.SIGHUP)
client.sendall(b'{"id": 2, "request": "ping"}\n')
read_until(client, b'"pong"')
daemon.send_signal(signal.SIGTERM)
daemon.wait(timeout=120)
outputs.append(out)

# 2. Every fixture replayed to a subscribed client: the engine, the recognizers, the wire.
# Fixtures/replays.txt lists them; those that need a .desc file of their own are left out.
fixtures = []
for line in open("Fixtures/replays.txt"):
    fields = line.split("#")[0].split()
    if len(fields) == 1:
        fixtures.append(os.path.join("Fixtures", fields[0]))
arguments = [argument for fixture in fixtures for argument in ("--replay", fixture)]
arguments += ["--config", "Fixtures/gestures.yml", "--wait-subscribers", "1", "--exit-after-replay"]
daemon, sock, out = callgrind(arguments, "replay")
client = subscribe(sock)
read_until(client, b"\x00")  # to the end: the daemon closes the connection when it exits
daemon.wait(timeout=600)
outputs.append(out)

# 3. `gestured-actions --once` under callgrind, subscribed to a plain daemon that replays the
# fixtures with the built-in gestures (what a desktop user runs): it connects, subscribes,
# decides on every event and spawns the commands of an actions file.
actions = os.path.join(scratch, "actions.yml")
with open(actions, "w") as file:
    file.write("""version: 1
actions:
  - gesture: swipe-left-3
    run: ["true"]
  - gesture: swipe-right-3
    shell: "true"
  - gesture: order-drag
    define: { drag: { fingers: 2 }, priority: simultaneous }
    on: { update: { every: { distance: 10 } } }
    run: ["true"]
    back: ["true"]
""")
sock = os.path.join(scratch, "actions.sock")
arguments = [argument for fixture in fixtures for argument in ("--replay", fixture)]
daemon = subprocess.Popen(
    [binary, "--socket", sock, *arguments, "--wait-subscribers", "1", "--exit-after-replay"],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
deadline = time.monotonic() + 60
while not os.path.exists(sock):
    if daemon.poll() is not None or time.monotonic() > deadline:
        sys.exit("order-file: the daemon for the actions runner never made its socket")
    time.sleep(0.1)
out = os.path.join(scratch, "actions.callgrind")
result = subprocess.run(
    ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", "--dump-instr=no", "--demangle=no",
     "--compress-strings=no", "--compress-pos=no", runner_symbols, "--file", actions, "--once", "--socket", sock],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900)
daemon.wait(timeout=60)
if result.returncode != 0:
    sys.exit(f"order-file: gestured-actions exited {result.returncode}")


def functions(paths, owner_name, names):
    """Adds the functions of `owner_name` that ran, first-seen order; callgrind marks
    recursion levels with 'N."""
    for path in paths:
        ob = cob = None
        for line in open(path, errors="replace"):
            key, _, value = line.rstrip("\n").partition("=")
            if key == "ob":
                ob = value
            elif key == "cob":
                cob = value
            elif key in ("fn", "cfn"):
                owner = (cob or ob) if key == "cfn" else ob
                if key == "cfn":
                    cob = None
                if owner and os.path.basename(owner) == owner_name and not value.startswith("0x") and value != "(below main)":
                    names.setdefault(value.split("'")[0], len(names))


names = {}
functions(outputs, "gestured", names)
daemon_count = len(names)
functions([out], "gestured-actions", names)
with open(output, "w") as file:
    file.write("".join(f"{name}\n" for name in sorted(names, key=names.get)))
print(f"order-file: {daemon_count} functions of the daemon from {len(fixtures)} fixtures and a live start, "
      f"{len(names) - daemon_count} more of gestured-actions -> {output}")
