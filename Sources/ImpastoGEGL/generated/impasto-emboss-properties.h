/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-emboss-properties.h — impasto:emboss's properties, included inside the
 * GEGL_PROPERTIES part of impasto-emboss.c (no include guard: GEGL reads that part
 * several times).
 * Written by impasto-generate from the Swift declarations: do not edit
 * (docs/architecture.md, "Add a parameter", "Add an op"). */

enum_start (impasto_emboss_profile)
  enum_value (IMPASTO_EMBOSS_PROFILE_ROUND,  "round", "Round")
  enum_value (IMPASTO_EMBOSS_PROFILE_LINEAR, "linear", "Linear")
  enum_value (IMPASTO_EMBOSS_PROFILE_SMOOTH, "smooth", "Smooth")
enum_end (ImpastoEmbossProfile)

enum_start (impasto_emboss_mask_source)
  enum_value (IMPASTO_EMBOSS_MASK_SOURCE_ALPHA,     "alpha", "Shape: cut out along transparency")
  enum_value (IMPASTO_EMBOSS_MASK_SOURCE_LUMINANCE, "luminance", "Brightness: transparency kept")
enum_end (ImpastoEmbossMaskSource)

enum_start (impasto_emboss_result)
  enum_value (IMPASTO_EMBOSS_RESULT_SHADED,     "shaded", "Shaded relief")
  enum_value (IMPASTO_EMBOSS_RESULT_HEIGHT,     "height", "Height field")
  enum_value (IMPASTO_EMBOSS_RESULT_NORMALS,    "normals", "Normal map")
  enum_value (IMPASTO_EMBOSS_RESULT_HEMISPHERE, "hemisphere", "Shading hemisphere")
enum_end (ImpastoEmbossOutput)

enum_start (impasto_emboss_preset)
  enum_value (IMPASTO_EMBOSS_PRESET_CUSTOM,   "custom", "Custom (lights and material below)")
  enum_value (IMPASTO_EMBOSS_PRESET_MERCURY,  "mercury", "Mercury")
  enum_value (IMPASTO_EMBOSS_PRESET_GOLD,     "gold", "Gold")
  enum_value (IMPASTO_EMBOSS_PRESET_CHROME,   "chrome", "Chrome")
  enum_value (IMPASTO_EMBOSS_PRESET_COPPER,   "copper", "Copper")
  enum_value (IMPASTO_EMBOSS_PRESET_PLASTIC,  "plastic", "Plastic")
  enum_value (IMPASTO_EMBOSS_PRESET_PEARL,    "pearl", "Pearl")
  enum_value (IMPASTO_EMBOSS_PRESET_OBSIDIAN, "obsidian", "Obsidian")
enum_end (ImpastoEmbossPreset)

enum_start (impasto_emboss_model)
  enum_value (IMPASTO_EMBOSS_MODEL_SHINY, "shiny", "Shiny (Blinn-Phong)")
  enum_value (IMPASTO_EMBOSS_MODEL_PBR,   "pbr", "Physically based (metalness, roughness)")
enum_end (ImpastoEmbossModel)

property_double (radius, _("Radius"), 10.0)
    description (_("How far in from the edge of the mask the relief rises, in pixels"))
    value_range (0.0, 1000.0)
    ui_range    (0.0, 100.0)
    ui_meta     ("unit", "pixel-distance")

property_double (scale, _("Depth"), 10.0)
    description (_("How steep the relief looks to the lighting (the normal scale)"))
    value_range (0.0, 1000.0)
    ui_range    (0.0, 50.0)

property_enum (profile, _("Profile"), ImpastoEmbossProfile, impasto_emboss_profile,
               IMPASTO_EMBOSS_PROFILE_ROUND)
    description (_("Shape of the edge: round (a quarter circle), linear (a bevel) or smooth (an S curve)"))

property_double (liquify, _("Liquify"), 0.0)
    description (_("Blur the mask by this many pixels and threshold it at 50% first, so nearby shapes flow together like liquid metal (0: off)"))
    value_range (0.0, 200.0)
    ui_range    (0.0, 20.0)
    ui_meta     ("unit", "pixel-distance")

property_enum (mask_source, _("Mask"), ImpastoEmbossMaskSource, impasto_emboss_mask_source,
               IMPASTO_EMBOSS_MASK_SOURCE_ALPHA)
    description (_("Shape: the layer's opaque parts rise and the result takes their outline (a layer without an alpha channel is embossed by its brightness). Brightness: bright parts rise, dark parts stay low, and the layer stays as opaque as it was"))

property_enum (result, _("Result"), ImpastoEmbossOutput, impasto_emboss_result,
               IMPASTO_EMBOSS_RESULT_SHADED)
    description (_("The shaded relief, or the height field, normal map or hemisphere it is made from"))

