/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-widgets3.h — the toolkit calls Impasto's own widgets (the pencil pad, the
 * hemisphere editor, the brush preview; drawn and mapped once in Sources/ImpastoWidgets) need
 * in GIMP 3: thin wrappers over libgimpui-3.0 / GTK 3, the counterpart of CImpastoUI's over
 * GTK 2. Widgets and control handles are opaque pointers (GtkWidget *), callbacks C functions
 * with a user-data pointer; no logic lives here. */
#ifndef IMPASTO_WIDGETS3_H
#define IMPASTO_WIDGETS3_H

#ifdef __cplusplus
extern "C" {
#endif

typedef void ImpastoWidget3;

typedef void (*ImpastoWidgets3Changed) (void *data);
/* Draw into `cairo` (a cairo_t *) covering width × height. */
typedef void (*ImpastoWidgets3Draw) (void *cairo, int width, int height, void *data);
/* A button-1 event on a canvas: kind 0 press, 1 motion (button held), 2 release; the device's
 * axes as gdk_event_get_axis () read them (has_pressure / has_tilt: whether they were there;
 * has_tilt only when both tilt axes were). */
typedef void (*ImpastoWidgets3Pointer) (int kind, double x, double y, double pressure, int has_pressure,
                                        double xtilt, double ytilt, int has_tilt, void *data);

ImpastoWidget3 *impasto_widgets3_box        (int vertical, int spacing);
/* Packs `child` at the end of `box` (a GtkBox), not expanding, and shows it. */
void            impasto_widgets3_pack       (ImpastoWidget3 *box, ImpastoWidget3 *child);
ImpastoWidget3 *impasto_widgets3_frame      (const char *title, ImpastoWidget3 *child);
ImpastoWidget3 *impasto_widgets3_label      (const char *text);
void            impasto_widgets3_label_set  (ImpastoWidget3 *label, const char *text);
void            impasto_widgets3_set_sensitive (ImpastoWidget3 *widget, int sensitive);
void            impasto_widgets3_queue_draw (ImpastoWidget3 *widget);

/* A drawing area ("draw" with cairo) that reports button 1 with the device's axes (GTK 3
 * delivers a tablet's own events, with pressure and tilt, to any widget). */
ImpastoWidget3 *impasto_widgets3_canvas     (int width, int height, ImpastoWidgets3Draw draw,
                                             ImpastoWidgets3Pointer pointer, void *data);

/* A column of labelled controls (GIMP 3's scale entries lay out their own label, slider and
 * spin button). */
ImpastoWidget3 *impasto_widgets3_table      (void);
/* A GimpScaleEntry packed into `table`: the slider spans ui_lower … ui_upper, the spin button
 * accepts lower … upper. The entry itself is the handle. */
ImpastoWidget3 *impasto_widgets3_scale      (ImpastoWidget3 *table, const char *label, double value,
                                             double ui_lower, double ui_upper, double lower, double upper,
                                             double step, int digits, const char *tooltip,
                                             ImpastoWidgets3Changed changed, void *data);
double          impasto_widgets3_scale_get  (ImpastoWidget3 *scale);
void            impasto_widgets3_scale_set  (ImpastoWidget3 *scale, double value);
ImpastoWidget3 *impasto_widgets3_scale_spin (ImpastoWidget3 *scale);
ImpastoWidget3 *impasto_widgets3_toggle     (ImpastoWidget3 *table, const char *label, int active,
                                             const char *tooltip, ImpastoWidgets3Changed changed, void *data);
int             impasto_widgets3_toggle_get (ImpastoWidget3 *toggle);
void            impasto_widgets3_toggle_set (ImpastoWidget3 *toggle, int active);
/* A combo of `count` labels (values 0 … count − 1) with `label` beside it, packed into `table`;
 * returns the combo. */
ImpastoWidget3 *impasto_widgets3_combo      (ImpastoWidget3 *table, const char *label, const char **labels,
                                             int count, int active, ImpastoWidgets3Changed changed, void *data);
int             impasto_widgets3_combo_get  (ImpastoWidget3 *combo);
void            impasto_widgets3_combo_set  (ImpastoWidget3 *combo, int value);

#ifdef __cplusplus
}
#endif

#endif
