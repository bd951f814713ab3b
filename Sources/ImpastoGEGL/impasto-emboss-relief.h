/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-emboss-relief.h — the relief's properties, the same in impasto:emboss and
 * impasto:emboss-matcap: included inside each chant file's GEGL_PROPERTIES part (GEGL reads
 * that part several times, so there is no include guard).
 *
 * GEGL registers a chant enum under its C type's name, and one name can be registered only
 * once: each op names its enums' types with its own IMPASTO_RELIEF_TYPES prefix
 * (ImpastoEmboss…, ImpastoEmbossMatcap…). The names go through two macros so that the prefix
 * is expanded before enum_end turns the name into the registered string.
 * ImpastoGEGLTests/OpPropertiesTests checks both ops against the kernels' declarations. */

#define IMPASTO_RELIEF_PASTE(prefix, name) prefix ## name
#define IMPASTO_RELIEF_NAME(prefix, name)  IMPASTO_RELIEF_PASTE (prefix, name)
#define IMPASTO_RELIEF_TYPE(name)          IMPASTO_RELIEF_NAME (IMPASTO_RELIEF_TYPES, name)
#define IMPASTO_RELIEF_ENUM_END(type)      enum_end (type)

enum_start (impasto_relief_profile)
  enum_value (IMPASTO_RELIEF_PROFILE_ROUND,  "round",  "Round")
  enum_value (IMPASTO_RELIEF_PROFILE_LINEAR, "linear", "Linear")
  enum_value (IMPASTO_RELIEF_PROFILE_SMOOTH, "smooth", "Smooth")
IMPASTO_RELIEF_ENUM_END (IMPASTO_RELIEF_TYPE (Profile))

enum_start (impasto_relief_mask_source)
  enum_value (IMPASTO_RELIEF_MASK_ALPHA,     "alpha",     "Shape: cut out along transparency")
  enum_value (IMPASTO_RELIEF_MASK_LUMINANCE, "luminance", "Brightness: transparency kept")
IMPASTO_RELIEF_ENUM_END (IMPASTO_RELIEF_TYPE (MaskSource))

enum_start (impasto_relief_output)
  enum_value (IMPASTO_RELIEF_OUTPUT_SHADED,     "shaded",     "Shaded relief")
  enum_value (IMPASTO_RELIEF_OUTPUT_HEIGHT,     "height",     "Height field")
  enum_value (IMPASTO_RELIEF_OUTPUT_NORMALS,    "normals",    "Normal map")
  enum_value (IMPASTO_RELIEF_OUTPUT_HEMISPHERE, "hemisphere", "Shading hemisphere")
IMPASTO_RELIEF_ENUM_END (IMPASTO_RELIEF_TYPE (Output))

property_double (radius, _("Radius"), 10.0)
    description (_("How far in from the edge of the mask the relief rises, in pixels"))
    value_range (0.0, 1000.0)
    ui_range    (0.0, 100.0)
    ui_meta     ("unit", "pixel-distance")

property_double (scale, _("Depth"), 10.0)
    description (_("How steep the relief looks to the lighting (the normal scale)"))
    value_range (0.0, 1000.0)
    ui_range    (0.0, 50.0)

property_enum (profile, _("Profile"), IMPASTO_RELIEF_TYPE (Profile), impasto_relief_profile,
               IMPASTO_RELIEF_PROFILE_ROUND)
    description (_("Shape of the edge: round (a quarter circle), linear (a bevel) or smooth (an S curve)"))

property_double (liquify, _("Liquify"), 0.0)
    description (_("Blur the mask by this many pixels and threshold it at 50% first, "
                 "so nearby shapes flow together like liquid metal (0: off)"))
    value_range (0.0, 200.0)
    ui_range    (0.0, 20.0)
    ui_meta     ("unit", "pixel-distance")

property_enum (mask_source, _("Mask"), IMPASTO_RELIEF_TYPE (MaskSource), impasto_relief_mask_source,
               IMPASTO_RELIEF_MASK_ALPHA)
    description (_("Shape: the layer's opaque parts rise and the result takes their outline (a "
                 "layer without an alpha channel is embossed by its brightness). Brightness: bright "
                 "parts rise, dark parts stay low, and the layer stays as opaque as it was"))

property_enum (result, _("Result"), IMPASTO_RELIEF_TYPE (Output), impasto_relief_output,
               IMPASTO_RELIEF_OUTPUT_SHADED)
    description (_("The shaded relief, or the height field, normal map or hemisphere it is made from"))
