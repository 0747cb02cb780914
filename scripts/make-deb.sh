#!/bin/sh
# make deb: builds two packages with dpkg-deb from release binaries that carry their Swift
# runtime (--static-swift-stdlib), so neither needs a Swift toolchain: gestured_VERSION_ARCH.deb
# (the daemon, gesturectl, the actions runner) and gestured-overlay_VERSION_ARCH.deb (the overlay,
# the one program that links cairo and pango, so a kiosk or a phone without it pulls neither).
# Prints the two packages' paths, gestured's first.
# Usage: scripts/make-deb.sh BIN_DIR GENERATE_MANUAL OUT_DIR
#   BIN_DIR          the release build's bin folder (gestured, gestured-overlay, and gesturectl and
#                    gestured-actions: links to gestured, as make static leaves them)
#   GENERATE_MANUAL  swift-argument-parser's generate-manual tool (writes mdoc man pages from
#                    the parser's own description of each command)
#   OUT_DIR          where the .debs go; their staging trees are OUT_DIR/gestured-deb and
#                    OUT_DIR/gestured-overlay-deb
# What goes where, and why: packaging/README.md.
# For another architecture's binaries (`make deb-arm64`): DEB_ARCH names it, STRIP is a strip
# that reads them, SHLIBDEPS_ROOT is a root of that architecture in which dpkg-shlibdeps runs
# (chrooted; qemu-user runs it there), and the binaries run under qemu-user where they are run
# here (--version, man pages, completions: QEMU_LD_PREFIX set by the caller).
set -eu
bin=$1
generate_manual=$2
out=$3

# The version is the changelog's; the binaries must say the same.
version=$(sed -n '1s/^gestured (\([^)]*\)).*/\1/p' packaging/changelog)
[ -n "$version" ] || { echo "make-deb: no version in packaging/changelog's first line" >&2; exit 1; }
for tool in gestured gesturectl gestured-actions gestured-overlay; do
  said=$("$bin/$tool" --version)
  [ "$said" = "$version" ] || { echo "make-deb: $tool --version says $said, packaging/changelog $version" >&2; exit 1; }
done
arch=${DEB_ARCH:-$(dpkg --print-architecture)}
strip=${STRIP:-strip}
# Reproducible: every date in the package is the last commit's (or the changelog's).
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
export SOURCE_DATE_EPOCH
manual_date=$(date -u -d "@$SOURCE_DATE_EPOCH" +%Y-%m-%d)

mkdir -p "$out"
out=$(cd "$out" && pwd)
stage=$out/gestured-deb
overlay_stage=$out/gestured-overlay-deb
rm -rf "$stage" "$overlay_stage"
mkdir -p "$stage/DEBIAN" "$overlay_stage/DEBIAN"
root=$stage
overlay_root=$overlay_stage

# The one executable, stripped as dh_strip does: the daemon, and gesturectl and gestured-actions
# by those names (ProgramByName), which are links to it, so that the Swift runtime, SwiftNIO and
# the shared modules are on the disk once (docs/BENCHMARKS.md, issue 66).
install -d "$root/usr/bin" "$root/usr/libexec"
install -m 0755 "$bin/gestured" "$root/usr/bin/gestured"
"$strip" --remove-section=.comment --remove-section=.note --strip-unneeded "$root/usr/bin/gestured"
ln -s gestured "$root/usr/bin/gesturectl"
# The actions runner as the user service starts it: not a command users type (they type
# `gesturectl actions`, the same runner), so in /usr/libexec.
ln -s ../bin/gestured "$root/usr/libexec/gestured-actions"
# The overlay likewise (`gesturectl overlay` starts it), in its own package: the one program that
# links cairo and pango.
install -D -m 0755 "$bin/gestured-overlay" "$overlay_root/usr/libexec/gestured-overlay"
"$strip" --remove-section=.comment --remove-section=.note --strip-unneeded "$overlay_root/usr/libexec/gestured-overlay"

# systemd units and the snippets that make the user and the runtime directory.
install -D -m 0644 systemd/gestured.service "$root/usr/lib/systemd/system/gestured.service"
install -D -m 0644 systemd/gestured.socket "$root/usr/lib/systemd/system/gestured.socket"
install -D -m 0644 systemd/gestured-actions.service "$root/usr/lib/systemd/user/gestured-actions.service"
install -D -m 0644 systemd/gestured-overlay.service "$overlay_root/usr/lib/systemd/user/gestured-overlay.service"
install -D -m 0644 systemd/gestured-view.service "$root/usr/lib/systemd/user/gestured-view.service"
install -D -m 0644 systemd/sysusers.d/gestured.conf "$root/usr/lib/sysusers.d/gestured.conf"
install -D -m 0644 systemd/tmpfiles.d/gestured.conf "$root/usr/lib/tmpfiles.d/gestured.conf"
install -D -m 0644 systemd/udev/70-gestured-uinput.rules "$root/usr/lib/udev/rules.d/70-gestured-uinput.rules"
install -D -m 0644 systemd/modules-load.d/gestured.conf "$root/usr/lib/modules-load.d/gestured.conf"
grep -q '^ExecStart=/usr/bin/gestured$' "$root/usr/lib/systemd/system/gestured.service" \
  || { echo "make-deb: gestured.service must start /usr/bin/gestured" >&2; exit 1; }
