/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto:normal-light — BristlePaint's lit painting, like SpriteKit's normal-mapped sprite:
 * the input (the painting) lit by one distant light through the normals of the aux (the
 * bump layer, exactly as impasto:bristle-normal-map reads it). Without an aux there is
 * nothing to light: the input passes through unchanged. The maths is Swift
 * (ImpastoKernels/NormalLight.swift over NormalMap and NormalLighting), reached through
 * impasto-abi.h; this file only declares the op to GEGL. */

#include "impasto-i18n.h"  /* _() and the enum chant translate in the domain "impasto" (GETTEXT_PACKAGE) */

#ifdef GEGL_PROPERTIES

/* The properties, generated from the Swift declarations (docs/architecture.md). */
#include "generated/impasto-normal-light-properties.h"

#else

#define GEGL_OP_COMPOSER
#define GEGL_OP_NAME     impasto_normal_light
#define GEGL_OP_C_SOURCE impasto-normal-light.c

#include "gegl-op.h"
#include "impasto-gegl.h"

static void
prepare (GeglOperation *operation)
{
  const Babl *space = gegl_operation_get_source_space (operation, "input");

  gegl_operation_set_format (operation, "input", impasto_gegl_painting_format (operation));
  /* The bump is read as impasto:bristle-normal-map reads it. */
  gegl_operation_set_format (operation, "aux",    impasto_gegl_height_format (operation, "aux"));
  gegl_operation_set_format (operation, "output", babl_format_with_space ("RGBA float", space));
}

static GeglRectangle
get_bounding_box (GeglOperation *operation)
{
  const GeglRectangle *in = gegl_operation_source_get_bounding_box (operation, "input");

  return in ? *in : *GEGL_RECTANGLE (0, 0, 0, 0);
}

static gint
margin (GeglOperation *operation)
{
  return impasto_bristle_normal_map_margin (GEGL_PROPERTIES (operation)->smoothness);
}

static GeglRectangle
grown (const GeglRectangle *rect,
       gint                 by)
{
  return *GEGL_RECTANGLE (rect->x - by, rect->y - by, rect->width + 2 * by, rect->height + 2 * by);
}

/* One axis of a window of the bump, [*start, *start + *size), replaced by the part of the
 * bump, [bump_start, bump_start + bump_size), that the abyss continues it from: all of it
 * when it wraps around, or the nearest edge pixels when it is clamped (still one row or
 * column when the window lies wholly beside the bump). */
static void
onto_bump (gint     *start,
           gint     *size,
           gint      bump_start,
           gint      bump_size,
           gboolean  wrap)
{
  gint end      = *start + *size;
  gint bump_end = bump_start + bump_size;

  if (wrap)
    {
      if (*start < bump_start || end > bump_end)
        {
          *start = bump_start;
          *size  = bump_size;
        }
    }
  else
    {
      gint first = CLAMP (*start,  bump_start, bump_end - 1);
      gint last  = CLAMP (end - 1, bump_start, bump_end - 1);

      *start = first;
      *size  = last - first + 1;
    }
}

/* A piece of the output needs its own colour and the bump within the normals' margin of it,
 * continued beyond the bump's borders (clamped, or wrapped when tileable): ask for the part
 * of the bump that continuation reads, so every piece sees the same bump (no seams). */
static GeglRectangle
get_required_for_output (GeglOperation       *operation,
                         const gchar         *input_pad,
                         const GeglRectangle *roi)
{
  const GeglRectangle *bump = gegl_operation_source_get_bounding_box (operation, "aux");
  GeglRectangle        window;

  if (g_strcmp0 (input_pad, "aux") != 0 || gegl_rectangle_is_empty (roi) ||
      gegl_rectangle_is_infinite_plane (roi))
    return *roi;
  window = grown (roi, margin (operation));
  if (! bump || gegl_rectangle_is_empty (bump))
    return *GEGL_RECTANGLE (0, 0, 0, 0);
  if (gegl_rectangle_is_infinite_plane (bump))
    return window;

  onto_bump (&window.x, &window.width,  bump->x, bump->width,  GEGL_PROPERTIES (operation)->tileable);
  onto_bump (&window.y, &window.height, bump->y, bump->height, GEGL_PROPERTIES (operation)->tileable);
  return window;
}

