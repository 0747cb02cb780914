#include "x11_overlay.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xcb/shape.h>
#include <xcb/xcb.h>

struct gestured_x11_overlay {
    xcb_connection_t *connection;
    xcb_screen_t *screen;
    xcb_visualid_t visual;
    xcb_colormap_t colormap;
    xcb_window_t window;
    xcb_gcontext_t gc;
    int width, height, stride;
    unsigned char *pixels;
};

static xcb_visualid_t argb_visual(xcb_screen_t *screen) {
    for (xcb_depth_iterator_t depth = xcb_screen_allowed_depths_iterator(screen); depth.rem; xcb_depth_next(&depth)) {
        if (depth.data->depth != 32) continue;
        for (xcb_visualtype_iterator_t visual = xcb_depth_visuals_iterator(depth.data); visual.rem; xcb_visualtype_next(&visual))
            if (visual.data->_class == XCB_VISUAL_CLASS_TRUE_COLOR) return visual.data->visual_id;
    }
    return 0;
}

static int has_compositor(xcb_connection_t *connection, int screen_number) {
    char name[32];
    snprintf(name, sizeof name, "_NET_WM_CM_S%d", screen_number);
    xcb_intern_atom_reply_t *atom = xcb_intern_atom_reply(connection, xcb_intern_atom(connection, 0, (uint16_t)strlen(name), name), NULL);
    if (!atom) return 0;
    xcb_get_selection_owner_reply_t *owner = xcb_get_selection_owner_reply(connection, xcb_get_selection_owner(connection, atom->atom), NULL);
    int found = owner && owner->owner != XCB_NONE;
    free(owner);
    free(atom);
    return found;
}

struct gestured_x11_overlay *gestured_x11_overlay_connect(const char *display, char *error, size_t error_size) {
    int screen_number = 0;
    xcb_connection_t *connection = xcb_connect(display, &screen_number);
    const char *shown = display ? display : getenv("DISPLAY") ? getenv("DISPLAY") : "($DISPLAY unset)";
    if (xcb_connection_has_error(connection)) {
        snprintf(error, error_size, "cannot connect to the X display %s", shown);
        xcb_disconnect(connection);
        return NULL;
    }
    xcb_screen_iterator_t screens = xcb_setup_roots_iterator(xcb_get_setup(connection));
    for (int i = 0; i < screen_number && screens.rem; i++) xcb_screen_next(&screens);
    const xcb_query_extension_reply_t *shape = xcb_get_extension_data(connection, &xcb_shape_id);
    xcb_visualid_t visual = argb_visual(screens.data);
    const char *missing = !shape || !shape->present ? "the SHAPE extension (for a window that lets clicks through)"
        : !visual ? "a 32-bit visual (for a see-through window)"
        : !has_compositor(connection, screen_number) ? "a compositing manager, which the overlay's see-through window needs (picom, xcompmgr; most desktops run one)"
        : NULL;
    if (missing) {
        snprintf(error, error_size, "the X display %s lacks %s", shown, missing);
        xcb_disconnect(connection);
        return NULL;
    }
    struct gestured_x11_overlay *overlay = calloc(1, sizeof *overlay);
    overlay->connection = connection;
    overlay->screen = screens.data;
    overlay->visual = visual;
    overlay->colormap = xcb_generate_id(connection);
    xcb_create_colormap(connection, XCB_COLORMAP_ALLOC_NONE, overlay->colormap, overlay->screen->root, visual);
    return overlay;
}

int gestured_x11_overlay_fd(struct gestured_x11_overlay *overlay) { return xcb_get_file_descriptor(overlay->connection); }

int gestured_x11_overlay_flush(struct gestured_x11_overlay *overlay) {
    return xcb_flush(overlay->connection) > 0 && !xcb_connection_has_error(overlay->connection) ? 0 : -1;
}

int gestured_x11_overlay_read(struct gestured_x11_overlay *overlay) {
    xcb_generic_event_t *event;
    while ((event = xcb_poll_for_event(overlay->connection))) free(event);
    return xcb_connection_has_error(overlay->connection) ? -1 : 0;
}

int gestured_x11_overlay_shown(struct gestured_x11_overlay *overlay) { return overlay->window != 0; }

