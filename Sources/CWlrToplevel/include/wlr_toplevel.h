// wlr-foreign-toplevel-management-unstable-v1, version 3: the interfaces wayland-scanner would
// generate, written out (no wlr-protocols package in Debian 12), and the requests gestured
// sends, as plain functions (Swift cannot call wl_proxy_marshal_flags, which is variadic).
#ifndef GESTURED_WLR_TOPLEVEL_H
#define GESTURED_WLR_TOPLEVEL_H
#include <stdint.h>
#include <wayland-client.h>

extern const struct wl_interface gestured_toplevel_manager_interface;
extern const struct wl_interface gestured_toplevel_handle_interface;

/// The manager's events, in the protocol's order.
struct gestured_toplevel_manager_listener {
    void (*toplevel)(void *data, struct wl_proxy *manager, struct wl_proxy *handle);
    void (*finished)(void *data, struct wl_proxy *manager);
};

/// A toplevel handle's events, in the protocol's order.
struct gestured_toplevel_handle_listener {
    void (*title)(void *data, struct wl_proxy *handle, const char *title);
    void (*app_id)(void *data, struct wl_proxy *handle, const char *app_id);
    void (*output_enter)(void *data, struct wl_proxy *handle, struct wl_proxy *output);
    void (*output_leave)(void *data, struct wl_proxy *handle, struct wl_proxy *output);
    void (*state)(void *data, struct wl_proxy *handle, struct wl_array *state);
    void (*done)(void *data, struct wl_proxy *handle);
    void (*closed)(void *data, struct wl_proxy *handle);
    void (*parent)(void *data, struct wl_proxy *handle, struct wl_proxy *parent);
};

/// The registry's events (every Wayland client of gestured's binds from it: WaylandScreens too).
struct gestured_registry_listener {
    void (*global)(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version);
    void (*global_remove)(void *data, struct wl_registry *registry, uint32_t name);
};

struct wl_registry *gestured_get_registry(struct wl_display *display);
int gestured_registry_add_listener(struct wl_registry *registry, const struct gestured_registry_listener *listener, void *data);
struct wl_proxy *gestured_bind_manager(struct wl_registry *registry, uint32_t name, uint32_t version);
int gestured_manager_add_listener(struct wl_proxy *manager, const struct gestured_toplevel_manager_listener *listener, void *data);
int gestured_handle_add_listener(struct wl_proxy *handle, const struct gestured_toplevel_handle_listener *listener, void *data);
void gestured_handle_request(struct wl_proxy *handle, uint32_t opcode);
void gestured_handle_set_fullscreen(struct wl_proxy *handle);
void gestured_handle_destroy(struct wl_proxy *handle);

/// The handle's requests by opcode.
enum gestured_handle_request {
    GESTURED_SET_MAXIMIZED = 0, GESTURED_UNSET_MAXIMIZED = 1, GESTURED_SET_MINIMIZED = 2, GESTURED_UNSET_MINIMIZED = 3,
    GESTURED_ACTIVATE = 4, GESTURED_CLOSE = 5, GESTURED_SET_RECTANGLE = 6, GESTURED_DESTROY = 7, GESTURED_SET_FULLSCREEN = 8,
    GESTURED_UNSET_FULLSCREEN = 9,
};

/// The states a handle reports.
enum gestured_toplevel_state { GESTURED_MAXIMIZED = 0, GESTURED_MINIMIZED = 1, GESTURED_ACTIVATED = 2, GESTURED_FULLSCREEN = 3 };
#endif
