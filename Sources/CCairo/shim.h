#ifndef GESTURED_CCAIRO_SHIM_H
#define GESTURED_CCAIRO_SHIM_H
#include <cairo.h>

/* The few pango calls the overlay's text needs, written out (pango's own headers pull in
 * glib's, whose pkg-config flags SwiftPM refuses: -pthread). Declarations as in pango 1.50. */
typedef struct _PangoLayout PangoLayout;
typedef struct _PangoFontDescription PangoFontDescription;
PangoLayout *pango_cairo_create_layout(cairo_t *cr);
void pango_cairo_show_layout(cairo_t *cr, PangoLayout *layout);
void pango_cairo_layout_path(cairo_t *cr, PangoLayout *layout);
PangoFontDescription *pango_font_description_from_string(const char *str);
void pango_font_description_free(PangoFontDescription *desc);
void pango_layout_set_font_description(PangoLayout *layout, const PangoFontDescription *desc);
void pango_layout_set_text(PangoLayout *layout, const char *text, int length);
void pango_layout_set_width(PangoLayout *layout, int width);
/* PangoEllipsizeMode: PANGO_ELLIPSIZE_END is 3. */
void pango_layout_set_ellipsize(PangoLayout *layout, int ellipsize);
void g_object_unref(void *object);
enum { GESTURED_PANGO_SCALE = 1024, GESTURED_PANGO_ELLIPSIZE_END = 3 };
#endif
