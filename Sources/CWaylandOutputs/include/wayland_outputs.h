// The screens a Wayland session has: core wl_output (libwayland-client's own interface, from
// wayland-client-protocol.h), as plain functions and a listener struct Swift can hand pointers
// to. The registry it is bound from is CWlrToplevel's (gestured_get_registry and its listener).
#ifndef GESTURED_WAYLAND_OUTPUTS_H
#define GESTURED_WAYLAND_OUTPUTS_H
#include <stdint.h>
#include <wayland-client.h>

/// wl_output's events, in the protocol's order (name and description from version 4).
struct gestured_output_listener {
    void (*geometry)(void *data, struct wl_proxy *output, int32_t x, int32_t y, int32_t physical_width, int32_t physical_height,
                     int32_t subpixel, const char *make, const char *model, int32_t transform);
    void (*mode)(void *data, struct wl_proxy *output, uint32_t flags, int32_t width, int32_t height, int32_t refresh);
    void (*done)(void *data, struct wl_proxy *output);
    void (*scale)(void *data, struct wl_proxy *output, int32_t factor);
    void (*name)(void *data, struct wl_proxy *output, const char *name);
    void (*description)(void *data, struct wl_proxy *output, const char *description);
};

/// Binds a wl_output global at `version` (at most 4).
struct wl_proxy *gestured_bind_output(struct wl_registry *registry, uint32_t name, uint32_t version);
int gestured_output_add_listener(struct wl_proxy *output, const struct gestured_output_listener *listener, void *data);
/// Lets the output go (release from version 3, else the proxy is destroyed).
void gestured_output_release(struct wl_proxy *output);
#endif
