#ifndef GESTURED_CLINUX_SHIM_H
#define GESTURED_CLINUX_SHIM_H
// Linux calls the Glibc module does not carry: signalfd, for the daemon's signals on its event
// loop; uinput's UI_SET_PHYS, which libevdev does not offer, to mark the twins gestured makes;
// eventfd, which wakes the overlay's drawing loop.
#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/ioctl.h>
#include <linux/uinput.h>

static inline int gestured_uinput_set_phys(int fd, const char *phys) {
    return ioctl(fd, UI_SET_PHYS, phys);
}
#endif
