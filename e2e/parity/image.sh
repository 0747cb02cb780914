#!/bin/bash
# The guest image for `make import-parity`: the peers' image (Benchmarks/peers/image.sh:
# ruby for fusuma, Xvfb for touchegg's client, the host-built touchegg's and gestured's shared
# libraries) and a window manager to act on (openbox, EWMH), wmctrl (libinput-gestures'
# `_internal` runs it) and xprop. Needs root and a Debian mirror (the host's apt sources).
# Usage: e2e/parity/image.sh OUTDIR   (env QI_TOOL: the qemu-input tool; default e2e/qemu-input)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
QI=${QI_TOOL:-$HERE/../qemu-input}
[ $# = 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
PEERS="ruby lisgd xvfb libpugixml1v5 libcairo2 libxtst6 libxrandr2 libxi6 libglib2.0-0 libx11-6 libyaml-0-2 libexpat1 procps"
export QI_EXTRA_PKGS="$PEERS openbox wmctrl x11-utils"
nice -n 19 "$QI/build-image.sh" "$1"
# run.sh refuses an image without the window manager: this says it has one.
echo "$QI_EXTRA_PKGS" > "$1/parity-image"
