/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The GIMP 3 plug-in's C kit (see include/impasto-gimp3.h): one wrapper per thing Swift
 * cannot do with libgimp-3.0, no logic of its own. */
#include "impasto-gimp3.h"

/* Swift fills the callbacks struct field by field: it must hold exactly the two vfuncs. */
_Static_assert (sizeof (ImpastoGimp3Callbacks) == 2 * sizeof (void (*) (void)),
                "ImpastoGimp3Callbacks holds the two vfuncs and nothing else");

const GParamFlags impasto_gimp3_argument_flags = G_PARAM_READWRITE;
/* A drawable or path cannot be written into the last values' file (GimpConfig serializes
 * objects that implement GimpConfig only): without this, every OK warned "couldn't serialize
 * property … bump-drawable". The plug-in picks such an item again from the image (ProcedureChecks). */
const GParamFlags impasto_gimp3_item_argument_flags = G_PARAM_READWRITE | GIMP_PARAM_DONT_SERIALIZE;

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

/* Every string of Impasto is in the gettext domain "impasto" (Swift's `localized`), its
 * catalogues in locale/ beside the plug-in (plug-ins/impasto/locale/<language>/LC_MESSAGES/
 * impasto.mo). libgimp binds it, in UTF-8, before querying or running a procedure. A plug-in
 * installed without them (a test's) stays English without libgimp's "Localization disabled". */
static gboolean
impasto_plug_in_set_i18n (GimpPlugIn   *plug_in,
                          const gchar  *procedure_name,
                          gchar       **gettext_domain,
                          gchar       **catalog_dir)
{
  gchar    *folder = g_path_get_dirname (gimp_get_progname ());
  gchar    *locale = g_build_filename (folder, "locale", NULL);
  gboolean  found  = g_file_test (locale, G_FILE_TEST_IS_DIR);

  g_free (locale);
  g_free (folder);
  if (! found)
    return FALSE;
  *gettext_domain = g_strdup ("impasto");
  *catalog_dir    = g_strdup ("locale");
  return TRUE;
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

void
impasto_gimp3_config_set_double (GimpProcedureConfig *config,
                                 const gchar         *name,
                                 gdouble              value)
{
  g_object_set (config, name, value, NULL);
}

void
impasto_gimp3_config_set_boolean (GimpProcedureConfig *config,
                                  const gchar         *name,
                                  gboolean             value)
{
  g_object_set (config, name, value, NULL);
}

void
impasto_gimp3_config_set_int (GimpProcedureConfig *config,
                              const gchar         *name,
                              gint                 value)
{
  g_object_set (config, name, value, NULL);
}

void
impasto_gimp3_config_set_string (GimpProcedureConfig *config,
                                 const gchar         *name,
                                 const gchar         *value)
{
  g_object_set (config, name, value, NULL);
}

void
impasto_gimp3_config_set_item (GimpProcedureConfig *config,
                               const gchar         *name,
                               gint                 id)
{
  GimpItem *item = id > 0 && gimp_item_id_is_valid (id) ? gimp_item_get_by_id (id) : NULL;

  g_object_set (config, name, item, NULL);
}


/* ---- The dialogs ---- */

gulong
impasto_gimp3_connect (gpointer           instance,
                       const gchar       *signal,
                       ImpastoGimp3Fired  fired,
                       gpointer           data)
{
  /* Swapped: `data` comes first, the signal's own arguments after it are ignored. */
  return g_signal_connect_swapped (instance, signal, G_CALLBACK (fired), data);
}

typedef struct
{
  ImpastoGimp3Notify notify;
  gpointer           data;
} NotifyClosure;

static void
notified (GObject    *object,
          GParamSpec *pspec,
          gpointer    user_data)
{
  NotifyClosure *closure = user_data;

  closure->notify (g_param_spec_get_name (pspec), closure->data);
}

static void
free_closure (gpointer data,
              GClosure *closure)
{
  g_free (data);
}

gulong
impasto_gimp3_connect_notify (gpointer           object,
                              ImpastoGimp3Notify notify,
                              gpointer           data)
{
  NotifyClosure *closure = g_new (NotifyClosure, 1);

  closure->notify = notify;
  closure->data   = data;
  return g_signal_connect_data (object, "notify", G_CALLBACK (notified), closure, free_closure, 0);
}

GType
impasto_gimp3_default_widget_type (void)
{
  return G_TYPE_NONE;
}

typedef struct
{
  gint image;    /* -1: any */
  gint exclude;
} ItemFilter;

static gboolean
paintable (GimpImage *image,
           GimpItem  *item,
           gpointer   data)
{
  ItemFilter *filter = data;

  return gimp_item_get_id (item) != filter->exclude &&
         (filter->image < 0 || gimp_image_get_id (image) == filter->image) &&
         ! gimp_drawable_is_indexed (GIMP_DRAWABLE (item)) && ! gimp_item_is_group (item);
}

static gboolean
in_image (GimpImage *image,
          GimpItem  *item,
          gpointer   data)
{
  ItemFilter *filter = data;

  return filter->image < 0 || gimp_image_get_id (image) == filter->image;
}

GtkWidget *
impasto_gimp3_item_combo (gboolean     paths,
                          gint         image,
                          gint         exclude,
                          const gchar *none)
{
  ItemFilter *filter = g_new (ItemFilter, 1);
  GtkWidget  *combo;

  filter->image   = image;
  filter->exclude = exclude;
  combo = paths ? gimp_path_combo_box_new (in_image, filter, g_free)
                : gimp_drawable_combo_box_new (paintable, filter, g_free);
  if (none)
    gimp_int_combo_box_prepend (GIMP_INT_COMBO_BOX (combo),
                                GIMP_INT_STORE_VALUE, -1,
                                GIMP_INT_STORE_LABEL, none,
                                -1);
  return combo;
}

typedef struct
{
  const gchar *label;
  GtkWidget   *found;
} ButtonSearch;

static void
search_button (GtkWidget *widget,
               gpointer   data)
{
  ButtonSearch *search = data;

  if (search->found)
    return;
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), search->label) == 0)
    search->found = widget;
  else if (GTK_IS_CONTAINER (widget))
    gtk_container_forall (GTK_CONTAINER (widget), search_button, search);
}

GtkWidget *
impasto_gimp3_find_button (GtkWidget   *widget,
                           const gchar *label)
{
  ButtonSearch search = { label, NULL };

  if (GTK_IS_WIDGET (widget))
    search_button (widget, &search);
  return search.found;
}

gboolean
impasto_gimp3_snapshot (gint         x,
                        gint         y,
                        gint         width,
                        gint         height,
                        const gchar *path)
{
  GdkPixbuf *pixbuf;
  gboolean   saved;

  if (width <= 0 || height <= 0)
    return FALSE;
  pixbuf = gdk_pixbuf_get_from_window (gdk_get_default_root_window (), x, y, width, height);
  if (! pixbuf)
    return FALSE;
  saved = gdk_pixbuf_save (pixbuf, path, "png", NULL, NULL);
  g_object_unref (pixbuf);
  return saved;
}
