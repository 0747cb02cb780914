// sd-login's functions GestureDaemon calls (LoginSessions, SessionService), opened when first called (CInputLibraries.h).
#include <systemd/sd-login.h>
#include "lazy_function.h"

LAZY_FUNCTION("libsystemd.so.0", int, sd_get_seats, (char ***seats), (seats), -ENOSYS)
LAZY_FUNCTION("libsystemd.so.0", int, sd_login_monitor_flush, (sd_login_monitor *m), (m), -ENOSYS)
LAZY_FUNCTION("libsystemd.so.0", int, sd_login_monitor_get_fd, (sd_login_monitor *m), (m), -ENOSYS)
LAZY_FUNCTION("libsystemd.so.0", int, sd_login_monitor_new, (const char *category, sd_login_monitor** ret), (category, ret), -ENOSYS)
LAZY_FUNCTION("libsystemd.so.0", sd_login_monitor*, sd_login_monitor_unref, (sd_login_monitor *m), (m), NULL)
LAZY_FUNCTION("libsystemd.so.0", int, sd_seat_get_active, (const char *seat, char **session, uid_t *uid), (seat, session, uid), -ENOSYS)
