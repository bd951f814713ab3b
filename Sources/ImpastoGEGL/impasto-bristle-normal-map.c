/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto:bristle-normal-map — BristlePaint's bump layer (white strokes at low opacity) as a
 * normal map, like SpriteKit's generatingNormalMap(withSmoothness:contrast:). The maths is
 * Swift (ImpastoKernels/NormalMap.swift), reached through impasto-abi.h; this file only
 * declares the op to GEGL. */

#include "impasto-i18n.h"  /* _() and the enum chant translate in the domain "impasto" (GETTEXT_PACKAGE) */

#ifdef GEGL_PROPERTIES

/* The properties, generated from the Swift declarations (docs/architecture.md). */
#include "generated/impasto-bristle-normal-map-properties.h"

#else

#define GEGL_OP_AREA_FILTER
#define GEGL_OP_NAME     impasto_bristle_normal_map
#define GEGL_OP_C_SOURCE impasto-bristle-normal-map.c

#include "gegl-op.h"
#include "impasto-gegl.h"

/* Whether the output is linear RGBA: when the input is, with sRGB's curve. */
static gboolean
linear_output (GeglOperation *operation)
{
  const Babl *source = gegl_operation_get_source_format (operation, "input");

  return source && babl_model_is (babl_format_get_model (source), "RGBA")
         && impasto_gegl_has_srgb_curve (babl_format_get_space (source));
}

/* Each output pixel needs the heights within the kernel's margin (blur reach + 1): GEGL
 * reads that much around every piece it hands to process(). */
static void
prepare (GeglOperation *operation)
{
  GeglOperationAreaFilter *area   = GEGL_OPERATION_AREA_FILTER (operation);
  GeglProperties          *o      = GEGL_PROPERTIES (operation);
  const Babl              *space  = gegl_operation_get_source_space (operation, "input");
  const Babl              *format = impasto_gegl_height_format (operation, "input");

  area->left = area->right = area->top = area->bottom =
    impasto_bristle_normal_map_margin (o->smoothness);

  gegl_operation_set_format (operation, "input", format);
  /* A normal map is data: the code values tools expect, not light. A linear image gets those
   * colours in linear RGBA, undone by the kernel as it writes (babl's R'G'B'A → RGBA float
   * would be another pass over every pixel). */
  gegl_operation_set_format (operation, "output",
                             babl_format_with_space (linear_output (operation) ? "RGBA float" : "R'G'B'A float", space));
}

static GeglRectangle
get_bounding_box (GeglOperation *operation)
{
  const GeglRectangle *in = gegl_operation_source_get_bounding_box (operation, "input");

  return in ? *in : *GEGL_RECTANGLE (0, 0, 0, 0);
}

/* Beyond the borders: the edge pixels repeat, or the opposite border follows (GEGL then
 * asks for the far side of the input too). */
static GeglAbyssPolicy
get_abyss_policy (GeglOperation *operation,
                  const gchar   *input_pad)
{
  return GEGL_PROPERTIES (operation)->tileable ? GEGL_ABYSS_LOOP : GEGL_ABYSS_CLAMP;
}

/* Serial: GEGL already runs pieces of an area filter on its threads. */
static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  GeglProperties          *o       = GEGL_PROPERTIES (operation);
  ImpastoGeglBuffers       buffers = impasto_gegl_area_buffers (operation, input, output, result,
                                                                get_abyss_policy (operation, "input"));
  ImpastoIO                io      = impasto_gegl_io (&buffers);
  ImpastoNormalMapParams   params  = {
    .linear = babl_model_is (babl_format_get_model (buffers.output_format), "RGBA") };

  IMPASTO_BRISTLE_NORMAL_MAP_SETTINGS (o, NULL, params.settings);

  impasto_bristle_normal_map (&io, &params);
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
    "name",            "impasto:bristle-normal-map",
    "license",         "GPL3+",
    "title",           _("Impasto Bristle Normal Map"),
    "categories",      "map",
    "gimp:menu-path",  "<Image>/Filters/Map",
    "gimp:menu-label", _("Impasto Bristle Normal Map..."),
    "description",     _("Turns a bump layer (white strokes painted at low opacity) into a "
                       "normal map for lighting: bright is high, every bristle stroke a "
                       "ridge; the slopes are encoded as R'G'B' (OpenGL: green up)"),
    NULL);
}

#endif
