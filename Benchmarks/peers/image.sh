#!/bin/bash
# Builds the guest image for run.sh: qemu-input's image plus what the peers and gestured need
# at run time (ruby for fusuma, lisgd, Xvfb for touchegg's client, the shared libraries of the
# host-built touchegg and gestured). Needs root and a Debian mirror (the host's apt sources).
# Usage: image.sh [-A arm64] OUTDIR   (env QI_TOOL: the qemu-input tool; default the repository's
#   e2e/qemu-input)
#   -A arm64  a Debian 13 arm64 guest, as on a phone (qemu-input's QI_ARCH=arm64, QI_SUITE=trixie;
#             debootstrap runs the arm64 package scripts under qemu-user): lisgd, libinput-gestures
#             and fusuma as Debian 13 has them and gestured; touchegg, built on the host, is amd64 only
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
QI=${QI_TOOL:-$HERE/../../e2e/qemu-input}
ARCH=amd64
while getopts "A:" o; do
  case $o in A) ARCH=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
[ $# = 1 ] || { echo "usage: $0 [-A arm64] OUTDIR" >&2; exit 2; }
case $ARCH in
amd64)
  export QI_EXTRA_PKGS="ruby lisgd xvfb libpugixml1v5 libcairo2 libxtst6 libxrandr2 libxi6 libglib2.0-0 libx11-6 libyaml-0-2 libexpat1 procps strace valgrind" ;;
arm64)
  export QI_ARCH=arm64 QI_SUITE=trixie
  "$HERE/../../scripts/apt-install-missing.sh" qemu-system-arm qemu-user-static binfmt-support xz-utils debootstrap e2fsprogs cpio
  export QI_EXTRA_PKGS="ruby lisgd libyaml-0-2 libexpat1 procps strace valgrind" ;;
*) echo "image.sh: -A: amd64 or arm64" >&2; exit 2 ;;
esac
exec nice -n 19 "$QI/build-image.sh" "$1"
