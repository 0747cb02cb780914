#!/usr/bin/env python3
"""make bench-footprint, second part: what the daemon maps of its code again after ready (issue 66).

At ready the daemon unmaps the code only starting ran (StartupPages); what runs after it comes
back a page fault at a time, and each fault maps up to 64 KB of the file around it. So the
idle daemon's code costs what those faults spread over: how many there are, and where the
functions they land in lie in the executable.

This runs the static daemon (no devices, a socket of its own) under `perf record` sampling
every page fault with its address, waits until it is ready, subscribes a client, pings it,
connects and closes a second one, and reports each fault in the executable's code after the
start's pages were given back: the function it lands in, and what that is —

  listed    a function packaging/gestured.order names (those of the Swift runtime's and
            standard library's archives lie where their archive's few large sections go,
            which no order splits);
  nameless  one the compiler names only for itself (no symbol; gathered in .text.private by
            packaging/gestured-private.ld);
  runtime   the runtime's or standard library's, not listed;
  unlisted  any other function the order file does not name.

and the executable's code resident at the end (/proc/PID/smaps). The daemon runs with
--log-level debug, to say when it is ready. Prints; checks nothing.

Usage: faults.py GESTURED_BINARY (as built: the symbols are read from it)
"""
import bisect
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import daemonclient  # noqa: E402

binary = os.path.abspath(sys.argv[1])
root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
order = {}
for line in open(os.path.join(root, "packaging", "gestured.order")):
    order.setdefault(line.strip(), len(order))
scratch = tempfile.mkdtemp(prefix="gestured-faults.")
sock = os.path.join(scratch, "faults.sock")
data = os.path.join(scratch, "perf.data")


def wait_for(predicate, what, seconds=30):
    end = time.monotonic() + seconds
    while not predicate():
        if time.monotonic() > end:
            sys.exit(f"faults: {what}")
        time.sleep(0.05)


def subscribe():
    return daemonclient.subscribe(sock, 10)


def read_until(client, text):
    if text not in daemonclient.read_until(client, text):
        sys.exit("faults: the daemon closed a client")


log = open(os.path.join(scratch, "log"), "w+")

perf = subprocess.Popen(
    ["perf", "record", "-q", "-e", "minor-faults,major-faults,syscalls:sys_enter_madvise", "-c", "1", "-d", "-o", data,
     binary, "--socket", sock, "--log-level", "debug"], stdout=log, stderr=log)
