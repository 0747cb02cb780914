#!/usr/bin/env bash
# Instructions per frame for each synthetic stream, counted by callgrind: deterministic for a
# given binary, unlike wall-clock time on a shared machine. Runs engine-profile at two lengths
# and divides the difference by the extra frames, so setup and warm-up cancel out.
set -euo pipefail
binary=${1:?usage: instructions.sh path/to/engine-profile}
short=20000
long=40000
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 \
        | awk '/Collected/ { print $4 }'
}
printf '%-12s %s\n' stream "instructions/frame"
# decode: the evdev decoder alone, on the peers' ten-finger touchscreen load (not the engine);
# forward: the same load through a grabbed device's forwarder, nothing claimed (issue 34).
for stream in pan pinch tenFingers sequences decode forward; do
    a=$(count "$stream" "$short")
    b=$(count "$stream" "$long")
    printf '%-12s %d\n' "$stream" $(( (b - a) / (long - short) ))
done
