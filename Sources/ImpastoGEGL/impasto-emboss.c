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

/* The relief and the look, as the properties say (impasto_gegl_emboss_class_init). */
static void
relief_params (GeglOperation       *operation,
               ImpastoEmbossParams *params)
{
  IMPASTO_EMBOSS_SETTINGS (GEGL_PROPERTIES (operation),
                           gegl_operation_get_source_space (operation, "input"), params->settings);
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