grep -q '^ExecStart=/usr/libexec/gestured-actions$' "$root/usr/lib/systemd/user/gestured-actions.service" \
  || { echo "make-deb: gestured-actions.service must start /usr/libexec/gestured-actions" >&2; exit 1; }
grep -q '^ExecStart=/usr/libexec/gestured-overlay$' "$overlay_root/usr/lib/systemd/user/gestured-overlay.service" \
  || { echo "make-deb: gestured-overlay.service must start /usr/libexec/gestured-overlay" >&2; exit 1; }
grep -q '^ExecStart=/usr/bin/gesturectl view ' "$root/usr/lib/systemd/user/gestured-view.service" \
  || { echo "make-deb: gestured-view.service must start /usr/bin/gesturectl view" >&2; exit 1; }

# The configuration: the built-in set written out, a conffile (kept across upgrades when edited).
install -D -m 0644 packaging/gestured.yml "$root/etc/gestured/gestured.yml"
# gestured's GNOME Shell extension (`when:` and `window:` on GNOME, docs/ACTIONS.md): GNOME Shell
# finds it at the next login; the user enables it (`gnome-extensions enable gestured@gestured.org`).
for file in metadata.json extension.js overlay.js painter.js; do
  install -D -m 0644 "gnome-shell/gestured@gestured.org/$file" "$root/usr/share/gnome-shell/extensions/gestured@gestured.org/$file"
done
echo /etc/gestured/gestured.yml > "$stage/DEBIAN/conffiles"

# Documentation: copyright, the Debian changelog, the user-facing docs (compressed as policy asks).
doc=$root/usr/share/doc/gestured
install -d "$doc"
install -m 0644 packaging/copyright "$doc/copyright"
gzip -9n < packaging/changelog > "$doc/changelog.gz"   # a native package: changelog.gz
for page in README.md docs/CONFIG.md docs/PROTOCOL.md docs/ACTIONS.md docs/OVERLAY.md docs/SECURITY.md systemd/README.md; do
  name=$(basename "$page")
  [ "$page" = systemd/README.md ] && name=SYSTEMD.md
  gzip -9n < "$page" > "$doc/$name.gz"
