#!/usr/bin/env python3
"""make order-file: the link order of the functions the daemon and the actions runner run (issues 12, 26, 48, 66).

The static gestured has 13 MB of code, of which about 0.8 MB runs while it starts, serves and
recognizes. Linked in the order the modules come, those functions are spread over the whole
text, and each page fault maps up to 64 KB around it: 8 MB of the binary's code stays
resident. Listing them first (lld --symbol-ordering-file) packs them into a few hundred pages.

Both programs unmap their code once they are ready (StartupPages, issue 66); what runs after
that is mapped again, 64 KB around each fault. So the order file has two parts: first every
function that ran after ready (serving clients, recognizing, the runner deciding and spawning),
then those only starting ran. Each run below is split where StartupPages has unmapped
(callgrind's --dump-after its C function): the part before is starting, the part after is
serving.

This runs the static daemon under valgrind's callgrind — live with no devices (start, a
subscriber and a ping, a second subscriber that comes and goes; then SIGHUP and SIGTERM,
counted with starting: rare), then replaying every fixture to a subscribed client — and the
actions runner (gestured-actions, what a desktop user's service runs beside the daemon), under
callgrind against a daemon, also under callgrind, that replays the fixtures with the built-in
gestures and the runner's own. Within each part the functions come in the order callgrind
lists them. One file orders every link (gesturectl's too, whose `actions` is the same
runner's code); a name a binary does not have is skipped, as is a stale one, so it is harmless
when out of date; regenerate it after large changes.

Usage: make-order-file.py GESTURED_BINARY GESTURED_ACTIONS_BINARY OUTPUT
"""
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "Benchmarks"))
import daemonclient  # noqa: E402

binary, runner, output = sys.argv[1], sys.argv[2], sys.argv[3]
scratch = tempfile.mkdtemp(prefix="gestured-order.")
# valgrind cannot read the binaries' DWARF; it needs only the symbol table.
symbols = os.path.join(scratch, "gestured")
subprocess.run(["objcopy", "--strip-debug", binary, symbols], check=True)
runner_symbols = os.path.join(scratch, "gestured-actions")
subprocess.run(["objcopy", "--strip-debug", runner, runner_symbols], check=True)


# Where a program has unmapped its start-up code (StartupPages): callgrind writes what ran
# until then to OUT.1, and what ran after to OUT (or to OUT.2, OUT.3 … at each further dump).
VALGRIND = ["valgrind", "--tool=callgrind", "--dump-instr=no", "--demangle=no", "--compress-strings=no",
            "--compress-pos=no", "--dump-after=gestured_release_read_only_pages"]


def wait_for(path, process, what):
    deadline = time.monotonic() + 120
    while not os.path.exists(path):
        if process.poll() is not None or time.monotonic() > deadline:
            sys.exit(f"order-file: {what}")
        time.sleep(0.2)


def callgrind(arguments, name):
    out = os.path.join(scratch, f"{name}.callgrind")
    sock = os.path.join(scratch, f"{name}.sock")
    command = [*VALGRIND, f"--callgrind-out-file={out}", symbols, "--socket", sock, *arguments]
    daemon = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wait_for(sock, daemon, f"the daemon under valgrind never made its socket ({name})")
    wait_for(out + ".1", daemon, f"the daemon under valgrind never unmapped its start-up pages ({name})")
    return daemon, sock, out


def subscribe(sock):
    return daemonclient.subscribe(sock, 120)


read_until = daemonclient.read_until


starting, serving = [], []  # the daemon's callgrind parts
# 1. Live, no devices: start, a subscriber and a ping, a second one connecting and closing
# (serving); then a reload and a graceful stop, dumped apart (callgrind_control) and counted
# with starting.
daemon, sock, out = callgrind([], "live")
client = subscribe(sock)
read_until(client, b'"subscription"')
client.sendall(b'{"id": 2, "request": "ping"}\n')
read_until(client, b'"pong"')
other = subscribe(sock)  # a client that comes and goes
read_until(other, b'"subscription"')
other.close()
client.sendall(b'{"id": 3, "request": "ping"}\n')
read_until(client, b'"pong"')
dumped = subprocess.run(["callgrind_control", "--dump", str(daemon.pid)], capture_output=True, text=True)
if dumped.returncode != 0:
    sys.exit(f"order-file: callgrind_control --dump failed: {dumped.stderr.strip()}")
wait_for(out + ".2", daemon, "callgrind_control did not dump the live daemon")
daemon.send_signal(signal.SIGHUP)
client.sendall(b'{"id": 4, "request": "ping"}\n')
read_until(client, b'"pong"')
daemon.send_signal(signal.SIGTERM)
daemon.wait(timeout=120)
starting += [out + ".1", out]
serving.append(out + ".2")

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
starting.append(out + ".1")
serving.append(out)

# 3. `gestured-actions --once` under callgrind, subscribed to a daemon (under callgrind too)
# that replays the fixtures with the built-in gestures (what a desktop user runs): it connects,
# defines its own gesture, subscribes, decides on every event and spawns the commands of an
# actions file.
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
arguments = [argument for fixture in fixtures for argument in ("--replay", fixture)]
daemon, sock, out = callgrind([*arguments, "--wait-subscribers", "1", "--exit-after-replay"], "served")
runner_out = os.path.join(scratch, "actions.callgrind")
result = subprocess.run(
    [*VALGRIND, f"--callgrind-out-file={runner_out}", runner_symbols, "--file", actions, "--once", "--socket", sock],
    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=900)
daemon.wait(timeout=600)
if result.returncode != 0:
    sys.exit(f"order-file: gestured-actions exited {result.returncode}")
if not os.path.exists(runner_out + ".1"):
    sys.exit("order-file: gestured-actions never unmapped its start-up pages")
starting.append(out + ".1")
serving.append(out)


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
functions(serving, "gestured", names)
functions([runner_out], "gestured-actions", names)
served = len(names)
functions(starting, "gestured", names)
functions([runner_out + ".1"], "gestured-actions", names)
with open(output, "w") as file:
    file.write("".join(f"{name}\n" for name in sorted(names, key=names.get)))
print(f"order-file: {served} functions the daemon and gestured-actions ran once ready, then {len(names) - served} "
      f"only starting ran ({len(fixtures)} fixtures, a live start) -> {output}")
