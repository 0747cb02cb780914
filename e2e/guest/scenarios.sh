#!/bin/sh
# Runs inside the qemu-input guest (cwd /host, the share `make e2e` prepared): every scenario
# in one boot. It only collects — what the daemon and its clients saw goes to out/ — and the
# host judges (e2e/evaluate.py). Each wait is bounded; a scenario that hangs is cut off and
# shows up as a failure on the host.
set -u
# A reader that went away (an injector that failed) must not kill this script: writes fail instead.
trap '' PIPE
BIN=/host/bin
OUT=/host/out
mkdir -p "$OUT" /run/gestured
export GESTURED_SOCKET=/run/gestured/gestured.sock
step() { echo "[guest $(cut -d' ' -f1 /proc/uptime)s] $*"; }

# wait_until SECONDS COMMAND…: retry COMMAND until it succeeds (polls every 50 ms).
wait_until() {
  limit=$1; shift
  end=$(( $(date +%s) + limit ))
  until "$@" >/dev/null 2>&1; do
    [ "$(date +%s)" -ge "$end" ] && { step "gave up waiting for: $*"; return 1; }
    sleep 0.05
  done
}
# Every call is bounded: a daemon that stopped answering fails the scenario instead of hanging.
device_count() { timeout 20 "$BIN/gesturectl" devices --socket "$GESTURED_SOCKET" 2>/dev/null | grep -c '^dev'; }
has_devices() { [ "$(device_count)" -eq "$1" ]; }
# The id gestured gave the device it added last.
newest_id() { timeout 20 "$BIN/gesturectl" devices --socket "$GESTURED_SOCKET" | sed -n 's/^dev\([0-9]*\) .*/\1/p' | sort -n | tail -n1; }
log_has() { grep -q -- "$2" "$1"; }
# capture NODE NAME: what the kernel delivers from NODE, as evemu-record sees it, to compare
# with what the injector meant to send (the host replays both).
capture() {
  # (not inheriting fd 3, libinput replay's fifo: it must see end-of-file after one replay)
  evemu-record "$1" > "$OUT/$2.captured.evemu" 2>/dev/null 3>&- &
  recorder=$!
  wait_until 30 log_has "$OUT/$2.captured.evemu" "^N:"
}

# A panel mounted turned: udev calibrates it (as a hwdb entry or a local rule does on real
# machines), libinput applies the matrix; the replay on the host reads it from the recording.
mkdir -p /etc/udev/rules.d
cat > /etc/udev/rules.d/99-gestured-e2e-calibration.rules <<'RULE'
SUBSYSTEM=="input", KERNEL=="event*", ATTRS{name}=="gestured constructed rotated touchscreen", ENV{LIBINPUT_CALIBRATION_MATRIX}="0 -1 1 1 0 0"
RULE
udevadm control --reload

# ── 1. Permissions: an unprivileged gestured with a touchscreen present ────────────────────
step "permissions"
python3 e2e/guest/touch.py hold > "$OUT/hold.log" 2>&1 &
holder=$!
wait_until 30 log_has "$OUT/hold.log" "holding"
wait_until 30 sh -c 'udevadm settle; ls /dev/input/event* >/dev/null'
setpriv --reuid=65534 --regid=65534 --clear-groups "$BIN/gestured" --socket /tmp/unprivileged.sock \
  > "$OUT/permissions.out" 2> "$OUT/permissions.err" &
unprivileged=$!
( sleep 60; kill "$unprivileged" 2>/dev/null ) &
wait "$unprivileged"; echo $? > "$OUT/permissions.status"
# `gesturectl devices --libinput` asks libinput through `gestured --list-devices` beside it:
# as root it lists the touchscreen; as nobody it cannot open the node, says so, exits 1.
step "gesturectl devices --libinput"
timeout 60 "$BIN/gesturectl" devices --libinput > "$OUT/devices-libinput.out" 2> "$OUT/devices-libinput.err"
echo $? > "$OUT/devices-libinput.status"
# (from a folder nobody may enter, as /usr/bin: the share itself is root's alone)
mkdir -p /tmp/public-bin && cp "$BIN/gestured" "$BIN/gesturectl" /tmp/public-bin/ && chmod 755 /tmp/public-bin
timeout 60 setpriv --reuid=65534 --regid=65534 --clear-groups /tmp/public-bin/gesturectl devices --libinput \
  > "$OUT/devices-unprivileged.out" 2> "$OUT/devices-unprivileged.err"
