/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-ops.h — every op of the module, IMPASTO_OP (GEGL_OP_NAME) for each, in the
 * order module.c registers them.
 * Written by impasto-generate from the Swift declarations: do not edit
 * (docs/architecture.md, "Add a parameter", "Add an op"). */
IMPASTO_OP (impasto_pencil_hue_saturation)
IMPASTO_OP (impasto_emboss)
IMPASTO_OP (impasto_emboss_matcap)
IMPASTO_OP (impasto_bristle_normal_map)
IMPASTO_OP (impasto_normal_light)
IMPASTO_OP (impasto_paint_relief)
