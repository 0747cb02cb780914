#!/bin/sh
# Makes sure a Debian 13 (trixie) root with Debian's own Swift (swiftlang 6.0.3) and gestured's
# build packages exists in DIR and is whole, for `make debian13` (the build and tests with that
# Swift) and `make arm64` (an amd64 root as the toolchain, an arm64 root as the sysroot). As
# e2e/image.sh does: the stamp `complete` is written last and holds a digest of this recipe, so
# an interrupted build (no stamp) or a root of another recipe is made again from scratch. An
# arm64 root's maintainer scripts run under qemu-user (binfmt_misc and qemu-user-static,
# installed and mounted here when missing); dpkg-dev is there for dpkg-shlibdeps, which reads an
# arm64 package's libraries in its own root. Usage: debian13/root.sh ARCH DIR   (ARCH: amd64, arm64)
set -eu
arch=$1
root=$2
packages="swiftlang make git dpkg-dev ca-certificates python3 pkg-config libc6-dev libstdc++-14-dev libinput-dev libudev-dev libevdev-dev libyaml-dev libexpat1-dev libsystemd-dev libxkbcommon-dev xkb-data libxcb1-dev libxcb-shape0-dev libwayland-dev libcairo2-dev libpango1.0-dev"
recipe=$( { cat debian13/root.sh; echo "$arch $packages"; } | sha256sum | cut -d' ' -f1)
# (The compiler itself: /usr/bin/swift is a link to an absolute path, which outside the root
# points into the host.)
if [ -f "$root/complete" ] && [ "$(cat "$root/complete")" = "$recipe" ] && [ -x "$root/usr/libexec/swift/bin/swift-frontend" ]; then
  exit 0
fi
scripts/apt-install-missing.sh mmdebstrap
if [ "$arch" != "$(dpkg --print-architecture)" ]; then
  scripts/apt-install-missing.sh qemu-user-static binfmt-support arch-test
  [ -e /proc/sys/fs/binfmt_misc/register ] || mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
  [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64
fi
[ -d "$root" ] && echo "▶ the Debian 13 $arch root in $root is incomplete or of another recipe: making it again"
# Anything still mounted inside (a run killed before it could unmount) is unmounted first, and
# the removal never leaves the root's own file system.
grep -o " $root/[^ ]*" /proc/mounts | sort -r | while read -r point; do umount -l "$point"; done
rm -rf --one-file-system "$root"
mkdir -p "$(dirname "$root")"
echo "▶ making a Debian 13 $arch root with swiftlang in $root (once: about 1 minute for amd64, 8 for arm64)"
start=$(date +%s)
log=$(dirname "$root")/$(basename "$root").log
# The host's mirror, as e2e/qemu-input/build-image.sh takes it.
mirror=$(sed -n 's/^URIs: *\(http[^ ]*debian\)\/*$/\1/p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
if ! mmdebstrap --architectures="$arch" --variant=apt --include="$(echo "$packages" | tr ' ' ',')" \
     trixie "$root" "${mirror:-http://deb.debian.org/debian}" > "$log" 2>&1; then
  tail -n 20 "$log"
  exit 1
fi
echo "$recipe" > "$root/complete"
echo "▶ the $arch root took $(( $(date +%s) - start )) s"
