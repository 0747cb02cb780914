#!/bin/sh
# make e2e-desktops (issue 64): GNOME 48 or KDE Plasma 6.3 on Wayland in a Debian 13 guest with
# a virtual GPU (virtio-gpu, Mesa's software rendering), booted with systemd as PID 1, the test
# user logged in by the desktop's display manager (gdm3, sddm) as on a laptop; e2e/guest/desktop.py
# waits for the user's compositor on the KMS device reading the uinput devices through logind,
# then e2e/guest/gnome.py or plasma.py drives gestured, the actions runner (and on GNOME gestured's
# GNOME Shell extension) there (e2e/README.md has each check). e2e/desktop_judge.py prints a PASS
# or FAIL line per check and how long each stage took under emulation; exits non-zero when one
# failed. Not part of .ci/run: the images are large, the boot slow under TCG.
# Usage: e2e/desktop.sh BIN_DIR gnome|plasma
set -eu
case $# in 2) ;; *) echo "usage: e2e/desktop.sh BIN_DIR gnome|plasma (BIN_DIR: gestured, gesturectl, gestured-actions and gestured-overlay; make e2e-desktops passes the static build's)" >&2; exit 2 ;; esac
bin=$1
desktop=$2
case $desktop in gnome|plasma) ;; *) echo "e2e/desktop.sh: no desktop '$desktop' (gnome, plasma)" >&2; exit 2 ;; esac
cache=${GESTURED_E2E_CACHE:-$HOME/.cache/gestured/e2e}
started=$(date +%s)
sh e2e/image.sh "$cache" "$desktop"
share=$(mktemp -d "${TMPDIR:-/tmp}/gestured-desktop.XXXXXX")
trap 'rm -rf "$share"' EXIT
mkdir -p "$share/bin" "$share/e2e/guest" "$share/out" "$share/systemd"
chmod 755 "$share"   # the guest's test user runs gesturectl and the text field from it
cp "$bin/gestured" "$bin/gesturectl" "$bin/gestured-actions" "$bin/gestured-overlay" "$share/bin/"
cp systemd/gestured-actions.service systemd/gestured-overlay.service systemd/gestured-view.service "$share/systemd/"
cp e2e/guest/*.py "$share/e2e/guest/"
cp -r gnome-shell "$share/"
echo "▶ booting the guest: $desktop on Debian 13, started by its display manager (software emulation: a minute or two to the desktop)"
status=0
# The guest's screenshots: QEMU's monitor, asked by e2e/screendump.py when the guest wants one.
monitor=$share.monitor
python3 e2e/screendump.py "$share/out" "$monitor" &
dumper=$!
trap 'kill $dumper 2>/dev/null || true; rm -rf "$share" "$monitor"' EXIT
# No AVX in the guest's CPU: under QEMU 7.2's TCG, llvmpipe's AVX2 code (a vpgatherdd) faults and
# takes gnome-shell down about 40 s into the session; SSE 4.2 draws the same.
QI_MONITOR=$monitor QI_CPU=${QI_CPU:-max,avx=off,avx2=off,fma=off,f16c=off} QI_KARGS=qi.systemd e2e/qemu-input/run.sh -g -i "$cache/image-$desktop" -s "$share" -m 3072 -t 1800 -- \
  python3 e2e/guest/desktop.py "$desktop" /host/out > "$share/desktop.log" 2>&1 || status=$?
kill $dumper 2>/dev/null || true
grep '^\[guest' "$share/desktop.log" || true
mkdir -p .build-e2e
rm -rf ".build-e2e/desktop-$desktop" && cp -r "$share" ".build-e2e/desktop-$desktop"   # kept for a look
echo "▶ $(( $(date +%s) - started )) s in all; the guest's report: .build-e2e/desktop-$desktop/out/desktop-$desktop.json"
[ "$status" = 0 ] || { echo "the guest run failed (status $status); its console:"; tail -n 40 "$share/desktop.log"; exit 1; }
python3 e2e/desktop_judge.py "$share/out/desktop-$desktop.json"
