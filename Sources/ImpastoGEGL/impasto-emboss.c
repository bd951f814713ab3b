/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto:emboss — MercurialText's embossed look: a mask (alpha or luminance) becomes a
 * rounded height field, shaded from a procedural picture of a lit hemisphere (a preset, or
 * the custom lights and material). It has no aux pad, so that GIMP 3 can keep it as a live,
 * editable filter; impasto:emboss-matcap shades from a picture instead. The maths is Swift
 * (ImpastoKernels/Emboss.swift and friends), reached through impasto-abi.h; the area-op
 * plumbing both emboss ops share is in impasto-gegl-shared.c. */

#include "impasto-i18n.h"  /* _() and the enum chant translate in the domain "impasto" (GETTEXT_PACKAGE) */

#ifdef GEGL_PROPERTIES

/* The relief (radius, depth, profile, liquify, mask, result), as impasto:emboss-matcap has it. */
#define IMPASTO_RELIEF_TYPES ImpastoEmboss
#include "impasto-emboss-relief.h"

/* The nicks are the names of ImpastoKernels' Hemisphere presets (a test keeps them equal). */
enum_start (impasto_emboss_preset)
  enum_value (IMPASTO_EMBOSS_PRESET_CUSTOM,   "custom",   "Custom (lights and material below)")
  enum_value (IMPASTO_EMBOSS_PRESET_MERCURY,  "mercury",  "Mercury")
  enum_value (IMPASTO_EMBOSS_PRESET_GOLD,     "gold",     "Gold")
  enum_value (IMPASTO_EMBOSS_PRESET_CHROME,   "chrome",   "Chrome")
  enum_value (IMPASTO_EMBOSS_PRESET_COPPER,   "copper",   "Copper")
  enum_value (IMPASTO_EMBOSS_PRESET_PLASTIC,  "plastic",  "Plastic")
  enum_value (IMPASTO_EMBOSS_PRESET_PEARL,    "pearl",    "Pearl")
  enum_value (IMPASTO_EMBOSS_PRESET_OBSIDIAN, "obsidian", "Obsidian")
enum_end (ImpastoEmbossPreset)

enum_start (impasto_emboss_model)
  enum_value (IMPASTO_EMBOSS_MODEL_SHINY, "shiny", "Shiny (Blinn-Phong)")
  enum_value (IMPASTO_EMBOSS_MODEL_PBR,   "pbr",   "Physically based (metalness, roughness)")
enum_end (ImpastoEmbossModel)

property_enum (preset, _("Look"), ImpastoEmbossPreset, impasto_emboss_preset,
               IMPASTO_EMBOSS_PRESET_MERCURY)
    description (_("The lit hemisphere the relief is shaded from; Custom uses the lights and "
                 "material below"))

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

/* Four omni lights, as in MercurialText: position (scene space: x right, y up, z towards
 * the viewer; the sphere has radius 1), hue, saturation and brightness (0: off). */
