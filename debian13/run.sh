#!/bin/sh
# gestured with Debian 13's own Swift (swiftlang 6.0.3), in Debian 13 roots made by
# debian13/root.sh into the cache (GESTURED_DEBIAN13_CACHE, default ~/.cache/gestured/debian13):
#
#   debian13/run.sh test    the README's `make test` in an amd64 root, as a Debian 13 user runs it
#   debian13/run.sh arm64   arm64 binaries cross-compiled by the amd64 root's Swift against an arm64
#                           root (the sysroot), into .build-arm64/release; then every fixture replayed
#                           by the arm64 gesturectl under qemu-aarch64 and compared, byte for byte,
#                           with the transcript the x86_64 build wrote (Fixtures/*.expected.jsonl)
#
# The working tree (what .gitignore does not leave out) is copied into the amd64 root's
# /src/gestured each time; its build folders stay there between runs. Needs root (chroot, mount).
#
# Dependencies: SwiftPM 6.0 takes the newest versions whose manifests it can read (swift-nio
# 2.97, swift-log 1.11, swift-service-lifecycle 2.11, swift-system 1.6 on 2026-11-27), fetched
# from GitHub. Where GitHub is served by a local copy holding only newer versions, name a folder
# of full clones: GESTURED_GIT_MIRRORS=DIR, with DIR/OWNER+NAME/repo for each package (the
# others keep the host's /etc/gitconfig rewrites, whose folders are mounted in the root).
set -eu
what=${1:-}
case $what in
test | arm64) ;;
*) echo "usage: debian13/run.sh test|arm64" >&2; exit 2 ;;
esac
cache=${GESTURED_DEBIAN13_CACHE:-$HOME/.cache/gestured/debian13}
build=$cache/amd64
sysroot=$cache/arm64
mkdir -p "$cache"
scripts/apt-install-missing.sh rsync
sh debian13/root.sh amd64 "$build"
[ "$what" = arm64 ] && sh debian13/root.sh arm64 "$sysroot"

# Mounts, undone on exit (innermost first).
mounted=""
bind() {   # bind SOURCE TARGET [ro]
  mkdir -p "$2"
  mountpoint -q "$2" || mount --bind ${3:+-o ro} "$1" "$2"
  mounted="$2 $mounted"
}
cleanup() {
  for point in $mounted; do umount -l "$point" 2>/dev/null || true; done
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mkdir -p "$build/proc"
mountpoint -q "$build/proc" || mount -t proc proc "$build/proc"
mounted="$build/proc"
for d in dev dev/pts dev/shm sys; do bind "/$d" "$build/$d"; done

# The host's certificates and pip settings (a proxy's CA), and its git rewrites for GitHub.
cp /usr/local/share/ca-certificates/*.crt "$build/usr/local/share/ca-certificates/" 2>/dev/null && chroot "$build" update-ca-certificates > /dev/null || true
[ -f /etc/pip.conf ] && cp /etc/pip.conf "$build/etc/pip.conf"
rewrites=$(git config --system --get-regexp '^url\..*\.insteadof$' 2>/dev/null || true)
{
  # Read from a here-document, not a pipe: the mounts must be made (and listed) in this shell.
  while read -r key value; do
    [ -n "$key" ] || continue
    target=${key#url.}; target=${target%.insteadof}
    [ -d "$target" ] && bind "$target" "$build$target" ro
    printf '[url "%s"]\n\tinsteadOf = %s\n' "$target" "$value"
  done <<REWRITES
$rewrites
REWRITES
  if [ -n "${GESTURED_GIT_MIRRORS:-}" ]; then
    bind "$GESTURED_GIT_MIRRORS" "$build/mirrors" ro
    for repo in "$GESTURED_GIT_MIRRORS"/*/repo; do
      name=$(basename "$(dirname "$repo")")
      printf '[url "/mirrors/%s/repo"]\n\tinsteadOf = https://github.com/%s.git\n\tinsteadOf = https://github.com/%s\n' \
        "$name" "$(echo "$name" | tr + /)" "$(echo "$name" | tr + /)"
    done
  fi
  printf '[safe]\n\tdirectory = *\n'
} > "$build/etc/gitconfig"

# The working tree, copied in with what .gitignore leaves out kept as it is there (its build
# folders and Package.resolved); rsync rewrites only the files that changed, so an unchanged
# source is not built again. Packages fetched through other rewrites than this run's are
# fetched again: git cannot update a clone from a mirror of other history.
src=$build/src/gestured
mkdir -p "$src"
if ! cmp -s "$build/etc/gitconfig" "$build/etc/gitconfig.last"; then
  rm -rf "$build/root/.cache/org.swift.swiftpm" "$src"/.build*/repositories "$src"/.build*/checkouts "$src/Package.resolved"
  cp "$build/etc/gitconfig" "$build/etc/gitconfig.last"
