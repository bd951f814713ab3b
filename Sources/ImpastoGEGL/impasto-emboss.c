/* impasto:emboss — MercurialText's embossed look: a mask (alpha or luminance) becomes a
 * rounded height field, shaded from a picture of a lit hemisphere (the aux pad, or a
 * procedural one). The maths is Swift (ImpastoKernels/Emboss.swift and friends), reached
 * through impasto-abi.h; this file only declares the op to GEGL. */

#include <glib/gi18n-lib.h>  /* GEGL's enum chant translates value names (GETTEXT_PACKAGE) */

#ifdef GEGL_PROPERTIES

enum_start (impasto_emboss_profile)
  enum_value (IMPASTO_EMBOSS_PROFILE_ROUND,  "round",  "Round")
  enum_value (IMPASTO_EMBOSS_PROFILE_LINEAR, "linear", "Linear")
  enum_value (IMPASTO_EMBOSS_PROFILE_SMOOTH, "smooth", "Smooth")
enum_end (ImpastoEmbossProfile)

enum_start (impasto_emboss_mask_source)
  enum_value (IMPASTO_EMBOSS_MASK_ALPHA,     "alpha",     "Alpha")
  enum_value (IMPASTO_EMBOSS_MASK_LUMINANCE, "luminance", "Luminance × alpha")
enum_end (ImpastoEmbossMaskSource)

enum_start (impasto_emboss_output)
  enum_value (IMPASTO_EMBOSS_OUTPUT_SHADED,     "shaded",     "Shaded relief")
  enum_value (IMPASTO_EMBOSS_OUTPUT_HEIGHT,     "height",     "Height field")
  enum_value (IMPASTO_EMBOSS_OUTPUT_NORMALS,    "normals",    "Normal map")
  enum_value (IMPASTO_EMBOSS_OUTPUT_HEMISPHERE, "hemisphere", "Shading hemisphere")
enum_end (ImpastoEmbossOutput)

/* The nicks are the names of ImpastoKernels' Hemisphere presets (a test keeps them equal). */
enum_start (impasto_emboss_preset)
  enum_value (IMPASTO_EMBOSS_PRESET_CUSTOM,   "custom",   "Custom (lights and material below)")
  enum_value (IMPASTO_EMBOSS_PRESET_MERCURY,  "mercury",  "Mercury")
  enum_value (IMPASTO_EMBOSS_PRESET_GOLD,     "gold",     "Gold")
  enum_value (IMPASTO_EMBOSS_PRESET_CHROME,   "chrome",   "Chrome")
  enum_value (IMPASTO_EMBOSS_PRESET_COPPER,   "copper",   "Copper")
  enum_value (IMPASTO_EMBOSS_PRESET_PLASTIC,  "plastic",  "Plastic")
  enum_value (IMPASTO_EMBOSS_PRESET_PEARL,    "pearl",    "Pearl")
  enum_value (IMPASTO_EMBOSS_PRESET_OBSIDIAN, "obsidian", "Obsidian")
enum_end (ImpastoEmbossPreset)

enum_start (impasto_emboss_model)
  enum_value (IMPASTO_EMBOSS_MODEL_SHINY, "shiny", "Shiny (Blinn-Phong)")
  enum_value (IMPASTO_EMBOSS_MODEL_PBR,   "pbr",   "Physically based (metalness, roughness)")
enum_end (ImpastoEmbossModel)

property_double (radius, "Radius", 10.0)
    description ("How far in from the edge of the mask the relief rises, in pixels")
    value_range (0.0, 1000.0)
    ui_range    (0.0, 100.0)
    ui_meta     ("unit", "pixel-distance")

property_double (scale, "Depth", 10.0)
    description ("How steep the relief looks to the lighting (the normal scale)")
    value_range (0.0, 1000.0)
    ui_range    (0.0, 50.0)

property_enum (profile, "Profile", ImpastoEmbossProfile, impasto_emboss_profile,
               IMPASTO_EMBOSS_PROFILE_ROUND)
    description ("Shape of the edge: round (a quarter circle), linear (a bevel) or smooth (an S curve)")

