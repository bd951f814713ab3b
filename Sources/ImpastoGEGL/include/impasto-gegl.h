/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-gegl.h — the ops of Impasto's GEGL module, registered by module.c. */
#ifndef IMPASTO_GEGL_H
#define IMPASTO_GEGL_H

#include <glib-object.h>
#include <gegl.h>
#include "impasto-abi.h"

/* Defined by each chant file through gegl-op.h (GEGL_OP_NAME), for every op of the list. */
#define IMPASTO_OP(name) void gegl_op_##name##_register_type (GTypeModule *module);
#include "../generated/impasto-ops.h"
#undef IMPASTO_OP

typedef struct _GeglOperationContext GeglOperationContext;

/* The parallel-for the Swift kernels of the emboss ops get (impasto-gegl-shared.c). */
void     impasto_gegl_parallel     (size_t size, ImpastoRangeFunc func, void *data);

/* The GEGL buffers one process() call hands its kernel. */
typedef struct
{
  GeglOperation *operation;
  GeglBuffer    *input;          /* what io.read reads: the input, or an area op's bump */
  GeglRectangle  window;         /* its rows: the result and the margin around it */
  int            abyss;          /* GeglAbyssPolicy beyond the input's extent */
  GeglBuffer    *color;          /* what io.read_color reads (at result), or NULL */
  GeglBuffer    *output;
  GeglRectangle  result;
  const Babl    *input_format;
  const Babl    *color_format;
  const Babl    *output_format;
} ImpastoGeglBuffers;

/* An area filter's buffers for result: the input read over the result and the filter's
 * margins (area->left …), beyond its extent as abyss says, in the pads' formats; no colour. */
ImpastoGeglBuffers impasto_gegl_area_buffers (GeglOperation       *operation,
                                              GeglBuffer          *input,
                                              GeglBuffer          *output,
                                              const GeglRectangle *result,
                                              GeglAbyssPolicy      abyss);

/* The scratch pool every op's kernel works in (kept for as long as the module is loaded). */
ImpastoScratch *impasto_gegl_scratch (void);

/* The io a kernel reads and writes buffers through, in impasto_gegl_scratch: serial, no
 * progress (set io.parallel and io.progress = impasto_gegl_progress for an op rendering on threads
 * of its own, as the emboss ops do). */
ImpastoIO impasto_gegl_io          (ImpastoGeglBuffers *buffers);

/* io.progress for GEGL: gegl_operation_progress on the buffers' operation. */
void     impasto_gegl_progress     (double done, void *buffers);

/* A bump layer's format for pad: R'G'B'A or R'G'B' float when it is perceptual RGB (what
 * GIMP hands an op for an 8-bit image: the kernel's luma is cheaper than babl's Y'A), Y'A
 * float otherwise; in the pad's space. */
const Babl *impasto_gegl_bump_format (GeglOperation *operation, const char *pad);

/* The bump format of the normal-map ops (impasto:bristle-normal-map, impasto:normal-light):
 * impasto_gegl_bump_format's, but 8-bit R'G'B'A as it is, R'G'B'A u8 (ImpastoIO.samples). */
const Babl *impasto_gegl_height_format (GeglOperation *operation, const char *pad);

/* A painting a kernel lights (the "input" pad of impasto:normal-light and
 * impasto:paint-relief): how the kernel takes its colour (ImpastoIO.color_codes: 0 linear
 * RGBA float, 1 R'G'B'A u8, 2 R'G'B'A float, the last two of sRGB's curve, decoded by the
 * kernel), and that format in the input's space. */
gint        impasto_gegl_painting_codes  (GeglOperation *operation);
const Babl *impasto_gegl_painting_format (GeglOperation *operation);

/* color as linear RGB of space, as the kernels take a colour (impasto-abi-settings.h): its
 * "RGB float" pixel, widened. NULL: black. */
void        impasto_gegl_rgb             (GeglColor     *color,
                                          const Babl    *space,
                                          double         rgb[3]);

/* IMPASTO_<OP>_SETTINGS (o, space, settings) for each op (generated). */
#include "../generated/impasto-settings.h"

/* Whether the space's three curves are sRGB's: then a kernel may apply the curve itself
 * (SRGB.decode8 in the kernels) instead of asking babl for a conversion. */
gboolean impasto_gegl_has_srgb_curve (const Babl *space);

/* The emboss ops (area ops: a region from the input within impasto_emboss_margin of it): the
 * class plumbing both share (bounding box, the regions a region needs and a change reaches,
 * an endless input passed through), given the op's relief parameters by `params`; their
 * formats; and one render of impasto_emboss over `result`, shading from `picture` (the aux
 * pad's buffer) or, when it is NULL, from the procedural hemisphere the params describe.
 * FALSE, with a warning naming the op, when the memory is not there. */
typedef void (*ImpastoEmbossParamsFunc) (GeglOperation *operation, ImpastoEmbossParams *params);

void     impasto_gegl_emboss_class_init (GeglOperationClass *operation_class, ImpastoEmbossParamsFunc params);
void     impasto_gegl_emboss_formats    (GeglOperation *operation, gboolean map);
gboolean impasto_gegl_emboss            (GeglOperation       *operation,
                                         GeglBuffer          *input,
                                         GeglBuffer          *picture,
                                         GeglBuffer          *output,
                                         const GeglRectangle *result);

/* For an operation_process override: the input becomes the output unchanged. */
gboolean impasto_gegl_pass_through (GeglOperationContext *context);

#endif
