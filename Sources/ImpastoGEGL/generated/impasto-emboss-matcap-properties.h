/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-emboss-matcap-properties.h — impasto:emboss-matcap's properties, included inside the
 * GEGL_PROPERTIES part of impasto-emboss-matcap.c (no include guard: GEGL reads that part
 * several times).
 * Written by impasto-generate from the Swift declarations: do not edit
 * (docs/architecture.md, "Add a parameter", "Add an op"). */

enum_start (impasto_emboss_matcap_profile)
  enum_value (IMPASTO_EMBOSS_MATCAP_PROFILE_ROUND,  "round", "Round")
  enum_value (IMPASTO_EMBOSS_MATCAP_PROFILE_LINEAR, "linear", "Linear")
  enum_value (IMPASTO_EMBOSS_MATCAP_PROFILE_SMOOTH, "smooth", "Smooth")
enum_end (ImpastoEmbossMatcapProfile)

enum_start (impasto_emboss_matcap_mask_source)
  enum_value (IMPASTO_EMBOSS_MATCAP_MASK_SOURCE_ALPHA,     "alpha", "Shape: cut out along transparency")
  enum_value (IMPASTO_EMBOSS_MATCAP_MASK_SOURCE_LUMINANCE, "luminance", "Brightness: transparency kept")
enum_end (ImpastoEmbossMatcapMaskSource)

enum_start (impasto_emboss_matcap_result)
  enum_value (IMPASTO_EMBOSS_MATCAP_RESULT_SHADED,     "shaded", "Shaded relief")
  enum_value (IMPASTO_EMBOSS_MATCAP_RESULT_HEIGHT,     "height", "Height field")
  enum_value (IMPASTO_EMBOSS_MATCAP_RESULT_NORMALS,    "normals", "Normal map")
  enum_value (IMPASTO_EMBOSS_MATCAP_RESULT_HEMISPHERE, "hemisphere", "Shading hemisphere")
enum_end (ImpastoEmbossMatcapOutput)

property_double (radius, _("Radius"), 10.0)
    description (_("How far in from the edge of the mask the relief rises, in pixels"))
    value_range (0.0, 1000.0)
    ui_range    (0.0, 100.0)
    ui_meta     ("unit", "pixel-distance")

property_double (scale, _("Depth"), 10.0)
    description (_("How steep the relief looks to the lighting (the normal scale)"))
    value_range (0.0, 1000.0)
    ui_range    (0.0, 50.0)

property_enum (profile, _("Profile"), ImpastoEmbossMatcapProfile, impasto_emboss_matcap_profile,
               IMPASTO_EMBOSS_MATCAP_PROFILE_ROUND)
    description (_("Shape of the edge: round (a quarter circle), linear (a bevel) or smooth (an S curve)"))

property_double (liquify, _("Liquify"), 0.0)
    description (_("Blur the mask by this many pixels and threshold it at 50% first, so nearby shapes flow together like liquid metal (0: off)"))
    value_range (0.0, 200.0)
    ui_range    (0.0, 20.0)
    ui_meta     ("unit", "pixel-distance")

property_enum (mask_source, _("Mask"), ImpastoEmbossMatcapMaskSource, impasto_emboss_matcap_mask_source,
               IMPASTO_EMBOSS_MATCAP_MASK_SOURCE_ALPHA)
    description (_("Shape: the layer's opaque parts rise and the result takes their outline (a layer without an alpha channel is embossed by its brightness). Brightness: bright parts rise, dark parts stay low, and the layer stays as opaque as it was"))

property_enum (result, _("Result"), ImpastoEmbossMatcapOutput, impasto_emboss_matcap_result,
               IMPASTO_EMBOSS_MATCAP_RESULT_SHADED)
    description (_("The shaded relief, or the height field, normal map or hemisphere it is made from"))
