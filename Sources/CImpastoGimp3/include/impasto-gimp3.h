/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The GIMP 3 plug-in's C kit: what Swift cannot do with libgimp-3.0 on its own.
 *
 * libgimp-3.0 wants a GObject subclass of GimpPlugIn (its vfuncs name and create the
 * procedures), GType macros (G_DEFINE_TYPE, GIMP_ITEM ()), C variadics (g_object_get) and
 * GErrors; libgimpui-3.0's dialogs want signal handlers of each signal's own signature;
 * Swift can do none of these directly. Each function here is one such wrapper and
 * nothing more: which procedures exist, their arguments and what they do live in Swift
 * (Sources/ImpastoPlugIn3). This header is the whole contract between the two.
 */
#ifndef IMPASTO_GIMP3_H
#define IMPASTO_GIMP3_H

#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

G_BEGIN_DECLS

/* The plug-in's two GimpPlugIn vfuncs, implemented in Swift. */
typedef struct
{
  /* GimpPlugInClass::query_procedures: a new GList of newly allocated (g_strdup) names. */
  GList         *(*query_procedures) (GimpPlugIn *plug_in);
  /* GimpPlugInClass::create_procedure: a new procedure called `name`, or NULL. */
  GimpProcedure *(*create_procedure) (GimpPlugIn *plug_in, const gchar *name);
} ImpastoGimp3Callbacks;

/* Registers the GimpPlugIn subclass whose vfuncs call `callbacks` (copied) and runs
 * gimp_main () with it: GIMP's GIMP_MAIN () macro, which Swift cannot import. */
gint impasto_gimp3_main (const ImpastoGimp3Callbacks *callbacks, gint argc, gchar **argv);

/* The flags of every argument: G_PARAM_READWRITE, without GIMP_PARAM_STATIC_STRINGS (GLib
 * copies the names Swift passes, which do not outlive the call). A constant because forky's
 * GLib marks GParamFlags G_GNUC_FLAG_ENUM, which changes how Swift imports its values. */
extern const GParamFlags impasto_gimp3_argument_flags;
/* The same for a drawable or path argument, which is not kept in the last values' file. */
extern const GParamFlags impasto_gimp3_item_argument_flags;

/* A procedure's return values for a failed call: `status` and `message` as the GError
 * the caller sees (Script-Fu prints it, GIMP's UI shows it). */
GimpValueArray *impasto_gimp3_failure (GimpProcedure     *procedure,
                                       GimpPDBStatusType  status,
                                       const gchar       *message);

/* A config property (an argument of the procedure) by name: g_object_get () is variadic. */
gdouble  impasto_gimp3_config_get_double  (GimpProcedureConfig *config, const gchar *name);
gboolean impasto_gimp3_config_get_boolean (GimpProcedureConfig *config, const gchar *name);
gint     impasto_gimp3_config_get_int     (GimpProcedureConfig *config, const gchar *name);
/* A string or choice argument (a choice is its nick); newly allocated (g_free), or NULL. */
gchar   *impasto_gimp3_config_get_string  (GimpProcedureConfig *config, const gchar *name);

/* An item argument (a drawable or a path) as its ID, or -1 for none. */
gint     impasto_gimp3_config_get_item_id (GimpProcedureConfig *config, const gchar *name);

/* Stores `config` as the procedure's last values in the profile, where libgimp reads them
 * for RUN-WITH-LAST-VALS and RUN-INTERACTIVE in this and later sessions (libgimp itself
 * stores them only after an interactive run). Returns NULL, or a newly allocated message. */
gchar   *impasto_gimp3_config_save_last   (GimpProcedureConfig *config);

/* A config property set by name (g_object_set () is variadic); a choice is set by its nick,
 * an item by its ID (-1 or an ID that is no item: none). */
void     impasto_gimp3_config_set_double  (GimpProcedureConfig *config, const gchar *name, gdouble value);
void     impasto_gimp3_config_set_boolean (GimpProcedureConfig *config, const gchar *name, gboolean value);
void     impasto_gimp3_config_set_int     (GimpProcedureConfig *config, const gchar *name, gint value);
void     impasto_gimp3_config_set_string  (GimpProcedureConfig *config, const gchar *name, const gchar *value);
void     impasto_gimp3_config_set_item    (GimpProcedureConfig *config, const gchar *name, gint id);


/* ---- The dialogs (libgimpui-3.0, GTK 3) ---- */

/* A Swift closure behind a C callback: `data` is its context. */
typedef void (*ImpastoGimp3Fired)  (gpointer data);
/* A config's "notify": the property's name. */
typedef void (*ImpastoGimp3Notify) (const gchar *name, gpointer data);

/* `fired (data)` whenever `instance` emits `signal` (whatever the signal's own arguments). */
gulong   impasto_gimp3_connect        (gpointer instance, const gchar *signal, ImpastoGimp3Fired fired, gpointer data);
/* `notify (name, data)` whenever a property of `object` changed. */
gulong   impasto_gimp3_connect_notify (gpointer object, ImpastoGimp3Notify notify, gpointer data);

/* The widget type GimpProcedureDialog picks itself for a property (G_TYPE_NONE, a macro). */
GType    impasto_gimp3_default_widget_type (void);

/* A combo of the drawables (`paths` FALSE) or paths (TRUE) of image `image` (-1: of every
 * image), without `exclude` and, for drawables, without groups and indexed ones (nothing to
 * paint or to read in 8-bit RGB); with `none` (nullable) first as the value -1. */
GtkWidget *impasto_gimp3_item_combo (gboolean paths, gint image, gint exclude, const gchar *none);

/* The button labelled `label` (its mnemonic text, e.g. "_Save Settings") inside `widget`. */
GtkWidget *impasto_gimp3_find_button (GtkWidget *widget, const gchar *label);

/* Saves what the screen shows in the rectangle (root-window coordinates) as a PNG at `path`
 * (the X server's pixels, as a screenshot would; gdk_pixbuf_save () is variadic); FALSE if
 * the file could not be written. */
gboolean impasto_gimp3_snapshot (gint x, gint y, gint width, gint height, const gchar *path);

G_END_DECLS

#endif
