// libsystemd's sd-bus (Debian: libsystemd-dev), the session bus the actions runner talks to GNOME
// Shell and KWin over (GestureDesktop). Declarations only: nothing is linked. GestureDesktop opens
// libsystemd the first time it makes a call (LazyLibrary.systemd, SystemdBusCalls.swift), so a
// runner that never needs a bus never maps it and what it loads.
#include <systemd/sd-bus.h>