#define IMPASTO_LIGHT(n, x, y, z, hue, saturation, brightness)                       \
property_double (light##n##_x, _("Light " #n " x"), x)                                  \
    description (_("Light " #n " position, right of the sphere's centre"))             \
    value_range (-10.0, 10.0)                                                        \
    ui_meta     ("visible", "preset {custom}")                                       \
property_double (light##n##_y, _("Light " #n " y"), y)                                  \
    description (_("Light " #n " position, above the sphere's centre"))                \
    value_range (-10.0, 10.0)                                                        \
    ui_meta     ("visible", "preset {custom}")                                       \
property_double (light##n##_z, _("Light " #n " z"), z)                                  \
    description (_("Light " #n " position, in front of the sphere's centre"))          \
    value_range (-10.0, 10.0)                                                        \
    ui_meta     ("visible", "preset {custom}")                                       \
property_double (light##n##_hue, _("Light " #n " hue"), hue)                            \
    description (_("Light " #n " colour: hue in degrees"))                             \
    value_range (0.0, 360.0)                                                         \
    ui_meta     ("unit", "degree")                                                   \
    ui_meta     ("visible", "preset {custom}")                                       \
property_double (light##n##_saturation, _("Light " #n " saturation"), saturation)      \
    description (_("Light " #n " colour: saturation (0 white)"))                       \
    value_range (0.0, 1.0)                                                           \
    ui_meta     ("visible", "preset {custom}")                                       \
property_double (light##n##_brightness, _("Light " #n " brightness"), brightness)      \
    description (_("Light " #n " brightness (0: off)"))                                \
    value_range (0.0, 2.0)                                                           \
    ui_meta     ("visible", "preset {custom}")

IMPASTO_LIGHT (1, -2.0,  2.0, 3.0,   0.0, 0.0, 1.0)
IMPASTO_LIGHT (2,  3.0, -1.0, 2.0, 210.0, 0.3, 0.4)
IMPASTO_LIGHT (3,  0.0, -3.0, 1.0,  30.0, 0.3, 0.3)
IMPASTO_LIGHT (4,  0.0,  0.0, 4.0,   0.0, 0.0, 0.0)

#else

#define GEGL_OP_FILTER
#define GEGL_OP_NAME     impasto_emboss
#define GEGL_OP_C_SOURCE impasto-emboss.c

#include "gegl-op.h"
#include "impasto-gegl.h"

static void
prepare (GeglOperation *operation)
{
  GeglProperties *o = GEGL_PROPERTIES (operation);

  impasto_gegl_emboss_formats (operation, o->result == IMPASTO_RELIEF_OUTPUT_HEIGHT ||
                                          o->result == IMPASTO_RELIEF_OUTPUT_NORMALS);
}

static void
set_light (ImpastoLight *light,
           gdouble x, gdouble y, gdouble z, gdouble hue, gdouble saturation, gdouble brightness)
{
  *light = (ImpastoLight) { x, y, z, hue, saturation, brightness };
}

/* The name of a preset value: the string the Swift side looks the hemisphere up by. */
static const gchar *
preset_nick (gint value)
{
  GEnumClass  *presets = g_type_class_ref (impasto_emboss_preset_get_type ());
  GEnumValue  *preset  = g_enum_get_value (presets, value);
  const gchar *nick    = preset ? preset->value_nick : "custom";

  g_type_class_unref (presets);  /* a static enum: its strings stay */
  return nick;
}

/* The relief and the look, as the properties say (impasto_gegl_emboss_class_init). */
static void
relief_params (GeglOperation       *operation,
               ImpastoEmbossParams *params)
{
  GeglProperties *o = GEGL_PROPERTIES (operation);

  *params = (ImpastoEmbossParams) {
    .radius      = o->radius,
    .scale       = o->scale,
    .profile     = o->profile,
    .liquify     = o->liquify,
    .mask_source = o->mask_source,
    .output      = o->result,
    .preset      = preset_nick (o->preset),
    .shininess   = o->shininess,
    .metalness   = o->metalness,
    .roughness   = o->roughness,
    .model       = o->model,
  };
  set_light (&params->lights[0], o->light1_x, o->light1_y, o->light1_z,
             o->light1_hue, o->light1_saturation, o->light1_brightness);
  set_light (&params->lights[1], o->light2_x, o->light2_y, o->light2_z,
             o->light2_hue, o->light2_saturation, o->light2_brightness);
  set_light (&params->lights[2], o->light3_x, o->light3_y, o->light3_z,
             o->light3_hue, o->light3_saturation, o->light3_brightness);
  set_light (&params->lights[3], o->light4_x, o->light4_y, o->light4_z,
             o->light4_hue, o->light4_saturation, o->light4_brightness);
  gegl_color_get_pixel (o->color, babl_format_with_space ("RGB float",
                        gegl_operation_get_source_space (operation, "input")), params->color);
}

static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  return impasto_gegl_emboss (operation, input, NULL, output, result);
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GeglOperationClass       *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationFilterClass *filter_class    = GEGL_OPERATION_FILTER_CLASS (klass);

  impasto_gegl_emboss_class_init (operation_class, relief_params);
  operation_class->prepare = prepare;
  filter_class->process    = process;

  gegl_operation_class_set_keys (operation_class,
    "name",            "impasto:emboss",
    "license",         "GPL3+",
    "title",           _("Impasto Emboss"),
    "categories",      "light",
    "gimp:menu-path",  "<Image>/Filters/Light and Shadow",
    "gimp:menu-label", _("Impasto Emboss..."),
    "description",     _("Turns text, line art or any shape into a rounded relief that looks "
                       "like polished metal, plastic or pearl, lit by a studio and coloured "
                       "lights"),
    NULL);
}

#endif
