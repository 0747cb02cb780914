#!/bin/sh
# make e2e: gestured on a real kernel input stack (kernel evdev + uinput, udev, libinput) in the
# qemu-input guest, booted twice from one image:
#   1. the bare input stack: the release binaries (static Swift runtime) started by hand, every
#      scenario of e2e/guest/scenarios.sh;
#   2. systemd as PID 1: the Debian package installed with dpkg -i and gestured run by systemd
#      exactly as installed, every scenario of e2e/guest/service.py;
# and once from a Debian 13 image with sway: 3. a real compositor reading the devices through
#      its own libinput, beside a gestured that consumes (e2e/guest/compositor.py).
# Then e2e/evaluate.py judges both on the host.
# Usage: e2e/run.sh BIN_DIR PACKAGE.deb OVERLAY_PACKAGE.deb   (gestured's and gestured-overlay's)
set -eu
bin=$1
deb=$2
overlay_deb=$3
cache=${GESTURED_E2E_CACHE:-$HOME/.cache/gestured/e2e}
image=$cache/image
started=$(date +%s)

# The guest image, built once into the cache (never in the repository) and rebuilt when it is
# incomplete or of another recipe.
sh e2e/image.sh "$cache"
sh e2e/image.sh "$cache" trixie

share=$(mktemp -d "${TMPDIR:-/tmp}/gestured-e2e.XXXXXX")
trap 'rm -rf "$share"' EXIT
mkdir -p "$share/bin" "$share/expected" "$share/e2e/guest" "$share/Fixtures" "$share/out"
cp "$bin/gestured" "$bin/gesturectl" "$share/bin/"
cp "$deb" "$share/gestured.deb"
mkdir -p "$share/overlay" && cp "$overlay_deb" "$share/overlay/"   # its own name: the docs' apt install ./gestured-overlay_*.deb
cp e2e/guest/*.py e2e/guest/*.sh e2e/guest/*.yml "$share/e2e/guest/"
cp -r Fixtures/real Fixtures/constructed Fixtures/strokes Fixtures/gestures.yml "$share/Fixtures/"

# Every touchpad recording, played to a daemon of its own so its gestures can be set against
# libinput's (e2e/guest/touchpad-agreement.yml).
: > "$share/touchpads.txt"
grep -v '^#' Fixtures/replays.txt | while read -r recording description; do
  case $recording in
    real/tp-*.evemu) format=evemu ;;
    # Three fingers spreading: libinput 1.31's test suite (gestures_pinch_3fg) pinches, which
    # gestured follows; the guest's libinput 1.22 still swipes (docs/INPUT.md, "Where gestured
    # and libinput part").
    constructed/tp-pinch-3-spread.yml) continue ;;
    constructed/tp-*.yml) format=libinput ;;
    *) continue ;;
  esac
  name=$(basename "$recording" | sed 's/\.[a-z]*$//')
  echo "$name $format Fixtures/$recording ${description:+Fixtures/$description}" >> "$share/touchpads.txt"
  # The host's replay with the fixtures' configuration (the landing-jump check reads it).
  set -- --json --config Fixtures/gestures.yml
  [ -n "$description" ] && set -- "$@" --device-description "Fixtures/$description"
  "$bin/gesturectl" replay "$@" "Fixtures/$recording" > "$share/expected/$name.jsonl"
done

# Every touchscreen recording with a device description, and what the host's replay makes of it.
# (Not drag-clock-step-back: a kernel's clock never runs back, and libinput replay would wait
# for the negative step.)
: > "$share/recordings.txt"
grep -v '^#' Fixtures/replays.txt | while read -r recording description; do
  case $recording in
    real/ts-*.evemu) format=evemu ;;
    constructed/tp-*.yml | constructed/drag-clock-step-back.yml) continue ;;
    constructed/*.yml) format=libinput ;;
    *) continue ;;
  esac
  name=$(basename "$recording" | sed 's/\.[a-z]*$//')
  set -- --json --config Fixtures/gestures.yml
  [ -n "$description" ] && set -- "$@" --device-description "Fixtures/$description"
  "$bin/gesturectl" replay "$@" "Fixtures/$recording" > "$share/expected/$name.jsonl"
  echo "$name $format Fixtures/$recording ${description:+Fixtures/$description}" >> "$share/recordings.txt"
done
echo "▶ $(wc -l < "$share/recordings.txt") touchscreen recordings, $(wc -l < "$share/touchpads.txt") touchpad recordings, a touchpad, hotplug, permissions"

# boot LABEL LOG KERNEL_ARGS COMMAND…: one guest run, its console in LOG, its progress shown.
boot() {
  label=$1 log=$2 kargs=$3; shift 3
  echo "▶ booting the guest: $label (software emulation: a few minutes)"
  status=0
  boot_start=$(date +%s)
  QI_KARGS=$kargs e2e/qemu-input/run.sh -i "$image" -s "$share" -t 1500 -- "$@" > "$log" 2>&1 || status=$?
  grep '^\[guest' "$log" || true
  echo "  ($label: $(( $(date +%s) - boot_start )) s)"
  if [ "$status" != 0 ]; then
    echo "the guest run failed (status $status); its console:"; tail -n 40 "$log"
  fi
}
boot "bare input stack" "$share/guest.log" "" sh e2e/guest/scenarios.sh
boot "systemd, the package installed" "$share/service.log" "qi.systemd" python3 e2e/guest/service.py /host/gestured.deb
image=$cache/image-trixie
boot "sway on Debian 13" "$share/compositor.log" "" python3 e2e/guest/compositor.py /host/bin /host/out
# What the kernel actually delivered, replayed on the host (the evaluator compares the live
# events with it too, to tell the injector's timing apart from gestured's behaviour).
for captured in "$share"/out/*.captured.evemu; do
  [ -f "$captured" ] || continue
  "$bin/gesturectl" replay --json --config Fixtures/gestures.yml "$captured" > "${captured%.evemu}.jsonl" 2>/dev/null || true
done
# The fixture gesturectl record wrote in the guest, replayed here: the same transcript as the
# one it wrote beside it, byte for byte.
[ -f "$share/out/recorded.yml" ] && "$bin/gesturectl" replay --json --config Fixtures/gestures.yml "$share/out/recorded.yml" \
  > "$share/out/recorded.host.jsonl" 2> "$share/out/recorded.host.err"
mkdir -p .build-e2e
rm -rf .build-e2e/last && cp -r "$share" .build-e2e/last   # kept for a look after a failure
echo "▶ results (everything the guest saw: .build-e2e/last/out; $(( $(date +%s) - started )) s in all)"
python3 e2e/evaluate.py "$share"
