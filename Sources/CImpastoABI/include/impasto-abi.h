/* impasto-abi.h — the only contract between Impasto's C and its Swift.
 *
 * The GEGL chant files (Sources/ImpastoGEGL) call these functions; the Swift target
 * ImpastoABI implements them with @_cdecl over the pure kernels in ImpastoKernels.
 * Pixels are interleaved float; counts are pixels, not samples. Every function is pure,
 * thread-safe and total: any count (≤ 0 does nothing), any parameter, NaN/Inf samples.
 */
#ifndef IMPASTO_ABI_H
#define IMPASTO_ABI_H

#ifdef __cplusplus
extern "C" {
#endif

/* impasto:pencil-hue-saturation on RGBA float (R'G'B'A or linear: the caller's choice).
 * in and out may be the same buffer. Out-of-range parameters are clamped, NaN ones
 * fall back to the identity defaults. */
void impasto_pencil_hue_saturation (const float *in_rgba,
                                    float       *out_rgba,
                                    long         n_pixels,
                                    double       azimuth,
                                    double       altitude,
                                    double       max_saturation);

#ifdef __cplusplus
}
#endif

#endif