property_double (liquify, "Liquify", 0.0)
    description ("Blur the mask by this many pixels and threshold it at 50% first, "
                 "so nearby shapes flow together like liquid metal (0: off)")
    value_range (0.0, 200.0)
    ui_range    (0.0, 20.0)
    ui_meta     ("unit", "pixel-distance")

property_enum (mask_source, "Mask", ImpastoEmbossMaskSource, impasto_emboss_mask_source,
               IMPASTO_EMBOSS_MASK_ALPHA)
    description ("What is embossed: the alpha channel, or luminance × alpha (white is high)")

property_enum (output, "Output", ImpastoEmbossOutput, impasto_emboss_output,
               IMPASTO_EMBOSS_OUTPUT_SHADED)
    description ("The shaded relief, or the height field, normal map or hemisphere it is made from")

property_enum (preset, "Look", ImpastoEmbossPreset, impasto_emboss_preset,
               IMPASTO_EMBOSS_PRESET_MERCURY)
    description ("The lit hemisphere the relief is shaded from; Custom uses the lights and "
                 "material below. A picture connected to the aux input replaces it")

property_color (color, "Material color", "rgb(0.8, 0.8, 0.8)")
    description ("Base colour of the custom material")
    ui_meta     ("sensitive", "preset {custom}")

property_enum (model, "Material", ImpastoEmbossModel, impasto_emboss_model,
               IMPASTO_EMBOSS_MODEL_SHINY)
    description ("Shading model of the custom material")
    ui_meta     ("sensitive", "preset {custom}")

property_double (shininess, "Shininess", 40.0)
    description ("Shiny model: the size of the highlights (higher is smaller and sharper)")
    value_range (1.0, 256.0)
    ui_meta     ("sensitive", "preset {custom}")

property_double (metalness, "Metalness", 0.0)
    description ("Physically based model: 0 plastic, 1 metal")
    value_range (0.0, 1.0)
    ui_meta     ("sensitive", "preset {custom}")

property_double (roughness, "Roughness", 0.3)
    description ("Physically based model: 0 mirror-smooth, 1 matte")
    value_range (0.0, 1.0)
    ui_meta     ("sensitive", "preset {custom}")

/* Four omni lights, as in MercurialText: position (scene space: x right, y up, z towards
 * the viewer; the sphere has radius 1), hue, saturation and brightness (0: off). */
