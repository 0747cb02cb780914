// A click-through, focus-less surface over a whole output, on wlr-layer-shell's overlay layer,
// drawn into shared-memory buffers: what `gestured-overlay` shows on wlroots compositors (sway,
// labwc, river, Hyprland, …) and KDE Plasma. The protocol's interfaces are written out as
// wayland-scanner would make them (Debian 12 ships no wlr-protocols), and every request is a
// plain function, since Swift cannot call libwayland's variadic marshalling.
#ifndef GESTURED_LAYER_OVERLAY_H
#define GESTURED_LAYER_OVERLAY_H
#include <stddef.h>
#include <stdint.h>

struct gestured_overlay;

/// Connects to Wayland display `display` (NULL: $WAYLAND_DISPLAY) and finds the compositor's
/// globals; `output` names the output to cover (NULL: the compositor's choice). NULL on failure,
/// with why in `error`.
struct gestured_overlay *gestured_overlay_connect(const char *display, const char *output, char *error, size_t error_size);
/// The connection's descriptor, to poll for reading.
int gestured_overlay_fd(struct gestured_overlay *overlay);
/// Before polling: dispatches what is queued and flushes requests. < 0: the connection is gone.
int gestured_overlay_prepare(struct gestured_overlay *overlay);
/// After poll said the descriptor is readable (or with `readable` 0 after a timeout): reads
/// and dispatches. < 0: the connection is gone.
int gestured_overlay_read(struct gestured_overlay *overlay, int readable);
/// Whether the surface is mapped (shown).
int gestured_overlay_shown(struct gestured_overlay *overlay);
/// Whether the compositor has not yet said it drew the last frame (draw the next after it).
int gestured_overlay_frame_pending(struct gestured_overlay *overlay);
/// Whether the compositor closed the surface (the output went away); show makes a new one.
int gestured_overlay_closed(struct gestured_overlay *overlay);
/// Maps the surface (a layer surface, configured by the compositor: a round trip) if it is not;
/// its size in pixels in `width` and `height`. < 0 on failure.
int gestured_overlay_show(struct gestured_overlay *overlay, int *width, int *height);
/// A free buffer of the mapped surface's size (ARGB8888, premultiplied) and its stride, or NULL
/// when none is free (the compositor still reads both).
void *gestured_overlay_buffer(struct gestured_overlay *overlay, int *stride);
/// Shows the buffer `gestured_overlay_buffer` gave: attached, all damaged, a frame callback asked for, committed.
void gestured_overlay_commit(struct gestured_overlay *overlay);
/// Unmaps the surface: nothing of it stays on the screen.
void gestured_overlay_hide(struct gestured_overlay *overlay);
/// Disconnects and frees everything.
void gestured_overlay_destroy(struct gestured_overlay *overlay);
#endif
