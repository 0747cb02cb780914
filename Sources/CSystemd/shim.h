// libsystemd's sd-login (Debian: libsystemd-dev): who is in front of each seat, for the
// daemon's session-aware access (docs/SECURITY.md).
#include <systemd/sd-login.h>
