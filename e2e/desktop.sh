#!/bin/sh
# make e2e-desktops (issue 64): GNOME 48 on Wayland in a Debian 13 guest with a virtual GPU
# (virtio-gpu, Mesa's software rendering), booted with systemd as PID 1, the test user logged in
# by gdm3 as on a laptop; e2e/guest/desktop.py waits for the user's gnome-shell on the KMS device
# reading the uinput devices through logind, then e2e/guest/gnome.py drives gestured, the actions
# runner and gestured's GNOME Shell extension there (e2e/README.md has each check). Prints a PASS or
# FAIL line per check and how long each stage took under emulation; exits non-zero when one failed.
# Not part of .ci/run: the image is large, the boot slow under TCG.
# Usage: e2e/desktop.sh BIN_DIR
set -eu
[ $# = 1 ] || { echo "usage: e2e/desktop.sh BIN_DIR (gestured, gesturectl and gestured-actions; make e2e-desktops passes the static build's)" >&2; exit 2; }
bin=$1
cache=${GESTURED_E2E_CACHE:-$HOME/.cache/gestured/e2e}
started=$(date +%s)
sh e2e/image.sh "$cache" gnome
share=$(mktemp -d "${TMPDIR:-/tmp}/gestured-desktop.XXXXXX")
trap 'rm -rf "$share"' EXIT
mkdir -p "$share/bin" "$share/e2e/guest" "$share/out" "$share/systemd"
chmod 755 "$share"   # the guest's test user runs gesturectl and the text field from it
cp "$bin/gestured" "$bin/gesturectl" "$bin/gestured-actions" "$share/bin/"
cp systemd/gestured-actions.service "$share/systemd/"
cp e2e/guest/*.py "$share/e2e/guest/"
cp -r gnome-shell "$share/"
echo "▶ booting the guest: GNOME on Debian 13, started by gdm (software emulation: about a minute to the desktop)"
status=0
# The guest's screenshots: QEMU's monitor, asked by e2e/screendump.py when the guest wants one.
monitor=$share.monitor
python3 e2e/screendump.py "$share/out" "$monitor" &
dumper=$!
trap 'kill $dumper 2>/dev/null || true; rm -rf "$share" "$monitor"' EXIT
# No AVX in the guest's CPU: under QEMU 7.2's TCG, llvmpipe's AVX2 code (a vpgatherdd) faults and
# takes gnome-shell down about 40 s into the session; SSE 4.2 draws the same.
QI_MONITOR=$monitor QI_CPU=${QI_CPU:-max,avx=off,avx2=off,fma=off,f16c=off} QI_KARGS=qi.systemd e2e/qemu-input/run.sh -g -i "$cache/image-gnome" -s "$share" -m 3072 -t 1800 -- \
  python3 e2e/guest/desktop.py /host/out > "$share/desktop.log" 2>&1 || status=$?
kill $dumper 2>/dev/null || true
grep '^\[guest' "$share/desktop.log" || true
mkdir -p .build-e2e
rm -rf .build-e2e/desktop && cp -r "$share" .build-e2e/desktop   # kept for a look
echo "▶ $(( $(date +%s) - started )) s in all; the guest's report: .build-e2e/desktop/out/desktop-gnome.json"
[ "$status" = 0 ] || { echo "the guest run failed (status $status); its console:"; tail -n 40 "$share/desktop.log"; exit 1; }
python3 - "$share/out/desktop-gnome.json" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))
g = r.get("gnome", {})
props = " ".join(r.get("session_properties", []))
consume, listen = g.get("consume", {}), g.get("listen", {})
enable = "gnome-extensions enable gestured@gestured.org"
checks = [
    ("gdm logged the test user in: a Wayland session on seat0, its systemd --user running",
     r.get("shell_user") == "tester" and "Seat=seat0" in props and "Type=wayland" in props and "Class=user" in props and r.get("user_manager") is True),
    ("gnome-shell runs on the virtio-gpu's KMS device (/dev/dri/card0)", r.get("on_drm") is True),
    ("gnome-shell opened the uinput clickpad and touchscreen through logind", r.get("clickpad_opened") is True and r.get("touchscreen_opened") is True),
    ("with the extension off, `gesturectl actions --check` says to run `" + enable + "`",
     f"installed but not enabled: run `{enable}`" in (g.get("check_off") or [0, ""])[1]),
    ("`" + enable + "`, as the user: GNOME Shell runs it (State: ACTIVE)", "State: ACTIVE" in (g.get("info") or [0, ""])[1]),
    ("per-app: the runner follows the focus through the extension (a GTK 4 text field in front)",
     consume.get("runner_following") is True and "org.gestured.TextField" in str(g.get("focused"))),
    ("keys: a consumed swipe's `keys: [z, y]` typed into the text field on the user's German layout",
     consume.get("typed") == "zy"),
    ("consume: the consumed three-finger swipe left reaches gestured (its keys typed), not GNOME (workspace 0 → 0)",
     consume.get("grabbed") is True and consume.get("workspace_left") == [0, 0] and consume.get("typed") == "zy"),
    ("window: `workspace next` through the extension (workspace 0 → 1, read from GNOME Shell)",
     consume.get("workspace_right") == [0, 1]),
    ("not consumed (`consume: false`): the same swipe reaches GNOME, which switches workspace itself (0 → 1)",
     listen.get("grabbed") is False and listen.get("workspace_left") == [0, 1]),
    ("touchscreen, consumed: three fingers left type `zy`, and GNOME's own touchscreen swipe does not happen (0 → 0)",
     consume.get("screen_grabbed") is True and consume.get("screen_typed") == "zy" and consume.get("screen_workspace_left") == [0, 0]),
    ("touchscreen, not consumed: the same three fingers reach GNOME, which switches workspace itself",
     listen.get("screen_grabbed") is False and len(set(listen.get("screen_workspace_left") or [0])) == 2),
    ("disable() undoes enable(): org.gestured.Shell leaves the bus, and is back when enabled",
     g.get("gone_when_disabled") is True and g.get("back_when_enabled") is True),
    ("`gnome-extensions pack` packs the extension", g.get("packed") == ["extension.js", "metadata.json"]),
    ("the runner's user unit, enabled, started with the session and found GNOME Shell (not \"no desktop found\")",
     r.get("unit", {}).get("ActiveState") == "active" and "GNOME Shell (gestured's extension over the session bus)" in (r.get("unit_desktop") or "")),
]
print(f"GNOME: {r.get('version', '?')}; guest uptime at gdm started {r.get('gdm_started')} s, the user's gnome-shell "
      f"{r.get('shell_at')} s, on the KMS device by {r.get('drm_at')} s, answering on the bus "
      f"{g.get('shell_answers_after')} s after the scenarios began")
failed = 0
for name, passed in checks:
    print(("PASS  " if passed else "FAIL  ") + "GNOME: " + name)
    failed += not passed
sys.exit(1 if failed else 0)
PY
