/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto:pencil-hue-saturation — PencilController's pen-controlled hue and saturation.
 * The maths is Swift (ImpastoKernels/PencilHueSaturation.swift), reached through
 * impasto-abi.h; this file only declares the op to GEGL. */

#include "impasto-i18n.h"  /* _() and the enum chant translate in the domain "impasto" (GETTEXT_PACKAGE) */

#ifdef GEGL_PROPERTIES

/* The properties, generated from the Swift declarations (docs/architecture.md). */
#include "generated/impasto-pencil-hue-saturation-properties.h"

#else

#define GEGL_OP_POINT_FILTER
#define GEGL_OP_NAME     impasto_pencil_hue_saturation
#define GEGL_OP_C_SOURCE impasto-pencil-hue-saturation.c

#include "gegl-op.h"
#include "impasto-gegl.h"

/* R'G'B'A float (RGBA float when linear), or the source's own 8- or 16-bit codes of that
 * model: the kernel reads and writes those as they are, cheaper than babl's conversions to
 * float and back (for u16 they were more than half of the op's time). */
static void
prepare (GeglOperation *operation)
{
  GeglProperties *o      = GEGL_PROPERTIES (operation);
  const Babl     *space  = gegl_operation_get_source_space (operation, "input");
  const Babl     *source = gegl_operation_get_source_format (operation, "input");
  const Babl     *format = babl_format_with_space (o->linear ? "RGBA float" : "R'G'B'A float", space);

  if (source && (source == babl_format_with_space (o->linear ? "RGBA u8" : "R'G'B'A u8", space) ||
                 source == babl_format_with_space (o->linear ? "RGBA u16" : "R'G'B'A u16", space)))
    format = source;
  gegl_operation_set_format (operation, "input", format);
  gegl_operation_set_format (operation, "output", format);
}

static gboolean
process (GeglOperation       *operation,
         void                *in_buf,
         void                *out_buf,
         glong                n_pixels,
         const GeglRectangle *roi,
         gint                 level)
{
  GeglProperties      *o      = GEGL_PROPERTIES (operation);
  const Babl          *type   = babl_format_get_type (gegl_operation_get_format (operation, "output"), 0);
  /* n_pixels are the roi's, row after row; serial: GEGL already runs pieces on its threads. */
  ImpastoIO            io     = {
    .width      = roi->width,
    .height     = roi->width > 0 ? n_pixels / roi->width : 0,
    .components = 4,
    .in         = in_buf,
    .out        = out_buf,
    .samples    = type == babl_type ("u8")  ? IMPASTO_U8  :
                  type == babl_type ("u16") ? IMPASTO_U16 : IMPASTO_FLOAT,
    .scratch    = impasto_gegl_scratch (),
  };
  ImpastoPencilParams  params;

  IMPASTO_PENCIL_HUE_SATURATION_SETTINGS (o, NULL, params.settings);

  impasto_pencil_hue_saturation (&io, &params);
  return TRUE;
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GeglOperationClass            *operation_class    = GEGL_OPERATION_CLASS (klass);
  GeglOperationPointFilterClass *point_filter_class = GEGL_OPERATION_POINT_FILTER_CLASS (klass);

  operation_class->prepare    = prepare;
  point_filter_class->process = process;

  gegl_operation_class_set_keys (operation_class,
    "name",            "impasto:pencil-hue-saturation",
    "license",         "GPL3+",
    "title",           _("Impasto Pencil Hue/Saturation"),
    "categories",      "color",
    "gimp:menu-path",  "<Image>/Colors",
    "gimp:menu-label", _("Impasto Pencil Hue/Saturation..."),
    "description",     _("Rotates the hue by the way a pen points (180° + azimuth) and sets the "
                       "saturation by how far it leans (altitude); the defaults change nothing"),
    NULL);
}

#endif
