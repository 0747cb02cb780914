#!/bin/sh
# Makes sure the e2e guest image exists in CACHE/image and is whole: built by this version of the
# image recipe with these packages. The stamp file `complete` is written last, after every step
# succeeded, and holds a digest of the recipe (build-image.sh, the stage-1 init, the package list),
# so an interrupted build (no stamp), or an image of another recipe (another digest), is built
# again from scratch. Creates every folder it writes to. Usage: e2e/image.sh CACHE [trixie|arm64|gnome|plasma]
# (`trixie`: the Debian 13 image with sway, in CACHE/image-trixie, for e2e/guest/compositor.py;
# `arm64`: a Debian 13 arm64 image with systemd, in CACHE/image-arm64, for `make e2e-arm64`;
# `gnome`: Debian 13 with GNOME 48 and gdm, in CACHE/image-gnome, for e2e/guest/desktop.py;
# `plasma`: Debian 13 with KDE Plasma 6.3 and sddm, in CACHE/image-plasma, for the same)
set -eu
cache=$1
variant=${2:-bookworm}
suite=$variant
arch=$(dpkg --print-architecture)
image=$cache/image
modules=
# The guest's extra packages: python3-yaml for `libinput replay`; systemd, systemd-sysv and dbus
# to boot systemd as PID 1 for the service scenarios (e2e/README.md); libpam-systemd, so that a
# login on a virtual terminal is a logind session, and kbd for chvt (the sessions scenario);
# libxkbcommon0, xkb-data, libxcb1 and libwayland-client0, which gesturectl links (key names, X11
# and Wayland windows); libcairo2, libpango-1.0-0, libpangocairo-1.0-0 and libxcb-shape0, which gestured-overlay
# links (the package depends on them).
packages="python3-yaml systemd systemd-sysv dbus libpam-systemd kbd libxkbcommon0 xkb-data libxcb1 libwayland-client0 libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libxcb-shape0"
case $variant in
bookworm) ;;
trixie)
  # A compositor that reads the devices through its own libinput, as on a desktop (sway 1.10):
  # what gestured consumes must not reach its `bindgesture`. libyaml for gestured itself.
  image=$cache/image-trixie
  packages="sway libyaml-0-2 libxkbcommon0 xkb-data libwayland-client0"
  ;;
arm64)
  # Debian 13 on arm64, as on a Raspberry Pi or a phone: the service scenarios' packages, and what
  # the arm64 package depends on beyond them (libyaml; libinput and libevdev come with libinput-bin).
  image=$cache/image-arm64
  suite=trixie
  arch=arm64
  packages="$packages libyaml-0-2 libexpat1"
  ;;
gnome)
  # GNOME 48 on Wayland as a display manager starts it (issue 64): systemd, gdm3 and the GNOME
  # session, gnome-shell on the virtio-gpu's KMS device (run.sh -g) drawn by Mesa's software
  # rasterizer; what gestured, gesturectl and gestured-overlay link.
  image=$cache/image-gnome
  suite=trixie
  packages="systemd systemd-sysv dbus dbus-user-session libpam-systemd gdm3 gnome-session libgl1-mesa-dri libyaml-0-2 libxkbcommon0 xkb-data libwayland-client0 libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libxcb-shape0"
  modules="virtio_gpu"
  ;;
plasma)
  # KDE Plasma 6.3 on Wayland as a display manager starts it (issue 64): sddm (its X server for
  # the greeter, not shown when it logs the user in), the Plasma desktop with kwin_wayland on the
  # virtio-gpu's KMS device; GTK 4 from Python for the text field the keys land in; what
  # gestured, gesturectl and gestured-overlay link.
  image=$cache/image-plasma
  suite=trixie
  packages="systemd systemd-sysv dbus dbus-user-session libpam-systemd sddm xserver-xorg-core plasma-desktop plasma-workspace kwin-wayland libgl1-mesa-dri python3-gi gir1.2-gtk-4.0 libyaml-0-2 libxkbcommon0 xkb-data libwayland-client0 libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libxcb-shape0"
  modules="virtio_gpu"
  ;;
*) echo "e2e/image.sh: no image variant '$variant' (bookworm, trixie, arm64, gnome, plasma)" >&2; exit 2 ;;
esac
recipe=$( { cat e2e/image.sh e2e/qemu-input/build-image.sh e2e/qemu-input/guest/initrd-init; echo "$suite $arch $packages $modules"; } \
  | sha256sum | cut -d' ' -f1)

mkdir -p "$cache"
if [ -f "$image/complete" ] && [ "$(cat "$image/complete")" = "$recipe" ] \
   && [ -s "$image/vmlinuz" ] && [ -s "$image/initrd.img" ] && [ -s "$image/rootfs.ext4" ]; then
  exit 0
fi
[ -d "$image" ] && echo "▶ the guest image in $image is incomplete or of another recipe: building it again"
rm -rf "$image"
mkdir -p "$image"
echo "▶ building the $suite $arch guest image into $image (once, a few minutes; arm64 about 15)"
start=$(date +%s)
if ! QI_SUITE=$suite QI_ARCH=$arch QI_EXTRA_PKGS=$packages QI_EXTRA_MODS=$modules e2e/qemu-input/build-image.sh "$image" > "$cache/build-image-$variant.log" 2>&1; then
  tail -n 20 "$cache/build-image-$variant.log"
  exit 1
fi
rm -rf "$image/dl" "$image/rootfs"
# Room for the scenarios: the package is unpacked twice at once on upgrade. The file stays sparse,
# and every run starts from this image as a snapshot, so the space costs nothing until written.
truncate -s +1G "$image/rootfs.ext4"
e2fsck -fy "$image/rootfs.ext4" >> "$cache/build-image-$variant.log" 2>&1 || [ $? -le 1 ]
resize2fs "$image/rootfs.ext4" >> "$cache/build-image-$variant.log" 2>&1
echo "$recipe" > "$image/complete"
echo "▶ guest image built in $(( $(date +%s) - start )) s"
