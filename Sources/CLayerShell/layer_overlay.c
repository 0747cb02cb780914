#define _GNU_SOURCE
#include "layer_overlay.h"
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>

/* wlr-layer-shell-unstable-v1, version 4 (the requests used here exist since version 1). */
static const struct wl_interface layer_surface_interface;
static const struct wl_interface *layer_types[] = {
    NULL, NULL, NULL, NULL,
    &layer_surface_interface, &wl_surface_interface, &wl_output_interface, NULL, NULL, /* 4: get_layer_surface */
    NULL,                                                                             /* 9: get_popup (xdg_popup; unused) */
};
static const struct wl_message layer_shell_requests[] = {
    {"get_layer_surface", "no?ous", layer_types + 4},
    {"destroy", "3", layer_types + 0},
};
static const struct wl_interface layer_shell_interface = {
    "zwlr_layer_shell_v1", 4, 2, layer_shell_requests, 0, NULL,
};
static const struct wl_message layer_surface_requests[] = {
    {"set_size", "uu", layer_types + 0},
    {"set_anchor", "u", layer_types + 0},
    {"set_exclusive_zone", "i", layer_types + 0},
    {"set_margin", "iiii", layer_types + 0},
    {"set_keyboard_interactivity", "u", layer_types + 0},
    {"get_popup", "o", layer_types + 9},
    {"ack_configure", "u", layer_types + 0},
    {"destroy", "", layer_types + 0},
    {"set_layer", "2u", layer_types + 0},
};
static const struct wl_message layer_surface_events[] = {
    {"configure", "uuu", layer_types + 0},
    {"closed", "", layer_types + 0},
};
static const struct wl_interface layer_surface_interface = {
    "zwlr_layer_surface_v1", 4, 9, layer_surface_requests, 2, layer_surface_events,
};
enum { GET_LAYER_SURFACE = 0, SET_SIZE = 0, SET_ANCHOR = 1, SET_EXCLUSIVE_ZONE = 2, SET_KEYBOARD_INTERACTIVITY = 4, ACK_CONFIGURE = 6, SURFACE_DESTROY = 7 };
enum { LAYER_OVERLAY = 3, ANCHOR_ALL = 1 | 2 | 4 | 8 };

struct buffer {
    struct wl_buffer *buffer;
    void *pixels;
    size_t size;
    int busy;
};

struct gestured_overlay {
    struct wl_display *display;
    struct wl_registry *registry;
    struct wl_compositor *compositor;
    struct wl_shm *shm;
    struct wl_proxy *layer_shell;
    struct wl_output *outputs[16];
    char *output_names[16];
    int output_count;
    const char *wanted_output;
    struct wl_surface *surface;
    struct wl_proxy *layer_surface;
    int configured, closed, width, height, frame_pending, shown;
    struct wl_callback *frame;
    struct buffer buffers[2];
    int drawing; /* the buffer handed out by gestured_overlay_buffer */
    int stride;
};

static void buffer_release(void *data, struct wl_buffer *wl_buffer) {
    (void)wl_buffer;
    ((struct buffer *)data)->busy = 0;
}
static const struct wl_buffer_listener buffer_listener = {buffer_release};

