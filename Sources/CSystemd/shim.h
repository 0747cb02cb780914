// libsystemd (Debian: libsystemd-dev): sd-login, who is in front of each seat, for the daemon's
// session-aware access (docs/SECURITY.md). Declarations only: CInputLibraries defines the
// functions and opens libsystemd when first used. sd-bus, the session bus, is CSystemdBus, opened when
// first used.
#include <systemd/sd-login.h>
