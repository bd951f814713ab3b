/* impasto-abi.h — the only contract between Impasto's C and its Swift.
 *
 * The GEGL chant files (Sources/ImpastoGEGL) call these functions; the Swift target
 * ImpastoABI implements them with @_cdecl over the pure kernels in ImpastoKernels.
 * Pixels are interleaved float; counts are pixels, not samples. Every function is pure,
 * thread-safe and total: any count (≤ 0 does nothing), any parameter, NaN/Inf samples.
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

/* impasto:emboss over a whole image: gray_alpha is width x height Y'A float (the mask
 * source), out width x height RGBA float. shading (sw x sh RGBA float, linear) is the
 * picture of a lit sphere; NULL renders the procedural hemisphere from params. Works on
 * the whole image at once (exact distances need it); uses about 5 floats per pixel of
 * memory beyond in and out. */
void impasto_emboss (const float               *gray_alpha,
                     long                       width,
                     long                       height,
                     const float               *shading,
                     long                       shading_width,
                     long                       shading_height,
                     const ImpastoEmbossParams *params,
                     float                     *out,
                     ImpastoParallelFunc        parallel);

#ifdef __cplusplus
}
#endif

#endif