static void output_geometry(void *d, struct wl_output *o, int32_t x, int32_t y, int32_t pw, int32_t ph, int32_t sp, const char *make, const char *model, int32_t t) {
    (void)d; (void)o; (void)x; (void)y; (void)pw; (void)ph; (void)sp; (void)make; (void)model; (void)t;
}
static void output_mode(void *d, struct wl_output *o, uint32_t f, int32_t w, int32_t h, int32_t r) { (void)d; (void)o; (void)f; (void)w; (void)h; (void)r; }
static void output_done(void *d, struct wl_output *o) { (void)d; (void)o; }
static void output_scale(void *d, struct wl_output *o, int32_t s) { (void)d; (void)o; (void)s; }
static void output_name(void *data, struct wl_output *output, const char *name) {
    struct gestured_overlay *overlay = data;
    for (int i = 0; i < overlay->output_count; i++)
        if (overlay->outputs[i] == output) {
            free(overlay->output_names[i]);
            overlay->output_names[i] = strdup(name);
        }
}
static void output_description(void *d, struct wl_output *o, const char *s) { (void)d; (void)o; (void)s; }
static const struct wl_output_listener output_listener = {output_geometry, output_mode, output_done, output_scale, output_name, output_description};

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    struct gestured_overlay *overlay = data;
    if (strcmp(interface, wl_compositor_interface.name) == 0) {
        overlay->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, version < 4 ? version : 4);
    } else if (strcmp(interface, wl_shm_interface.name) == 0) {
        overlay->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
    } else if (strcmp(interface, layer_shell_interface.name) == 0) {
        overlay->layer_shell = wl_registry_bind(registry, name, &layer_shell_interface, version < 4 ? version : 4);
    } else if (strcmp(interface, wl_output_interface.name) == 0 && overlay->output_count < 16 && version >= 4) {
        struct wl_output *output = wl_registry_bind(registry, name, &wl_output_interface, 4);
        overlay->outputs[overlay->output_count] = output;
        overlay->output_names[overlay->output_count] = NULL;
        overlay->output_count++;
        wl_output_add_listener(output, &output_listener, overlay);
    }
}
static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) { (void)data; (void)registry; (void)name; }
static const struct wl_registry_listener registry_listener = {registry_global, registry_global_remove};

static void layer_configure(void *data, struct wl_proxy *layer_surface, uint32_t serial, uint32_t width, uint32_t height) {
    struct gestured_overlay *overlay = data;
    wl_proxy_marshal_flags(layer_surface, ACK_CONFIGURE, NULL, wl_proxy_get_version(layer_surface), 0, serial);
    overlay->width = (int)width;
    overlay->height = (int)height;
    overlay->configured = 1;
}
static void layer_closed(void *data, struct wl_proxy *layer_surface) {
    (void)layer_surface;
    ((struct gestured_overlay *)data)->closed = 1;
}
struct layer_surface_listener {
    void (*configure)(void *, struct wl_proxy *, uint32_t, uint32_t, uint32_t);
    void (*closed)(void *, struct wl_proxy *);
};
static const struct layer_surface_listener layer_listener = {layer_configure, layer_closed};

static void frame_done(void *data, struct wl_callback *callback, uint32_t time) {
    (void)time;
    struct gestured_overlay *overlay = data;
    wl_callback_destroy(callback);
    if (overlay->frame == callback) overlay->frame = NULL;
    overlay->frame_pending = 0;
}
static const struct wl_callback_listener frame_listener = {frame_done};

struct gestured_overlay *gestured_overlay_connect(const char *display, const char *output, char *error, size_t error_size) {
    struct gestured_overlay *overlay = calloc(1, sizeof *overlay);
    if (!overlay) return NULL;
    overlay->display = wl_display_connect(display);
    if (!overlay->display) {
        snprintf(error, error_size, "cannot connect to the Wayland display %s", display ? display : "($WAYLAND_DISPLAY)");
        free(overlay);
        return NULL;
    }
    overlay->wanted_output = output ? strdup(output) : NULL;
    overlay->registry = wl_display_get_registry(overlay->display);
    wl_registry_add_listener(overlay->registry, &registry_listener, overlay);
    wl_display_roundtrip(overlay->display);
    wl_display_roundtrip(overlay->display); /* the outputs' names */
    const char *missing = !overlay->compositor ? "wl_compositor" : !overlay->shm ? "wl_shm" : !overlay->layer_shell ? "zwlr_layer_shell_v1 (wlr-layer-shell)" : NULL;
    if (missing) {
        snprintf(error, error_size, "the compositor offers no %s", missing);
        gestured_overlay_destroy(overlay);
        return NULL;
    }
    if (output) {
        int found = 0;
        for (int i = 0; i < overlay->output_count; i++) found |= overlay->output_names[i] && strcmp(overlay->output_names[i], output) == 0;
        if (!found) {
            size_t used = (size_t)snprintf(error, error_size, "the compositor has no output %s; it has:", output);
            for (int i = 0; i < overlay->output_count && used < error_size; i++)
                used += (size_t)snprintf(error + used, error_size - used, " %s", overlay->output_names[i] ? overlay->output_names[i] : "?");
            gestured_overlay_destroy(overlay);
            return NULL;
        }
    }
    return overlay;
}

