/* The GIMP 3 plug-in's C kit (see include/impasto-gimp3.h): one wrapper per thing Swift
 * cannot do with libgimp-3.0, no logic of its own. */
#include "impasto-gimp3.h"

/* Swift fills the callbacks struct field by field: it must hold exactly the two vfuncs. */
_Static_assert (sizeof (ImpastoGimp3Callbacks) == 2 * sizeof (void (*) (void)),
                "ImpastoGimp3Callbacks holds the two vfuncs and nothing else");

const GParamFlags impasto_gimp3_argument_flags = G_PARAM_READWRITE;

static ImpastoGimp3Callbacks impasto_callbacks;

/* The GimpPlugIn subclass: GIMP instantiates it by GType (gimp_main), then calls its vfuncs. */
#define IMPASTO_TYPE_PLUG_IN (impasto_plug_in_get_type ())
G_DECLARE_FINAL_TYPE (ImpastoPlugIn, impasto_plug_in, IMPASTO, PLUG_IN, GimpPlugIn)

struct _ImpastoPlugIn
{
  GimpPlugIn parent_instance;
};

G_DEFINE_TYPE (ImpastoPlugIn, impasto_plug_in, GIMP_TYPE_PLUG_IN)

static GList *
impasto_plug_in_query_procedures (GimpPlugIn *plug_in)
{
  return impasto_callbacks.query_procedures (plug_in);
}

static GimpProcedure *
impasto_plug_in_create_procedure (GimpPlugIn  *plug_in,
                                  const gchar *name)
{
  return impasto_callbacks.create_procedure (plug_in, name);
}

/* Impasto ships no message catalogs: without this GIMP looks for <plug-in dir>/locale. */
static gboolean
impasto_plug_in_set_i18n (GimpPlugIn   *plug_in,
                          const gchar  *procedure_name,
                          gchar       **gettext_domain,
                          gchar       **catalog_dir)
{
  return FALSE;
}

static void
impasto_plug_in_class_init (ImpastoPlugInClass *klass)
{
  GimpPlugInClass *plug_in_class = GIMP_PLUG_IN_CLASS (klass);

  plug_in_class->query_procedures = impasto_plug_in_query_procedures;
  plug_in_class->create_procedure = impasto_plug_in_create_procedure;
  plug_in_class->set_i18n         = impasto_plug_in_set_i18n;
}

static void
impasto_plug_in_init (ImpastoPlugIn *plug_in)
{
}

gint
impasto_gimp3_main (const ImpastoGimp3Callbacks *callbacks,
                    gint                         argc,
                    gchar                      **argv)
{
  impasto_callbacks = *callbacks;
  return gimp_main (IMPASTO_TYPE_PLUG_IN, argc, argv);
}

GimpValueArray *
impasto_gimp3_failure (GimpProcedure     *procedure,
                       GimpPDBStatusType  status,
                       const gchar       *message)
{
  GError *error = g_error_new_literal (g_quark_from_static_string ("impasto-error-quark"), 0, message);

  /* Takes the error over (transfer full). */
  return gimp_procedure_new_return_values (procedure, status, error);
}

gdouble
impasto_gimp3_config_get_double (GimpProcedureConfig *config,
                                 const gchar         *name)
{
  gdouble value = 0.0;

  g_object_get (config, name, &value, NULL);
  return value;
}

gboolean
impasto_gimp3_config_get_boolean (GimpProcedureConfig *config,
                                  const gchar         *name)
{
  gboolean value = FALSE;

  g_object_get (config, name, &value, NULL);
  return value;
}

gint
impasto_gimp3_config_get_int (GimpProcedureConfig *config,
                              const gchar         *name)
{
  gint value = 0;

  g_object_get (config, name, &value, NULL);
  return value;
}

gchar *
impasto_gimp3_config_get_string (GimpProcedureConfig *config,
                                 const gchar         *name)
{
  gchar *value = NULL;

  g_object_get (config, name, &value, NULL);
  return value;
}

gint
impasto_gimp3_config_get_item_id (GimpProcedureConfig *config,
                                  const gchar         *name)
{
  GObject *item = NULL;
  gint     id   = -1;

  g_object_get (config, name, &item, NULL);
  if (GIMP_IS_ITEM (item))
    id = gimp_item_get_id (GIMP_ITEM (item));
  g_clear_object (&item);
  return id;
}

/* libgimp's own last-values file (gimpprocedureconfig.c, gimp_procedure_config_save_last,
 * not exported): <profile>/plug-in-settings/<config type name>.last, serialized with the
 * same header and footer, so libgimp's loader reads it back. */
gchar *
impasto_gimp3_config_save_last (GimpProcedureConfig *config)
{
  gchar  *basename = g_strconcat (G_OBJECT_TYPE_NAME (config), ".last", NULL);
  GFile  *file     = gimp_directory_file ("plug-in-settings", basename, NULL);
  GError *error    = NULL;
  gchar  *message  = NULL;
  GFile  *folder   = g_file_get_parent (file);

  /* A profile GIMP did not make itself (e.g. GIMP3_DIRECTORY) may lack the folder. */
  g_file_make_directory_with_parents (folder, NULL, NULL);
  g_object_unref (folder);

  if (! gimp_config_serialize_to_file (GIMP_CONFIG (config), file,
                                       "settings", "end of settings", NULL, &error))
    {
      message = g_strdup (error ? error->message : "could not write the last values");
      g_clear_error (&error);
    }

  g_object_unref (file);
  g_free (basename);
  return message;
}