done
chmod 0644 "$doc"/*
# The overlay's package: its copyright and changelog (policy asks them of every package); its
# guide, OVERLAY.md, is in gestured's folder, which it depends on.
overlay_doc=$overlay_root/usr/share/doc/gestured-overlay
install -d "$overlay_doc"
install -m 0644 packaging/copyright "$overlay_doc/copyright"
gzip -9n < packaging/changelog > "$overlay_doc/changelog.gz"
chmod 0644 "$overlay_doc"/*

# Man pages, generated from each executable's argument parser: gestured(8) (a daemon) and
# gesturectl(1) with every subcommand on the one page (a page per subcommand would be named
# "gesturectl subscribe", which whatis and apropos cannot index); gestured-actions(1) and
# gestured-overlay(1), the user units' programs, though they live in /usr/libexec (lintian asks a
# page of every program).
manuals=$out/manuals
rm -rf "$manuals"
mkdir -p "$manuals/1" "$manuals/8"
"$generate_manual" "$bin/gestured" --section 8 --date "$manual_date" --output-directory "$manuals/8" >/dev/null
"$generate_manual" "$bin/gesturectl" --section 1 --date "$manual_date" --output-directory "$manuals/1" >/dev/null
"$generate_manual" "$bin/gestured-actions" --section 1 --date "$manual_date" --output-directory "$manuals/1" >/dev/null
"$generate_manual" "$bin/gestured-overlay" --section 1 --date "$manual_date" --output-directory "$manuals/1" >/dev/null
for section in 1 8; do
  install -d "$root/usr/share/man/man$section"
  for page in "$manuals/$section"/*; do
    case $(basename "$page") in gestured-overlay.*) tree=$overlay_root ;; *) tree=$root ;; esac
    install -d "$tree/usr/share/man/man$section"
    gzip -9n < "$page" > "$tree/usr/share/man/man$section/$(basename "$page").gz"
    chmod 0644 "$tree/usr/share/man/man$section/$(basename "$page").gz"
  done
done
[ -f "$overlay_root/usr/share/man/man1/gestured-overlay.1.gz" ] \
  || { echo "make-deb: generate-manual wrote no gestured-overlay.1" >&2; exit 1; }

# Shell completions, generated by the argument parser too.
install -d "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
  "$root/usr/share/fish/vendor_completions.d"
for tool in gestured gesturectl; do
  # bash-completion sources these files: no #! line.
  "$bin/$tool" --generate-completion-script bash | sed '1{/^#!/d}' > "$root/usr/share/bash-completion/completions/$tool"
  "$bin/$tool" --generate-completion-script zsh > "$root/usr/share/zsh/vendor-completions/_$tool"
  "$bin/$tool" --generate-completion-script fish > "$root/usr/share/fish/vendor_completions.d/$tool.fish"
done
chmod 0644 "$root"/usr/share/*/completions/* "$root"/usr/share/zsh/vendor-completions/* \
  "$root"/usr/share/fish/vendor_completions.d/*

# Maintainer scripts; preinst with the sysusers snippet written in, so the groups exist before
# the udev rule that names one is unpacked (packaging/preinst says why).
for script in postinst prerm postrm; do
  install -m 0755 "packaging/$script" "$stage/DEBIAN/$script"
done
awk 'FNR == NR { snippet = snippet $0 "\n"; next } $0 == "@SYSUSERS@" { printf "%s", snippet; next } { print }' \
  systemd/sysusers.d/gestured.conf packaging/preinst > "$stage/DEBIAN/preinst"
chmod 0755 "$stage/DEBIAN/preinst"

# Depends: the shared libraries a package's executables link, with the versions their symbols
# need (dpkg-shlibdeps reads the libraries' symbols files), computed per package.
# shlibs_of PACKAGE FILE...: the FILEs, paths inside the staged trees.
shlibs_of() {
  package=$1
  shift
  scratch_dir=$out/shlibs
  rm -rf "$scratch_dir"
  mkdir -p "$scratch_dir/debian"
  printf 'Source: gestured\n\nPackage: %s\nArchitecture: any\n' "$package" > "$scratch_dir/debian/control"
  if [ -n "${SHLIBDEPS_ROOT:-}" ]; then
    # In a root of the binaries' architecture, where their libraries and symbols files are.
    scratch=$SHLIBDEPS_ROOT/tmp/gestured-shlibs
    rm -rf "$scratch"
    mkdir -p "$scratch/debian"
    cp "$scratch_dir/debian/control" "$scratch/debian/"
    names=
    for file in "$@"; do cp "$file" "$scratch/"; names="$names $(basename "$file")"; done
    found=$(chroot "$SHLIBDEPS_ROOT" sh -c "cd /tmp/gestured-shlibs && dpkg-shlibdeps -O $names" 2>/dev/null \
      | sed -n 's/^shlibs:Depends=//p')
    rm -rf "$scratch"
  else
    found=$(cd "$scratch_dir" && dpkg-shlibdeps -O "$@" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
  fi
  rm -rf "$scratch_dir"
  [ -n "$found" ] || { echo "make-deb: dpkg-shlibdeps found no libraries for $package" >&2; exit 1; }
  echo "$found"
}

# build_package STAGE CONTROL_TEMPLATE SHLIBS NAME: control (Installed-Size in KiB, as
# dpkg-gencontrol counts it, each file rounded up), md5sums, modes, then the .deb; prints its path.
build_package() {
  tree=$1
  installed_size=$(find "$tree" -path "$tree/DEBIAN" -prune -o \( -type f -o -type l \) -printf '%s\n' \
    | awk '{ kib += int(($1 + 1023) / 1024) } END { print kib }')
  sed -e "s/@VERSION@/$version/" -e "s/@ARCH@/$arch/" -e "s/@INSTALLED_SIZE@/$installed_size/" \
    -e "s/@SHLIBS@/$3/" "$2" > "$tree/DEBIAN/control"
  (cd "$tree" && find . -path ./DEBIAN -prune -o -type f -printf '%P\n' | LC_ALL=C sort | xargs md5sum) \
    > "$tree/DEBIAN/md5sums"
  chmod 0644 "$tree/DEBIAN/control" "$tree/DEBIAN/md5sums"
  find "$tree" -type d -exec chmod 0755 {} +
  rm -f "$out/$4"_*.deb
  deb=$out/$4_${version}_$arch.deb
  dpkg-deb --root-owner-group -Zxz --build "$tree" "$deb" >/dev/null
  echo "$deb"
  echo "  $4 $version, $arch; installed size $installed_size KiB; $(du -k "$deb" | cut -f1) KiB packed" >&2
  echo "  Depends: $(sed -n 's/^Depends: //p' "$tree/DEBIAN/control")" >&2
}

chmod 0644 "$stage/DEBIAN/conffiles"
# (libinput, libudev and libsystemd are opened, not linked: packaging/control.in names them.)
shlibs=$(shlibs_of gestured "$root/usr/bin/gestured")
overlay_shlibs=$(shlibs_of gestured-overlay "$overlay_root/usr/libexec/gestured-overlay")
build_package "$stage" packaging/control.in "$shlibs" gestured
build_package "$overlay_stage" packaging/control-overlay.in "$overlay_shlibs" gestured-overlay
