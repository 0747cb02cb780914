// The overlay on X11: an override-redirect window over the whole screen with a 32-bit (ARGB)
// visual, whose input shape is empty (every click goes to the windows under it), drawn by
// putting the pixels cairo painted. It needs a compositing manager for its transparency (one
// owns _NET_WM_CM_Sn); without one, transparent pixels would show black.
#ifndef GESTURED_X11_OVERLAY_H
#define GESTURED_X11_OVERLAY_H
#include <stddef.h>

struct gestured_x11_overlay;

/// Connects to X display `display` (NULL: $DISPLAY) and checks what the overlay needs (an ARGB
/// visual, SHAPE, a compositing manager). NULL on failure, with why in `error`.
struct gestured_x11_overlay *gestured_x11_overlay_connect(const char *display, char *error, size_t error_size);
/// The connection's descriptor, to poll for reading.
int gestured_x11_overlay_fd(struct gestured_x11_overlay *overlay);
/// Sends what is queued. < 0: the connection is gone.
int gestured_x11_overlay_flush(struct gestured_x11_overlay *overlay);
/// Handles every event that came (none matter but errors). < 0: the connection is gone.
int gestured_x11_overlay_read(struct gestured_x11_overlay *overlay);
/// Whether the window exists (is shown).
int gestured_x11_overlay_shown(struct gestured_x11_overlay *overlay);
/// Makes and maps the window if it is not; the screen's size in `width` and `height`.
int gestured_x11_overlay_show(struct gestured_x11_overlay *overlay, int *width, int *height);
/// The pixels to paint (ARGB32, premultiplied) and their stride.
void *gestured_x11_overlay_buffer(struct gestured_x11_overlay *overlay, int *stride);
/// Puts the painted pixels on the window.
void gestured_x11_overlay_commit(struct gestured_x11_overlay *overlay);
/// Destroys the window: nothing of it stays on the screen.
void gestured_x11_overlay_hide(struct gestured_x11_overlay *overlay);
/// Disconnects and frees everything.
void gestured_x11_overlay_destroy(struct gestured_x11_overlay *overlay);
#endif