fi
rsync -a --delete --filter=':- .gitignore' --exclude=/.git ./ "$src/"
in_root() { chroot "$build" env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/root LANG=C.UTF-8 sh -c "cd /src/gestured && $1"; }

case $what in
test)
  echo "▶ make test with Debian 13's $(in_root 'swift --version 2>/dev/null | head -n 1')"
  in_root 'make test'
  ;;
arm64)
  bind "$sysroot" "$build/sysroot" ro
  # The target's flags only (host tools, such as build plugins, are built for amd64 as usual): the
  # sysroot's Swift runtime, linked statically, and the link of `make static`, through
  # debian13/ld.lld-script-first: lld 17 reads the linker script only before SwiftPM's --defsym.
  cat > "$build/src/arm64.json" <<JSON
{
  "version": 1,
  "sdk": "/sysroot",
  "toolchain-bin-dir": "/usr/libexec/swift/bin",
  "target": "aarch64-unknown-linux-gnu",
  "dynamic-library-extension": "so",
  "extra-cc-flags": ["-fPIC"],
  "extra-swiftc-flags": ["-sdk", "/sysroot", "-resource-dir", "/sysroot/usr/libexec/swift/lib/swift_static", "-use-ld=lld",
    "-Xfrontend", "-function-sections", "-Xlinker", "-z", "-Xlinker", "relro", "-Xlinker", "-z", "-Xlinker", "now",
    "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic",
    "-Xlinker", "--symbol-ordering-file=/src/gestured/packaging/gestured.order", "-Xlinker", "--no-warn-symbol-ordering",
    "-Xlinker", "-T", "-Xlinker", "/src/gestured/packaging/gestured-private.ld",
    "-Xclang-linker", "--ld-path=/src/gestured/debian13/ld.lld-script-first"],
  "extra-cpp-flags": []
}
JSON
  pc=/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig
  start=$(date +%s)
  # Exclusivity unchecked, as the Makefile's SHIP_FLAGS build the shipped amd64 binaries.
  # gestured is gesturectl and gestured-actions too, by those names (links, as in the package).
  # The build's own status counts, not the filter's: a failed build must not leave the last
  # one's binaries to be copied out as this one's.
  for product in gestured gestured-overlay; do
    in_root "{ PKG_CONFIG_PATH=$pc:/sysroot/usr/share/pkgconfig PKG_CONFIG_LIBDIR=$pc PKG_CONFIG_SYSROOT_DIR=/sysroot \
      swift build -c release --static-swift-stdlib -Xswiftc -enforce-exclusivity=unchecked --destination /src/arm64.json --scratch-path .build-arm64 --product $product 2>&1; \
      echo \$? > /tmp/arm64-build-status; } | grep -v 'Could not read SDKSettings.json'; exit \$(cat /tmp/arm64-build-status)"
  done
  echo "▶ cross-compiled in $(( $(date +%s) - start )) s"
  mkdir -p .build-arm64/release
  for product in gestured gestured-overlay; do
    cp "$src/.build-arm64/aarch64-unknown-linux-gnu/release/$product" .build-arm64/release/
  done
  ln -sfn gestured .build-arm64/release/gesturectl
  ln -sfn gestured .build-arm64/release/gestured-actions
  echo "$sysroot" > .build-arm64/sysroot
  # Every fixture replayed by the arm64 gesturectl (qemu-aarch64, the sysroot's libraries),
  # compared with the x86_64 build's transcript, as `make fixtures-update` writes them.
  export QEMU_LD_PREFIX="$sysroot"
  same=0; differ=0
  while read -r recording description; do
    [ -n "$recording" ] || continue
    case $recording in \#*) continue ;; esac
    set -- --json --config Fixtures/gestures.yml
    [ -n "$description" ] && set -- "$@" --device-description "Fixtures/$description"
    if .build-arm64/release/gesturectl replay "$@" "Fixtures/$recording" | cmp -s - "Fixtures/$recording.expected.jsonl"; then
      same=$((same + 1))
    else
      differ=$((differ + 1)); echo "✗ $recording: the arm64 transcript differs from Fixtures/$recording.expected.jsonl"
    fi
  done < Fixtures/replays.txt
  echo "▶ arm64 replay transcripts: $same identical to the x86_64 build's, $differ different"
  [ "$differ" = 0 ]
  ;;
esac
