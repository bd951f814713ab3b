/* impasto-gegl.h — the ops of Impasto's GEGL module, registered by module.c. */
#ifndef IMPASTO_GEGL_H
#define IMPASTO_GEGL_H

#include <glib-object.h>

/* Defined by each chant file through gegl-op.h (GEGL_OP_NAME). */
void gegl_op_impasto_pencil_hue_saturation_register_type (GTypeModule *module);

#endif
