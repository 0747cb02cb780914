#!/bin/bash
# Builds the guest image for run.sh: qemu-input's image plus what the peers and gestured need
# at run time (ruby for fusuma, lisgd, Xvfb for touchegg's client, the shared libraries of the
# host-built touchegg and gestured). Needs root and a Debian mirror (the host's apt sources).
# Usage: image.sh OUTDIR   (env QI_TOOL: the qemu-input tool; default the repository's e2e/qemu-input)
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
QI=${QI_TOOL:-$HERE/../../e2e/qemu-input}
[ $# = 1 ] || { echo "usage: $0 OUTDIR" >&2; exit 2; }
export QI_EXTRA_PKGS="ruby lisgd xvfb libpugixml1v5 libcairo2 libxtst6 libxrandr2 libxi6 libglib2.0-0 libx11-6 libyaml-0-2 libexpat1 procps strace valgrind"
exec nice -n 19 "$QI/build-image.sh" "$1"
