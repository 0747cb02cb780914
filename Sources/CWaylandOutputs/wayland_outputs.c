#include "wayland_outputs.h"
#include <wayland-client-protocol.h>

struct wl_proxy *gestured_bind_output(struct wl_registry *registry, uint32_t name, uint32_t version) {
    return (struct wl_proxy *)wl_registry_bind(registry, name, &wl_output_interface, version > 4 ? 4 : version);
}

int gestured_output_add_listener(struct wl_proxy *output, const struct gestured_output_listener *listener, void *data) {
    return wl_proxy_add_listener(output, (void (**)(void))listener, data);
}

void gestured_output_release(struct wl_proxy *output) {
    if (wl_proxy_get_version(output) >= WL_OUTPUT_RELEASE_SINCE_VERSION) {
        wl_output_release((struct wl_output *)output);
    } else {
        wl_proxy_destroy(output);
    }
}