#define IMPASTO_LIGHT(n, x, y, z, hue, saturation, brightness)                       \
property_double (light##n##_x, "Light " #n " x", x)                                  \
    description ("Light " #n " position, right of the sphere's centre")             \
    value_range (-10.0, 10.0)                                                        \
    ui_meta     ("sensitive", "preset {custom}")                                     \
property_double (light##n##_y, "Light " #n " y", y)                                  \
    description ("Light " #n " position, above the sphere's centre")                \
    value_range (-10.0, 10.0)                                                        \
    ui_meta     ("sensitive", "preset {custom}")                                     \
property_double (light##n##_z, "Light " #n " z", z)                                  \
    description ("Light " #n " position, in front of the sphere's centre")          \
    value_range (-10.0, 10.0)                                                        \
    ui_meta     ("sensitive", "preset {custom}")                                     \
property_double (light##n##_hue, "Light " #n " hue", hue)                            \
    description ("Light " #n " colour: hue in degrees")                             \
    value_range (0.0, 360.0)                                                         \
    ui_meta     ("unit", "degree")                                                   \
    ui_meta     ("sensitive", "preset {custom}")                                     \
property_double (light##n##_saturation, "Light " #n " saturation", saturation)      \
    description ("Light " #n " colour: saturation (0 white)")                       \
    value_range (0.0, 1.0)                                                           \
    ui_meta     ("sensitive", "preset {custom}")                                     \
property_double (light##n##_brightness, "Light " #n " brightness", brightness)      \
    description ("Light " #n " brightness (0: off)")                                \
    value_range (0.0, 2.0)                                                           \
    ui_meta     ("sensitive", "preset {custom}")

IMPASTO_LIGHT (1, -2.0,  2.0, 3.0,   0.0, 0.0, 1.0)
IMPASTO_LIGHT (2,  3.0, -1.0, 2.0, 210.0, 0.3, 0.4)
IMPASTO_LIGHT (3,  0.0, -3.0, 1.0,  30.0, 0.3, 0.3)
IMPASTO_LIGHT (4,  0.0,  0.0, 4.0,   0.0, 0.0, 0.0)

#else

#define GEGL_OP_COMPOSER
#define GEGL_OP_NAME     impasto_emboss
#define GEGL_OP_C_SOURCE impasto-emboss.c

#include "gegl-op.h"
#include "impasto-gegl.h"

static void
prepare (GeglOperation *operation)
{
  GeglProperties *o     = GEGL_PROPERTIES (operation);
  const Babl     *space = gegl_operation_get_source_space (operation, "input");
  /* Shading is light: linear RGB. The height field and normal map are data, stored as the
   * code values tools expect in an ordinary (perceptual) image. */
  gboolean        map   = o->output == IMPASTO_EMBOSS_OUTPUT_HEIGHT ||
                          o->output == IMPASTO_EMBOSS_OUTPUT_NORMALS;

  gegl_operation_set_format (operation, "input",  babl_format_with_space ("Y'A float", space));
  gegl_operation_set_format (operation, "aux",    babl_format_with_space ("RGBA float", space));
  gegl_operation_set_format (operation, "output",
                             babl_format_with_space (map ? "R'G'B'A float" : "RGBA float", space));
}

static GeglRectangle
get_bounding_box (GeglOperation *operation)
{
  const GeglRectangle *in = gegl_operation_source_get_bounding_box (operation, "input");

  return in ? *in : *GEGL_RECTANGLE (0, 0, 0, 0);
}

/* Exact distances need the whole mask: every output pixel depends on all of the input
 * (and the whole shading picture), so the op renders the whole image once and GEGL caches it. */
static GeglRectangle
get_required_for_output (GeglOperation       *operation,
                         const gchar         *input_pad,
                         const GeglRectangle *roi)
{
  const GeglRectangle *box = gegl_operation_source_get_bounding_box (operation, input_pad);

  /* An endless input (gegl:color, a pattern) cannot be read whole: it passes through
   * (operation_process), so only the requested part is needed; an endless aux picture is
   * ignored. */
  if (! box)
    return *GEGL_RECTANGLE (0, 0, 0, 0);
  if (gegl_rectangle_is_infinite_plane (box))
    return g_strcmp0 (input_pad, "input") == 0 ? *roi : *GEGL_RECTANGLE (0, 0, 0, 0);
  return *box;
}

static GeglRectangle
get_cached_region (GeglOperation       *operation,
                   const GeglRectangle *roi)
{
  GeglRectangle box = get_bounding_box (operation);

  return gegl_rectangle_is_infinite_plane (&box) ? *roi : box;
}

static GeglRectangle
get_invalidated_by_change (GeglOperation       *operation,
                           const gchar         *input_pad,
                           const GeglRectangle *input_region)
{
  GeglRectangle box = get_bounding_box (operation);

  return gegl_rectangle_is_infinite_plane (&box) ? *input_region : box;
}

static void
set_light (ImpastoLight *light,
           gdouble x, gdouble y, gdouble z, gdouble hue, gdouble saturation, gdouble brightness)
{
  *light = (ImpastoLight) { x, y, z, hue, saturation, brightness };
}

/* The name of a preset value: the string the Swift side looks the hemisphere up by. */
static const gchar *
preset_nick (gint value)
{
  GEnumClass  *presets = g_type_class_ref (impasto_emboss_preset_get_type ());
  GEnumValue  *preset  = g_enum_get_value (presets, value);
  const gchar *nick    = preset ? preset->value_nick : "custom";

  g_type_class_unref (presets);  /* a static enum: its strings stay */
  return nick;
}

static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *aux,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  GeglProperties     *o       = GEGL_PROPERTIES (operation);
  GeglRectangle       box     = get_bounding_box (operation);
  ImpastoGeglBuffers  buffers = {
    .operation     = operation,
    .input         = input,
    .window        = box,
    .abyss         = GEGL_ABYSS_NONE,
    .output        = output,
    .result        = box,
    .input_format  = gegl_operation_get_format (operation, "input"),
    .output_format = gegl_operation_get_format (operation, "output"),
  };
  ImpastoIO           io      = impasto_gegl_io (&buffers);
  ImpastoEmbossParams params  = {
    .radius      = o->radius,
    .scale       = o->scale,
    .profile     = o->profile,
    .liquify     = o->liquify,
    .mask_source = o->mask_source,
    .output      = o->output,
    .preset      = preset_nick (o->preset),
    .shininess   = o->shininess,
    .metalness   = o->metalness,
    .roughness   = o->roughness,
    .model       = o->model,
  };
  gfloat        *shading     = NULL;
  GeglRectangle  shading_box = { 0, 0, 0, 0 };

  /* One call renders the whole image: on threads of its own, and moving the progress bar. */
  io.parallel = impasto_gegl_parallel;
  io.progress = impasto_gegl_progress;

  set_light (&params.lights[0], o->light1_x, o->light1_y, o->light1_z,
             o->light1_hue, o->light1_saturation, o->light1_brightness);
  set_light (&params.lights[1], o->light2_x, o->light2_y, o->light2_z,
             o->light2_hue, o->light2_saturation, o->light2_brightness);
  set_light (&params.lights[2], o->light3_x, o->light3_y, o->light3_z,
             o->light3_hue, o->light3_saturation, o->light3_brightness);
  set_light (&params.lights[3], o->light4_x, o->light4_y, o->light4_z,
             o->light4_hue, o->light4_saturation, o->light4_brightness);
  gegl_color_get_pixel (o->color, babl_format_with_space ("RGB float",
                        gegl_operation_get_source_space (operation, "input")), params.color);

  /* The picture of a sphere is small; the kernel samples it anywhere, so it comes whole. */
  if (aux && gegl_operation_source_get_bounding_box (operation, "aux") &&
      ! gegl_rectangle_is_infinite_plane (gegl_operation_source_get_bounding_box (operation, "aux")))
    {
      shading_box = *gegl_operation_source_get_bounding_box (operation, "aux");
      shading = g_try_malloc_n ((gsize) MAX (shading_box.width, 0) * (gsize) MAX (shading_box.height, 0),
                                4 * sizeof (gfloat));
      if (shading)
        gegl_buffer_get (aux, &shading_box, 1.0, gegl_operation_get_format (operation, "aux"),
                         shading, GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
      else
        {
          if (shading_box.width > 0 && shading_box.height > 0)
            g_warning ("impasto:emboss: no memory for a %d×%d shading picture; "
                       "using the procedural hemisphere", shading_box.width, shading_box.height);
          shading_box.width = shading_box.height = 0;
        }
    }

  /* The kernel keeps about 3 floats per pixel (mask, distances, heights) and Swift cannot
   * survive a failed allocation: make sure the memory is there before going in. */
  {
    gpointer probe = g_try_malloc_n ((gsize) box.width * (gsize) box.height,
                                     4 * sizeof (gfloat));
    if (! probe)
      {
        g_warning ("impasto:emboss: not enough memory for a %d×%d image",
                   box.width, box.height);
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

/* An endless input has no whole to emboss: pass it through unchanged (as GEGL's own
 * whole-image ops, e.g. gegl:distance-transform, do). */
static gboolean
operation_process (GeglOperation        *operation,
                   GeglOperationContext *context,
                   const gchar          *output_prop,
                   const GeglRectangle  *result,
                   gint                  level)
{
  GeglOperationClass  *parent = GEGL_OPERATION_CLASS (gegl_op_parent_class);
  const GeglRectangle *in     = gegl_operation_source_get_bounding_box (operation, "input");

  if (in && gegl_rectangle_is_infinite_plane (in))
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
  operation_class->get_cached_region         = get_cached_region;
  operation_class->get_invalidated_by_change = get_invalidated_by_change;
  /* One call renders the whole image; the kernels spread it over GEGL's threads. */
  operation_class->threaded                  = FALSE;
  composer_class->process                    = process;

  gegl_operation_class_set_keys (operation_class,
    "name",            "impasto:emboss",
    "title",           "Emboss (Impasto)",
    "categories",      "light",
    "gimp:menu-path",  "<Image>/Filters/Light and Shadow",
    "gimp:menu-label", "Impasto Emboss...",
    "description",     "Turns text, line art or any mask into a rounded relief shaded from a "
                       "picture of a lit sphere, like Core Image's CIHeightFieldFromMask and "
                       "CIShadedMaterial in MercurialText",
    NULL);
}

#endif
