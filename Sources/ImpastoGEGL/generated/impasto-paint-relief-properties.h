/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-paint-relief-properties.h — impasto:paint-relief's properties, included inside the
 * GEGL_PROPERTIES part of impasto-paint-relief.c (no include guard: GEGL reads that part
 * several times).
 * Written by impasto-generate from the Swift declarations: do not edit
 * (docs/architecture.md, "Add a parameter", "Add an op"). */

property_double (smoothness, _("Smoothness"), 0.75)
    description (_("Blur the bump before taking its slopes (Gaussian σ = smoothness / (4 (1 − smoothness)) px, at most 3), so strokes give soft ridges (0: no blur)"))
    value_range (0.0, 1.0)

property_double (contrast, _("Contrast"), 0.5)
    description (_("How steep the paint's edges look: its opacity is its height, scaled by this"))
    value_range (0.0, 100.0)
    ui_range    (0.0, 2.0)

property_double (light_azimuth, _("Light azimuth"), 135.0)
    description (_("Direction the light comes from, in degrees counter-clockwise from the right (135: the top-left)"))
    value_range (-360.0, 360.0)
    ui_range    (0.0, 360.0)
    ui_meta     ("unit", "degree")
    ui_meta     ("direction", "ccw")

property_double (light_elevation, _("Light elevation"), 45.0)
    description (_("Height of the light above the canvas, in degrees (90: straight above)"))
    value_range (0.0, 90.0)
    ui_meta     ("unit", "degree")

property_double (ambient, _("Ambient"), 0.35)
    description (_("Share of the light every slope gets whatever way it faces (1: no shading)"))
    value_range (0.0, 1.0)

property_double (specular, _("Specular"), 0.6)
    description (_("Strength of the highlights on slopes facing the light (0: matte)"))
    value_range (0.0, 4.0)

property_double (shininess, _("Shininess"), 40.0)
    description (_("Size of the highlights: higher is smaller and sharper (Blinn exponent)"))
    value_range (1.0, 1000.0)
    ui_range    (1.0, 200.0)

property_color (light_color, _("Light color"), "rgb(1.0, 1.0, 1.0)")
    description (_("Colour of the light"))

property_double (sheen, _("Sheen"), 1.0)
    description (_("Strength of the highlights from a ring of light all round, on slopes facing any way (0: the light alone)"))
    value_range (0.0, 4.0)

property_boolean (thick_paint, _("Thick paint"), FALSE)
    description (_("Paint builds up: each stroke stands on the paint below it, and the paint shows opaque; paint thin coats (the Impasto Bristle dynamics do)"))
