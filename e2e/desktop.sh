#!/bin/sh
# make e2e-desktops (issue 64, its first step): GNOME 48 on Wayland in a Debian 13 guest with a
# virtual GPU (virtio-gpu, Mesa's software rendering), booted with systemd as PID 1, the session
# started by gdm3 as on a desktop; e2e/guest/desktop.py waits for gnome-shell on the KMS device
# and reads whether it opened a uinput clickpad and touchscreen through logind. Prints what it saw
# and how long each stage took under emulation; exits non-zero when a stage did not come. gdm's
# automatic login of the test user is said (PASS or NOT YET), not yet counted: so far gdm shows its
# login screen (e2e/README.md). Not part of .ci/run: the image is large, the boot slow under TCG.
# Usage: e2e/desktop.sh BIN_DIR
set -eu
[ $# = 1 ] || { echo "usage: e2e/desktop.sh BIN_DIR (gestured and gesturectl; make e2e-desktops passes the static build's)" >&2; exit 2; }
bin=$1
cache=${GESTURED_E2E_CACHE:-$HOME/.cache/gestured/e2e}
started=$(date +%s)
sh e2e/image.sh "$cache" gnome
share=$(mktemp -d "${TMPDIR:-/tmp}/gestured-desktop.XXXXXX")
trap 'rm -rf "$share"' EXIT
mkdir -p "$share/bin" "$share/e2e/guest" "$share/out"
cp "$bin/gestured" "$bin/gesturectl" "$share/bin/"
cp e2e/guest/*.py "$share/e2e/guest/"
echo "▶ booting the guest: GNOME on Debian 13, started by gdm (software emulation: about a minute to the desktop)"
status=0
QI_KARGS=qi.systemd e2e/qemu-input/run.sh -g -i "$cache/image-gnome" -s "$share" -m 3072 -t 1800 -- \
  python3 e2e/guest/desktop.py /host/out > "$share/desktop.log" 2>&1 || status=$?
grep '^\[guest' "$share/desktop.log" || true
mkdir -p .build-e2e
rm -rf .build-e2e/desktop && cp -r "$share" .build-e2e/desktop   # kept for a look
echo "▶ $(( $(date +%s) - started )) s in all; the guest's report: .build-e2e/desktop/out/desktop-gnome.json"
[ "$status" = 0 ] || { echo "the guest run failed (status $status); its console:"; tail -n 40 "$share/desktop.log"; exit 1; }
python3 - "$share/out/desktop-gnome.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
props = " ".join(r.get("session_properties", []))
checks = [
    ("gdm started a Wayland session on seat0", "Seat=seat0" in props and "Type=wayland" in props),
    ("gnome-shell runs on the virtio-gpu's KMS device (/dev/dri/card0)", r.get("on_drm") is True),
    ("gnome-shell opened the uinput clickpad through logind", r.get("clickpad_opened") is True),
    ("gnome-shell opened the uinput touchscreen through logind", r.get("touchscreen_opened") is True),
]
print(f"GNOME: {r.get('version', '?')}; guest uptime at gdm started {r.get('gdm_started')} s, gnome-shell "
      f"({r.get('shell_user')}) {r.get('shell_at')} s, on the KMS device by {r.get('drm_at')} s")
failed = 0
for name, passed in checks:
    print(("PASS  " if passed else "FAIL  ") + "GNOME: " + name)
    failed += not passed
# Issue 64's next step, said rather than counted: gdm's automatic login of the test user.
print(("PASS  " if r.get("shell_user") == "tester" else "NOT YET  ") + "GNOME: gdm logged the test user in by itself "
      f"(gnome-shell is {r.get('shell_user')}'s)")
sys.exit(1 if failed else 0)
PY
