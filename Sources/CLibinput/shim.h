#ifndef GESTURED_CLIBINPUT_SHIM_H
#define GESTURED_CLIBINPUT_SHIM_H
// Declarations only: nothing is linked. CInputLibraries defines the functions LinuxInput calls
// and opens libinput and libudev when first used.
#include <libinput.h>
#include <libudev.h>
#endif
