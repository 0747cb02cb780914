#!/bin/sh
# make e2e-arm64: the arm64 package on Debian 13 arm64, as on a Raspberry Pi or a phone, in a
# qemu-system-aarch64 `-M virt` guest (software emulation) booted with systemd as PID 1: the
# package installed with dpkg -i and run by systemd exactly as installed, and a selection of
# e2e/guest/service.py's scenarios — a touchscreen's pan and a clickpad's three-finger swipe
# (hotplug), edge swipes and swipes at the heights of touches made before socket activation and
# before a restart with a finger resting (touched-before-start), a consumed swipe kept from a
# libinput reader (consumed), a user's action run by the user unit (user-actions), stop and
# removal. e2e/service_checks.py judges them as it does on amd64. Output in .build-e2e/last/arm64.
# Usage: e2e/arm64.sh PACKAGE.deb
set -eu
deb=$1
cache=${GESTURED_E2E_CACHE:-$HOME/.cache/gestured/e2e}
scenarios="boot install hardening hotplug touched-before-start consumed user-actions stop remove"
started=$(date +%s)
[ "$(dpkg-deb -f "$deb" Architecture)" = arm64 ] || { echo "e2e/arm64.sh: $deb is not an arm64 package" >&2; exit 2; }

sh e2e/image.sh "$cache" arm64

share=$(mktemp -d "${TMPDIR:-/tmp}/gestured-e2e-arm64.XXXXXX")
trap 'rm -rf "$share"' EXIT
mkdir -p "$share/e2e/guest" "$share/out"
cp "$deb" "$share/gestured.deb"
cp e2e/guest/*.py "$share/e2e/guest/"

echo "▶ booting the Debian 13 arm64 guest with systemd (software emulation: about 10 minutes)"
status=0
QI_KARGS=qi.systemd e2e/qemu-input/run.sh -i "$cache/image-arm64" -s "$share" -t 3000 -m 2048 -- \
  python3 e2e/guest/service.py /host/gestured.deb $scenarios > "$share/service.log" 2>&1 || status=$?
grep '^\[guest' "$share/service.log" || true
if [ "$status" != 0 ]; then
  echo "the guest run failed (status $status); its console:"; tail -n 40 "$share/service.log"
fi
mkdir -p .build-e2e/last
rm -rf .build-e2e/last/arm64 && cp -r "$share" .build-e2e/last/arm64   # kept for a look after a failure
echo "▶ results (everything the guest saw: .build-e2e/last/arm64/out; $(( $(date +%s) - started )) s in all)"
python3 e2e/service_evaluate.py "$share" $scenarios
