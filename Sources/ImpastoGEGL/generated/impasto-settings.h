/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-settings.h — each op's ImpastoXSettings (impasto-abi-settings.h) from its
 * properties: IMPASTO_<OP>_SETTINGS (o, space, settings), o the op's GeglProperties,
 * colours in linear RGB of the Babl space `space` (impasto_gegl_rgb). A macro fills
 * any struct with the fields it names, so an op whose properties are a part of another
 * op's fills that op's settings too (impasto:emboss-matcap).
 * Written by impasto-generate from the Swift declarations: do not edit
 * (docs/architecture.md, "Add a parameter", "Add an op"). */

#define IMPASTO_PENCIL_HUE_SATURATION_SETTINGS(o, space, settings) \
  do { \
    (settings).azimuth = (double) (o)->azimuth; \
    (settings).altitude = (double) (o)->altitude; \
    (settings).max_saturation = (double) (o)->max_saturation; \
    (settings).linear = (double) (o)->linear; \
  } while (0)

#define IMPASTO_EMBOSS_SETTINGS(o, space, settings) \
  do { \
    (settings).radius = (double) (o)->radius; \
    (settings).scale = (double) (o)->scale; \
    (settings).profile = (double) (o)->profile; \
    (settings).liquify = (double) (o)->liquify; \
    (settings).mask_source = (double) (o)->mask_source; \
    (settings).result = (double) (o)->result; \
    (settings).preset = (double) (o)->preset; \
    impasto_gegl_rgb ((o)->color, (space), (settings).color); \
    (settings).model = (double) (o)->model; \
    (settings).shininess = (double) (o)->shininess; \
    (settings).metalness = (double) (o)->metalness; \
    (settings).roughness = (double) (o)->roughness; \
    (settings).light1_x = (double) (o)->light1_x; \
    (settings).light1_y = (double) (o)->light1_y; \
    (settings).light1_z = (double) (o)->light1_z; \
    (settings).light1_hue = (double) (o)->light1_hue; \
    (settings).light1_saturation = (double) (o)->light1_saturation; \
    (settings).light1_brightness = (double) (o)->light1_brightness; \
    (settings).light2_x = (double) (o)->light2_x; \
    (settings).light2_y = (double) (o)->light2_y; \
    (settings).light2_z = (double) (o)->light2_z; \
    (settings).light2_hue = (double) (o)->light2_hue; \
    (settings).light2_saturation = (double) (o)->light2_saturation; \
    (settings).light2_brightness = (double) (o)->light2_brightness; \
    (settings).light3_x = (double) (o)->light3_x; \
    (settings).light3_y = (double) (o)->light3_y; \
    (settings).light3_z = (double) (o)->light3_z; \
    (settings).light3_hue = (double) (o)->light3_hue; \
    (settings).light3_saturation = (double) (o)->light3_saturation; \
    (settings).light3_brightness = (double) (o)->light3_brightness; \
    (settings).light4_x = (double) (o)->light4_x; \
    (settings).light4_y = (double) (o)->light4_y; \
    (settings).light4_z = (double) (o)->light4_z; \
    (settings).light4_hue = (double) (o)->light4_hue; \
    (settings).light4_saturation = (double) (o)->light4_saturation; \
    (settings).light4_brightness = (double) (o)->light4_brightness; \
  } while (0)

#define IMPASTO_EMBOSS_MATCAP_SETTINGS(o, space, settings) \
  do { \
    (settings).radius = (double) (o)->radius; \
    (settings).scale = (double) (o)->scale; \
    (settings).profile = (double) (o)->profile; \
    (settings).liquify = (double) (o)->liquify; \
    (settings).mask_source = (double) (o)->mask_source; \
    (settings).result = (double) (o)->result; \
  } while (0)

#define IMPASTO_BRISTLE_NORMAL_MAP_SETTINGS(o, space, settings) \
  do { \
    (settings).smoothness = (double) (o)->smoothness; \
    (settings).contrast = (double) (o)->contrast; \
    (settings).flip_y = (double) (o)->flip_y; \
    (settings).tileable = (double) (o)->tileable; \
  } while (0)

#define IMPASTO_NORMAL_LIGHT_SETTINGS(o, space, settings) \
  do { \
    (settings).smoothness = (double) (o)->smoothness; \
    (settings).contrast = (double) (o)->contrast; \
    (settings).tileable = (double) (o)->tileable; \
    (settings).light_azimuth = (double) (o)->light_azimuth; \
    (settings).light_elevation = (double) (o)->light_elevation; \
    (settings).ambient = (double) (o)->ambient; \
    (settings).specular = (double) (o)->specular; \
    (settings).shininess = (double) (o)->shininess; \
    impasto_gegl_rgb ((o)->light_color, (space), (settings).light_color); \
  } while (0)

#define IMPASTO_PAINT_RELIEF_SETTINGS(o, space, settings) \
  do { \
    (settings).smoothness = (double) (o)->smoothness; \
    (settings).contrast = (double) (o)->contrast; \
    (settings).light_azimuth = (double) (o)->light_azimuth; \
    (settings).light_elevation = (double) (o)->light_elevation; \
    (settings).ambient = (double) (o)->ambient; \
    (settings).specular = (double) (o)->specular; \
    (settings).shininess = (double) (o)->shininess; \
    impasto_gegl_rgb ((o)->light_color, (space), (settings).light_color); \
    (settings).sheen = (double) (o)->sheen; \
    (settings).thick_paint = (double) (o)->thick_paint; \
  } while (0)
