/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto:emboss-matcap — impasto:emboss shaded from a picture: the aux pad takes any picture
 * of a lit sphere (a "matcap", as CIShadedMaterial took in MercurialText) and the relief
 * looks its colours up in it. Without a picture it shades from the default look. GIMP 3
 * cannot keep an op with an aux pad as a live filter, so this op has no menu entry of its
 * own: plug-in-impasto-emboss uses it for its shading-drawable, and the gegl CLI takes
 * aux=[ gegl:load path=ball.jpg ]. Its relief properties are impasto:emboss's (both are
 * generated from EmbossSettings.parameters). */

#include "impasto-i18n.h"  /* _() and the enum chant translate in the domain "impasto" (GETTEXT_PACKAGE) */

#ifdef GEGL_PROPERTIES

/* The properties, generated from the Swift declarations (docs/architecture.md). */
#include "generated/impasto-emboss-matcap-properties.h"

#else

#define GEGL_OP_COMPOSER
#define GEGL_OP_NAME     impasto_emboss_matcap
#define GEGL_OP_C_SOURCE impasto-emboss-matcap.c

#include "gegl-op.h"
#include "impasto-gegl.h"

static void
prepare (GeglOperation *operation)
{
  GeglProperties *o = GEGL_PROPERTIES (operation);

  impasto_gegl_emboss_formats (operation, o->result == IMPASTO_EMBOSS_MATCAP_RESULT_HEIGHT ||
                                          o->result == IMPASTO_EMBOSS_MATCAP_RESULT_NORMALS);
  gegl_operation_set_format (operation, "aux",
                             babl_format_with_space ("RGBA float",
                                                     gegl_operation_get_source_space (operation, "input")));
}

/* The relief, as the properties say (impasto_gegl_emboss_class_init); the look is the picture
 * (without one, the default look that params holds already). */
static void
relief_params (GeglOperation       *operation,
               ImpastoEmbossParams *params)
{
  IMPASTO_EMBOSS_MATCAP_SETTINGS (GEGL_PROPERTIES (operation), NULL, params->settings);
}

static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *aux,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  return impasto_gegl_emboss (operation, input, aux, output, result);
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GeglOperationClass         *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationComposerClass *composer_class  = GEGL_OPERATION_COMPOSER_CLASS (klass);

  impasto_gegl_emboss_class_init (operation_class, relief_params);
  operation_class->prepare = prepare;
  composer_class->process  = process;

  gegl_operation_class_set_keys (operation_class,
    "name",        "impasto:emboss-matcap",
    "license",     "GPL3+",
    "title",       _("Impasto Emboss from a Sphere Picture"),
    "categories",  "light",
    "description", _("Turns text, line art or any shape into a rounded relief, shaded from "
                   "a picture of a lit sphere (the aux input): each slope takes the colour "
                   "of the part of the sphere that faces the same way"),
    NULL);
}

#endif
