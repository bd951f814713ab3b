/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-widgets3.c — see include/impasto-widgets3.h. Thin wrappers over libgimpui-3.0 / GTK 3. */
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>

#include "impasto-widgets3.h"
#include "impasto-gtk.h"

ImpastoWidget3 *
impasto_widgets3_box (int vertical, int spacing)
{
  GtkWidget *box = gtk_box_new (vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing);

  gtk_widget_show (box);
  return box;
}

void
impasto_widgets3_pack (ImpastoWidget3 *box, ImpastoWidget3 *child)
{
  g_return_if_fail (GTK_IS_BOX (box) && GTK_IS_WIDGET (child));
  gtk_box_pack_start (GTK_BOX (box), GTK_WIDGET (child), FALSE, FALSE, 0);
  gtk_widget_show (GTK_WIDGET (child));
}

ImpastoWidget3 *
impasto_widgets3_frame (const char *title, ImpastoWidget3 *child)
{
  GtkWidget *frame = gimp_frame_new (title);

  if (GTK_IS_WIDGET (child))
    {
      gtk_container_add (GTK_CONTAINER (frame), GTK_WIDGET (child));
      gtk_widget_show (GTK_WIDGET (child));
    }
  gtk_widget_show (frame);
  return frame;
}

ImpastoWidget3 *
impasto_widgets3_label (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_widget_show (label);
  return label;
}

void
impasto_widgets3_label_set (ImpastoWidget3 *label, const char *text)
{
  g_return_if_fail (GTK_IS_LABEL (label));
  gtk_label_set_text (GTK_LABEL (label), text);
}

void
impasto_widgets3_set_sensitive (ImpastoWidget3 *widget, int sensitive)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  gtk_widget_set_sensitive (GTK_WIDGET (widget), sensitive);
}

void
impasto_widgets3_queue_draw (ImpastoWidget3 *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));
  gtk_widget_queue_draw (GTK_WIDGET (widget));
}

/* A canvas draws on GTK 3's "draw" (its pointer is impasto-gtk.h's). */
static gboolean
canvas_draw (GtkWidget *widget, cairo_t *cr, gpointer user_data)
{
  ImpastoGtkCanvas *canvas = user_data;

  if (canvas->draw)
    canvas->draw (cr, gtk_widget_get_allocated_width (widget), gtk_widget_get_allocated_height (widget),
                  canvas->data);
  return TRUE;
}

ImpastoWidget3 *
impasto_widgets3_canvas (int width, int height, ImpastoWidgets3Draw draw, ImpastoWidgets3Pointer pointer,
                         void *data)
{
  ImpastoGtkCanvas *canvas;
  GtkWidget        *area = impasto_gtk_canvas_new (width, height, draw, pointer, data, &canvas);

  gtk_widget_set_halign (area, GTK_ALIGN_CENTER);
  g_signal_connect (area, "draw", G_CALLBACK (canvas_draw), canvas);
  gtk_widget_show (area);
  return area;
}

/* The labels of a table's rows share one width (a GtkSizeGroup the table owns), so that
 * their sliders line up as in a GTK 2 table; the table asks for room for the sliders
 * (GimpScaleEntry's scale asks for next to nothing). */
ImpastoWidget3 *
impasto_widgets3_table (void)
{
  GtkWidget    *table  = impasto_widgets3_box (TRUE, 6);
  GtkSizeGroup *labels = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);

  g_object_set_data_full (G_OBJECT (table), "impasto-labels", labels, g_object_unref);
  gtk_widget_set_size_request (table, 400, -1);  /* as the procedure dialog's own column */
  return table;
}

static void
align_label (ImpastoWidget3 *table, GtkWidget *label)
{
  GtkSizeGroup *labels = GTK_IS_WIDGET (table) ? g_object_get_data (G_OBJECT (table), "impasto-labels") : NULL;

  if (labels && GTK_IS_WIDGET (label))
    gtk_size_group_add_widget (labels, label);
}

static void
attach (ImpastoWidget3 *table, GtkWidget *widget, const char *tooltip)
{
  if (tooltip)
    gimp_help_set_help_data (widget, tooltip, NULL);
  if (GTK_IS_BOX (table))
    gtk_box_pack_start (GTK_BOX (table), widget, FALSE, FALSE, 0);
  gtk_widget_show (widget);
}

