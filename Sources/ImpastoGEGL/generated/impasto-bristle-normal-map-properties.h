/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-bristle-normal-map-properties.h — impasto:bristle-normal-map's properties, included inside the
 * GEGL_PROPERTIES part of impasto-bristle-normal-map.c (no include guard: GEGL reads that part
 * several times).
 * Written by impasto-generate from the Swift declarations: do not edit
 * (docs/architecture.md, "Add a parameter", "Add an op"). */

property_double (smoothness, _("Smoothness"), 0.75)
    description (_("Blur the bump before taking its slopes (Gaussian σ = smoothness / (4 (1 − smoothness)) px, at most 3), so strokes give soft ridges (0: no blur)"))
    value_range (0.0, 1.0)

property_double (contrast, _("Contrast"), 3.0)
    description (_("How steep the slopes look: the heights (luminance × alpha) are scaled by this"))
    value_range (0.0, 100.0)
    ui_range    (0.0, 10.0)

property_boolean (flip_y, _("Flip Y (DirectX)"), FALSE)
    description (_("Green points down (DirectX convention) instead of up (OpenGL)"))

property_boolean (tileable, _("Tileable"), FALSE)
    description (_("Wrap around at the borders, for a texture that tiles; otherwise the edge pixels repeat"))
