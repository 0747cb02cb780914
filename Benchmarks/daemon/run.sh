#!/bin/sh
# The daemon's numbers for docs/BENCHMARKS.md: memory idle and with 256 clients, added latency
# and CPU with 1, 64 and 256 clients at 240 frames/s of ten fingers, gesturectl's replay
# throughput on the largest fixture, and this machine's own timer wake-up latency (cyclictest)
# to read the tails against. Usage: Benchmarks/daemon/run.sh BIN_DIR [SECONDS]
set -eu
bin=$1
seconds=${2:-20}
recording=${TMPDIR:-/tmp}/gestured-bench-ten-fingers.yml
python3 Benchmarks/daemon/make-long-recording.py "$recording" 60
echo "▶ memory"
"$bin/daemon-bench" memory --gestured "$bin/gestured" --clients 256
echo "▶ latency: frame entering the engine → event read by a client (${seconds} s each)"
for clients in 1 64 256; do
  "$bin/daemon-bench" latency --gestured "$bin/gestured" --recording "$recording" \
    --config Benchmarks/daemon/bench-gestures.yml --clients "$clients" --seconds "$seconds"
done
echo "▶ replay throughput"
"$bin/daemon-bench" replay --gesturectl "$bin/gesturectl" --recording Fixtures/real/ts-wacom-dth2242-10finger.evemu --runs 7
"$bin/daemon-bench" replay --gesturectl "$bin/gesturectl" --recording "$recording" --runs 3
echo "▶ this machine: a thread woken by a 240 Hz timer (cyclictest, ${seconds} s)"
if command -v cyclictest >/dev/null; then
  cyclictest -q -D "$seconds" -i 4166 -h 40000 | python3 -c '
import sys
counts = {}
for line in sys.stdin:
    parts = line.split()
    if len(parts) >= 2 and parts[0].isdigit():
        counts[int(parts[0])] = int(parts[1])
total = sum(counts.values()); seen = 0; result = {}
for us in sorted(counts):
    seen += counts[us]
    for p in (0.5, 0.99, 0.999):
        if p not in result and seen >= p * total:
            result[p] = us
print("wake-up latency p50 %d µs, p99 %d µs, p99.9 %d µs (%d wake-ups)" % (result[0.5], result[0.99], result[0.999], total))'
else
  echo "cyclictest not installed (apt install rt-tests)"
fi
rm -f "$recording"