ImpastoWidget3 *
impasto_widgets3_scale (ImpastoWidget3 *table, const char *label, double value, double ui_lower,
                        double ui_upper, double lower, double upper, double step, int digits,
                        const char *tooltip, ImpastoWidgets3Changed changed, void *data)
{
  GtkWidget *entry = gimp_scale_entry_new (label, value, lower, upper, MAX (digits, 0));

  /* The slider spans the usual values; the spin button takes the whole range. */
  if (ui_lower != lower || ui_upper != upper)
    gimp_scale_entry_set_bounds (GIMP_SCALE_ENTRY (entry), ui_lower, ui_upper, FALSE);
  gimp_label_spin_set_increments (GIMP_LABEL_SPIN (entry), step, step * 10);
  align_label (table, gimp_labeled_get_label (GIMP_LABELED (entry)));
  attach (table, entry, tooltip);
  impasto_gtk_connect (entry, "value-changed", changed, data);
  return entry;
}

double
impasto_widgets3_scale_get (ImpastoWidget3 *scale)
{
  g_return_val_if_fail (GIMP_IS_LABEL_SPIN (scale), 0.0);
  return gimp_label_spin_get_value (GIMP_LABEL_SPIN (scale));
}

void
impasto_widgets3_scale_set (ImpastoWidget3 *scale, double value)
{
  g_return_if_fail (GIMP_IS_LABEL_SPIN (scale));
  gimp_label_spin_set_value (GIMP_LABEL_SPIN (scale), value);
}

ImpastoWidget3 *
impasto_widgets3_scale_spin (ImpastoWidget3 *scale)
{
  g_return_val_if_fail (GIMP_IS_LABEL_SPIN (scale), NULL);
  return gimp_label_spin_get_spin_button (GIMP_LABEL_SPIN (scale));
}

ImpastoWidget3 *
impasto_widgets3_toggle (ImpastoWidget3 *table, const char *label, int active, const char *tooltip,
                         ImpastoWidgets3Changed changed, void *data)
{
  GtkWidget *toggle = gtk_check_button_new_with_mnemonic (label);

  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), active);
  attach (table, toggle, tooltip);
  impasto_gtk_connect (toggle, "toggled", changed, data);
  return toggle;
}

int
impasto_widgets3_toggle_get (ImpastoWidget3 *toggle)
{
  g_return_val_if_fail (GTK_IS_TOGGLE_BUTTON (toggle), 0);
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (toggle));
}

void
impasto_widgets3_toggle_set (ImpastoWidget3 *toggle, int active)
{
  g_return_if_fail (GTK_IS_TOGGLE_BUTTON (toggle));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (toggle), active);
}

ImpastoWidget3 *
impasto_widgets3_combo (ImpastoWidget3 *table, const char *label, const char **labels, int count,
                        int active, ImpastoWidgets3Changed changed, void *data)
{
  GtkWidget *row   = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *title = gtk_label_new_with_mnemonic (label);
  GtkWidget *combo = gimp_int_combo_box_new_array (MAX (count, 0), labels);

  gimp_int_combo_box_set_active (GIMP_INT_COMBO_BOX (combo), active);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), combo);
  gtk_box_pack_start (GTK_BOX (row), title, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), combo, TRUE, TRUE, 0);
  gtk_label_set_xalign (GTK_LABEL (title), 0.0);
  align_label (table, title);
  gtk_widget_show (title);
  gtk_widget_show (combo);
  attach (table, row, NULL);
  impasto_gtk_connect (combo, "changed", changed, data);
  return combo;
}

int
impasto_widgets3_combo_get (ImpastoWidget3 *combo)
{
  gint value = -1;

  g_return_val_if_fail (GIMP_IS_INT_COMBO_BOX (combo), -1);
  if (! gimp_int_combo_box_get_active (GIMP_INT_COMBO_BOX (combo), &value))
    return -1;
  return value;
}

void
impasto_widgets3_combo_set (ImpastoWidget3 *combo, int value)
{
  g_return_if_fail (GIMP_IS_INT_COMBO_BOX (combo));
  gimp_int_combo_box_set_active (GIMP_INT_COMBO_BOX (combo), value);
}
