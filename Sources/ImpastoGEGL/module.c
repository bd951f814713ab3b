/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The GEGL module: one bundle of Impasto's ops (built with GEGL_OP_BUNDLE, so the chant
 * files leave the two module entry points to this file). */
#include <gegl-plugin.h>
#include "impasto-gegl.h"

static const GeglModuleInfo module_info = { GEGL_MODULE_ABI_VERSION };

G_MODULE_EXPORT const GeglModuleInfo *
gegl_module_query (GTypeModule *module)
{
  return &module_info;
}

G_MODULE_EXPORT gboolean
gegl_module_register (GTypeModule *module)
{
  gegl_op_impasto_pencil_hue_saturation_register_type (module);
  gegl_op_impasto_emboss_register_type (module);
  gegl_op_impasto_emboss_matcap_register_type (module);
  gegl_op_impasto_bristle_normal_map_register_type (module);
  gegl_op_impasto_normal_light_register_type (module);
  gegl_op_impasto_paint_relief_register_type (module);
  return TRUE;
}