property_enum (preset, _("Look"), ImpastoEmbossPreset, impasto_emboss_preset,
               IMPASTO_EMBOSS_PRESET_MERCURY)
    description (_("The lit hemisphere the relief is shaded from; Custom uses the lights and material below"))

property_color (color, _("Material color"), "rgb(0.8, 0.8, 0.8)")
    description (_("Base colour of the custom material"))
    ui_meta     ("visible", "preset {custom}")

property_enum (model, _("Material"), ImpastoEmbossModel, impasto_emboss_model,
               IMPASTO_EMBOSS_MODEL_SHINY)
    description (_("Shading model of the custom material"))
    ui_meta     ("visible", "preset {custom}")

property_double (shininess, _("Shininess"), 40.0)
    description (_("Shiny model: the size of the highlights (higher is smaller and sharper)"))
    value_range (1.0, 256.0)
    ui_meta     ("visible", "preset {custom} & model {shiny}")

property_double (metalness, _("Metalness"), 0.0)
    description (_("Physically based model: 0 plastic, 1 metal"))
    value_range (0.0, 1.0)
    ui_meta     ("visible", "preset {custom} & model {pbr}")

property_double (roughness, _("Roughness"), 0.3)
    description (_("Physically based model: 0 mirror-smooth, 1 matte"))
    value_range (0.0, 1.0)
    ui_meta     ("visible", "preset {custom} & model {pbr}")

property_double (light1_x, _("Light 1 x"), -2.0)
    description (_("Light 1 position, right of the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light1_y, _("Light 1 y"), 2.0)
    description (_("Light 1 position, above the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light1_z, _("Light 1 z"), 3.0)
    description (_("Light 1 position, in front of the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light1_hue, _("Light 1 hue"), 0.0)
    description (_("Light 1 colour: hue in degrees"))
    value_range (0.0, 360.0)
    ui_meta     ("unit", "degree")
    ui_meta     ("visible", "preset {custom}")

property_double (light1_saturation, _("Light 1 saturation"), 0.0)
    description (_("Light 1 colour: saturation (0 white)"))
    value_range (0.0, 1.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light1_brightness, _("Light 1 brightness"), 1.0)
    description (_("Light 1 brightness (0: off)"))
    value_range (0.0, 2.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light2_x, _("Light 2 x"), 3.0)
    description (_("Light 2 position, right of the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light2_y, _("Light 2 y"), -1.0)
    description (_("Light 2 position, above the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light2_z, _("Light 2 z"), 2.0)
    description (_("Light 2 position, in front of the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light2_hue, _("Light 2 hue"), 210.0)
    description (_("Light 2 colour: hue in degrees"))
    value_range (0.0, 360.0)
    ui_meta     ("unit", "degree")
    ui_meta     ("visible", "preset {custom}")

property_double (light2_saturation, _("Light 2 saturation"), 0.3)
    description (_("Light 2 colour: saturation (0 white)"))
    value_range (0.0, 1.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light2_brightness, _("Light 2 brightness"), 0.4)
    description (_("Light 2 brightness (0: off)"))
    value_range (0.0, 2.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light3_x, _("Light 3 x"), 0.0)
    description (_("Light 3 position, right of the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light3_y, _("Light 3 y"), -3.0)
    description (_("Light 3 position, above the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light3_z, _("Light 3 z"), 1.0)
    description (_("Light 3 position, in front of the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light3_hue, _("Light 3 hue"), 30.0)
    description (_("Light 3 colour: hue in degrees"))
    value_range (0.0, 360.0)
    ui_meta     ("unit", "degree")
    ui_meta     ("visible", "preset {custom}")

property_double (light3_saturation, _("Light 3 saturation"), 0.3)
    description (_("Light 3 colour: saturation (0 white)"))
    value_range (0.0, 1.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light3_brightness, _("Light 3 brightness"), 0.3)
    description (_("Light 3 brightness (0: off)"))
    value_range (0.0, 2.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light4_x, _("Light 4 x"), 0.0)
    description (_("Light 4 position, right of the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light4_y, _("Light 4 y"), 0.0)
    description (_("Light 4 position, above the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light4_z, _("Light 4 z"), 4.0)
    description (_("Light 4 position, in front of the sphere's centre"))
    value_range (-10.0, 10.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light4_hue, _("Light 4 hue"), 0.0)
    description (_("Light 4 colour: hue in degrees"))
    value_range (0.0, 360.0)
    ui_meta     ("unit", "degree")
    ui_meta     ("visible", "preset {custom}")

property_double (light4_saturation, _("Light 4 saturation"), 0.0)
    description (_("Light 4 colour: saturation (0 white)"))
    value_range (0.0, 1.0)
    ui_meta     ("visible", "preset {custom}")

property_double (light4_brightness, _("Light 4 brightness"), 0.0)
    description (_("Light 4 brightness (0: off)"))
    value_range (0.0, 2.0)
    ui_meta     ("visible", "preset {custom}")
