#ifndef GESTURED_CINPUTLIBRARIES_H
#define GESTURED_CINPUTLIBRARIES_H
// libinput, libudev and libsystemd's sd-login, opened by the daemon when it first uses them
// instead of linked. gestured, gesturectl and gestured-actions are one executable (chosen by
// its name); linked, these libraries and what they load (libwacom, GLib and its constructors,
// libgudev, libmtdev; libgcrypt, liblzma, libzstd, liblz4, libcap) would sit in every runner
// and every gesturectl too. This module defines the functions LinuxInput and GestureDaemon call
// by their C names, with the prototypes of the libraries' own headers (a prototype that
// disagrees does not compile); each looks its symbol up the first time it is called.

/// Opens libinput and libudev now; NULL, or why one cannot be opened (dlerror's text, kept
/// until the next call). LibinputSource calls it first, so that a missing library is an error
/// at start and not a failed call later.
const char *gestured_open_input_libraries(void);

/// The symbol `name` of the shared library `library` (a file name such as "libinput.so.10"),
/// which is opened on the first call (RTLD_NOW | RTLD_LOCAL) and never closed; NULL when the
/// library or the symbol is missing. Each library is opened once, its handle kept.
void *gestured_lazy_symbol(const char *library, const char *name);
#endif
