#ifndef GESTURED_CLIBEVDEV_SHIM_H
#define GESTURED_CLIBEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#endif
