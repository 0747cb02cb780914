#ifndef GESTURED_CXCB_SHIM_H
#define GESTURED_CXCB_SHIM_H
// libxcb (Debian: libxcb1-dev), the X server for X11Provider (GestureDesktop). Declarations only:
// nothing is linked; GestureDesktop opens libxcb when it first talks to an X server
// (LazyLibrary.xcb, XCBCalls.swift), so a runner on Wayland or on a phone never maps it.
#include <xcb/xcb.h>
#endif
