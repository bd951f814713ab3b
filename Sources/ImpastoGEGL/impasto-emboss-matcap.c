/* impasto:emboss-matcap — impasto:emboss shaded from a picture: the aux pad takes any picture
 * of a lit sphere (a "matcap", as CIShadedMaterial took in MercurialText) and the relief
 * looks its colours up in it. Without a picture it shades from the default look. GIMP 3
 * cannot keep an op with an aux pad as a live filter, so this op has no menu entry of its
 * own: plug-in-impasto-emboss uses it for its shading-drawable, and the gegl CLI takes
 * aux=[ gegl:load path=ball.jpg ]. Its enums are impasto:emboss's, registered under names of
 * its own (GEGL registers a chant enum per op; ImpastoGEGLTests/OpPropertiesTests keeps the
 * two equal to the kernels' declarations). */

#include <glib/gi18n-lib.h>  /* GEGL's enum chant translates value names (GETTEXT_PACKAGE) */

#ifdef GEGL_PROPERTIES

enum_start (impasto_emboss_matcap_profile)
  enum_value (IMPASTO_EMBOSS_MATCAP_PROFILE_ROUND,  "round",  "Round")
  enum_value (IMPASTO_EMBOSS_MATCAP_PROFILE_LINEAR, "linear", "Linear")
  enum_value (IMPASTO_EMBOSS_MATCAP_PROFILE_SMOOTH, "smooth", "Smooth")
enum_end (ImpastoEmbossMatcapProfile)

enum_start (impasto_emboss_matcap_mask_source)
  enum_value (IMPASTO_EMBOSS_MATCAP_MASK_ALPHA,     "alpha",     "Alpha")
  enum_value (IMPASTO_EMBOSS_MATCAP_MASK_LUMINANCE, "luminance", "Luminance × alpha")
enum_end (ImpastoEmbossMatcapMaskSource)

enum_start (impasto_emboss_matcap_output)
  enum_value (IMPASTO_EMBOSS_MATCAP_OUTPUT_SHADED,     "shaded",     "Shaded relief")
  enum_value (IMPASTO_EMBOSS_MATCAP_OUTPUT_HEIGHT,     "height",     "Height field")
  enum_value (IMPASTO_EMBOSS_MATCAP_OUTPUT_NORMALS,    "normals",    "Normal map")
  enum_value (IMPASTO_EMBOSS_MATCAP_OUTPUT_HEMISPHERE, "hemisphere", "Shading hemisphere")
enum_end (ImpastoEmbossMatcapOutput)

property_double (radius, "Radius", 10.0)
    description ("How far in from the edge of the mask the relief rises, in pixels")
    value_range (0.0, 1000.0)
    ui_range    (0.0, 100.0)
    ui_meta     ("unit", "pixel-distance")

property_double (scale, "Depth", 10.0)
    description ("How steep the relief looks to the lighting (the normal scale)")
    value_range (0.0, 1000.0)
    ui_range    (0.0, 50.0)

property_enum (profile, "Profile", ImpastoEmbossMatcapProfile, impasto_emboss_matcap_profile,
               IMPASTO_EMBOSS_MATCAP_PROFILE_ROUND)
    description ("Shape of the edge: round (a quarter circle), linear (a bevel) or smooth (an S curve)")

property_double (liquify, "Liquify", 0.0)
    description ("Blur the mask by this many pixels and threshold it at 50% first, "
                 "so nearby shapes flow together like liquid metal (0: off)")
    value_range (0.0, 200.0)
    ui_range    (0.0, 20.0)
    ui_meta     ("unit", "pixel-distance")

property_enum (mask_source, "Mask", ImpastoEmbossMatcapMaskSource, impasto_emboss_matcap_mask_source,
               IMPASTO_EMBOSS_MATCAP_MASK_ALPHA)
    description ("What is embossed: the alpha channel (on a layer without transparency, its "
                 "luminance), or luminance × alpha (white is high)")

property_enum (output, "Output", ImpastoEmbossMatcapOutput, impasto_emboss_matcap_output,
               IMPASTO_EMBOSS_MATCAP_OUTPUT_SHADED)
    description ("The shaded relief, or the height field, normal map or hemisphere it is made from")

#else

#define GEGL_OP_COMPOSER
#define GEGL_OP_NAME     impasto_emboss_matcap
#define GEGL_OP_C_SOURCE impasto-emboss-matcap.c

#include "gegl-op.h"
#include "impasto-gegl.h"

static void
prepare (GeglOperation *operation)
{
  GeglProperties *o = GEGL_PROPERTIES (operation);

  impasto_gegl_emboss_formats (operation, o->output == IMPASTO_EMBOSS_MATCAP_OUTPUT_HEIGHT ||
                                          o->output == IMPASTO_EMBOSS_MATCAP_OUTPUT_NORMALS);
  gegl_operation_set_format (operation, "aux",
                             babl_format_with_space ("RGBA float",
                                                     gegl_operation_get_source_space (operation, "input")));
}

static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *aux,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level)
{
  GeglProperties      *o      = GEGL_PROPERTIES (operation);
  ImpastoEmbossParams  params = {
    .radius      = o->radius,
    .scale       = o->scale,
    .profile     = o->profile,
    .liquify     = o->liquify,
    .mask_source = o->mask_source,
    .output      = o->output,
    .preset      = "",
  };

  return impasto_gegl_emboss (operation, input, aux, output, &params);
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GeglOperationClass         *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationComposerClass *composer_class  = GEGL_OPERATION_COMPOSER_CLASS (klass);

  impasto_gegl_whole_image_class_init (operation_class);
  operation_class->prepare = prepare;
  composer_class->process  = process;

  gegl_operation_class_set_keys (operation_class,
    "name",        "impasto:emboss-matcap",
    "title",       "Emboss from a Sphere Picture (Impasto)",
    "categories",  "light",
    "description", "Turns text, line art or any mask into a rounded relief shaded from a "
                   "picture of a lit sphere (the aux input), like Core Image's "
                   "CIHeightFieldFromMask and CIShadedMaterial in MercurialText",
    NULL);
}

#endif
