/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-ui.h — the thin C kit the plug-in's dialogs are built from (GIMP 2.10's libgimpui,
 * GTK 2). It wraps what Swift cannot call directly (variadic constructors, GObject casts and
 * macros, signal marshalling) behind plain types: widgets and adjustments are opaque
 * pointers, callbacks are C functions with a user-data pointer. The dialogs themselves — which
 * controls, what they change, how the preview renders — are Swift (Sources/ImpastoPlugIn). */
#ifndef IMPASTO_UI_H
#define IMPASTO_UI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef void ImpastoWidget;

typedef void (*ImpastoUIChanged) (void *data);
/* Draw into `cairo` (a cairo_t *) covering width × height. */
typedef void (*ImpastoUIDraw) (void *cairo, int width, int height, void *data);
/* A pointer event on a canvas: kind 0 press, 1 motion (button held), 2 release; the pen's
 * axes when the device has them (has_tilt / has_pressure say which were read). */
typedef void (*ImpastoUIPointer) (int kind, double x, double y, double pressure, int has_pressure,
                                  double xtilt, double ytilt, int has_tilt, void *data);

/* Initializes GTK and libgimpui; 0 when there is no display to show dialogs on (GIMP's
 * console, batch mode without X). */
int            impasto_ui_init              (const char *program);

/* A GIMP dialog with Reset, Cancel and OK (and Help via `help_id`), transient for GIMP. */
ImpastoWidget *impasto_ui_dialog_new        (const char *title, const char *role, const char *help_id);
/* Where the dialog's contents go (a vertical box). */
ImpastoWidget *impasto_ui_dialog_content    (ImpastoWidget *dialog);
/* Shows the dialog and runs it until OK (returns 1) or Cancel/close (0); Reset calls `reset`. */
int            impasto_ui_dialog_run        (ImpastoWidget *dialog, ImpastoUIChanged reset, void *data);
void           impasto_ui_destroy           (ImpastoWidget *widget);

ImpastoWidget *impasto_ui_box               (int vertical, int spacing);
void           impasto_ui_pack              (ImpastoWidget *box, ImpastoWidget *child, int expand);
ImpastoWidget *impasto_ui_frame             (const char *title, ImpastoWidget *child);
ImpastoWidget *impasto_ui_label             (const char *text);
void           impasto_ui_label_set         (ImpastoWidget *label, const char *text);
void           impasto_ui_set_sensitive     (ImpastoWidget *widget, int sensitive);
void           impasto_ui_set_name          (ImpastoWidget *widget, const char *name);

/* A table of labelled controls: `rows` rows, three columns (label, scale, spin button). */
ImpastoWidget *impasto_ui_table             (int rows);
/* A slider with a spin button (gimp_scale_entry_new); returns its adjustment. The slider
 * spans ui_lower … ui_upper, the spin button accepts lower … upper. */
void          *impasto_ui_scale             (ImpastoWidget *table, int row, const char *label, double value,
                                             double ui_lower, double ui_upper, double lower, double upper,
                                             double step, int digits, const char *tooltip,
                                             ImpastoUIChanged changed, void *data);
double         impasto_ui_adjustment_get    (void *adjustment);
void           impasto_ui_adjustment_set    (void *adjustment, double value);
void           impasto_ui_scale_set_sensitive (void *adjustment, int sensitive);
ImpastoWidget *impasto_ui_toggle            (ImpastoWidget *table, int row, const char *label, int active,
                                             const char *tooltip, ImpastoUIChanged changed, void *data);
int            impasto_ui_toggle_get        (ImpastoWidget *toggle);
void           impasto_ui_toggle_set        (ImpastoWidget *toggle, int active);
/* A combo box of `count` labels, values 0 … count − 1. */
ImpastoWidget *impasto_ui_combo             (ImpastoWidget *table, int row, const char *label, const char **labels,
                                             int count, int active, ImpastoUIChanged changed, void *data);
/* kind 0: a chooser of any image's RGB or grey drawables (not `exclude`); 1: the same, of
 * `image` only; 2: `image`'s paths. With "None" (−1) first when optional. */
ImpastoWidget *impasto_ui_item_combo        (ImpastoWidget *table, int row, const char *label, int kind,
                                             const char *none, int32_t image, int32_t exclude, int32_t active,
                                             ImpastoUIChanged changed, void *data);
int            impasto_ui_combo_get         (ImpastoWidget *combo);
void           impasto_ui_combo_set         (ImpastoWidget *combo, int value);

/* GIMP's drawable preview (scrolls, has the Preview toggle, blends by the selection);
 * `invalidated` asks for a render of the visible area. */
ImpastoWidget *impasto_ui_drawable_preview  (int32_t drawable, ImpastoUIChanged invalidated, void *data);
/* The visible area of the drawable, in its coordinates. */
void           impasto_ui_preview_area      (ImpastoWidget *preview, int *x, int *y, int *width, int *height);
/* Draws pixels for that area: 8-bit, in the drawable's channel layout (Y', Y'A, R'G'B', R'G'B'A). */
void           impasto_ui_preview_draw      (ImpastoWidget *preview, const uint8_t *pixels, int rowstride);
void           impasto_ui_preview_invalidate (ImpastoWidget *preview);
/* The area inside the preview that shows the pixels. */
ImpastoWidget *impasto_ui_preview_pixels    (ImpastoWidget *preview);
/* A plain preview area of width × height showing R'G'B' pixels. */
ImpastoWidget *impasto_ui_picture           (int width, int height);
void           impasto_ui_picture_draw      (ImpastoWidget *picture, int width, int height,
                                             const uint8_t *rgb, int rowstride);

/* A drawing area that receives extended input (pressure and tilt from a tablet). */
ImpastoWidget *impasto_ui_canvas            (int width, int height, ImpastoUIDraw draw, ImpastoUIPointer pointer,
                                             void *data);
void           impasto_ui_queue_draw        (ImpastoWidget *widget);

/* Shows a widget's toplevel and lets GTK lay it out, so its geometry is known. */
void           impasto_ui_show_now          (ImpastoWidget *widget);
/* Where a widget is on the screen (root-window coordinates); 0 if it is not on screen. */
int            impasto_ui_geometry          (ImpastoWidget *widget, int *x, int *y, int *width, int *height);
/* The slider and the spin button of a scale entry (from impasto_ui_scale's adjustment). */
ImpastoWidget *impasto_ui_scale_slider      (void *adjustment);
ImpastoWidget *impasto_ui_scale_spin        (void *adjustment);
/* The dialog's button for `which`: 0 OK, 1 Cancel, 2 Reset, 3 Help (GimpDialog's own). */
ImpastoWidget *impasto_ui_dialog_button     (ImpastoWidget *dialog, int which);

/* Lets GTK handle pending events (redraws) before a long render. */
void           impasto_ui_flush             (void);

#ifdef __cplusplus
}
#endif

#endif
