/* SPDX-License-Identifier: GPL-3.0-or-later */
/* impasto-abi.h — the only contract between Impasto's C and its Swift.
 *
 * The GEGL chant files (Sources/ImpastoGEGL) call these functions; the Swift target
 * ImpastoABI implements them with @_cdecl over the pure kernels in ImpastoKernels.
 * Every op has one shape: impasto_<op> (const ImpastoIO *io, const Impasto<Op>Params *params).
 * Each op's params begin with its settings, the values of its GEGL properties
 * (impasto-abi-settings.h, generated from the Swift declarations); what follows them is what
 * only the C side knows.
 * Pixels are interleaved float (some kernels' may be 8- or 16-bit codes: ImpastoIO.samples);
 * sizes are pixels, not samples. Every function is
 * thread-safe and total: any size (≤ 0 does nothing), any parameter, NaN/Inf samples, NULL
 * for any pointer (nothing is done); the kernels are pure (only impasto_scratch_* keep
 * memory between calls). Each Swift export is tied to its declaration here by the compiler
 * (ImpastoABI/Contract.swift).
 */
#ifndef IMPASTO_ABI_H
#define IMPASTO_ABI_H

#include <stddef.h>
#include "impasto-abi-settings.h"

/* Swift imports long as Int and size_t as UInt, both 64-bit: the ABI assumes LP64. */
_Static_assert (sizeof (long) == 8 && sizeof (size_t) == 8 && sizeof (void *) == 8,
                "impasto-abi.h assumes an LP64 platform (Swift's Int is 64-bit)");
_Static_assert (sizeof (float) == 4, "samples are 32-bit IEEE floats");

