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
 * impasto_gegl_parallel: the parallel-for that the Swift kernels of whole-image ops use.
 * Such an op (impasto:emboss) renders everything in one process() call, and GEGL makes that
 * call from inside its own parallel rendering of the sink; gegl_parallel_distribute has one
 * pool and runs nested calls serially, so it would use one core. Instead this starts its own
 * threads, as many as GEGL's "threads" setting (GEGL_THREADS, GIMP's preference) allows. */
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

const Babl *
impasto_gegl_bump_format (GeglOperation *operation,
                          const char    *pad)
{
  const Babl *source = gegl_operation_get_source_format (operation, pad);
  const Babl *model  = source ? babl_format_get_model (source) : NULL;
  gboolean    rgb    = babl_model_is (model, "R'G'B'A") || babl_model_is (model, "R'G'B'");

  /* The pad's own space (gegl_operation_get_source_space reads the "input" pad's). */
  return babl_format_with_space (rgb ? "R'G'B'A float" : "Y'A float",
                                 source ? babl_format_get_space (source) : NULL);
}

gboolean
impasto_gegl_pass_through (GeglOperationContext *context)
{
  GObject *input = gegl_operation_context_get_object (context, "input");

  if (input)
    gegl_operation_context_take_object (context, "output", g_object_ref (input));
  return TRUE;
}
