/* The windows a gesture acts on, and what the window manager says about them: maps WINDOWS
 * windows ("parity 1" … "parity N", stacked over the middle of the screen, under the pointer)
 * that close when asked (WM_DELETE_WINDOW), prints `ready` once the window manager manages all
 * of them, then answers each line `state` on stdin with one line of JSON on stdout, read from
 * the root's and the clients' EWMH properties:
 *   {"desktop": N, "desktops": N, "showing": 0|1, "active": "NAME",
 *    "windows": [{"name": "NAME", "desktop": N, "state": ["FULLSCREEN", …], "x": X, "y": Y, "w": W, "h": H}, …]}
 * The windows are the window manager's client list, in its order. Built by e2e/parity/run.sh
 * (libx11-dev); part of `make import-parity`. */
#include <X11/Xatom.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define WINDOWS 4

static Display *display;
static Window root;

static Atom atom(const char *name) { return XInternAtom(display, name, False); }

/* A property's items (32-bit ones as longs), or NULL; *count is set. */
static unsigned char *property(Window w, const char *name, Atom type, unsigned long *count) {
    Atom actual;
    int format;
    unsigned long after;
    unsigned char *data = NULL;
    *count = 0;
    if (XGetWindowProperty(display, w, atom(name), 0, 4096, False, type, &actual, &format, count, &after, &data) != Success || !data) return NULL;
    return data;
}

static long cardinal(Window w, const char *name, long otherwise) {
    unsigned long count;
    long *data = (long *)property(w, name, XA_CARDINAL, &count);
    long value = data && count ? data[0] : otherwise;
    if (data) XFree(data);
    return value;
}

static void print_name(Window w) {
    unsigned long count;
    char *name = (char *)property(w, "_NET_WM_NAME", atom("UTF8_STRING"), &count);
    if (!name) name = (char *)property(w, "WM_NAME", XA_STRING, &count);
    putchar('"');
    for (unsigned long i = 0; name && i < count; i++) {
        if (name[i] == '"' || name[i] == '\\') putchar('\\');
        putchar(name[i]);
    }
    putchar('"');
    if (name) XFree(name);
}

static int ignore(Display *d, XErrorEvent *e) { (void)d; (void)e; return 0; }  /* a window gone between two reads */

static void state(void) {
    unsigned long count;
    printf("{\"desktop\": %ld, \"desktops\": %ld, \"showing\": %ld, \"active\": ", cardinal(root, "_NET_CURRENT_DESKTOP", -1),
           cardinal(root, "_NET_NUMBER_OF_DESKTOPS", -1), cardinal(root, "_NET_SHOWING_DESKTOP", 0));
    Window *active = (Window *)property(root, "_NET_ACTIVE_WINDOW", XA_WINDOW, &count);
    if (active && count && active[0]) print_name(active[0]); else printf("null");
    if (active) XFree(active);
    printf(", \"windows\": [");
    Window *clients = (Window *)property(root, "_NET_CLIENT_LIST", XA_WINDOW, &count);
    for (unsigned long i = 0; clients && i < count; i++) {
        Window w = clients[i], child;
        printf("%s{\"name\": ", i ? ", " : "");
        print_name(w);
        printf(", \"desktop\": %ld, \"state\": [", cardinal(w, "_NET_WM_DESKTOP", -1));
        unsigned long states;
        Atom *list = (Atom *)property(w, "_NET_WM_STATE", XA_ATOM, &states);
        for (unsigned long k = 0; list && k < states; k++) {
            char *name = XGetAtomName(display, list[k]);
            printf("%s\"%s\"", k ? ", " : "", name && !strncmp(name, "_NET_WM_STATE_", 14) ? name + 14 : (name ? name : "?"));
            if (name) XFree(name);
        }
        if (list) XFree(list);
        int x = 0, y = 0;
        unsigned int width = 0, height = 0, border, depth;
        Window parent;
        XGetGeometry(display, w, &parent, &x, &y, &width, &height, &border, &depth);
        XTranslateCoordinates(display, w, root, 0, 0, &x, &y, &child);
        printf("], \"x\": %d, \"y\": %d, \"w\": %u, \"h\": %u}", x, y, width, height);
    }
    if (clients) XFree(clients);
    printf("]}\n");
    fflush(stdout);
}

int main(void) {
    display = XOpenDisplay(NULL);
    if (!display) { fprintf(stderr, "x-windows: no display\n"); return 1; }
    XSetErrorHandler(ignore);
    root = DefaultRootWindow(display);
    Atom protocols = atom("WM_PROTOCOLS"), delete = atom("WM_DELETE_WINDOW");
    Window last = None;
    for (int i = 1; i <= WINDOWS; i++) {
        Window w = XCreateSimpleWindow(display, root, 360, 140, 1200, 800, 0, 0, 0xffffff);
        char name[32];
        snprintf(name, sizeof name, "parity %d", i);
        XStoreName(display, w, name);
        XClassHint hint = {"parity", "Parity"};
        XSetClassHint(display, w, &hint);
        XSetWMProtocols(display, w, &delete, 1);
        XSizeHints *where = XAllocSizeHints();  /* where the program asks: all in one place */
        where->flags = USPosition | USSize;
        where->x = 360, where->y = 140, where->width = 1200, where->height = 800;
        XSetWMNormalHints(display, w, where);
        XFree(where);
        XMapWindow(display, w);
        last = w;
    }
    XWarpPointer(display, None, root, 0, 0, 0, 0, 960, 540);
    XSync(display, False);
    /* Ready when the window manager lists all of them and the last is active, as a new window
     * is (10 s at most: `ready` either way, the states say what there is). */
    for (int tries = 0; tries < 1000; tries++) {
        unsigned long count, one;
        Window *clients = (Window *)property(root, "_NET_CLIENT_LIST", XA_WINDOW, &count);
        if (clients) XFree(clients);
        Window *active = (Window *)property(root, "_NET_ACTIVE_WINDOW", XA_WINDOW, &one);
        int focused = active && one && active[0] == last;
        if (active) XFree(active);
        if (count >= WINDOWS && focused) break;
        struct timespec pause = {0, 10000000};
        nanosleep(&pause, NULL);
    }
    printf("ready\n");
    fflush(stdout);
    struct pollfd fds[2] = {{ConnectionNumber(display), POLLIN, 0}, {STDIN_FILENO, POLLIN, 0}};
    char line[64];
    for (;;) {
        while (XPending(display)) {
            XEvent e;
            XNextEvent(display, &e);
            if (e.type == ClientMessage && e.xclient.message_type == protocols && (Atom)e.xclient.data.l[0] == delete) {
                XDestroyWindow(display, e.xclient.window);
                XFlush(display);
            }
        }
        if (poll(fds, 2, -1) < 0) return 1;
        if (fds[1].revents) {
            if (!fgets(line, sizeof line, stdin)) return 0;
            if (!strncmp(line, "state", 5)) {
                XSync(display, False);
                state();
            }
        }
    }
}