/* A change of the bump reaches the normals' margin around it; one at its border also
 * reaches everything the continuation beyond the border (clamped or wrapped) feeds. */
static GeglRectangle
get_invalidated_by_change (GeglOperation       *operation,
                           const gchar         *input_pad,
                           const GeglRectangle *input_region)
{
  const GeglRectangle *bump = gegl_operation_source_get_bounding_box (operation, "aux");
  GeglRectangle        reach;

  if (g_strcmp0 (input_pad, "aux") != 0)
    return *input_region;
  reach = grown (input_region, margin (operation));
  if (bump && gegl_rectangle_contains (bump, &reach))
    return reach;
  return get_bounding_box (operation);
}

/* Serial: GEGL already runs pieces of the op on its threads. */
static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *aux,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  GeglProperties           *o       = GEGL_PROPERTIES (operation);
  const Babl               *format  = gegl_operation_get_format (operation, "aux");
  ImpastoGeglBuffers        buffers = {
    .operation     = operation,
    .window        = grown (result, margin (operation)),
    .abyss         = ! aux ? GEGL_ABYSS_NONE : o->tileable ? GEGL_ABYSS_LOOP : GEGL_ABYSS_CLAMP,
    .color         = input,
    .output        = output,
    .result        = *result,
    .input_format  = format,
    .color_format  = gegl_operation_get_format (operation, "input"),
    .output_format = gegl_operation_get_format (operation, "output"),
  };
  ImpastoIO                 io      = impasto_gegl_io (&buffers);
  ImpastoNormalLightParams  params;

  if (! input)
    return TRUE;  /* no painting (only a bump): nothing to light */

  /* An aux that yields no buffer (an empty bump) is flat: nothing but the abyss's zeros. */
  buffers.input = aux ? g_object_ref (aux) : gegl_buffer_new (GEGL_RECTANGLE (0, 0, 0, 0), format);
  IMPASTO_NORMAL_LIGHT_SETTINGS (o, gegl_operation_get_source_space (operation, "input"), params.settings);
  io.color_codes = impasto_gegl_painting_codes (operation);  /* as prepare() asked for the painting */
  impasto_normal_light (&io, &params);
  g_object_unref (buffers.input);
  return TRUE;
}

/* No bump connected: nothing to light, so the painting passes through as it is. */
static gboolean
operation_process (GeglOperation        *operation,
                   GeglOperationContext *context,
                   const gchar          *output_prop,
                   const GeglRectangle  *result,
                   gint                  level)
{
  GeglOperationClass *parent = GEGL_OPERATION_CLASS (gegl_op_parent_class);

  if (! gegl_operation_get_source_node (operation, "aux"))
    return impasto_gegl_pass_through (context);
  return parent->process (operation, context, output_prop, result,
                          gegl_operation_context_get_level (context));
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GeglOperationClass         *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationComposerClass *composer_class  = GEGL_OPERATION_COMPOSER_CLASS (klass);

  operation_class->prepare                   = prepare;
  operation_class->process                   = operation_process;
  operation_class->get_bounding_box          = get_bounding_box;
  operation_class->get_required_for_output   = get_required_for_output;
  operation_class->get_invalidated_by_change = get_invalidated_by_change;
  operation_class->threaded                  = TRUE;
  composer_class->process                    = process;
  composer_class->aux_label                  = "Bump";
  composer_class->aux_description            = _("The bump layer whose relief is lit: height is "
                                               "luminance × alpha (white strokes at low opacity)");

  /* No gimp:menu-path: GIMP 3's generic filter dialog could offer the bump only as an "Aux"
   * chooser and cannot keep an op with an aux pad live, so GIMP 3 lists the plug-in's
   * procedure (Filters → Light and Shadow → Impasto Normal Light…) instead. */
  gegl_operation_class_set_keys (operation_class,
    "name",            "impasto:normal-light",
    "license",         "GPL3+",
    "title",           _("Impasto Normal Light"),
    "categories",      "light",
    "description",     _("Lights a painting through the relief of a bump layer (aux: white "
                       "strokes painted at low opacity) for a glossy impasto look: one distant "
                       "light with ambient and a highlight. Without a bump the painting is "
                       "unchanged"),
    NULL);
}

#endif
