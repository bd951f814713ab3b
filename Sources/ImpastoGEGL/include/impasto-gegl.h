/* impasto-gegl.h — the ops of Impasto's GEGL module, registered by module.c. */
#ifndef IMPASTO_GEGL_H
#define IMPASTO_GEGL_H

#include <glib-object.h>
#include "impasto-abi.h"

/* Defined by each chant file through gegl-op.h (GEGL_OP_NAME). */
void gegl_op_impasto_pencil_hue_saturation_register_type (GTypeModule *module);
void gegl_op_impasto_emboss_register_type (GTypeModule *module);
void gegl_op_impasto_bristle_normal_map_register_type (GTypeModule *module);
void gegl_op_impasto_normal_light_register_type (GTypeModule *module);

typedef struct _GeglOperationContext GeglOperationContext;

/* The parallel-for the Swift kernels get (impasto-gegl-shared.c). */
void     impasto_gegl_parallel     (size_t size, ImpastoRangeFunc func, void *data);

/* For an operation_process override: the input becomes the output unchanged. */
gboolean impasto_gegl_pass_through (GeglOperationContext *context);

#endif