echo $? > "$OUT/devices-unprivileged.status"
kill "$holder" 2>/dev/null; wait "$holder" 2>/dev/null

# ── 2. The daemon on its default input, one subscriber for everything that follows ────────
step "starting gestured on seat0"
"$BIN/gestured" --config Fixtures/gestures.yml --log-level debug 2> "$OUT/daemon.log" &
daemon=$!
wait_until 60 log_has "$OUT/daemon.log" "serving on" || { cat "$OUT/daemon.log"; exit 1; }
"$BIN/gesturectl" subscribe --json --no-reconnect --touchpad-gestures > "$OUT/live.jsonl" 2> "$OUT/subscribe.err" &
subscriber=$!
python3 e2e/guest/collect.py "$OUT/latency.tsv" &
collector=$!
wait_until 30 log_has "$OUT/daemon.log" "client connected"
expected=0

# play_recordings LIST ORDER: every recording of LIST (name format file [desc]), its device
# created after the daemon started, and the id the daemon gave it noted in ORDER.
play_recordings() {
while read -r name format file desc; do
  [ -n "$name" ] || continue
  step "recording $name ($format)"
  case $format in
    evemu)
      evemu-device "${desc:-$file}" > "$OUT/$name.device" 2>&1 &
      creator=$!
      wait_until 30 log_has "$OUT/$name.device" "/dev/input/event"
      node=$(grep -o '/dev/input/event[0-9]*' "$OUT/$name.device" | head -n1)
      expected=$((expected + 1))
      wait_until 60 has_devices "$expected"
      echo "$name $(newest_id)" >> "$2"
      capture "$node" "$name"
      timeout 120 evemu-play "$node" < "$file" 2> "$OUT/$name.play.err"
      ;;
    libinput)
      # libinput replay makes the device, then waits for Enter before replaying at the
      # recorded pace; after one replay it reads end-of-file and exits, removing the device.
      rm -f /tmp/replay.fifo; mkfifo /tmp/replay.fifo
      PYTHONUNBUFFERED=1 libinput replay "$file" < /tmp/replay.fifo > "$OUT/$name.replay.log" 2>&1 &
      creator=$!
      exec 3> /tmp/replay.fifo
      expected=$((expected + 1))
      wait_until 60 has_devices "$expected"
      echo "$name $(newest_id)" >> "$2"
      wait_until 30 log_has "$OUT/$name.replay.log" "/dev/input/event"
      capture "$(grep -o '/dev/input/event[0-9]*' "$OUT/$name.replay.log" | head -n1)" "$name"
      printf '\n' >&3 2>/dev/null
      exec 3>&-
      ( sleep 120; kill "$creator" 2>/dev/null ) &
      wait "$creator"
      ;;
  esac
  kill "$creator" 2>/dev/null; wait "$creator" 2>/dev/null
  kill -INT "$recorder" 2>/dev/null
  ( sleep 10; kill -9 "$recorder" 2>/dev/null ) &
  wait "$recorder" 2>/dev/null
  expected=$((expected - 1))
  wait_until 60 has_devices "$expected"
done < "$1"
}

# ── 3. Every touchscreen recording, its device created after the daemon started ───────────
play_recordings recordings.txt "$OUT/order.txt"

# ── 4. A touchpad: raw fingers through libevdev, libinput's own gestures passed through ───
step "touchpad swipe"
python3 e2e/guest/touch.py touchpad-swipe > "$OUT/touchpad.log" 2>&1
wait_until 60 has_devices 0

# ── 5. A device removed in the middle of a drag ────────────────────────────────────────────
step "removal mid-drag"
python3 e2e/guest/touch.py remove-mid-drag > "$OUT/removal.log" 2>&1
wait_until 60 has_devices 0

