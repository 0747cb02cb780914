#!/bin/sh
# make e2e: gestured on a real kernel input stack. Boots the qemu-input guest once (kernel
# evdev + uinput, udev, libinput) and runs every scenario of e2e/guest/scenarios.sh in it, with
# the release binaries built with a static Swift runtime; then e2e/evaluate.py judges the
# result on the host. Usage: e2e/run.sh BIN_DIR
set -eu
bin=$1
cache=${GESTURED_E2E_CACHE:-$HOME/.cache/gestured/e2e}
image=$cache/image
packages=python3-yaml   # libinput replay needs it; the base image lacks it

# The guest image, built once and reused (never in the repository).
if [ ! -f "$image/rootfs.ext4" ] || [ "$(cat "$image/.extra-packages" 2>/dev/null)" != "$packages" ]; then
  echo "▶ building the guest image into $image (once, ~80 s)"
  QI_EXTRA_PKGS=$packages e2e/qemu-input/build-image.sh "$image" > "$cache/build-image.log" 2>&1 \
    || { tail -n 20 "$cache/build-image.log"; exit 1; }
  rm -rf "$image/dl" "$image/rootfs"
  echo "$packages" > "$image/.extra-packages"
fi

share=$(mktemp -d "${TMPDIR:-/tmp}/gestured-e2e.XXXXXX")
trap 'rm -rf "$share"' EXIT
mkdir -p "$share/bin" "$share/expected" "$share/e2e/guest" "$share/Fixtures"
cp "$bin/gestured" "$bin/gesturectl" "$share/bin/"
cp e2e/guest/* "$share/e2e/guest/"
cp -r Fixtures/real Fixtures/constructed Fixtures/gestures.yml "$share/Fixtures/"

# Every touchscreen recording with a device description, and what the host's replay makes of it.
: > "$share/recordings.txt"
grep -v '^#' Fixtures/replays.txt | while read -r recording description; do
  case $recording in
    real/ts-*.evemu) format=evemu ;;
    constructed/*.yml) format=libinput ;;
    *) continue ;;
  esac
  name=$(basename "$recording" | sed 's/\.[a-z]*$//')
  set -- --json --config Fixtures/gestures.yml
  [ -n "$description" ] && set -- "$@" --device-description "Fixtures/$description"
  "$bin/gesturectl" replay "$@" "Fixtures/$recording" > "$share/expected/$name.jsonl"
  echo "$name $format Fixtures/$recording ${description:+Fixtures/$description}" >> "$share/recordings.txt"
done
echo "▶ $(wc -l < "$share/recordings.txt") touchscreen recordings, a touchpad, hotplug, permissions, socket activation"

echo "▶ booting the guest (software emulation: a few minutes)"
status=0
e2e/qemu-input/run.sh -i "$image" -s "$share" -t 1800 -- sh e2e/guest/scenarios.sh > "$share/guest.log" 2>&1 || status=$?
grep '^\[guest' "$share/guest.log" || true
if [ "$status" != 0 ]; then
  echo "the guest run failed (status $status); its console:"; tail -n 40 "$share/guest.log"
fi
# What the kernel actually delivered, replayed on the host (the evaluator compares the live
# events with it too, to tell the injector's timing apart from gestured's behaviour).
for captured in "$share"/out/*.captured.evemu; do
  [ -f "$captured" ] || continue
  "$bin/gesturectl" replay --json --config Fixtures/gestures.yml "$captured" > "${captured%.evemu}.jsonl" 2>/dev/null || true
done
mkdir -p .build-e2e
rm -rf .build-e2e/last && cp -r "$share" .build-e2e/last   # kept for a look after a failure
echo "▶ results (everything the guest saw: .build-e2e/last/out)"
python3 e2e/evaluate.py "$share"
