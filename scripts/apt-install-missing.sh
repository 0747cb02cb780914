#!/bin/sh
# Installs the Debian packages given that are not installed yet (apt-get update only then).
# Used by every make target that needs system packages, so a fresh machine just works.
#
# Another package manager at work (apt, unattended-upgrades, a desktop's updater) holds dpkg's
# lock: this waits for it, at most $GESTURED_APT_LOCK_TIMEOUT seconds (default 600), and says
# once what it waits for, instead of failing at once.
set -eu
missing=""
for package in "$@"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "ok installed" || missing="$missing $package"
done
[ -n "$missing" ] || exit 0
echo "Installing:$missing"
sudo=""
[ "$(id -u)" = 0 ] || sudo=sudo
timeout=${GESTURED_APT_LOCK_TIMEOUT:-600}
locks=${GESTURED_APT_LOCKS:-/var/lib/dpkg/lock-frontend /var/lib/dpkg/lock /var/lib/apt/lists/lock}
# Tests stand in for apt-get with GESTURED_APT_GET (they install nothing).
apt=${GESTURED_APT_GET:-apt-get}

# The lock that someone holds now, if any (dpkg and apt use fcntl locks, which flock(1) does
# not see; without python3 apt's own DPkg::Lock::Timeout below still waits).
held() {
  command -v python3 >/dev/null || return 1
  # shellcheck disable=SC2086
  python3 - $locks <<'PY' 2>/dev/null
import fcntl, sys
for path in sys.argv[1:]:
    try:
        with open(path, "a") as lock:
            try:
                fcntl.lockf(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                print(path)
                sys.exit(0)
    except OSError:
        pass
sys.exit(1)
PY
}

waited=0
while holder=$(held); do
  if [ "$waited" = 0 ]; then
    echo "Waiting up to $timeout s for another package manager to finish (it holds $holder)..." >&2
  fi
  if [ "$waited" -ge "$timeout" ]; then
    echo "error: the package manager lock ($holder) is still held after $timeout s; let the other apt or unattended-upgrades finish (or set GESTURED_APT_LOCK_TIMEOUT), then run make again" >&2
    exit 1
  fi
  sleep 1
  waited=$((waited + 1))
done
$sudo $apt -o DPkg::Lock::Timeout="$timeout" update -qq
DEBIAN_FRONTEND=noninteractive $sudo $apt -o DPkg::Lock::Timeout="$timeout" install -y -qq --no-install-recommends $missing
