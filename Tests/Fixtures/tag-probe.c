/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A GTK 2 module (GTK_MODULES) that the tag filter test (TagFilterProbe) loads into GIMP
 * 2.10: GIMP reports where nothing of its own dockables is on the screen, so this says where
 * the Brushes dockable's tag filter is (IMPASTO_UI_GEOMETRY, in the lines the plug-in's
 * dialogs write: "gimp-brush-grid filter X Y W H", then "gimp-brush-grid ready") and how many
 * brushes its grid shows (IMPASTO_TAG_PROBE_COUNT, rewritten every 300 ms). A user's typing
 * does the filtering; this only looks. */
#include <stdio.h>
#include <string.h>
#include <gtk/gtk.h>

static const gchar *geometry_file;
static const gchar *count_file;
static gboolean     reported;

/* The first widget on screen below `widget` (itself included) whose type is called `type`
 * and, for a tag entry, is in query mode (the filter; the other one assigns tags). A GIMP
 * keeps more brush views than the one the user sees (other docks, pop-ups): only a mapped
 * one counts. */
static GtkWidget *
find (GtkWidget *widget, const gchar *type)
{
  GtkWidget *found = NULL;

  if (! gtk_widget_get_mapped (widget))
    return NULL;
  if (strcmp (G_OBJECT_TYPE_NAME (widget), type) == 0)
    {
      gint mode = 0;

      if (g_object_class_find_property (G_OBJECT_GET_CLASS (widget), "mode"))
        g_object_get (widget, "mode", &mode, NULL);
      if (mode == 0)
        return widget;
    }
  if (GTK_IS_CONTAINER (widget))
    {
      GList *children = gtk_container_get_children (GTK_CONTAINER (widget));

      for (GList *c = children; c && ! found; c = c->next)
        found = find (c->data, type);
      g_list_free (children);
    }
  return found;
}

static gint
count (GtkWidget *widget, const gchar *type)
{
  gint n = strcmp (G_OBJECT_TYPE_NAME (widget), type) == 0;

  if (GTK_IS_CONTAINER (widget))
    {
      GList *children = gtk_container_get_children (GTK_CONTAINER (widget));

      for (GList *c = children; c; c = c->next)
        n += count (c->data, type);
      g_list_free (children);
    }
  return n;
}

/* The brushes the view shows: its grid has a GimpView per brush (-1: no grid). */
static gint
shown (GtkWidget *view)
{
  GtkWidget *grid = find (view, "GimpContainerGridView");

  return grid ? count (grid, "GimpView") : -1;
}

static gboolean
tick (gpointer data)
{
  GList *toplevels = gtk_window_list_toplevels ();

  for (GList *t = toplevels; t; t = t->next)
    {
      GtkWidget *view = find (t->data, "GimpBrushFactoryView");
      GtkWidget *entry;
      gint       n;
      gint       ox = 0, oy = 0, wx = 0, wy = 0;
      gchar     *text;

      if (! view || ! (entry = find (view, "GimpComboTagEntry")) || (n = shown (view)) < 0)
        continue;
      if (! reported && gtk_widget_get_window (t->data))
        {
          GtkAllocation a;
          FILE         *out = fopen (geometry_file, "a");

          gdk_window_get_origin (gtk_widget_get_window (t->data), &ox, &oy);
          gtk_widget_translate_coordinates (entry, t->data, 0, 0, &wx, &wy);
          gtk_widget_get_allocation (entry, &a);
          if (out)
            {
              fprintf (out, "gimp-brush-grid filter %d %d %d %d\ngimp-brush-grid ready\n",
                       ox + wx, oy + wy, a.width, a.height);
              fclose (out);
              reported = TRUE;
            }
        }
      text = g_strdup_printf ("%d\n", n);
      g_file_set_contents (count_file, text, -1, NULL);
      g_free (text);
      break;
    }
  g_list_free (toplevels);
  return G_SOURCE_CONTINUE;
}

G_MODULE_EXPORT void
gtk_module_init (gint *argc, gchar ***argv)
{
  /* GIMP itself, not its plug-ins (which load GTK's modules too; GIMP passes no argv). */
  gchar *program = g_file_read_link ("/proc/self/exe", NULL);
  gchar *name    = program ? g_path_get_basename (program) : NULL;

  geometry_file = g_getenv ("IMPASTO_UI_GEOMETRY");
  count_file    = g_getenv ("IMPASTO_TAG_PROBE_COUNT");

  if (geometry_file && count_file && name && g_str_has_prefix (name, "gimp-"))
    g_timeout_add (300, tick, NULL);
  g_free (name);
  g_free (program);
}
