#ifndef GESTURED_CLINUX_SHIM_H
#define GESTURED_CLINUX_SHIM_H
// Linux calls the Glibc module does not carry: signalfd, for the daemon's signals on its event loop.
#include <sys/signalfd.h>
#endif
