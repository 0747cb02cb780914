#!/bin/bash
# `make import-parity`: each configuration file run by its own tool and, imported by
# `gesturectl import`, by gestured, on the same gestures in one boot of the peers guest; the
# effects compared (e2e/parity/README.md).
#
# Usage: e2e/parity/run.sh -p PEERS_SRC -t TOUCHEGG -i IMAGE_DIR [-b BIN] [-o OUT] [-q QEMU_INPUT]
#                          [-T TIMEOUT] FILE_OR_FOLDER...
#   -p DIR   the peers' sources: DIR/libinput-gestures/libinput-gestures, DIR/fusuma/{exe,lib}
#            (env PEERS_SRC; Benchmarks/peers/README.md says how to fetch them)
#   -t FILE  touchegg built on the host (Benchmarks/peers/build-touchegg.sh; env TOUCHEGG_BIN)
#   -i DIR   the guest image: the peers' with a window manager (e2e/parity/image.sh; env PEERS_IMAGE)
#   -b DIR   gestured, gestured-actions and gesturectl (default: .build/debug; a build that links
#            the Swift runtime gets the toolchain's runtime beside it)
#   -o DIR   results.json, the tools' logs, table.md (default: .build/import-parity)
#   -q DIR   the qemu-input tool (default: e2e/qemu-input; env QI_TOOL)
#   -T SEC   guest timeout (default: 300 + 240 a file)
# Each file's tool is the importer that takes it (libinput-gestures, fusuma, touchegg, in that
# order); a file none takes is said and left out. Prints a line per file and, last,
# `P alike, Q differ`; exits 1 when a difference is not a named one (e2e/parity/compare.py).
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PEERS=${PEERS_SRC:-}; TOUCHEGG=${TOUCHEGG_BIN:-}; IMG=${PEERS_IMAGE:-}; BIN=$ROOT/.build/debug
OUT=$ROOT/.build/import-parity; QI=${QI_TOOL:-$ROOT/e2e/qemu-input}; TIMEOUT=
while getopts "p:t:i:b:o:q:T:h" o; do
  case $o in
    p) PEERS=$OPTARG ;; t) TOUCHEGG=$OPTARG ;; i) IMG=$OPTARG ;; b) BIN=$OPTARG ;; o) OUT=$OPTARG ;;
    q) QI=$OPTARG ;; T) TIMEOUT=$OPTARG ;; h) sed -n '2,19p' "$0"; exit 0 ;; *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
die() { echo "import-parity: $*" >&2; exit 2; }
[ $# -gt 0 ] || die "give configuration files or folders (CONFIGS=DIR with make)"
[ -n "$PEERS" ] && [ -f "$PEERS/libinput-gestures/libinput-gestures" ] && [ -d "$PEERS/fusuma/lib" ] \
  || die "-p: a folder with libinput-gestures/libinput-gestures and fusuma/{exe,lib} (PEERS_SRC)"
[ -n "$TOUCHEGG" ] && [ -x "$TOUCHEGG" ] || die "-t: the touchegg binary (TOUCHEGG_BIN; Benchmarks/peers/build-touchegg.sh)"
[ -n "$IMG" ] && [ -f "$IMG/rootfs.ext4" ] || die "-i: the guest image (PEERS_IMAGE; e2e/parity/image.sh DIR)"
[ -f "$IMG/parity-image" ] || die "-i: $IMG has no window manager (an image of Benchmarks/peers/image.sh?): make one with e2e/parity/image.sh DIR"
for b in gestured gestured-actions gesturectl; do [ -x "$BIN/$b" ] || die "-b: $BIN/$b is missing (swift build)"; done
[ -x "$QI/run.sh" ] || die "-q: the qemu-input tool ($QI)"
command -v gcc >/dev/null || die "gcc is needed (effect-log, xinput-log, x-windows)"

SHARE=$(mktemp -d "${TMPDIR:-/tmp}/import-parity.XXXXXX")
trap 'rm -rf "$SHARE"' EXIT
mkdir -p "$SHARE/bin" "$SHARE/peers/libinput-gestures" "$SHARE/peers/fusuma" "$SHARE/cases" "$SHARE/out" "$SHARE/guest" "$OUT"
cp "$BIN/gestured" "$BIN/gestured-actions" "$TOUCHEGG" "$SHARE/bin/"
[ "$(basename "$TOUCHEGG")" = touchegg ] || mv "$SHARE/bin/$(basename "$TOUCHEGG")" "$SHARE/bin/touchegg"
if ldd "$BIN/gestured" | grep -q libswiftCore; then   # a debug build: its runtime comes along
  mkdir -p "$SHARE/bin/lib"
  ldd "$BIN/gestured" "$BIN/gestured-actions" | awk '/=> \/.*swift/ { print $3 }' | sort -u | xargs -I{} cp {} "$SHARE/bin/lib/"
fi
cp "$PEERS/libinput-gestures/libinput-gestures" "$SHARE/peers/libinput-gestures/"
cp -r "$PEERS/fusuma/exe" "$PEERS/fusuma/lib" "$SHARE/peers/fusuma/"
cp "$HERE/guest/parity.py" "$SHARE/guest/"
gcc -static -O2 -o "$SHARE/bin/effect-log" "$HERE/guest/effect-log.c" || die "gcc -static failed (libc6-dev)"
gcc -O2 -o "$SHARE/bin/xinput-log" "$HERE/guest/xinput-log.c" -lX11 -lXi || die "xinput-log needs libx11-dev and libxi-dev"
gcc -O2 -o "$SHARE/bin/x-windows" "$HERE/guest/x-windows.c" -lX11 || die "x-windows needs libx11-dev"

# The cases: each file imported on the host, as a user imports it.
files=()
for arg in "$@"; do
  if [ -d "$arg" ]; then while IFS= read -r f; do files+=("$f"); done < <(find "$arg" -type f | sort)
  else files+=("$arg"); fi
done
python3 "$HERE/plan.py" --gesturectl "$BIN/gesturectl" --share "$SHARE" "${files[@]}" > "$SHARE/plan.json"
count=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))["cases"]))' "$SHARE/plan.json")
[ "$count" -gt 0 ] || die "no file any importer takes"
echo "import-parity: $count files; booting the guest (log: $OUT/guest.log)" >&2
set +e
nice -n 19 "$QI/run.sh" -i "$IMG" -s "$SHARE" -t "${TIMEOUT:-$((300 + 240 * count))}" -m 2048 -c 2 -- \
  python3 guest/parity.py --share /host --out /host/out --plan /host/plan.json > "$OUT/guest.log" 2>&1
rc=$?
set -e
cp -r "$SHARE/out/." "$OUT/"
cp "$SHARE/plan.json" "$OUT/"
[ "$rc" = 0 ] && [ -f "$OUT/results.json" ] || { tail -20 "$OUT/guest.log" >&2; die "the guest run failed (status $rc)"; }
python3 "$HERE/compare.py" "$OUT/results.json" "$OUT/plan.json" --table "$OUT/table.md"
