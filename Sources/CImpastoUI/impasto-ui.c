/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-ui.c — see include/impasto-ui.h. Thin wrappers over libgimpui / GTK 2. */
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "impasto-ui.h"
#include "impasto-gtk.h"

#define RESPONSE_RESET 1

int
impasto_ui_init (const char *program)
{
  static int ready = -1;

  if (ready < 0)
    {
      ready = gtk_init_check (NULL, NULL);
      if (ready)
        gimp_ui_init (program, FALSE);
    }
  return ready;
}

ImpastoWidget *
impasto_ui_dialog_new (const char *title, const char *role, const char *help_id)
{
  GtkWidget *dialog = gimp_dialog_new (title, role, NULL, 0, gimp_standard_help_func, help_id,
                                       GIMP_STOCK_RESET, RESPONSE_RESET,
                                       GTK_STOCK_CANCEL, GTK_RESPONSE_CANCEL,
                                       GTK_STOCK_OK,     GTK_RESPONSE_OK,
                                       NULL);

  gtk_dialog_set_alternative_button_order (GTK_DIALOG (dialog), RESPONSE_RESET, GTK_RESPONSE_OK,
                                           GTK_RESPONSE_CANCEL, -1);
  gtk_dialog_set_default_response (GTK_DIALOG (dialog), GTK_RESPONSE_OK);
  gimp_window_set_transient (GTK_WINDOW (dialog));
  return dialog;
}

ImpastoWidget *
impasto_ui_dialog_content (ImpastoWidget *dialog)
{
  GtkWidget *box = gtk_vbox_new (FALSE, 12);

  gtk_container_set_border_width (GTK_CONTAINER (box), 12);
  gtk_box_pack_start (GTK_BOX (gtk_dialog_get_content_area (GTK_DIALOG (dialog))), box, TRUE, TRUE, 0);
  gtk_widget_show (box);
  return box;
}

int
impasto_ui_dialog_run (ImpastoWidget *dialog, ImpastoUIChanged reset, void *data)
{
  gtk_widget_show (GTK_WIDGET (dialog));
  for (;;)
    {
      gint response = gimp_dialog_run (GIMP_DIALOG (dialog));

      if (response == RESPONSE_RESET)
        {
          if (reset)
            reset (data);
          continue;
        }
      return response == GTK_RESPONSE_OK;
    }
}

void
impasto_ui_destroy (ImpastoWidget *widget)
{
  gtk_widget_destroy (GTK_WIDGET (widget));
}

ImpastoWidget *
impasto_ui_box (int vertical, int spacing)
{
  GtkWidget *box = vertical ? gtk_vbox_new (FALSE, spacing) : gtk_hbox_new (FALSE, spacing);

  gtk_widget_show (box);
  return box;
}

void
impasto_ui_pack (ImpastoWidget *box, ImpastoWidget *child, int expand)
{
  gtk_box_pack_start (GTK_BOX (box), GTK_WIDGET (child), expand, expand, 0);
  gtk_widget_show (GTK_WIDGET (child));
}

ImpastoWidget *
impasto_ui_frame (const char *title, ImpastoWidget *child)
{
  GtkWidget *frame = gimp_frame_new (title);

  gtk_container_add (GTK_CONTAINER (frame), GTK_WIDGET (child));
  gtk_widget_show (GTK_WIDGET (child));
  gtk_widget_show (frame);
  return frame;
}

ImpastoWidget *
impasto_ui_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_misc_set_alignment (GTK_MISC (label), 0.0, 0.5);
  gtk_widget_show (label);
  return label;
}

void
impasto_ui_label_set (ImpastoWidget *label, const char *text)
{
  gtk_label_set_text (GTK_LABEL (label), text);
}

void
impasto_ui_set_sensitive (ImpastoWidget *widget, int sensitive)
{
  gtk_widget_set_sensitive (GTK_WIDGET (widget), sensitive);
}

void
impasto_ui_set_name (ImpastoWidget *widget, const char *name)
{
  gtk_widget_set_name (GTK_WIDGET (widget), name);
}