# ── 5b. A fixture recorded through the daemon (gesturectl record), then played back ───────
# An app developer's first step: their device's gesture recorded into a file with its
# transcript. The file is then played by libinput's own tool into the same daemon.
step "gesturectl record"
source=Fixtures/real/ts-atmel-maxtouch-4finger-drag-down.evemu
evemu-device "$source" > "$OUT/record-source.device" 2>&1 &
creator=$!
wait_until 30 log_has "$OUT/record-source.device" "/dev/input/event"
node=$(grep -o '/dev/input/event[0-9]*' "$OUT/record-source.device" | head -n1)
wait_until 60 has_devices 1
echo "record-source $(newest_id)" >> "$OUT/order.txt"
"$BIN/gesturectl" record --config Fixtures/gestures.yml "$(newest_id)" "$OUT/recorded.yml" 2> "$OUT/record.err" &
recording=$!
wait_until 30 log_has "$OUT/record.err" "recording dev"
timeout 120 evemu-play "$node" < "$source"
kill -INT "$recording"; wait "$recording"; echo $? > "$OUT/record.status"
kill "$creator" 2>/dev/null; wait "$creator" 2>/dev/null
wait_until 60 has_devices 0
echo "recorded libinput $OUT/recorded.yml" > /tmp/recorded.txt
expected=0
[ -f "$OUT/recorded.yml" ] && play_recordings /tmp/recorded.txt "$OUT/order.txt"

# ── 5c. A stroke drawn on the real stack runs its action (issue 37) ─────────────────────────
# alice's way: `gesturectl actions` with a stroke defined in her file, `stroke:` picking the
# shape; libinput's own tool draws a check, a circle, an L, a line, a Z and a bracket on a
# touchscreen it makes. Only the check's and the circle's actions may run, once each.
step "stroke actions"
mkdir -p /tmp/stroke-config
cat > /tmp/stroke-actions.yml <<'YAML'
version: 1
actions:
  - gesture: drawn
    define: { stroke: { shapes: [check, circle-clockwise] }, priority: simultaneous }
    stroke: check
    shell: echo "check $GESTURE_DEVICE" >> /host/out/stroke-actions.out
  - gesture: drawn
    stroke: circle-clockwise
    shell: echo "circle-clockwise $GESTURE_DEVICE" >> /host/out/stroke-actions.out
YAML
XDG_CONFIG_HOME=/tmp/stroke-config "$BIN/gesturectl" actions --file /tmp/stroke-actions.yml > "$OUT/stroke-runner.out" 2> "$OUT/stroke-runner.err" &
runner=$!
wait_until 30 log_has "$OUT/stroke-runner.err" "connected to gestured"
# (libinput replay as play_recordings runs it, without the capture: the runner consumes the
# strokes, so gestured holds the device grabbed and evemu-record would read nothing)
rm -f /tmp/replay.fifo; mkfifo /tmp/replay.fifo
PYTHONUNBUFFERED=1 libinput replay Fixtures/strokes/ts-shapes.yml < /tmp/replay.fifo > "$OUT/strokes.replay.log" 2>&1 &
creator=$!
exec 3> /tmp/replay.fifo
wait_until 60 has_devices 1
echo "strokes $(newest_id)" >> "$OUT/order.txt"
wait_until 30 log_has "$OUT/strokes.replay.log" "/dev/input/event"
printf '\n' >&3 2>/dev/null
exec 3>&-
( sleep 120; kill "$creator" 2>/dev/null ) &
wait "$creator"
wait_until 60 has_devices 0
wait_until 10 sh -c "[ \$(wc -l < $OUT/stroke-actions.out) -ge 2 ]"
kill -TERM "$runner"; wait "$runner"

step "stopping gestured"
kill -TERM "$daemon"; wait "$daemon"; echo $? > "$OUT/daemon.status"
wait "$subscriber" 2>/dev/null; wait "$collector" 2>/dev/null