int gestured_overlay_fd(struct gestured_overlay *overlay) { return wl_display_get_fd(overlay->display); }

int gestured_overlay_prepare(struct gestured_overlay *overlay) {
    while (wl_display_prepare_read(overlay->display) != 0)
        if (wl_display_dispatch_pending(overlay->display) < 0) return -1;
    if (wl_display_flush(overlay->display) < 0 && errno != EAGAIN) {
        wl_display_cancel_read(overlay->display);
        return -1;
    }
    return 0;
}

int gestured_overlay_read(struct gestured_overlay *overlay, int readable) {
    if (!readable) {
        wl_display_cancel_read(overlay->display);
    } else if (wl_display_read_events(overlay->display) < 0) {
        return -1;
    }
    return wl_display_dispatch_pending(overlay->display) < 0 ? -1 : 0;
}

int gestured_overlay_shown(struct gestured_overlay *overlay) { return overlay->shown; }
int gestured_overlay_frame_pending(struct gestured_overlay *overlay) { return overlay->frame_pending; }
int gestured_overlay_closed(struct gestured_overlay *overlay) { return overlay->closed; }

static void free_buffers(struct gestured_overlay *overlay) {
    for (int i = 0; i < 2; i++) {
        struct buffer *b = &overlay->buffers[i];
        if (b->buffer) wl_buffer_destroy(b->buffer);
        if (b->pixels) munmap(b->pixels, b->size);
        memset(b, 0, sizeof *b);
    }
}

static int make_buffers(struct gestured_overlay *overlay) {
    overlay->stride = overlay->width * 4;
    size_t size = (size_t)overlay->stride * (size_t)overlay->height;
    for (int i = 0; i < 2; i++) {
        int fd = memfd_create("gestured-overlay", MFD_CLOEXEC);
        if (fd < 0) return -1;
        if (ftruncate(fd, (off_t)size) < 0) {
            close(fd);
            return -1;
        }
        void *pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (pixels == MAP_FAILED) {
            close(fd);
            return -1;
        }
        struct wl_shm_pool *pool = wl_shm_create_pool(overlay->shm, fd, (int32_t)size);
        struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, overlay->width, overlay->height, overlay->stride, WL_SHM_FORMAT_ARGB8888);
        wl_shm_pool_destroy(pool);
        close(fd);
        overlay->buffers[i] = (struct buffer){buffer, pixels, size, 0};
        wl_buffer_add_listener(buffer, &buffer_listener, &overlay->buffers[i]);
    }
    return 0;
}

