/* The GIMP 3 plug-in's C kit: what Swift cannot do with libgimp-3.0 on its own.
 *
 * libgimp-3.0 wants a GObject subclass of GimpPlugIn (its vfuncs name and create the
 * procedures), GType macros (G_DEFINE_TYPE, GIMP_ITEM ()), C variadics (g_object_get) and
 * GErrors; Swift can do none of these directly. Each function here is one such wrapper and
 * nothing more: which procedures exist, their arguments and what they do live in Swift
 * (Sources/ImpastoPlugIn3). This header is the whole contract between the two.
 */
#ifndef IMPASTO_GIMP3_H
#define IMPASTO_GIMP3_H

#include <libgimp/gimp.h>

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

G_END_DECLS

#endif
