#include "wlr_toplevel.h"
#include <stddef.h>
#include <wayland-client-protocol.h>

static const struct wl_interface *types[] = {
    NULL, NULL, NULL, NULL, NULL,
    &gestured_toplevel_handle_interface,   /* 5: manager.toplevel (new_id) */
    &wl_seat_interface,                    /* 6: handle.activate */
    &wl_surface_interface, NULL, NULL, NULL, NULL, /* 7: handle.set_rectangle */
    &wl_output_interface,                  /* 12: handle.set_fullscreen */
    &wl_output_interface,                  /* 13: handle.output_enter */
    &wl_output_interface,                  /* 14: handle.output_leave */
    &gestured_toplevel_handle_interface,   /* 15: handle.parent */
};

static const struct wl_message manager_requests[] = {
    {"stop", "", types + 0},
};
static const struct wl_message manager_events[] = {
    {"toplevel", "n", types + 5},
    {"finished", "", types + 0},
};
const struct wl_interface gestured_toplevel_manager_interface = {
    "zwlr_foreign_toplevel_manager_v1", 3, 1, manager_requests, 2, manager_events,
};

static const struct wl_message handle_requests[] = {
    {"set_maximized", "", types + 0},
    {"unset_maximized", "", types + 0},
    {"set_minimized", "", types + 0},
    {"unset_minimized", "", types + 0},
    {"activate", "o", types + 6},
    {"close", "", types + 0},
    {"set_rectangle", "oiiii", types + 7},
    {"destroy", "", types + 0},
    {"set_fullscreen", "2?o", types + 12},
    {"unset_fullscreen", "2", types + 0},
};
static const struct wl_message handle_events[] = {
    {"title", "s", types + 0},
    {"app_id", "s", types + 0},
    {"output_enter", "o", types + 13},
    {"output_leave", "o", types + 14},
    {"state", "a", types + 0},
    {"done", "", types + 0},
    {"closed", "", types + 0},
    {"parent", "3?o", types + 15},
};
const struct wl_interface gestured_toplevel_handle_interface = {
    "zwlr_foreign_toplevel_handle_v1", 3, 10, handle_requests, 8, handle_events,
};

struct wl_registry *gestured_get_registry(struct wl_display *display) { return wl_display_get_registry(display); }

int gestured_registry_add_listener(struct wl_registry *registry, const struct gestured_registry_listener *listener, void *data) {
    return wl_proxy_add_listener((struct wl_proxy *)registry, (void (**)(void))listener, data);
}

struct wl_proxy *gestured_bind_manager(struct wl_registry *registry, uint32_t name, uint32_t version) {
    return (struct wl_proxy *)wl_registry_bind(registry, name, &gestured_toplevel_manager_interface, version);
}

int gestured_manager_add_listener(struct wl_proxy *manager, const struct gestured_toplevel_manager_listener *listener, void *data) {
    return wl_proxy_add_listener(manager, (void (**)(void))listener, data);
}

int gestured_handle_add_listener(struct wl_proxy *handle, const struct gestured_toplevel_handle_listener *listener, void *data) {
    return wl_proxy_add_listener(handle, (void (**)(void))listener, data);
}

void gestured_handle_request(struct wl_proxy *handle, uint32_t opcode) {
    wl_proxy_marshal_flags(handle, opcode, NULL, wl_proxy_get_version(handle), 0);
}

void gestured_handle_set_fullscreen(struct wl_proxy *handle) {
    wl_proxy_marshal_flags(handle, GESTURED_SET_FULLSCREEN, NULL, wl_proxy_get_version(handle), 0, NULL);
}

void gestured_handle_destroy(struct wl_proxy *handle) {
    wl_proxy_marshal_flags(handle, GESTURED_DESTROY, NULL, wl_proxy_get_version(handle), WL_MARSHAL_FLAG_DESTROY);
}