int gestured_overlay_show(struct gestured_overlay *overlay, int *width, int *height) {
    if (overlay->shown && !overlay->closed) {
        *width = overlay->width;
        *height = overlay->height;
        return 0;
    }
    gestured_overlay_hide(overlay);
    struct wl_output *output = NULL;
    for (int i = 0; overlay->wanted_output && i < overlay->output_count; i++)
        if (overlay->output_names[i] && strcmp(overlay->output_names[i], overlay->wanted_output) == 0) output = overlay->outputs[i];
    overlay->surface = wl_compositor_create_surface(overlay->compositor);
    /* Click-through: an empty input region. */
    struct wl_region *region = wl_compositor_create_region(overlay->compositor);
    wl_surface_set_input_region(overlay->surface, region);
    wl_region_destroy(region);
    overlay->layer_surface = (struct wl_proxy *)wl_proxy_marshal_flags(
        (struct wl_proxy *)overlay->layer_shell, GET_LAYER_SURFACE, &layer_surface_interface, wl_proxy_get_version(overlay->layer_shell), 0,
        NULL, overlay->surface, output, (uint32_t)LAYER_OVERLAY, "gestured-overlay");
    wl_proxy_add_listener(overlay->layer_surface, (void (**)(void))&layer_listener, overlay);
    uint32_t version = wl_proxy_get_version(overlay->layer_surface);
    wl_proxy_marshal_flags(overlay->layer_surface, SET_SIZE, NULL, version, 0, 0u, 0u);
    wl_proxy_marshal_flags(overlay->layer_surface, SET_ANCHOR, NULL, version, 0, (uint32_t)ANCHOR_ALL);
    wl_proxy_marshal_flags(overlay->layer_surface, SET_EXCLUSIVE_ZONE, NULL, version, 0, -1);
    wl_proxy_marshal_flags(overlay->layer_surface, SET_KEYBOARD_INTERACTIVITY, NULL, version, 0, 0u);
    overlay->configured = overlay->closed = 0;
    wl_surface_commit(overlay->surface);
    while (!overlay->configured && !overlay->closed)
        if (wl_display_roundtrip(overlay->display) < 0) return -1;
    if (overlay->closed || overlay->width <= 0 || overlay->height <= 0) return -1;
    if (make_buffers(overlay) < 0) return -1;
    overlay->shown = 1;
    *width = overlay->width;
    *height = overlay->height;
    return 0;
}

void *gestured_overlay_buffer(struct gestured_overlay *overlay, int *stride) {
    for (int i = 0; i < 2; i++)
        if (!overlay->buffers[i].busy && overlay->buffers[i].pixels) {
            overlay->drawing = i;
            *stride = overlay->stride;
            return overlay->buffers[i].pixels;
        }
    return NULL;
}

void gestured_overlay_commit(struct gestured_overlay *overlay) {
    struct buffer *b = &overlay->buffers[overlay->drawing];
    b->busy = 1;
    wl_surface_attach(overlay->surface, b->buffer, 0, 0);
    wl_surface_damage_buffer(overlay->surface, 0, 0, overlay->width, overlay->height);
    struct wl_callback *callback = wl_surface_frame(overlay->surface);
    wl_callback_add_listener(callback, &frame_listener, overlay);
    overlay->frame = callback;
    overlay->frame_pending = 1;
    wl_surface_commit(overlay->surface);
}

void gestured_overlay_hide(struct gestured_overlay *overlay) {
    if (overlay->frame) {
        wl_callback_destroy(overlay->frame);
        overlay->frame = NULL;
    }
    if (overlay->layer_surface) {
        wl_proxy_marshal_flags(overlay->layer_surface, SURFACE_DESTROY, NULL, wl_proxy_get_version(overlay->layer_surface), WL_MARSHAL_FLAG_DESTROY);
        overlay->layer_surface = NULL;
    }
    if (overlay->surface) {
        wl_surface_destroy(overlay->surface);
        overlay->surface = NULL;
    }
    free_buffers(overlay);
    overlay->shown = overlay->frame_pending = overlay->configured = 0;
    wl_display_flush(overlay->display);
}

void gestured_overlay_destroy(struct gestured_overlay *overlay) {
    if (!overlay) return;
    if (overlay->display) {
        gestured_overlay_hide(overlay);
        for (int i = 0; i < overlay->output_count; i++) {
            wl_output_destroy(overlay->outputs[i]);
            free(overlay->output_names[i]);
        }
        if (overlay->layer_shell) wl_proxy_destroy(overlay->layer_shell);
        if (overlay->shm) wl_shm_destroy(overlay->shm);
        if (overlay->compositor) wl_compositor_destroy(overlay->compositor);
        if (overlay->registry) wl_registry_destroy(overlay->registry);
        wl_display_disconnect(overlay->display);
    }
    free((void *)overlay->wanted_output);
    free(overlay);
}
