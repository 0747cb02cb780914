#ifndef GESTURED_CXCB_SHIM_H
#define GESTURED_CXCB_SHIM_H
#include <xcb/xcb.h>
#endif