ImpastoWidget *
impasto_ui_table (int rows)
{
  GtkWidget *table = gtk_table_new (MAX (1, rows), 3, FALSE);

  gtk_table_set_col_spacings (GTK_TABLE (table), 6);
  gtk_table_set_row_spacings (GTK_TABLE (table), 6);
  gtk_widget_show (table);
  return table;
}

void *
impasto_ui_scale (ImpastoWidget *table, int row, const char *label, double value, double ui_lower,
                  double ui_upper, double lower, double upper, double step, int digits,
                  const char *tooltip, ImpastoUIChanged changed, void *data)
{
  gboolean   constrain  = ui_lower == lower && ui_upper == upper;
  GtkObject *adjustment = gimp_scale_entry_new (GTK_TABLE (table), 0, row, label, 200, 6, value,
                                                ui_lower, ui_upper, step, step * 10, digits, constrain,
                                                lower, upper, tooltip, NULL);

  impasto_gtk_connect (adjustment, "value-changed", changed, data);
  return adjustment;
}

double
impasto_ui_adjustment_get (void *adjustment)
{
  return gtk_adjustment_get_value (GTK_ADJUSTMENT (adjustment));
}

void
impasto_ui_adjustment_set (void *adjustment, double value)
{
  gtk_adjustment_set_value (GTK_ADJUSTMENT (adjustment), value);
}

void
impasto_ui_scale_set_sensitive (void *adjustment, int sensitive)
{
  gimp_scale_entry_set_sensitive (GTK_OBJECT (adjustment), sensitive);
}

static void
attach (ImpastoWidget *table, int row, const char *label, GtkWidget *widget)
{
  if (label)
    gimp_table_attach_aligned (GTK_TABLE (table), 0, row, label, 0.0, 0.5, widget, 2, FALSE);
  else
    gtk_table_attach (GTK_TABLE (table), widget, 0, 3, row, row + 1, GTK_FILL, GTK_FILL, 0, 0);
  gtk_widget_show (widget);
}

ImpastoWidget *
impasto_ui_toggle (ImpastoWidget *table, int row, const char *label, int active, const char *tooltip,
                   ImpastoUIChanged changed, void *data)
{
  GtkWidget *toggle = gtk_check_button_new_with_mnemonic (label);

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), active);
  if (tooltip)
    gimp_help_set_help_data (toggle, tooltip, NULL);
  attach (table, row, NULL, toggle);
  impasto_gtk_connect (toggle, "toggled", changed, data);
  return toggle;
}

int
impasto_ui_toggle_get (ImpastoWidget *toggle)
{
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle));
}

void
impasto_ui_toggle_set (ImpastoWidget *toggle, int active)
{
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), active);
}

ImpastoWidget *
impasto_ui_combo (ImpastoWidget *table, int row, const char *label, const char **labels, int count,
                  int active, ImpastoUIChanged changed, void *data)
{
  GtkWidget *combo = gimp_int_combo_box_new_array (count, labels);

  gimp_int_combo_box_set_active (GIMP_INT_COMBO_BOX (combo), active);
  attach (table, row, label, combo);
  impasto_gtk_connect (combo, "changed", changed, data);
  return combo;
}

typedef struct
{
  gint32 image;    /* -1: any */
  gint32 exclude;
} ItemFilter;

static gboolean
paintable (gint32 image, gint32 item, gpointer data)
{
  ItemFilter *filter = data;

  return item != filter->exclude && (filter->image < 0 || image == filter->image) &&
         ! gimp_drawable_is_indexed (item) && ! gimp_item_is_group (item);
}

static gboolean
in_image (gint32 image, gint32 item, gpointer data)
{
  return image == GPOINTER_TO_INT (data);
}

