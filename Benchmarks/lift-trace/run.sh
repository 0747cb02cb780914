#!/bin/sh
# Where a swipe's lift goes, stage by stage, in the peers tool's guest: gestured alone (the
# daemon with its built-in gestures, `gesturectl actions` running the stamp, the plain
# subscriber), 20 three-finger swipes on the touchpad as Benchmarks/peers injects them,
# with ftrace (sched_switch/wakeup, every syscall) on those processes. Prints, per swipe, when
# the daemon was woken, read the lift, wrote its line, and when the runner read it and cloned
# the command; then the daemon's time per frame from its read to its write (or its next wait).
#
# Usage: run.sh BIN IMAGE [OUT]
#   BIN    a folder with gestured and gesturectl (make static: .build-static/release)
#   IMAGE  the peers tool's guest image (Benchmarks/peers/image.sh)
#   OUT    where the trace and the tool's results go (default: a new folder under /tmp)
# Environment: PEERS_TOOL (default the repository's Benchmarks/peers).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
[ $# -ge 2 ] || { echo "usage: run.sh BIN IMAGE [OUT]" >&2; exit 2; }
bin=$1 image=$2
out=${3:-$(mktemp -d /tmp/gestured-lift-trace.XXXXXX)}
peers=${PEERS_TOOL:-$repo/Benchmarks/peers}
[ -f "$peers/guest/bench.py" ] || { echo "run.sh: no peers tool at $peers (set PEERS_TOOL)" >&2; exit 2; }
[ -x "$bin/gestured" ] && [ -x "$bin/gesturectl" ] || { echo "run.sh: $bin has no gestured and gesturectl" >&2; exit 2; }
share=$out/share
mkdir -p "$share/bin" "$share/guest" "$share/config" "$share/out"
cp "$bin/gestured" "$bin/gesturectl" "$share/bin/"
# The runner the user unit starts, when the build has it (the peers tool runs it then).
[ ! -x "$bin/gestured-actions" ] || cp "$bin/gestured-actions" "$share/bin/"
cp "$peers"/guest/* "$share/guest/"
cp "$peers"/config/* "$share/config/"
gcc -O2 -static -o "$share/bin/stamp" "$peers/guest/stamp.c"
cp "$here/trace.sh" "$share/"
"$repo/e2e/qemu-input/run.sh" -i "$image" -s "$share" -t 900 -m 2048 -c 2 -a tcg -- sh trace.sh > "$out/guest.log" 2>&1 \
  || { echo "run.sh: the guest run failed; see $out/guest.log" >&2; exit 1; }
python3 "$here/stages.py" "$share/out"
echo "trace and results: $share/out"
