#ifndef GESTURED_CXKBCOMMON_SHIM_H
#define GESTURED_CXKBCOMMON_SHIM_H
#include <xkbcommon/xkbcommon.h>
#endif