resident = None
try:
    wait_for(lambda: daemonclient.log_holds(log.name, "ready: unmapped"), "the daemon never said it was ready")
    time.sleep(1)
    client = subscribe()
    read_until(client, b'"subscription"')
    client.sendall(b'{"id": 2, "request": "ping"}\n')
    read_until(client, b'"pong"')
    other = subscribe()
    read_until(other, b'"subscription"')
    other.close()
    client.sendall(b'{"id": 3, "request": "ping"}\n')
    read_until(client, b'"pong"')
    time.sleep(1)
    daemon = subprocess.run(["pgrep", "-P", str(perf.pid)], capture_output=True, text=True).stdout.split()
    if daemon:
        mapped = False
        resident = 0
        for line in open(f"/proc/{daemon[0]}/smaps"):
            fields = line.split()
            if "-" in fields[0] and not fields[0].endswith(":"):
                mapped = len(fields) >= 6 and fields[1] == "r-xp" and fields[5] == os.path.realpath(binary)
            elif mapped and fields[0] == "Rss:":
                resident += int(fields[1])
        subprocess.run(["kill", "-TERM", daemon[0]])
    perf.wait(timeout=30)

    symbols = []  # (start, end, name)
    for line in subprocess.run(["nm", "-n", "-S", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        fields = line.split()
        if len(fields) == 4 and fields[2] in "tTwW":
            start = int(fields[0], 16)
            symbols.append((start, start + int(fields[1], 16), fields[3]))
    starts = [s[0] for s in symbols]
    sections = {}
    for line in subprocess.run(["readelf", "-SW", binary], capture_output=True, text=True, check=True).stdout.splitlines():
        match = re.match(r"\s*\[\s*\d+\]\s+(\S+)\s+\S+\s+([0-9a-f]+)\s+[0-9a-f]+\s+([0-9a-f]+)", line)
        if match:
            sections[match.group(1)] = (int(match.group(2), 16), int(match.group(2), 16) + int(match.group(3), 16))
    nameless = sections.get(".text.private", (0, 0))
    text = sections[".text"]

    script = subprocess.run(["perf", "script", "-i", data, "-F", "event,ip,addr,trace", "--show-mmap-events"],
                            capture_output=True, text=True, check=True).stdout
    base = None
    faults = []  # (address, ip), or (start, None) for a madvise
    for line in script.splitlines():
        if "PERF_RECORD_MMAP" in line:
            match = re.search(r"\[(0x[0-9a-f]+)\(0x[0-9a-f]+\) @ 0 ", line)
            if base is None and match and line.rstrip().endswith(os.path.realpath(binary)):
                base = int(match.group(1), 16)
            continue
        match = re.match(r"\s*syscalls:sys_enter_madvise: start: (0x[0-9a-f]+), len_in: 0x[0-9a-f]+, behavior: 0x0*4\b", line)
        if match:
            faults.append((int(match.group(1), 16), None))
            continue
        fields = line.split()
        if len(fields) == 3 and fields[0].endswith("-faults:"):
            faults.append((int(fields[1], 16), int(fields[2], 16)))
    if base is None:
        sys.exit("faults: perf saw no mapping of the executable")

    def function(address):
        index = bisect.bisect_right(starts, address) - 1
        if index >= 0 and address < symbols[index][1]:
            return symbols[index][2]
        return None

    # After ready: from StartupPages' madvise(MADV_DONTNEED) of the executable's code.
    code = (min(text[0], nameless[0] or text[0]), text[1])
    after = next((i for i, (address, ip) in enumerate(faults)
                  if ip is None and code[0] <= address - base + 4096 and address - base < code[1]), None)
    if after is None:
        sys.exit("faults: the daemon never unmapped its code (StartupPages)")
    counts = {"listed": 0, "nameless": 0, "runtime": 0, "unlisted": 0}
    rows = []
    for address, ip in faults[after + 1:]:
        offset = address - base
        if ip is None or not (code[0] <= offset < code[1]) or address != ip:
            continue  # a madvise, data, or a fault outside the executable's code
        name = function(offset)
        if nameless[0] <= offset < nameless[1] or name is None:
            kind = "nameless"
        elif name in order:
            kind = "listed"
        elif name.startswith(("swift_", "_ZN5swift", "_ZL", "$ss", "$sS")):
            kind = "runtime"
        else:
            kind = "unlisted"
        counts[kind] += 1
        rows.append((kind, f"{offset:#x}", name or "?"))
finally:
    if perf.poll() is None:
        perf.kill()
    shutil.rmtree(scratch, ignore_errors=True)

# Swift's names demangled where the toolchain is at hand.
try:
    shown = subprocess.run(["swift", "demangle", "--simplified", "--compact"], input="\n".join(name for _, _, name in rows),
                           capture_output=True, text=True, check=True).stdout.split("\n")
    if len(shown) >= len(rows):
        rows = [(kind, offset, shown[i]) for i, (kind, offset, _) in enumerate(rows)]
except (OSError, subprocess.CalledProcessError):
    pass
print(f"code faults after ready (a subscriber, two pings, a client that comes and goes): {sum(counts.values())}")
print("  " + ", ".join(f"{kind} {count}" for kind, count in counts.items()))
if resident is not None:
    print(f"the executable's code resident at the end: {resident} KiB")
for kind, offset, name in rows:
    print(f"  {kind:9} {offset:>9} {name}")