# ── 5b. Touched before gestured started (issue 33), then a SYN_DROPPED ─────────────────────
# A touchscreen tapped at y = 80 mm (and a finger left resting on it) and a clickpad touched at
# the heights of the swipes to come, all before gestured opens them: the kernel's slots hold
# those heights and never send them again. The daemon starts; its subscriber connects; only
# then (the PID file) the edge swipes and three-finger swipes at the same heights, and the
# flood that makes the kernel drop events while the daemon is stopped.
step "touched before gestured started"
rm -f /tmp/primed.pid
python3 e2e/guest/touch.py touched-before /tmp/primed.pid > "$OUT/touched-before.log" 2>&1 &
toucher=$!
wait_until 30 log_has "$OUT/touched-before.log" "primed"
# (the built-in configuration, as in the issue: edge-left and edge-top meet in the corner where
# a touch without its y would sit)
"$BIN/gestured" --log-level debug 2> "$OUT/primed-daemon.log" &
daemon=$!
wait_until 60 log_has "$OUT/primed-daemon.log" "serving on" || cat "$OUT/primed-daemon.log"
"$BIN/gesturectl" subscribe --json --no-reconnect > "$OUT/primed.jsonl" 2> "$OUT/primed-subscribe.err" &
subscriber=$!
wait_until 30 log_has "$OUT/primed-daemon.log" "client connected"
echo "$daemon" > /tmp/primed.pid
( sleep 240; kill "$toucher" 2>/dev/null; kill -CONT "$daemon" 2>/dev/null ) &
wait "$toucher"
kill -TERM "$daemon"; wait "$daemon"; echo $? > "$OUT/primed-daemon.status"
wait "$subscriber" 2>/dev/null

# ── 6. Touchpad recordings: gestured's per-finger gestures against libinput's own ─────────
# A daemon with libinput's vocabulary (swipes of 3 and 4 fingers, two-finger pinch), the
# recordings' devices created one by one; the host compares the two gesture by gesture.
step "starting gestured for the touchpad recordings"
"$BIN/gestured" --config e2e/guest/touchpad-agreement.yml --log-level debug 2> "$OUT/agreement-daemon.log" &
daemon=$!
wait_until 60 log_has "$OUT/agreement-daemon.log" "serving on" || { cat "$OUT/agreement-daemon.log"; exit 1; }
"$BIN/gesturectl" subscribe --json --no-reconnect --touchpad-gestures > "$OUT/agreement.jsonl" 2> "$OUT/agreement-subscribe.err" &
subscriber=$!
wait_until 30 log_has "$OUT/agreement-daemon.log" "client connected"
expected=0
play_recordings touchpads.txt "$OUT/agreement-order.txt"
kill -TERM "$daemon"; wait "$daemon"; echo $? > "$OUT/agreement-daemon.status"
wait "$subscriber" 2>/dev/null

# ── 7. libinput's own verdict on a PS/2 landing jump: the ALPS single tap ────────────────
# With tapping enabled, does libinput call it a tap? (The host compares with gestured's replay.)
step "libinput on the ALPS single tap"
alps=Fixtures/real/tp-alps-glidepoint-semimt-1finger-tap.evemu
evemu-device "$alps" > "$OUT/alps-tap.device" 2>&1 &
creator=$!
wait_until 30 log_has "$OUT/alps-tap.device" "/dev/input/event"
node=$(grep -o '/dev/input/event[0-9]*' "$OUT/alps-tap.device" | head -n1)
stdbuf -oL libinput debug-events --verbose --enable-tap --device "$node" > "$OUT/alps-tap.libinput.txt" 2>&1 &
debug=$!
wait_until 30 log_has "$OUT/alps-tap.libinput.txt" "DEVICE_ADDED"
timeout 60 evemu-play "$node" < "$alps"
# Settled: back to idle after the touch ended (at once, or when a tap's 180 ms timeout fires).
tap_settled() { sed -n '/TAP_EVENT_RELEASE/,$p' "$1" | grep -q "TAP_STATE_IDLE"; }
wait_until 30 tap_settled "$OUT/alps-tap.libinput.txt"
kill -INT "$debug" 2>/dev/null; kill "$creator" 2>/dev/null; wait "$debug" "$creator" 2>/dev/null

# ── 8. Owning what it acts on (issue 34): a consuming gestured grabs and forwards ─────────
# The desktop is `libinput debug-events` on the whole seat; the same parts with nothing
# consumed are the baseline (the host compares, e2e/forwarding_checks.py).
for mode in consume listen kill release; do
  step "forwarding: $mode"
  timeout 240 python3 e2e/guest/forwarding.py "$BIN" "$OUT" "$mode" > "$OUT/forwarding-$mode.log" 2>&1
  echo $? > "$OUT/forwarding-$mode.status"
done

step "done"