#ifdef __cplusplus
extern "C" {
#endif

/* Runs func (offset, size, data) over pieces covering [0, size), possibly in parallel on
 * several threads; the piece at offset 0 runs on the calling thread (the C side's
 * impasto_gegl_parallel uses as many threads as GEGL_THREADS or GIMP's preference say). */
typedef void (*ImpastoRangeFunc)    (size_t offset, size_t size, void *data);
typedef void (*ImpastoParallelFunc) (size_t size, ImpastoRangeFunc func, void *data);

/* Working memory that calls share (of one op or several): each call (each thread of a call)
 * takes a part that no other is using (a new one when all are), so no call allocates once
 * they have grown to the pieces' size. Thread-safe. It is kept for as long as its user is
 * loaded (the GEGL module has one for all its ops, as GEGL has gegl_temp_buffer), so there is
 * no free. */
typedef struct _ImpastoScratch ImpastoScratch;

ImpastoScratch *impasto_scratch_new (void);

/* ImpastoIO.samples */
enum { IMPASTO_FLOAT = 0, IMPASTO_U8 = 1, IMPASTO_U16 = 2 };

/* How every kernel reaches what is not a parameter: its pixels, a band of rows at a time (so
 * that no full-size copy of an input or the output is ever made), its threads, its working
 * memory and a progress bar. Every op is called as impasto_<op> (&io, &params).
 * The callbacks may be called from several threads at once, for different rows; y counts
 * from the top of what they reach. */
typedef struct
{
  long   width;        /* the output's pixels */
  long   height;
  long   margin;       /* pixels of input beyond the output on each side (area ops; else 0) */
  int    components;   /* samples per input pixel: 2 Y'A (or YA: see linear) float, 3 R'G'B' float
                        * (the normal-map and emboss kernels), 4 R'G'B'A (or RGBA) float */
  float  luma[3];      /* components 3 and 4, for a kernel that needs Y': Y' = luma . (R', G', B'),
                        * the luminance weights of the image's space (sum 1) */
  int    linear;       /* components 2: linear Y and alpha (YA float of a space with sRGB's
                        * curves: the emboss's mask), not Y'A; a kernel that needs Y' gives Y
                        * that curve itself */
  int    samples;      /* what read delivers and in/out hold: IMPASTO_FLOAT, or codes 0 … 255
                        * (IMPASTO_U8: the normal-map kernels' R'G'B'A bump, 4 bytes a pixel;
                        * impasto_pencil_hue_saturation's in/out) or 0 … 65535 (IMPASTO_U16:
                        * the pencil's in/out) for 0 … 1 */
  /* Reads rows [y, y + rows) of the input, (width + 2 margin) x rows pixels. */
  void (*read)       (long y, long rows, float *samples, void *data);
  /* Reads rows [y, y + rows) of the colour a kernel lights (impasto_normal_light only),
   * width x rows RGBA float: linear (color_codes 0), or of sRGB's curve, which the kernel
   * decodes by table: R'G'B'A u8, 4 bytes a pixel (1), or R'G'B'A float (2). */
  void (*read_color) (long y, long rows, float *rgba, void *data);
  int    color_codes;
  /* Writes rows [y, y + rows) of the output, width x rows RGBA float (linear or perceptual
   * as the op says). */
  void (*write)      (long y, long rows, const float *rgba, void *data);
  /* Instead of read and write, for pixels already in memory (a point filter's buffers;
   * margin 0): the input's and the output's rows one after the other, worked on without a
   * copy. They may be the same buffer. Not for the normal-map kernels, which stream. */
  const void  *in;
  void        *out;
  /* NULL: serial (an area op's pieces already run on GEGL's threads). */
  ImpastoParallelFunc parallel;
  /* NULL: none. Called from the calling thread only, with the share done, rising to 1. */
  void (*progress)   (double done, void *data);
  /* NULL: fresh memory for this call. */
  ImpastoScratch *scratch;
  void  *data;
} ImpastoIO;

/* impasto:pencil-hue-saturation on RGBA (R'G'B'A or linear: the caller's choice, which
 * settings.linear names), float, u8 or u16 (io.samples; integer results rounded to the
 * nearest code and clamped); margin 0, components 4. Out-of-range settings are clamped, NaN
 * ones fall back to the identity defaults. */
typedef struct
{
  ImpastoPencilHueSaturationSettings settings;
} ImpastoPencilParams;

void impasto_pencil_hue_saturation (const ImpastoIO *io, const ImpastoPencilParams *params);

/* impasto:emboss's settings: the relief (radius r px, depth k, profile, liquify σ px, mask,
 * result) and the look (a preset, or the custom lights and material: MercurialText's omni
 * lights in scene space, x right, y up, z towards the viewer, the sphere of radius 1 at the
 * origin). impasto:emboss-matcap fills the relief's and leaves the look at its defaults
 * (IMPASTO_EMBOSS_SETTINGS_DEFAULTS). */
typedef struct
{
  ImpastoEmbossSettings settings;
  int          perceptual;   /* results 0 and 3: colours written with sRGB's curve (R'G'B'A),
                              * not linear */
  /* The picture of a lit sphere, shading_width x shading_height RGBA float, linear (NaN
   * and infinite samples count as 0); NULL: the procedural hemisphere the look describes. */
  const float *shading;
  long         shading_width;
  long         shading_height;
  /* Where the output lies: its top-left (x, y) in an image of image_width x image_height
   * pixels (image_width or image_height <= 0: the output is the whole image). */
  long         x, y;
  long         image_width, image_height;
} ImpastoEmbossParams;

/* Pixels of input an output pixel of impasto_emboss needs on each side: the liquify blur's
 * reach, the relief's (the radius and 9 px) and the shading's 1 px, as params say (0 for the
 * hemisphere output; NULL: 0). */
long impasto_emboss_margin (const ImpastoEmbossParams *params);

/* impasto:emboss over a region of an image (params x, y, image_width, image_height): io reads
 * the region and margin pixels more on each side (components 2 Y'A or YA, 3 R'G'B' or 4
 * R'G'B'A, floats, or for 4 IMPASTO_U8 codes; nothing beyond the image is read but columns
 * of the rows read, which are ignored), writes the region. With margin >=
 * impasto_emboss_margin (params) the output is the whole image's there, to the bit, however
 * the image is cut into regions. An input without an alpha channel (components 3) is
 * embossed by its luminance and its output is opaque. Besides what io reads and writes it
 * keeps about 2 floats per pixel of the region and its margin within the image (the mask,
 * the transform's index; 4 while liquify's blur runs). io.parallel spreads its work (NULL:
 * serial); reports progress. */
void impasto_emboss (const ImpastoIO *io, const ImpastoEmbossParams *params);

/* impasto:bristle-normal-map (BristlePaint, SpriteKit's generatingNormalMap): a bump layer's
 * heights h = Y' x alpha, blurred (sigma = smoothness / (4 (1 - smoothness)) px, at most 3),
 * become normals
 * n = normalize(-c dh/dx, +c dh/dy, 1), encoded as opaque R'G'B'A (0.5 + 0.5 n, 1). */
typedef struct
{
  ImpastoBristleNormalMapSettings settings;  /* smoothness (the blur's sigma as above, 0: no
                                              * blur), contrast c, flip_y (green down, DirectX);
                                              * tileable is the caller's (its reads wrap) */
  int    linear;      /* write the map's colours as linear RGBA float (its codes undone by
                       * sRGB's curve), for an output in linear RGBA, instead of R'G'B'A codes */
} ImpastoNormalMapParams;

/* Pixels of input an output pixel needs on each side: the blur's reach + 1 (1 ..< 14). */
long impasto_bristle_normal_map_margin (double smoothness);

/* io reads the bump (components 2: Y'A; 3 or 4: R'G'B'(A), Y' = luma . (R', G', B'); floats,
 * or for 4 IMPASTO_U8 codes as io.samples says), the output's pixels and margin more on each
 * side (beyond the image: its edge pixels repeated, or wrapped around when tileable); margin
 * should be impasto_bristle_normal_map_margin (smoothness). Writes the normal map, R'G'B'A float (or linear RGBA float, params.linear). */
void impasto_bristle_normal_map (const ImpastoIO *io, const ImpastoNormalMapParams *params);

/* impasto:normal-light (BristlePaint, SpriteKit's normal-mapped sprite): a colour lit by one
 * distant light through the normals of a bump layer, the same normals as
 * impasto_bristle_normal_map (y up). In linear RGB:
 * colour' = colour x light x (ambient + (1 - ambient) max(0, n.L) / L_z)
 *           + specular x light x max(0, n.H)^shininess; alpha is kept. */
typedef struct
{
  ImpastoNormalLightSettings settings;  /* the bump's smoothness and contrast, as the normal
                                         * map's; the light: azimuth (degrees counter-clockwise
                                         * from +x, 135: top-left), elevation (degrees above the
                                         * canvas), ambient, specular, shininess (Blinn exponent),
                                         * colour (linear RGB); tileable is the caller's */
} ImpastoNormalLightParams;

/* io reads the bump exactly as for impasto_bristle_normal_map and read_color the colour
 * (linear RGBA float); writes the lit colour, linear RGBA float. */
void impasto_normal_light (const ImpastoIO *io, const ImpastoNormalLightParams *params);

/* impasto:paint-relief: a painting lit through its own relief, its alpha the height (the
 * normals as impasto_bristle_normal_map's, margin impasto_bristle_normal_map_margin
 * (smoothness)), lit as impasto_normal_light lights but with the highlight taken above flat
 * paint's, so flat paint keeps its colour, and a ring of light all round (sheen); alpha is
 * kept. With thick_paint, the height is the paint's thickness -ln(1 - alpha), which adds up stroke
 * by stroke, and alpha shows 1 - (1 - alpha)^16. io reads the painting with its margin
 * (components 4: RGBA float, or R'G'B'A u8 codes as io.samples says; only alpha is read) and
 * read_color its colour at the output (as impasto_normal_light's, io.color_codes); writes the
 * lit colour, linear RGBA float. */
typedef struct
{
  ImpastoPaintReliefSettings settings;  /* the relief's smoothness and contrast, the light (as
                                         * impasto_normal_light's), sheen (the ring of light's
                                         * strength) and thick_paint (1: thick paint) */
} ImpastoPaintReliefParams;

void impasto_paint_relief (const ImpastoIO *io, const ImpastoPaintReliefParams *params);

#ifdef __cplusplus
}
#endif

#endif
