/* impasto-gegl-shared.c — what several of Impasto's chant files need alike.
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

gboolean
impasto_gegl_pass_through (GeglOperationContext *context)
{
  GObject *input = gegl_operation_context_get_object (context, "input");

  if (input)
    gegl_operation_context_take_object (context, "output", g_object_ref (input));
  return TRUE;
}