ImpastoWidget *
impasto_ui_item_combo (ImpastoWidget *table, int row, const char *label, int kind, const char *none,
                       int32_t image, int32_t exclude, int32_t active, ImpastoUIChanged changed,
                       void *data)
{
  gboolean    paths  = kind == 2;
  ItemFilter *filter = g_new (ItemFilter, 1);
  GtkWidget  *combo;

  filter->image   = kind == 1 ? image : -1;
  filter->exclude = exclude;
  combo = paths
    ? gimp_vectors_combo_box_new (in_image, GINT_TO_POINTER (image))
    : gimp_drawable_combo_box_new (paintable, filter);
  g_object_set_data_full (G_OBJECT (combo), "impasto-filter", filter, g_free);

  if (none)
    gimp_int_combo_box_prepend (GIMP_INT_COMBO_BOX (combo),
                                GIMP_INT_STORE_VALUE, -1,
                                GIMP_INT_STORE_LABEL, none,
                                -1);
  /* A value that is not in the list (e.g. no bump layer chosen yet): the first item. */
  if (! gimp_int_combo_box_set_active (GIMP_INT_COMBO_BOX (combo), active))
    gtk_combo_box_set_active (GTK_COMBO_BOX (combo), 0);
  attach (table, row, label, combo);
  impasto_gtk_connect (combo, "changed", changed, data);
  return combo;
}

int
impasto_ui_combo_get (ImpastoWidget *combo)
{
  gint value = -1;

  if (! gimp_int_combo_box_get_active (GIMP_INT_COMBO_BOX (combo), &value))
    return -1;
  return value;
}

void
impasto_ui_combo_set (ImpastoWidget *combo, int value)
{
  gimp_int_combo_box_set_active (GIMP_INT_COMBO_BOX (combo), value);
}

ImpastoWidget *
impasto_ui_drawable_preview (int32_t drawable, ImpastoUIChanged invalidated, void *data)
{
  GtkWidget *preview = gimp_drawable_preview_new_from_drawable_id (drawable);

  impasto_gtk_connect (preview, "invalidated", invalidated, data);
  gtk_widget_show (preview);
  return preview;
}

void
impasto_ui_preview_area (ImpastoWidget *preview, int *x, int *y, int *width, int *height)
{
  gimp_preview_get_position (GIMP_PREVIEW (preview), x, y);
  gimp_preview_get_size (GIMP_PREVIEW (preview), width, height);
}

void
impasto_ui_preview_draw (ImpastoWidget *preview, const uint8_t *pixels, int rowstride)
{
  gimp_preview_draw_buffer (GIMP_PREVIEW (preview), pixels, rowstride);
}

void
impasto_ui_preview_invalidate (ImpastoWidget *preview)
{
  gimp_preview_invalidate (GIMP_PREVIEW (preview));
}

ImpastoWidget *
impasto_ui_preview_pixels (ImpastoWidget *preview)
{
  return gimp_preview_get_area (GIMP_PREVIEW (preview));
}

ImpastoWidget *
impasto_ui_picture (int width, int height)
{
  GtkWidget *area = gimp_preview_area_new ();

  gtk_widget_set_size_request (area, width, height);
  gtk_widget_show (area);
  return area;
}

void
impasto_ui_picture_draw (ImpastoWidget *picture, int width, int height, const uint8_t *rgb, int rowstride)
{
  gimp_preview_area_draw (GIMP_PREVIEW_AREA (picture), 0, 0, width, height, GIMP_RGB_IMAGE, rgb, rowstride);
}

/* A canvas draws on GTK 2's "expose-event" (its pointer is impasto-gtk.h's). */
static gboolean
canvas_expose (GtkWidget *widget, GdkEventExpose *event, gpointer user_data)
{
  ImpastoGtkCanvas *canvas = user_data;
  cairo_t          *cr     = gdk_cairo_create (gtk_widget_get_window (widget));
  GtkAllocation     allocation;

  gtk_widget_get_allocation (widget, &allocation);
  gdk_cairo_region (cr, event->region);
  cairo_clip (cr);
  if (canvas->draw)
    canvas->draw (cr, allocation.width, allocation.height, canvas->data);
  cairo_destroy (cr);
  return TRUE;
}

/* GTK 2 delivers a tablet's axes only for devices it has been told to use (mode Screen), per
   process: GIMP does so for its own windows from devicerc, never for a plug-in's. A pen, eraser
   or puck is switched on here, the first time a canvas is made. */
