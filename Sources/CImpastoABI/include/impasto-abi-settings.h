/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-abi-settings.h — every op's settings as impasto-abi.h passes them: one double
 * per property, in the order the op declares them (a boolean 0 or 1, a choice the index
 * of its value, a colour three: linear R, G, B of the image's space). The Swift side
 * reads them as ParameterValues of the same declarations (ImpastoKernels).
 * Written by impasto-generate from the Swift declarations: do not edit
 * (docs/architecture.md, "Add a parameter", "Add an op"). */
#ifndef IMPASTO_ABI_SETTINGS_H
#define IMPASTO_ABI_SETTINGS_H

/* impasto:pencil-hue-saturation */
typedef struct
{
  double azimuth;           /* Azimuth */
  double altitude;          /* Altitude */
  double max_saturation;    /* Maximum saturation */
  double linear;            /* Linear light */
} ImpastoPencilHueSaturationSettings;

#define IMPASTO_PENCIL_HUE_SATURATION_SETTINGS_DEFAULTS \
  { 180.0, 78.75, 8.0, 0.0 }

/* impasto:emboss */
typedef struct
{
  double radius;               /* Radius */
  double scale;                /* Depth */
  double profile;              /* Profile (0 round, 1 linear, 2 smooth) */
  double liquify;              /* Liquify */
  double mask_source;          /* Mask (0 alpha, 1 luminance) */
  double result;               /* Result (0 shaded, 1 height, 2 normals, 3 hemisphere) */
  double preset;               /* Look (0 custom, 1 mercury, 2 gold, 3 chrome, 4 copper, 5 plastic, 6 pearl, 7 obsidian) */
  double color[3];             /* Material color */
  double model;                /* Material (0 shiny, 1 pbr) */
  double shininess;            /* Shininess */
  double metalness;            /* Metalness */
  double roughness;            /* Roughness */
  double light1_x;             /* Light 1 x */
  double light1_y;             /* Light 1 y */
  double light1_z;             /* Light 1 z */
  double light1_hue;           /* Light 1 hue */
  double light1_saturation;    /* Light 1 saturation */
  double light1_brightness;    /* Light 1 brightness */
  double light2_x;             /* Light 2 x */
  double light2_y;             /* Light 2 y */
  double light2_z;             /* Light 2 z */
  double light2_hue;           /* Light 2 hue */
  double light2_saturation;    /* Light 2 saturation */
  double light2_brightness;    /* Light 2 brightness */
  double light3_x;             /* Light 3 x */
  double light3_y;             /* Light 3 y */
  double light3_z;             /* Light 3 z */
  double light3_hue;           /* Light 3 hue */
  double light3_saturation;    /* Light 3 saturation */
  double light3_brightness;    /* Light 3 brightness */
  double light4_x;             /* Light 4 x */
  double light4_y;             /* Light 4 y */
  double light4_z;             /* Light 4 z */
  double light4_hue;           /* Light 4 hue */
  double light4_saturation;    /* Light 4 saturation */
  double light4_brightness;    /* Light 4 brightness */
} ImpastoEmbossSettings;

#define IMPASTO_EMBOSS_SETTINGS_DEFAULTS \
  { 10.0, 10.0, 0.0, 0.0, 0.0, 0.0, 1.0, { 0.8, 0.8, 0.8 }, 0.0, 40.0, 0.0, 0.3, -2.0, 2.0, 3.0, 0.0, 0.0, 1.0, 3.0, -1.0, 2.0, 210.0, 0.3, 0.4, 0.0, -3.0, 1.0, 30.0, 0.3, 0.3, 0.0, 0.0, 4.0, 0.0, 0.0, 0.0 }

/* impasto:emboss-matcap */
typedef struct
{
  double radius;         /* Radius */
  double scale;          /* Depth */
  double profile;        /* Profile (0 round, 1 linear, 2 smooth) */
  double liquify;        /* Liquify */
  double mask_source;    /* Mask (0 alpha, 1 luminance) */
  double result;         /* Result (0 shaded, 1 height, 2 normals, 3 hemisphere) */
} ImpastoEmbossMatcapSettings;

#define IMPASTO_EMBOSS_MATCAP_SETTINGS_DEFAULTS \
  { 10.0, 10.0, 0.0, 0.0, 0.0, 0.0 }

/* impasto:bristle-normal-map */
typedef struct
{
  double smoothness;    /* Smoothness */
  double contrast;      /* Contrast */
  double flip_y;        /* Flip Y (DirectX) */
  double tileable;      /* Tileable */
} ImpastoBristleNormalMapSettings;

#define IMPASTO_BRISTLE_NORMAL_MAP_SETTINGS_DEFAULTS \
  { 0.75, 3.0, 0.0, 0.0 }

/* impasto:normal-light */
typedef struct
{
  double smoothness;         /* Smoothness */
  double contrast;           /* Contrast */
  double tileable;           /* Tileable */
  double light_azimuth;      /* Light azimuth */
  double light_elevation;    /* Light elevation */
  double ambient;            /* Ambient */
  double specular;           /* Specular */
  double shininess;          /* Shininess */
  double light_color[3];     /* Light color */
} ImpastoNormalLightSettings;

#define IMPASTO_NORMAL_LIGHT_SETTINGS_DEFAULTS \
  { 0.75, 3.0, 0.0, 135.0, 45.0, 0.35, 0.6, 40.0, { 1.0, 1.0, 1.0 } }

/* impasto:paint-relief */
typedef struct
{
  double smoothness;         /* Smoothness */
  double contrast;           /* Contrast */
  double light_azimuth;      /* Light azimuth */
  double light_elevation;    /* Light elevation */
  double ambient;            /* Ambient */
  double specular;           /* Specular */
  double shininess;          /* Shininess */
  double light_color[3];     /* Light color */
  double sheen;              /* Sheen */
  double thick_paint;        /* Thick paint */
} ImpastoPaintReliefSettings;

#define IMPASTO_PAINT_RELIEF_SETTINGS_DEFAULTS \
  { 0.75, 0.5, 135.0, 45.0, 0.35, 0.6, 40.0, { 1.0, 1.0, 1.0 }, 1.0, 0.0 }

#endif
