/* impasto:bristle-normal-map — BristlePaint's bump layer (white strokes at low opacity) as a
 * normal map, like SpriteKit's generatingNormalMap(withSmoothness:contrast:). The maths is
 * Swift (ImpastoKernels/NormalMap.swift), reached through impasto-abi.h; this file only
 * declares the op to GEGL. */

#ifdef GEGL_PROPERTIES

property_double (smoothness, "Smoothness", 0.75)
    description ("Blur the bump by 3 × smoothness pixels (Gaussian σ) before taking its "
                 "slopes, so single strokes give soft ridges (0: no blur)")
    value_range (0.0, 1.0)
    ui_range    (0.0, 1.0)

property_double (contrast, "Contrast", 3.0)
    description ("How steep the slopes look: the heights (luminance × alpha) are scaled by this")
    value_range (0.0, 100.0)
    ui_range    (0.0, 10.0)

property_boolean (flip_y, "Flip Y (DirectX)", FALSE)
    description ("Green points down (DirectX convention) instead of up (OpenGL)")

property_boolean (tileable, "Tileable", FALSE)
    description ("Wrap around at the borders, for a texture that tiles; otherwise the edge "
                 "pixels repeat")

#else

#define GEGL_OP_AREA_FILTER
#define GEGL_OP_NAME     impasto_bristle_normal_map
#define GEGL_OP_C_SOURCE impasto-bristle-normal-map.c

#include "gegl-op.h"
#include "impasto-gegl.h"

/* Each output pixel needs the heights within the kernel's margin (blur reach + 1): GEGL
 * reads that much around every piece it hands to process(). A perceptual RGB bump (what GIMP
 * hands an op for an 8-bit image) is read as R'G'B'A float: converting it to Y'A cost more
 * than all the rest, and the kernel needs babl's Y' only for pixels that are not grey. */
static void
prepare (GeglOperation *operation)
{
  GeglOperationAreaFilter *area   = GEGL_OPERATION_AREA_FILTER (operation);
  GeglProperties          *o      = GEGL_PROPERTIES (operation);
  const Babl              *source = gegl_operation_get_source_format (operation, "input");
  const Babl              *space  = gegl_operation_get_source_space (operation, "input");
  const Babl              *model  = source ? babl_format_get_model (source) : NULL;
  gboolean                 rgb    = babl_model_is (model, "R'G'B'A") || babl_model_is (model, "R'G'B'");

  area->left = area->right = area->top = area->bottom =
    impasto_bristle_normal_map_margin (o->smoothness);

  gegl_operation_set_format (operation, "input",
                             babl_format_with_space (rgb ? "R'G'B'A float" : "Y'A float", space));
  /* A normal map is data: the code values tools expect, not light. */
  gegl_operation_set_format (operation, "output", babl_format_with_space ("R'G'B'A float", space));

  if (! o->user_data)
    o->user_data = impasto_scratch_new ();
}

static void
finalize (GObject *object)
{
  GeglProperties *o = GEGL_PROPERTIES (object);

  g_clear_pointer (&o->user_data, impasto_scratch_free);
  G_OBJECT_CLASS (gegl_op_parent_class)->finalize (object);
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

/* What the kernel's io callbacks need of one process() call. */
typedef struct
{
  GeglBuffer      *input;
  GeglBuffer      *output;
  GeglRectangle    window;
  GeglRectangle    result;
  const Babl      *input_format;
  const Babl      *output_format;
  const Babl      *luma;
  GeglAbyssPolicy  abyss;
} Piece;

static void
read_rows (long y, long rows, float *samples, void *data)
{
  Piece *piece = data;

  gegl_buffer_get (piece->input,
                   GEGL_RECTANGLE (piece->window.x, piece->window.y + y, piece->window.width, rows),
                   1.0, piece->input_format, samples, GEGL_AUTO_ROWSTRIDE, piece->abyss);
}

static void
luma (const float *rgba, float *gray_alpha, long n, void *data)
{
  babl_process (((Piece *) data)->luma, rgba, gray_alpha, n);
}

static void
write_rows (long y, long rows, const float *rgba, void *data)
{
  Piece *piece = data;

  gegl_buffer_set (piece->output,
                   GEGL_RECTANGLE (piece->result.x, piece->result.y + y, piece->result.width, rows),
                   0, piece->output_format, rgba, GEGL_AUTO_ROWSTRIDE);
}

static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  GeglProperties          *o      = GEGL_PROPERTIES (operation);
  GeglOperationAreaFilter *area   = GEGL_OPERATION_AREA_FILTER (operation);
  const Babl              *format = gegl_operation_get_format (operation, "input");
  Piece                    piece  = {
    .input         = input,
    .output        = output,
    .window        = { result->x - area->left, result->y - area->top,
                       result->width + area->left + area->right,
                       result->height + area->top + area->bottom },
    .result        = *result,
    .input_format  = format,
    .output_format = gegl_operation_get_format (operation, "output"),
    .luma          = babl_fish (format, babl_format_with_space ("Y'A float", format)),
    .abyss         = get_abyss_policy (operation, "input"),
  };
  ImpastoNormalMapIO       io     = { babl_format_get_n_components (format), read_rows, luma, write_rows, &piece };
  ImpastoNormalMapParams   params = { o->smoothness, o->contrast, o->flip_y };

  /* Serial: GEGL already runs pieces of an area filter on its threads. */
  impasto_bristle_normal_map (piece.window.width, piece.window.height, area->left, &io, &params, o->user_data);
  return TRUE;
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GObjectClass                 *object_class    = G_OBJECT_CLASS (klass);
  GeglOperationClass           *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationFilterClass     *filter_class    = GEGL_OPERATION_FILTER_CLASS (klass);
  GeglOperationAreaFilterClass *area_class      = GEGL_OPERATION_AREA_FILTER_CLASS (klass);

  object_class->finalize            = finalize;
  operation_class->prepare          = prepare;
  operation_class->get_bounding_box = get_bounding_box;
  operation_class->threaded         = TRUE;
  area_class->get_abyss_policy      = get_abyss_policy;
  filter_class->process             = process;

  gegl_operation_class_set_keys (operation_class,
    "name",            "impasto:bristle-normal-map",
    "title",           "Bristle Normal Map",
    "categories",      "map",
    "gimp:menu-path",  "<Image>/Filters/Map",
    "gimp:menu-label", "Bristle Normal Map...",
    "description",     "Turns a bump layer (white strokes at low opacity, as BristlePaint "
                       "paints them) into a normal map: heights are luminance × alpha, "
                       "smoothed, and their slopes encoded as R'G'B' (OpenGL: green up), "
                       "like SpriteKit's generatingNormalMap(withSmoothness:contrast:)",
    NULL);
}

#endif