static void
enable_tablets (void)
{
  static gboolean done = FALSE;
  GList *devices;

  if (done)
    return;
  done = TRUE;
  for (devices = gdk_devices_list (); devices; devices = devices->next)
    {
      GdkDevice *device = devices->data;

      if (device != gdk_device_get_core_pointer () && gdk_device_get_source (device) != GDK_SOURCE_MOUSE &&
          gdk_device_get_mode (device) == GDK_MODE_DISABLED)
        gdk_device_set_mode (device, GDK_MODE_SCREEN);
    }
}

ImpastoWidget *
impasto_ui_canvas (int width, int height, ImpastoUIDraw draw, ImpastoUIPointer pointer, void *data)
{
  ImpastoGtkCanvas *canvas;
  GtkWidget        *area = impasto_gtk_canvas_new (width, height, draw, pointer, data, &canvas);

  /* Tablets: deliver the pen's own events with their pressure and tilt axes. */
  enable_tablets ();
  gtk_widget_set_extension_events (area, GDK_EXTENSION_EVENTS_CURSOR);
  g_signal_connect (area, "expose-event", G_CALLBACK (canvas_expose), canvas);
  gtk_widget_show (area);
  return area;
}

void
impasto_ui_queue_draw (ImpastoWidget *widget)
{
  gtk_widget_queue_draw (GTK_WIDGET (widget));
}

void
impasto_ui_flush (void)
{
  while (gtk_events_pending ())
    gtk_main_iteration ();
}

void
impasto_ui_show_now (ImpastoWidget *widget)
{
  gtk_widget_show_now (gtk_widget_get_toplevel (GTK_WIDGET (widget)));
  impasto_ui_flush ();
}

int
impasto_ui_geometry (ImpastoWidget *widget, int *x, int *y, int *width, int *height)
{
  GtkWidget     *toplevel = gtk_widget_get_toplevel (GTK_WIDGET (widget));
  GdkWindow     *window   = gtk_widget_get_window (toplevel);
  GtkAllocation  allocation;
  gint           ox = 0, oy = 0, wx = 0, wy = 0;

  if (! window || ! gtk_widget_get_mapped (GTK_WIDGET (widget)))
    return 0;
  gdk_window_get_origin (window, &ox, &oy);
  if (! gtk_widget_translate_coordinates (GTK_WIDGET (widget), toplevel, 0, 0, &wx, &wy))
    return 0;
  gtk_widget_get_allocation (GTK_WIDGET (widget), &allocation);
  *x      = ox + wx;
  *y      = oy + wy;
  *width  = allocation.width;
  *height = allocation.height;
  return 1;
}

ImpastoWidget *
impasto_ui_scale_slider (void *adjustment)
{
  return GIMP_SCALE_ENTRY_SCALE (adjustment);
}

ImpastoWidget *
impasto_ui_scale_spin (void *adjustment)
{
  return GIMP_SCALE_ENTRY_SPINBUTTON (adjustment);
}

ImpastoWidget *
impasto_ui_dialog_button (ImpastoWidget *dialog, int which)
{
  gint response = which == 0 ? GTK_RESPONSE_OK : which == 1 ? GTK_RESPONSE_CANCEL : RESPONSE_RESET;

  if (which == 3)
    {
      /* GimpDialog 2.10 packs its Help button without a response, alone on the far side
       * of the button box (a secondary child). */
      GtkWidget *area    = gtk_dialog_get_action_area (GTK_DIALOG (dialog));
      GList     *buttons = gtk_container_get_children (GTK_CONTAINER (area));
      GtkWidget *help    = NULL;

      for (GList *b = buttons; b; b = b->next)
        if (GTK_IS_BUTTON (b->data) && GTK_IS_BUTTON_BOX (area)
            && gtk_button_box_get_child_secondary (GTK_BUTTON_BOX (area), b->data))
          help = b->data;
      g_list_free (buttons);
      return help;
    }
  return gtk_dialog_get_widget_for_response (GTK_DIALOG (dialog), response);
}
