/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-gtk.h — the signal glue both toolkit kits share: GTK 2's (CImpastoUI, GIMP 2.10)
 * and GTK 3's (CImpastoWidgets3, GIMP 3). Where the two GTKs agree — a signal handed to a
 * C callback with only its user data, a canvas's button-1 events with the device's axes — it
 * is written once here. Each kit's C file includes it and compiles it against its own GTK
 * (the functions are static: each kit has its own copy), and adds what its GTK does its own
 * way (drawing: "expose-event" or "draw"; GTK 2 must also switch tablets on). */
#ifndef IMPASTO_GTK_H
#define IMPASTO_GTK_H

#include <gtk/gtk.h>

/* A signal's handler: it gets only its user data. */
typedef void (*ImpastoGtkChanged) (void *data);
/* Draw into `cairo` (a cairo_t *) covering width × height. */
typedef void (*ImpastoGtkDraw) (void *cairo, int width, int height, void *data);
/* A button-1 event on a canvas: kind 0 press, 1 motion (button held), 2 release; the device's
 * axes as gdk_event_get_axis () read them (has_pressure / has_tilt: whether they were there;
 * has_tilt only when both tilt axes were). */
typedef void (*ImpastoGtkPointer) (int kind, double x, double y, double pressure, int has_pressure,
                                   double xtilt, double ytilt, int has_tilt, void *data);

typedef struct
{
  ImpastoGtkChanged changed;
  void             *data;
} ImpastoGtkCallback;

static void
impasto_gtk_callback_fire (GtkWidget *widget, gpointer user_data)
{
  ImpastoGtkCallback *callback = user_data;

  callback->changed (callback->data);
}

/* Calls changed (data) on `signal` of `instance` (nothing when changed is NULL). */
static void
impasto_gtk_connect (gpointer instance, const char *signal, ImpastoGtkChanged changed, void *data)
{
  ImpastoGtkCallback *callback;

  if (! changed)
    return;
  callback = g_new (ImpastoGtkCallback, 1);
  callback->changed = changed;
  callback->data    = data;
  g_signal_connect_data (instance, signal, G_CALLBACK (impasto_gtk_callback_fire), callback,
                         (GClosureNotify) g_free, 0);
}

/* A canvas: a drawing area that hands its drawing and its pointer (with the device's axes) to
 * Swift. */
typedef struct
{
  ImpastoGtkDraw    draw;
  ImpastoGtkPointer pointer;
  void             *data;
} ImpastoGtkCanvas;

static void
impasto_gtk_canvas_report (ImpastoGtkCanvas *canvas, int kind, GdkEvent *event, double x, double y)
{
  /* A mouse has no such axes, a tablet may send some or none: each is read on its own. */
  gdouble  pressure = 1.0, xtilt = 0.0, ytilt = 0.0;
  gboolean has_pressure = gdk_event_get_axis (event, GDK_AXIS_PRESSURE, &pressure);
  gboolean has_x = gdk_event_get_axis (event, GDK_AXIS_XTILT, &xtilt);
  gboolean has_y = gdk_event_get_axis (event, GDK_AXIS_YTILT, &ytilt);

  if (canvas->pointer)
    canvas->pointer (kind, x, y, pressure, has_pressure, xtilt, ytilt, has_x && has_y, canvas->data);
}

static gboolean
impasto_gtk_canvas_button (GtkWidget *widget, GdkEventButton *event, gpointer user_data)
{
  /* Only button 1's single press and its release (a double click also sends 2BUTTON_PRESS). */
  if (event->button != 1 || (event->type != GDK_BUTTON_PRESS && event->type != GDK_BUTTON_RELEASE))
    return FALSE;
  impasto_gtk_canvas_report (user_data, event->type == GDK_BUTTON_PRESS ? 0 : 2, (GdkEvent *) event,
                             event->x, event->y);
  return TRUE;
}

static gboolean
impasto_gtk_canvas_motion (GtkWidget *widget, GdkEventMotion *event, gpointer user_data)
{
  if (event->state & GDK_BUTTON1_MASK)
    impasto_gtk_canvas_report (user_data, 1, (GdkEvent *) event, event->x, event->y);
  return TRUE;
}

/* A width × height drawing area whose button-1 events go to `pointer`; its canvas (kept with
 * it) is returned in *canvas, for the kit to connect its GTK's drawing signal to. */
static GtkWidget *
impasto_gtk_canvas_new (int width, int height, ImpastoGtkDraw draw, ImpastoGtkPointer pointer, void *data,
                        ImpastoGtkCanvas **canvas)
{
  GtkWidget *area = gtk_drawing_area_new ();

  *canvas = g_new (ImpastoGtkCanvas, 1);
  (*canvas)->draw    = draw;
  (*canvas)->pointer = pointer;
  (*canvas)->data    = data;
  gtk_widget_set_size_request (area, width, height);
  gtk_widget_add_events (area, GDK_BUTTON_PRESS_MASK | GDK_BUTTON_RELEASE_MASK | GDK_BUTTON1_MOTION_MASK);
  g_signal_connect (area, "button-press-event", G_CALLBACK (impasto_gtk_canvas_button), *canvas);
  g_signal_connect (area, "button-release-event", G_CALLBACK (impasto_gtk_canvas_button), *canvas);
  g_signal_connect (area, "motion-notify-event", G_CALLBACK (impasto_gtk_canvas_motion), *canvas);
  g_object_set_data_full (G_OBJECT (area), "impasto-canvas", *canvas, g_free);
  return area;
}

#endif
