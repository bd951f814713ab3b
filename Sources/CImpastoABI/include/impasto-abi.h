/* impasto-abi.h — the only contract between Impasto's C and its Swift.
 *
 * The GEGL chant files (Sources/ImpastoGEGL) call these functions; the Swift target
 * ImpastoABI implements them with @_cdecl over the pure kernels in ImpastoKernels.
 * Pixels are interleaved float; counts are pixels, not samples. Every function is
 * thread-safe and total: any count (≤ 0 does nothing), any parameter, NaN/Inf samples; the
 * kernels are pure (only impasto_scratch_* keep memory between calls).
 */
#ifndef IMPASTO_ABI_H
#define IMPASTO_ABI_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Runs func (offset, size, data) over pieces covering [0, size), possibly in parallel on
 * several threads (the C side's impasto_gegl_parallel uses as many as GEGL_THREADS or
 * GIMP's preference say). NULL: serial. */
typedef void (*ImpastoRangeFunc)    (size_t offset, size_t size, void *data);
typedef void (*ImpastoParallelFunc) (size_t size, ImpastoRangeFunc func, void *data);

/* impasto:pencil-hue-saturation on RGBA float (R'G'B'A or linear: the caller's choice).
 * in and out may be the same buffer. Out-of-range parameters are clamped, NaN ones
 * fall back to the identity defaults. */
void impasto_pencil_hue_saturation (const float *in_rgba,
                                    float       *out_rgba,
                                    long         n_pixels,
                                    double       azimuth,
                                    double       altitude,
                                    double       max_saturation);

/* One omni light of the procedural hemisphere (MercurialText): position in scene space
 * (x right, y up, z towards the viewer; the sphere has radius 1 at the origin), colour as
 * hue (degrees), saturation (0..1) and brightness (0 = off). */
typedef struct
{
  double x, y, z;
  double hue, saturation, brightness;
} ImpastoLight;

typedef struct
{
  double       radius;       /* height-field radius r, px */
  double       scale;        /* normal scale k */
  int          profile;      /* 0 round, 1 linear, 2 smooth */
  double       liquify;      /* metaball blur sigma, px; 0 off */
  int          mask_source;  /* 0 alpha, 1 luminance x alpha */
  int          output;       /* 0 shaded, 1 height, 2 normals, 3 hemisphere */
  const char  *preset;       /* a preset name, or "custom" for the fields below */
  ImpastoLight lights[4];
  float        color[3];     /* material base colour, linear RGB */
  double       shininess, metalness, roughness;
  int          model;        /* 0 shiny (Blinn-Phong), 1 PBR */
} ImpastoEmbossParams;

/* How a whole-image kernel reaches its pixels, a band of rows at a time, so that no
 * full-size copy of the input or the output is ever made. Both may be called from several
 * threads at once, for different rows. */
typedef struct
{
  /* Reads rows [y, y + rows) of the input as Y'A float (width x rows x 2) into gray_alpha. */
  void (*read)  (long y, long rows, float *gray_alpha, void *data);
  /* Writes rows [y, y + rows) of the output from rgba (width x rows x 4, RGBA float). */
  void (*write) (long y, long rows, const float *rgba, void *data);
  void  *data;
} ImpastoRows;

/* impasto:emboss over a whole width x height image (exact distances need all of it).
 * shading (sw x sh RGBA float, linear) is the picture of a lit sphere; NULL renders the
 * procedural hemisphere from params. Besides what io reads and writes it keeps about
 * 3 floats per pixel (mask, distances, heights). */
void impasto_emboss (long                       width,
                     long                       height,
                     const ImpastoRows         *io,
                     const float               *shading,
                     long                       shading_width,
                     long                       shading_height,
                     const ImpastoEmbossParams *params,
                     ImpastoParallelFunc        parallel);

/* impasto:bristle-normal-map (BristlePaint, SpriteKit's generatingNormalMap): a bump layer's
 * heights h = Y' x alpha, blurred (sigma = 3 x smoothness px), become normals
 * n = normalize(-c dh/dx, +c dh/dy, 1), encoded as opaque R'G'B'A (0.5 + 0.5 n, 1). */
typedef struct
{
  double smoothness;  /* 0..1; sigma = 3 x smoothness px, 0: no blur */
  double contrast;    /* c, 0..100 */
  int    flip_y;      /* 0: green up (OpenGL), 1: green down (DirectX) */
} ImpastoNormalMapParams;

/* Pixels of input an output pixel needs on each side: the blur's reach + 1 (1 ..< 14). */
long impasto_bristle_normal_map_margin (double smoothness);

/* Working memory that the calls of one op share: each call takes a part that no other call
 * is using (a new one when all are), so no call allocates once they have grown to the
 * pieces' size. Thread-safe; free it when the op goes (after its last call). */
typedef struct _ImpastoScratch ImpastoScratch;

ImpastoScratch *impasto_scratch_new  (void);
void            impasto_scratch_free (ImpastoScratch *scratch);

/* How impasto_bristle_normal_map reaches a piece's pixels, a band of rows at a time. */
typedef struct
{
  /* Samples per input pixel: 2 for Y'A float, 4 for R'G'B'A float. */
  int    components;
  /* Reads rows [y, y + rows) of the window (window_width x rows pixels) into samples. */
  void (*read)  (long y, long rows, float *samples, void *data);
  /* components 4: n R'G'B'A float pixels as Y'A float, as babl converts them in the image's
   * space (only called for rows with a pixel that is not grey, R' = G' = B'). */
  void (*luma)  (const float *rgba, float *gray_alpha, long n, void *data);
  /* Writes rows [y, y + rows) of the output (the window's inner pixels), R'G'B'A float. */
  void (*write) (long y, long rows, const float *rgba, void *data);
  void  *data;
} ImpastoNormalMapIO;

/* window: window_width x window_height pixels, the output's pixels and margin more on each
 * side (beyond the image: its edge pixels repeated, or wrapped around when tileable);
 * margin should be impasto_bristle_normal_map_margin (smoothness). The output is the inner
 * (window_width - 2 margin) x (window_height - 2 margin) pixels, R'G'B'A float, written
 * through io in order from the top. */
void impasto_bristle_normal_map (long                          window_width,
                                 long                          window_height,
                                 long                          margin,
                                 const ImpastoNormalMapIO     *io,
                                 const ImpastoNormalMapParams *params,
                                 ImpastoScratch               *scratch);

/* impasto:normal-light (BristlePaint, SpriteKit's normal-mapped sprite): a colour lit by one
 * distant light through the normals of a bump layer, the same normals as
 * impasto_bristle_normal_map (y up). In linear RGB:
 * colour' = colour x light x (ambient + (1 - ambient) max(0, n.L) / L_z)
 *           + specular x light x max(0, n.H)^shininess; alpha is kept. */
typedef struct
{
  double smoothness;      /* the bump's pre-blur, as ImpastoNormalMapParams */
  double contrast;        /* c, as ImpastoNormalMapParams */
  double azimuth;         /* light direction, degrees counter-clockwise from +x (135: top-left), -360..360 */
  double elevation;       /* degrees above the canvas, 0..90 (90: from straight above) */
  double ambient;         /* 0..1 */
  double specular;        /* 0..4 */
  double shininess;       /* Blinn exponent, 1..1000 */
  float  light_color[3];  /* linear RGB */
} ImpastoNormalLightParams;

/* window: the bump, window_width x window_height Y'A float, the window of
 * impasto_bristle_normal_map (margin: impasto_bristle_normal_map_margin (smoothness)), read
 * at once. rgba: the colour of the inner
 * (window_width - 2 margin) x (window_height - 2 margin) pixels, linear RGBA float, lit in
 * place (a window too small for its margin leaves it unchanged). */
void impasto_normal_light (const float                    *gray_alpha,
                           long                            window_width,
                           long                            window_height,
                           long                            margin,
                           float                          *rgba,
                           const ImpastoNormalLightParams *params,
                           ImpastoParallelFunc             parallel);

#ifdef __cplusplus
}
#endif

#endif
