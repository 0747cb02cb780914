/* Logs every key and button the X server sees, as XI2 raw events on the root window: what
 * touchegg's SEND_KEYS and MOUSE_CLICK send through XTest. One line per event on stdout:
 * CLOCK_MONOTONIC in ns, `key` or `button`, `down` or `up`, and the key's keysym at level 0
 * (the key itself, Shift not applied) or the button's number. Prints `ready` once selected.
 * Built by e2e/parity/run.sh (libx11-dev, libxi-dev); part of `make import-parity`. */
#include <X11/XKBlib.h>
#include <X11/Xlib.h>
#include <X11/extensions/XInput2.h>
#include <stdio.h>
#include <time.h>

int main(void) {
    Display *display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "xinput-log: no display\n"); return 1; }
    int opcode, event, error, major = 2, minor = 0;
    if (!XQueryExtension(display, "XInputExtension", &opcode, &event, &error) || XIQueryVersion(display, &major, &minor) != Success) {
        fprintf(stderr, "xinput-log: no XInput 2\n");
        return 1;
    }
    unsigned char bits[XIMaskLen(XI_LASTEVENT)] = {0};
    XISetMask(bits, XI_RawKeyPress);
    XISetMask(bits, XI_RawKeyRelease);
    XISetMask(bits, XI_RawButtonPress);
    XISetMask(bits, XI_RawButtonRelease);
    XIEventMask mask = {XIAllMasterDevices, sizeof bits, bits};
    XISelectEvents(display, DefaultRootWindow(display), &mask, 1);
    XSync(display, False);
    printf("ready\n");
    fflush(stdout);
    for (;;) {
        XEvent e;
        XNextEvent(display, &e);
        if (e.xcookie.type != GenericEvent || e.xcookie.extension != opcode || !XGetEventData(display, &e.xcookie)) continue;
        XIRawEvent *raw = e.xcookie.data;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long long ns = (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
        int down = raw->evtype == XI_RawKeyPress || raw->evtype == XI_RawButtonPress;
        if (raw->evtype == XI_RawKeyPress || raw->evtype == XI_RawKeyRelease) {
            const char *name = XKeysymToString(XkbKeycodeToKeysym(display, (KeyCode)raw->detail, 0, 0));
            printf("%lld key %s %s\n", ns, down ? "down" : "up", name ? name : "?");
        } else {
            printf("%lld button %s %d\n", ns, down ? "down" : "up", raw->detail);
        }
        fflush(stdout);
        XFreeEventData(display, &e.xcookie);
    }
}
