#!/bin/sh
# make demo: the daemon on bundled recordings (no touch hardware needed), a client receiving
# its gestures over the socket, then the daemon stopping by itself. Every command is printed
# exactly as it runs (copy a line to run it yourself).
set -eu
bin=$1
shift
sock=$(mktemp -u "${TMPDIR:-/tmp}/gestured-demo-XXXXXX.sock")
pid=
cleanup() { [ -n "$pid" ] && kill "$pid" 2>/dev/null; rm -f "$sock" "$sock.log"; }
trap cleanup EXIT INT TERM

for recording in "$@"; do
  echo
  set -- "$bin/gestured" --socket "$sock" --config Fixtures/gestures.yml --replay "$recording" --realtime \
    --wait-subscribers 1 --exit-after-replay
  echo "▶ $* &"
  "$@" 2>"$sock.log" &
  pid=$!
  # The daemon logs "serving on" once the socket takes clients.
  while ! grep -q "serving on" "$sock.log" 2>/dev/null; do
    kill -0 "$pid" 2>/dev/null || { cat "$sock.log"; exit 1; }
    sleep 0.05
  done
  set -- "$bin/gesturectl" subscribe --socket "$sock" --no-reconnect
  echo "▶ $*"
  "$@"
  wait "$pid"
  pid=
  rm -f "$sock.log"
done
echo
echo "▶ python3 examples/python/subscribe.py works the same way; see README.md and docs/PROTOCOL.md."
