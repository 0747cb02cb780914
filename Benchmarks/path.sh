#!/usr/bin/env bash
# The daemon's whole path per frame (issue 52): instructions on the event loop's thread from the
# read of a node's records to the bytes written to a subscriber's socket, through the real
# reader (NIO), decoder, engine and hub — path-profile, under callgrind, collecting only inside
# NIO's event loop (the frames' writer and the subscriber's reader are other threads, not
# counted). Two lengths, the difference divided by the extra frames: setup and warm-up cancel.
set -euo pipefail
built=${1:?usage: path.sh path/to/path-profile}
# Valgrind 3.19 gives up on this binary's debug information (swift-nio's); the symbols are enough.
binary=$(mktemp)
trap 'rm -f "$binary"' EXIT
objcopy --strip-debug "$built" "$binary"
short=4000
long=8000
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null --toggle-collect='*SelectableEventLoopC3run*' "$binary" "$@" 2>&1 \
        | awk '/Collected/ { print $4 }'
}
printf '%-12s %-12s %s\n' load subscribers "instructions/frame"
for load in touchscreen touchpad; do
    for subscribers in 0 1; do
        a=$(count "$load" "$short" "$subscribers")
        b=$(count "$load" "$long" "$subscribers")
        printf '%-12s %-12s %d\n' "$load" "$subscribers" $(( (b - a) / (long - short) ))
    done
done
