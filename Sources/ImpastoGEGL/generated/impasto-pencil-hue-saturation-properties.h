/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-pencil-hue-saturation-properties.h — impasto:pencil-hue-saturation's properties, included inside the
 * GEGL_PROPERTIES part of impasto-pencil-hue-saturation.c (no include guard: GEGL reads that part
 * several times).
 * Written by impasto-generate from the Swift declarations: do not edit
 * (docs/architecture.md, "Add a parameter", "Add an op"). */

property_double (azimuth, _("Azimuth"), 180.0)
    description (_("Pen azimuth in degrees: the hue rotates by 180° + azimuth"))
    value_range (-180.0, 180.0)
    ui_meta     ("unit", "degree")

property_double (altitude, _("Altitude"), 78.75)
    description (_("Pen altitude in degrees above the canvas: saturation = maximum saturation × (90 − altitude) / 90"))
    value_range (0.0, 90.0)
    ui_meta     ("unit", "degree")

property_double (max_saturation, _("Maximum saturation"), 8.0)
    description (_("Saturation when the pen lies flat (altitude 0); 1 keeps colours as they are"))
    value_range (0.0, 16.0)

property_boolean (linear, _("Linear light"), FALSE)
    description (_("Rotate and saturate linear RGB instead of perceptual R'G'B' (off: the gamma-encoded values, as the original app did)"))
