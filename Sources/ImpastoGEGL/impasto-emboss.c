/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto:emboss — MercurialText's embossed look: a mask (alpha or luminance) becomes a
 * rounded height field, shaded from a procedural picture of a lit hemisphere (a preset, or
 * the custom lights and material). It has no aux pad, so that GIMP 3 can keep it as a live,
 * editable filter; impasto:emboss-matcap shades from a picture instead. The maths is Swift
 * (ImpastoKernels/Emboss.swift and friends), reached through impasto-abi.h; the area-op
 * plumbing both emboss ops share is in impasto-gegl-shared.c. */

#include "impasto-i18n.h"  /* _() and the enum chant translate in the domain "impasto" (GETTEXT_PACKAGE) */

#ifdef GEGL_PROPERTIES

/* The properties, generated from the Swift declarations (docs/architecture.md). */
#include "generated/impasto-emboss-properties.h"

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

  impasto_gegl_emboss_formats (operation, o->result == IMPASTO_EMBOSS_RESULT_HEIGHT ||
                                          o->result == IMPASTO_EMBOSS_RESULT_NORMALS);
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
