/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto:paint-relief — paint that lights itself, as BristlePaint's and MercurialPaint's
 * canvases do: a layer's own alpha is its relief, lit like impasto:normal-light but with no
 * second layer, so that GIMP 3 keeps it as a live filter on the layer being painted and each
 * stroke shows as glossy impasto while it is painted. An area filter: a dab re-renders only
 * the margin around it. The maths is Swift (ImpastoKernels/PaintRelief.swift), reached
 * through impasto-abi.h; this file only declares the op to GEGL. */

#include "impasto-i18n.h"  /* _() and the enum chant translate in the domain "impasto" (GETTEXT_PACKAGE) */

#ifdef GEGL_PROPERTIES

/* The properties, generated from the Swift declarations (docs/architecture.md). */
#include "generated/impasto-paint-relief-properties.h"

#else

#define GEGL_OP_AREA_FILTER
#define GEGL_OP_NAME     impasto_paint_relief
#define GEGL_OP_C_SOURCE impasto-paint-relief.c

#include "gegl-op.h"
#include "impasto-gegl.h"

/* Each output pixel needs the alpha within the normals' margin (blur reach + 1): GEGL reads
 * that much around every piece it hands to process(). */
static void
prepare (GeglOperation *operation)
{
  GeglOperationAreaFilter *area  = GEGL_OPERATION_AREA_FILTER (operation);
  const Babl              *space = gegl_operation_get_source_space (operation, "input");

  area->left = area->right = area->top = area->bottom =
    impasto_bristle_normal_map_margin (GEGL_PROPERTIES (operation)->smoothness);

  /* The painting is read once for its alpha (the heights, with the margin) and once for its
   * colour, both in the format its colour is lit from. */
  gegl_operation_set_format (operation, "input",  impasto_gegl_painting_format (operation));
  gegl_operation_set_format (operation, "output", babl_format_with_space ("RGBA float", space));
}

static GeglRectangle
get_bounding_box (GeglOperation *operation)
{
  const GeglRectangle *in = gegl_operation_source_get_bounding_box (operation, "input");

  return in ? *in : *GEGL_RECTANGLE (0, 0, 0, 0);
}

/* Beyond the borders the paint's edge pixels repeat: paint reaching the layer's edge does not
 * fall off a cliff there. */
static GeglAbyssPolicy
get_abyss_policy (GeglOperation *operation,
                  const gchar   *input_pad)
{
  return GEGL_ABYSS_CLAMP;
}

/* Serial: GEGL already runs pieces of an area filter on its threads. */
static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  GeglProperties           *o       = GEGL_PROPERTIES (operation);
  ImpastoGeglBuffers        buffers = impasto_gegl_area_buffers (operation, input, output, result,
                                                                 get_abyss_policy (operation, "input"));
  ImpastoIO                 io;
  ImpastoPaintReliefParams  params;

  /* The painting is also the colour lit (at the result), in the same format. */
  buffers.color        = input;
  buffers.color_format = buffers.input_format;
  io                   = impasto_gegl_io (&buffers);
  IMPASTO_PAINT_RELIEF_SETTINGS (o, gegl_operation_get_source_space (operation, "input"), params.settings);
  io.color_codes = impasto_gegl_painting_codes (operation);  /* as prepare() asked for the input */
  impasto_paint_relief (&io, &params);
  return TRUE;
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GeglOperationClass           *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationFilterClass     *filter_class    = GEGL_OPERATION_FILTER_CLASS (klass);
  GeglOperationAreaFilterClass *area_class      = GEGL_OPERATION_AREA_FILTER_CLASS (klass);

  operation_class->prepare          = prepare;
  operation_class->get_bounding_box = get_bounding_box;
  operation_class->threaded         = TRUE;
  area_class->get_abyss_policy      = get_abyss_policy;
  filter_class->process             = process;

  gegl_operation_class_set_keys (operation_class,
    "name",            "impasto:paint-relief",
    "license",         "GPL3+",
    "title",           _("Impasto Paint Relief"),
    "categories",      "light",
    "gimp:menu-path",  "<Image>/Filters/Light and Shadow",
    "gimp:menu-label", _("Impasto Paint Relief..."),
    "description",     _("Lights a layer's paint by its own relief, for a glossy impasto look: "
                       "the paint's opacity is its height, so every brush stroke on a "
                       "transparent layer stands out, lit from one side. Keep it on the layer "
                       "you paint on and the strokes show lit as you paint"),
    NULL);
}

#endif