int gestured_x11_overlay_show(struct gestured_x11_overlay *overlay, int *width, int *height) {
    if (!overlay->window) {
        xcb_connection_t *c = overlay->connection;
        overlay->width = overlay->screen->width_in_pixels;
        overlay->height = overlay->screen->height_in_pixels;
        overlay->stride = overlay->width * 4;
        free(overlay->pixels);
        overlay->pixels = calloc((size_t)overlay->stride, (size_t)overlay->height);
        if (!overlay->pixels) return -1;
        overlay->window = xcb_generate_id(c);
        /* Values in the order of their mask bits: back pixel, border pixel, override-redirect, colormap. */
        uint32_t values[] = {0, 0, 1, overlay->colormap};
        xcb_create_window(c, 32, overlay->window, overlay->screen->root, 0, 0, (uint16_t)overlay->width, (uint16_t)overlay->height, 0,
                          XCB_WINDOW_CLASS_INPUT_OUTPUT, overlay->visual,
                          XCB_CW_BACK_PIXEL | XCB_CW_BORDER_PIXEL | XCB_CW_OVERRIDE_REDIRECT | XCB_CW_COLORMAP, values);
        /* Click-through: an empty input shape. */
        xcb_shape_rectangles(c, XCB_SHAPE_SO_SET, XCB_SHAPE_SK_INPUT, XCB_CLIP_ORDERING_UNSORTED, overlay->window, 0, 0, 0, NULL);
        static const char name[] = "gestured-overlay";
        xcb_change_property(c, XCB_PROP_MODE_REPLACE, overlay->window, XCB_ATOM_WM_NAME, XCB_ATOM_STRING, 8, sizeof name - 1, name);
        overlay->gc = xcb_generate_id(c);
        xcb_create_gc(c, overlay->gc, overlay->window, 0, NULL);
        xcb_map_window(c, overlay->window);
        uint32_t above = XCB_STACK_MODE_ABOVE;
        xcb_configure_window(c, overlay->window, XCB_CONFIG_WINDOW_STACK_MODE, &above);
        xcb_flush(c);
    }
    *width = overlay->width;
    *height = overlay->height;
    return 0;
}

void *gestured_x11_overlay_buffer(struct gestured_x11_overlay *overlay, int *stride) {
    *stride = overlay->stride;
    return overlay->pixels;
}

void gestured_x11_overlay_commit(struct gestured_x11_overlay *overlay) {
    xcb_connection_t *c = overlay->connection;
    /* In strips that fit a request (the server's maximum, in 4-byte units, less the header). */
    uint32_t maximum = xcb_get_maximum_request_length(c) * 4 - 64;
    int rows = (int)(maximum / (uint32_t)overlay->stride);
    if (rows < 1) rows = 1;
    for (int y = 0; y < overlay->height; y += rows) {
        int count = overlay->height - y < rows ? overlay->height - y : rows;
        xcb_put_image(c, XCB_IMAGE_FORMAT_Z_PIXMAP, overlay->window, overlay->gc, (uint16_t)overlay->width, (uint16_t)count, 0, (int16_t)y, 0, 32,
                      (uint32_t)(overlay->stride * count), overlay->pixels + (size_t)y * (size_t)overlay->stride);
    }
    uint32_t above = XCB_STACK_MODE_ABOVE;
    xcb_configure_window(c, overlay->window, XCB_CONFIG_WINDOW_STACK_MODE, &above);
    xcb_flush(c);
}

void gestured_x11_overlay_hide(struct gestured_x11_overlay *overlay) {
    if (!overlay->window) return;
    xcb_free_gc(overlay->connection, overlay->gc);
    xcb_destroy_window(overlay->connection, overlay->window);
    // A round trip: once it returns the server has destroyed the window, so whoever is told
    // "taken away" next finds it gone (a flush alone only sends the request).
    free(xcb_get_input_focus_reply(overlay->connection, xcb_get_input_focus(overlay->connection), NULL));
    overlay->window = 0;
    free(overlay->pixels);
    overlay->pixels = NULL;
}

void gestured_x11_overlay_destroy(struct gestured_x11_overlay *overlay) {
    if (!overlay) return;
    gestured_x11_overlay_hide(overlay);
    xcb_free_colormap(overlay->connection, overlay->colormap);
    xcb_disconnect(overlay->connection);
    free(overlay);
}
