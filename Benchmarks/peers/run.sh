#!/bin/bash
# gestured and its peers side by side, in one boot of the qemu-input guest, on the same
# injected input (README.md). Fetches nothing: give it the extracted peer sources and the
# built binaries.
#
# Usage: run.sh -p PEERS_SRC -b GESTURED_BIN -t TOUCHEGG -i IMAGE_DIR [-o OUT] [-a kvm|tcg|auto]
#               [-s c|date] [-q QEMU_INPUT_DIR] [-T TIMEOUT] [-A amd64|arm64] [-- BENCH_ARGS...]
#   -p DIR   extracted peer sources: DIR/libinput-gestures/libinput-gestures, DIR/fusuma/{exe,lib}
#            (env PEERS_SRC)
#   -b DIR   gestured, gesturectl and (when there) gestured-actions, static-Swift-runtime builds
#            (env GESTURED_BIN); links to gestured stay links, as the package installs them
#   -t FILE  touchegg built on the host (build-touchegg.sh; env TOUCHEGG_BIN; not with -A arm64)
#   -i DIR   guest image made by image.sh (env PEERS_IMAGE)
#   -o DIR   where results.json, logs/ and table.md go (default ./peers-out)
#   -a MODE  QEMU acceleration (default auto: KVM only where it works, as qemu-input decides)
#   -s KIND  the command every tool runs: c (default; guest/stamp.c, built here with gcc -static,
#            aarch64-linux-gnu-gcc for arm64) or date (guest/stamp.sh: sh + date, about 100 ms of
#            exec under TCG)
#   -q DIR   the qemu-input tool (default: the repository's e2e/qemu-input; env QI_TOOL)
#   -T SEC   guest timeout (default 2400, arm64 9000; a full run under TCG takes about 11 min
#            on amd64, 18 on arm64)
#   -A ARCH  the guest's architecture (default amd64): arm64 boots an image made by
#            `image.sh -A arm64` (Debian 13, qemu-system-aarch64, always emulated) with gestured
#            from `make arm64` (.build-arm64/release), lisgd, libinput-gestures and fusuma;
#            touchegg is not run there (it is built on the host, for amd64)
#   BENCH_ARGS go to guest/bench.py (--tools gestured,lisgd  --swipes 20  --cpu-seconds 20
#            --syscall-seconds 5 (strace -c; 0: none)  --callgrind-frames N (slow; default none) ...)
# The guest runs under `nice -n 19` (the machine may be shared); say so when quoting timings.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
PEERS=${PEERS_SRC:-}; BIN=${GESTURED_BIN:-}; TOUCHEGG=${TOUCHEGG_BIN:-}; IMG=${PEERS_IMAGE:-}
OUT=$PWD/peers-out; ACCEL=auto; STAMP=c; QI=${QI_TOOL:-$HERE/../../e2e/qemu-input}; TIMEOUT=""; ARCH=amd64
while getopts "p:b:t:i:o:a:s:q:T:A:h" o; do
  case $o in
    p) PEERS=$OPTARG ;; b) BIN=$OPTARG ;; t) TOUCHEGG=$OPTARG ;; i) IMG=$OPTARG ;;
    o) OUT=$OPTARG ;; a) ACCEL=$OPTARG ;; s) STAMP=$OPTARG ;; q) QI=$OPTARG ;; T) TIMEOUT=$OPTARG ;;
    A) ARCH=$OPTARG ;; h) sed -n '2,28p' "$0"; exit 0 ;; *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
die() { echo "run.sh: $*" >&2; exit 2; }
[ -n "$PEERS" ] && [ -f "$PEERS/libinput-gestures/libinput-gestures" ] && [ -d "$PEERS/fusuma/lib" ] \
  || die "-p: a folder with libinput-gestures/ and fusuma/ sources"
[ -n "$BIN" ] && [ -x "$BIN/gestured" ] && [ -x "$BIN/gesturectl" ] || die "-b: a folder with gestured and gesturectl"
[ -n "$IMG" ] && [ -f "$IMG/rootfs.ext4" ] || die "-i: the guest image (image.sh)"
[ -x "$QI/run.sh" ] || die "-q: the qemu-input tool ($QI)"
image_arch=$(cat "$IMG/arch" 2>/dev/null || echo amd64)
[ "$image_arch" = "$ARCH" ] || die "-i: $IMG is an $image_arch image, not $ARCH (image.sh -A $ARCH)"
# What builds the stamp and strips the binaries for the guest, and the comm of its qemu.
case $ARCH in
amd64)
  [ -n "$TOUCHEGG" ] && [ -x "$TOUCHEGG" ] || die "-t: the touchegg binary (build-touchegg.sh)"
  CC=gcc; STRIP=strip; QEMU_COMM=qemu-system-x86; TIMEOUT=${TIMEOUT:-2400}
  ;;
