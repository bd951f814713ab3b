/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-gegl-shared.c — what several of Impasto's chant files need alike.
 *
 * impasto_gegl_io: the ImpastoIO (impasto-abi.h) over an op's GEGL buffers, so that every
 * op hands its kernel rows, scratch and progress the same way.
 *
 * impasto_gegl_scratch: the one scratch pool of all the module's ops. Like GEGL's own
 * gegl_temp_buffer it lives as long as the module (which is never unloaded): it holds a
 * buffer set per thread at work, grown to the largest piece, so no process() call
 * allocates once they have grown.
 *
 * impasto_gegl_parallel: the parallel-for that the Swift kernels of the emboss ops use. Such
 * an op renders each region it is asked for in one process() call (split among GEGL's threads,
 * every piece would read its margin again), and GEGL makes that call from inside its own
 * parallel rendering of the sink; gegl_parallel_distribute has one pool and runs nested calls
 * serially, so it would use one core. Instead this starts its own threads, as many as GEGL's
 * "threads" setting (GEGL_THREADS, GIMP's preference) allows. */
#include <gegl-plugin.h>
#include "impasto-gegl.h"

#define IMPASTO_MAX_THREADS 64

typedef struct
{
  ImpastoRangeFunc func;
  void            *data;
  size_t           offset;
  size_t           size;
} ImpastoPiece;

static gpointer
run_piece (gpointer data)
{
  ImpastoPiece *piece = data;

  piece->func (piece->offset, piece->size, piece->data);
  return NULL;
}

void
impasto_gegl_parallel (size_t           size,
                       ImpastoRangeFunc func,
                       void            *data)
{
  ImpastoPiece pieces[IMPASTO_MAX_THREADS];
  GThread     *threads[IMPASTO_MAX_THREADS];
  gint         n = 1;
  gint         i;

  if (size == 0)
    return;

  g_object_get (gegl_config (), "threads", &n, NULL);
  n = (gint) MIN ((size_t) CLAMP (n, 1, IMPASTO_MAX_THREADS), size);

  for (i = 0; i < n; i++)
    {
      pieces[i].func   = func;
      pieces[i].data   = data;
      pieces[i].offset = size * i / n;
      pieces[i].size   = size * (i + 1) / n - pieces[i].offset;
    }

  /* A thread that cannot be started (process limits) is no reason to abort the host
   * application: its piece then runs here. */
  for (i = 1; i < n; i++)
    threads[i] = g_thread_try_new ("impasto", run_piece, &pieces[i], NULL);

  run_piece (&pieces[0]);

  for (i = 1; i < n; i++)
    {
      if (threads[i])
        g_thread_join (threads[i]);
      else
        run_piece (&pieces[i]);
    }
}

static void
read_rows (long y, long rows, float *samples, void *data)
{
  ImpastoGeglBuffers *b = data;

  gegl_buffer_get (b->input, GEGL_RECTANGLE (b->window.x, b->window.y + y, b->window.width, rows),
                   1.0, b->input_format, samples, GEGL_AUTO_ROWSTRIDE, b->abyss);
}

static void
read_color_rows (long y, long rows, float *rgba, void *data)
{
  ImpastoGeglBuffers *b = data;

  gegl_buffer_get (b->color, GEGL_RECTANGLE (b->result.x, b->result.y + y, b->result.width, rows),
                   1.0, b->color_format, rgba, GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
}

static void
write_rows (long y, long rows, const float *rgba, void *data)
{
  ImpastoGeglBuffers *b = data;

  gegl_buffer_set (b->output, GEGL_RECTANGLE (b->result.x, b->result.y + y, b->result.width, rows),
                   0, b->output_format, rgba, GEGL_AUTO_ROWSTRIDE);
}

void
impasto_gegl_progress (double  done,
                       void   *buffers)
{
  gegl_operation_progress (((ImpastoGeglBuffers *) buffers)->operation, done, "");
}

ImpastoScratch *
impasto_gegl_scratch (void)
{
  static gsize scratch = 0;

  if (g_once_init_enter (&scratch))
    g_once_init_leave (&scratch, (gsize) impasto_scratch_new ());
  return (ImpastoScratch *) scratch;
}

ImpastoGeglBuffers
impasto_gegl_area_buffers (GeglOperation       *operation,
                           GeglBuffer          *input,
                           GeglBuffer          *output,
                           const GeglRectangle *result,
                           GeglAbyssPolicy      abyss)
{
  GeglOperationAreaFilter *area = GEGL_OPERATION_AREA_FILTER (operation);

  return (ImpastoGeglBuffers) {
    .operation     = operation,
    .input         = input,
    .window        = { result->x - area->left, result->y - area->top,
                       result->width + area->left + area->right,
                       result->height + area->top + area->bottom },
    .abyss         = abyss,
    .output        = output,
    .result        = *result,
    .input_format  = gegl_operation_get_format (operation, "input"),
    .output_format = gegl_operation_get_format (operation, "output"),
  };
}

ImpastoIO
impasto_gegl_io (ImpastoGeglBuffers *buffers)
{
  ImpastoIO io = {
    .width      = buffers->result.width,
    .height     = buffers->result.height,
    .margin     = (buffers->window.width - buffers->result.width) / 2,
    .components = babl_format_get_n_components (buffers->input_format),
    .read       = read_rows,
    .read_color = buffers->color ? read_color_rows : NULL,
    .samples    = babl_format_get_type (buffers->input_format, 0) == babl_type ("u8") ? IMPASTO_U8
                                                                                    : IMPASTO_FLOAT,
    .linear     = babl_model_is (babl_format_get_model (buffers->input_format), "YA"),
    .write      = write_rows,
    .scratch    = impasto_gegl_scratch (),
    .data       = buffers,
  };
  double luma[3];

  babl_space_get_rgb_luminance (babl_format_get_space (buffers->input_format),
                                &luma[0], &luma[1], &luma[2]);
  io.luma[0] = luma[0];
  io.luma[1] = luma[1];
  io.luma[2] = luma[2];
  return io;
}

/* Whether the space's three curves are sRGB's (GIMP's linear and perceptual images of
 * sRGB primaries, and every space babl builds from sRGB's curve). */
gboolean
impasto_gegl_has_srgb_curve (const Babl *space)
{
  const Babl *srgb = babl_trc ("sRGB");
  const Babl *red = NULL, *green = NULL, *blue = NULL;

  babl_space_get (space ? space : babl_space ("sRGB"), NULL, NULL, NULL, NULL, NULL, NULL,
                  NULL, NULL, &red, &green, &blue);
  return red == srgb && (green == NULL || green == srgb) && (blue == NULL || blue == srgb);
}

const Babl *
impasto_gegl_bump_format (GeglOperation *operation,
                          const char    *pad)
{
  const Babl *source = gegl_operation_get_source_format (operation, pad);
  const Babl *model  = source ? babl_format_get_model (source) : NULL;
  /* R'G'B' stays without alpha: babl adds none from u8 but through a slow general path. Linear
   * RGB goes through babl's Y'A: its one curve per pixel beat the kernel's own (BENCHMARKS.md). */
  const char *format = babl_model_is (model, "R'G'B'A") ? "R'G'B'A float"
                       : babl_model_is (model, "R'G'B'") ? "R'G'B' float" : "Y'A float";

  /* The pad's own space (gegl_operation_get_source_space reads the "input" pad's). */
  return babl_format_with_space (format, source ? babl_format_get_space (source) : NULL);
}

const Babl *
impasto_gegl_height_format (GeglOperation *operation,
                            const char    *pad)
{
  const Babl *source = gegl_operation_get_source_format (operation, pad);

  /* 8-bit R'G'B'A as its bytes, widened by the kernel: babl's R'G'B'A u8 → R'G'B'A float may
   * be a 256 MB table over every colour, built or not per process (BENCHMARKS.md). */
  if (source && babl_model_is (babl_format_get_model (source), "R'G'B'A")
      && babl_format_get_type (source, 0) == babl_type ("u8"))
    return babl_format_with_space ("R'G'B'A u8", babl_format_get_space (source));
  return impasto_gegl_bump_format (operation, pad);
}

gboolean
impasto_gegl_pass_through (GeglOperationContext *context)
{
  GObject *input = gegl_operation_context_get_object (context, "input");

  if (input)
    gegl_operation_context_take_object (context, "output", g_object_ref (input));
  return TRUE;
}

/* How the kernel takes the painting (ImpastoIO.color_codes). Lighting is light: the kernel
 * lights linear RGB. A perceptual RGBA painting of sRGB's curve (GIMP's every 8-bit, 16-bit
 * and perceptual float RGBA layer) it decodes itself: 8 bits as its bytes, by a table of 256
 * codes (babl's ways from R'G'B'A u8 to float may be 256 MB tables over every colour, built
 * on first use: babl decides per process from two timings), the others as R'G'B'A float, by a
 * table of the curve (babl's R'G'B'A → RGBA float would be a pass of its own). */
gint
impasto_gegl_painting_codes (GeglOperation *operation)
{
  const Babl *space  = gegl_operation_get_source_space (operation, "input");
  const Babl *source = gegl_operation_get_source_format (operation, "input");

  if (source == NULL || babl_format_get_model (source) != babl_model_with_space ("R'G'B'A", space)
      || ! impasto_gegl_has_srgb_curve (space))
    return 0;
  return babl_format_get_type (source, 0) == babl_type ("u8") ? 1 : 2;
}

const Babl *
impasto_gegl_painting_format (GeglOperation *operation)
{
  static const char *formats[] = { "RGBA float", "R'G'B'A u8", "R'G'B'A float" };

  return babl_format_with_space (formats[impasto_gegl_painting_codes (operation)],
                                 gegl_operation_get_source_space (operation, "input"));
}

void
impasto_gegl_rgb (GeglColor  *color,
                  const Babl *space,
                  double      rgb[3])
{
  gfloat pixel[3] = { 0, 0, 0 };

  if (color)
    gegl_color_get_pixel (color, babl_format_with_space ("RGB float", space), pixel);
  rgb[0] = pixel[0];
  rgb[1] = pixel[1];
  rgb[2] = pixel[2];
}

/* --- The emboss ops (impasto:emboss, impasto:emboss-matcap) -----------------------------
 * Area ops: a region of the output is rendered from the input within impasto_emboss_margin of
 * it (to the whole image's bits; beyond the input's extent is outside, GEGL_ABYSS_NONE, as the
 * kernel takes it at the image's border) and the whole shading picture (small, sampled
 * anywhere), so GEGL re-renders only around a change. Each op's class gives its relief's
 * parameters as its properties say (ImpastoEmbossParamsFunc, kept with its type). An endless
 * input (gegl:color, a pattern) has no border to emboss from: it passes through unchanged, as
 * GEGL's own whole-image ops (gegl:distance-transform) do; an endless picture is ignored. */

static GQuark
emboss_params_quark (void)
{
  return g_quark_from_static_string ("impasto-emboss-params");
}

/* The op's relief parameters (the shading picture and the region left out). */
static void
emboss_params (GeglOperation       *operation,
               ImpastoEmbossParams *params)
{
  ImpastoEmbossParamsFunc fill = g_type_get_qdata (G_OBJECT_TYPE (operation), emboss_params_quark ());

  *params = (ImpastoEmbossParams) { .settings = IMPASTO_EMBOSS_SETTINGS_DEFAULTS };
  if (fill)
    fill (operation, params);
}

static gint
emboss_margin (GeglOperation *operation)
{
  ImpastoEmbossParams params;

  emboss_params (operation, &params);
  return (gint) impasto_emboss_margin (&params);
}

static GeglRectangle
emboss_bounding_box (GeglOperation *operation)
{
  const GeglRectangle *in = gegl_operation_source_get_bounding_box (operation, "input");

  return in ? *in : *GEGL_RECTANGLE (0, 0, 0, 0);
}

/* rect grown by the margin on each side, within the input's extent. */
static GeglRectangle
emboss_reach (GeglOperation       *operation,
              const GeglRectangle *rect)
{
  const GeglRectangle *box    = gegl_operation_source_get_bounding_box (operation, "input");
  gint                 margin = emboss_margin (operation);
  GeglRectangle        reach;

  if (! box || gegl_rectangle_is_empty (rect))
    return *GEGL_RECTANGLE (0, 0, 0, 0);
  if (gegl_rectangle_is_infinite_plane (box) || gegl_rectangle_is_infinite_plane (rect))
    return *rect;
  gegl_rectangle_intersect (&reach, box,
                            GEGL_RECTANGLE (rect->x - margin, rect->y - margin,
                                            rect->width + 2 * margin, rect->height + 2 * margin));
  return reach;
}

/* A region needs the input within the margin of it, and all of the shading picture. */
static GeglRectangle
emboss_required_for_output (GeglOperation       *operation,
                            const gchar         *input_pad,
                            const GeglRectangle *roi)
{
  const GeglRectangle *picture;

  if (g_strcmp0 (input_pad, "input") == 0)
    return emboss_reach (operation, roi);
  picture = gegl_operation_source_get_bounding_box (operation, input_pad);
  return picture && ! gegl_rectangle_is_infinite_plane (picture) ? *picture : *GEGL_RECTANGLE (0, 0, 0, 0);
}

/* A change of the input reaches the margin around it; one of the picture, everything. */
static GeglRectangle
emboss_invalidated_by_change (GeglOperation       *operation,
                              const gchar         *input_pad,
                              const GeglRectangle *input_region)
{
  return g_strcmp0 (input_pad, "input") == 0 ? emboss_reach (operation, input_region)
                                             : emboss_bounding_box (operation);
}

static gboolean
emboss_operation_process (GeglOperation        *operation,
                          GeglOperationContext *context,
                          const gchar          *output_prop,
                          const GeglRectangle  *result,
                          gint                  level)
{
  /* The chant class's parent: GeglOperationFilter or GeglOperationComposer. */
  GeglOperationClass  *parent = g_type_class_peek_parent (GEGL_OPERATION_GET_CLASS (operation));
  const GeglRectangle *in     = gegl_operation_source_get_bounding_box (operation, "input");

  if (in && gegl_rectangle_is_infinite_plane (in))
    return impasto_gegl_pass_through (context);
  return parent->process (operation, context, output_prop, result,
                          gegl_operation_context_get_level (context));
}

void
impasto_gegl_emboss_class_init (GeglOperationClass     *operation_class,
                                ImpastoEmbossParamsFunc params)
{
  g_type_set_qdata (G_TYPE_FROM_CLASS (operation_class), emboss_params_quark (), params);
  operation_class->process                   = emboss_operation_process;
  operation_class->get_bounding_box          = emboss_bounding_box;
  operation_class->get_required_for_output   = emboss_required_for_output;
  operation_class->get_invalidated_by_change = emboss_invalidated_by_change;
  /* One call renders its region whole, on threads of its own (impasto_gegl_parallel): split
   * by GEGL, each piece would read its own margin again. */
  operation_class->threaded                  = FALSE;
}

void
impasto_gegl_emboss_formats (GeglOperation *operation,
                             gboolean       map)
{
  const Babl *space  = gegl_operation_get_source_space (operation, "input");
  const Babl *source = gegl_operation_get_source_format (operation, "input");
  const Babl *model  = source ? babl_format_get_model (source) : NULL;
  /* Which of GIMP's layers, of sRGB's curves, are linear light and which perceptual. */
  gboolean    srgb   = source && impasto_gegl_has_srgb_curve (space);
  gboolean    linear = srgb && babl_model_is (model, "RGBA");
  gboolean    perceptual = srgb && (babl_model_is (model, "R'G'B'A") || babl_model_is (model, "R'G'B'"));

  /* The mask is read as the normal map reads its bump: perceptual RGB as it is (8-bit R'G'B'A
   * as its bytes), Y' by the kernel's luma formula (babl's way from 8-bit R'G'B'A to Y'A float
   * may be a 128 MB table built on first use, and its rounding is babl's choice). A linear
   * RGBA layer (GIMP's linear-light images) is read as YA float: its alpha, the usual mask,
   * with no curve per pixel (faster: BENCHMARKS.md, "What we learned"), and the kernel gives Y
   * the curve itself where luminance is the mask. A layer without an alpha channel is read
   * without one, R'G'B' float: the kernel then embosses its luminance (impasto_emboss). */
  gegl_operation_set_format (operation, "input",
                             source && ! babl_format_has_alpha (source) ? babl_format_with_space ("R'G'B' float", space)
                             : linear ? babl_format_with_space ("YA float", space)
                                      : impasto_gegl_height_format (operation, "input"));
  /* Shading is light, made in linear RGB. A perceptual layer (GIMP's default) gets it as
   * R'G'B'A float, the kernel giving the colours it writes sRGB's curve (the flat one's once):
   * babl's pass from RGBA float over every pixel cost 13.5 ms of a 2048² emboss
   * (BENCHMARKS.md). The height field and normal map are data, stored as the code values
   * tools expect in an ordinary (perceptual) image. */
  gegl_operation_set_format (operation, "output",
                             babl_format_with_space (map || perceptual ? "R'G'B'A float" : "RGBA float", space));
}

gboolean
impasto_gegl_emboss (GeglOperation       *operation,
                     GeglBuffer          *input,
                     GeglBuffer          *picture,
                     GeglBuffer          *output,
                     const GeglRectangle *result)
{
  const gchar         *name    = gegl_operation_get_name (operation);
  GeglRectangle        box     = emboss_bounding_box (operation);
  ImpastoEmbossParams  params;
  gint                 margin;
  ImpastoGeglBuffers   buffers = {
    .operation     = operation,
    .input         = input,
    .abyss         = GEGL_ABYSS_NONE,
    .output        = output,
    .result        = *result,
    .input_format  = gegl_operation_get_format (operation, "input"),
    .output_format = gegl_operation_get_format (operation, "output"),
  };
  ImpastoIO            io;
  const GeglRectangle *extent  = picture ? gegl_operation_source_get_bounding_box (operation, "aux") : NULL;
  gfloat              *shading = NULL;
  GeglRectangle        shading_box = { 0, 0, 0, 0 };
  GeglRectangle        window;

  emboss_params (operation, &params);
  margin         = (gint) impasto_emboss_margin (&params);
  buffers.window = *GEGL_RECTANGLE (result->x - margin, result->y - margin,
                                    result->width + 2 * margin, result->height + 2 * margin);
  io             = impasto_gegl_io (&buffers);
  /* Where the region lies in the image (the input's extent). */
  params.x            = result->x - box.x;
  params.y            = result->y - box.y;
  params.image_width  = box.width;
  params.image_height = box.height;

  /* On threads of its own; the progress bar moves for a render of the whole image (GEGL's
   * processor reports the pieces of one it renders in parts). */
  io.parallel = impasto_gegl_parallel;
  io.progress = gegl_rectangle_equal (result, &box) ? impasto_gegl_progress : NULL;

  /* Colours (the shading, the hemisphere) to a perceptual output: see impasto_gegl_emboss_formats. */
  params.perceptual = (params.settings.result == 0 || params.settings.result == 3)   /* shaded, hemisphere */
                      && babl_model_is (babl_format_get_model (buffers.output_format), "R'G'B'A");

  /* The picture of a sphere is small; the kernel samples it anywhere, so it comes whole. */
  if (extent && ! gegl_rectangle_is_infinite_plane (extent) && extent->width > 0 && extent->height > 0)
    {
      shading_box = *extent;
      shading = g_try_malloc_n ((gsize) shading_box.width * (gsize) shading_box.height, 4 * sizeof (gfloat));
      if (! shading)
        {
          g_warning ("%s: no memory for a %d×%d shading picture", name, shading_box.width, shading_box.height);
          return FALSE;
        }
      gegl_buffer_get (picture, &shading_box, 1.0,
                       babl_format_with_space ("RGBA float", gegl_operation_get_source_space (operation, "input")),
                       shading, GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
    }

  /* The kernel keeps up to 4 floats per pixel of the region and its margin within the image
   * (the mask and the distance transform's index; the liquify pre-pass's blurred copies while
   * it runs; the relief itself is made a band of rows at a time) and Swift cannot survive a
   * failed allocation: make sure the memory is there before going in. */
  gegl_rectangle_intersect (&window, &box, &buffers.window);
  {
    gpointer probe = g_try_malloc_n ((gsize) MAX (window.width, 1) * (gsize) MAX (window.height, 1),
                                     4 * sizeof (gfloat));
    if (! probe)
      {
        g_warning ("%s: not enough memory for a %d×%d region", name, window.width, window.height);
        g_free (shading);
        return FALSE;
      }
    g_free (probe);
  }

  params.shading        = shading;
  params.shading_width  = shading_box.width;
  params.shading_height = shading_box.height;
  impasto_emboss (&io, &params);

  g_free (shading);
  return TRUE;
}
