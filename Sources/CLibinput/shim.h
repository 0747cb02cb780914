#ifndef GESTURED_CLIBINPUT_SHIM_H
#define GESTURED_CLIBINPUT_SHIM_H
#include <libinput.h>
#include <libudev.h>
#endif