arm64)
  [ -z "$TOUCHEGG" ] || echo "run.sh: -A arm64: touchegg is amd64 only; not run" >&2
  TOUCHEGG=""
  "$HERE/../../scripts/apt-install-missing.sh" gcc-aarch64-linux-gnu libc6-dev-arm64-cross binutils-aarch64-linux-gnu
  CC=aarch64-linux-gnu-gcc; STRIP=aarch64-linux-gnu-strip; QEMU_COMM=qemu-system-aar; TIMEOUT=${TIMEOUT:-9000}
  readelf -h "$BIN/gestured" 2>/dev/null | grep -q AArch64 || die "-b: $BIN/gestured is not an arm64 executable (make arm64)"
  # The tools that run there, before the caller's own --tools (the last one counts).
  set -- --tools gestured,libinput-gestures,fusuma,lisgd "$@"
  ;;
*) die "-A: amd64 or arm64" ;;
esac

if [ "$ACCEL" = auto ]; then   # as qemu-input's run.sh decides, to write it down
  ACCEL=tcg
  if [ "$ARCH" = amd64 ] && [ -r /dev/kvm ] && [ -w /dev/kvm ] && grep -qwE 'vmx|svm' /proc/cpuinfo; then ACCEL=kvm; fi
fi

SHARE=$(mktemp -d "${TMPDIR:-/tmp}/peers-share.XXXXXX")
trap 'rm -rf "$SHARE"' EXIT
mkdir -p "$SHARE/bin" "$SHARE/peers/libinput-gestures" "$SHARE/peers/fusuma" "$SHARE/out"
cp -P "$BIN/gestured" "$BIN/gesturectl" "$SHARE/bin/"
[ -e "$BIN/gestured-actions" ] && cp -P "$BIN/gestured-actions" "$SHARE/bin/"   # the runner as the user unit starts it
[ -z "$TOUCHEGG" ] || cp "$TOUCHEGG" "$SHARE/bin/touchegg"
cp "$PEERS/libinput-gestures/libinput-gestures" "$SHARE/peers/libinput-gestures/"
cp -r "$PEERS/fusuma/exe" "$PEERS/fusuma/lib" "$SHARE/peers/fusuma/"
cp -r "$HERE/guest" "$HERE/config" "$SHARE/"
# Stripped as their packages install them (make-deb.sh's flags): the guest runs them from its
# own disk (bench.py), where what a binary carries besides its code is read-around too.
for tool in gestured gesturectl gestured-actions touchegg; do
  [ -f "$SHARE/bin/$tool" ] && [ ! -L "$SHARE/bin/$tool" ] && "$STRIP" --remove-section=.comment --remove-section=.note --strip-unneeded "$SHARE/bin/$tool"
done
case $STAMP in
  c) "$CC" -static -O2 -o "$SHARE/bin/stamp" "$HERE/guest/stamp.c" || die "$CC -static failed (libc6-dev)" ;;
  date) ;;
  *) die "-s: c or date" ;;
esac

mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
{
  echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "accel: $ACCEL"
  echo "arch: $ARCH"
  echo "host: $(nproc) CPUs, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')"
  echo "gestured: $(cd "$BIN" && sha256sum gestured | cut -c1-12)"
  echo "peers: libinput-gestures $(sed -n "s/^VERSION = '\(.*\)'/\1/p" "$PEERS/libinput-gestures/libinput-gestures"), fusuma $(sed -n 's/.*VERSION = "\(.*\)"/\1/p' "$PEERS/fusuma/lib/fusuma/version.rb"), touchegg $([ -n "$TOUCHEGG" ] && "$TOUCHEGG" --help 2>/dev/null | head -1 || echo "not run")"
  echo "stamp: $STAMP"
  echo "bench args: $*"
} > "$OUT/meta.txt"
echo "run.sh: booting the guest ($ACCEL); log in $OUT/guest.log" >&2
# Beside the guest, once a second: the host's busy and total CPU ticks (all CPUs) and the guest's
# qemu process's own; analyze.py tells each phase how much of the host others were using.
(
  seen=0
  while sleep 1; do
    q=""
    for p in $(pgrep -f -- "path=$SHARE,mount_tag=host0" || true); do   # qemu itself, not its `timeout`
      [ "$(cat "/proc/$p/comm" 2>/dev/null)" = "$QEMU_COMM" ] && q=$p
    done
    if [ -z "$q" ]; then [ $seen = 1 ] && break; continue; fi
    seen=1
    read -r _ u n s i w x y st _ < /proc/stat
    qt=$(awk '{print $14 + $15}' "/proc/$q/stat" 2>/dev/null) || continue
    echo "$(date +%s.%N) $((u + n + s + x + y + st)) $((u + n + s + i + w + x + y + st)) $qt"
  done
) > "$OUT/host-load.tsv" 2>/dev/null &
monitor=$!
set +e
nice -n 19 "$QI/run.sh" -i "$IMG" -s "$SHARE" -t "$TIMEOUT" -m 2048 -c 2 -a "$ACCEL" -- \
  python3 guest/bench.py --share /host --out /host/out --stamp "$STAMP" "$@" 2>&1 | tee "$OUT/guest.log"
rc=${PIPESTATUS[0]}
set -e
kill "$monitor" 2>/dev/null || true
cp -r "$SHARE/out/." "$OUT/"
[ "$rc" = 0 ] && [ -f "$OUT/results.json" ] || { echo "run.sh: the guest run failed (status $rc)" >&2; exit 1; }
python3 "$HERE/analyze.py" "$OUT/results.json" | tee "$OUT/table.md"
