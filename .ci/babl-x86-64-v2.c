/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A test-only LD_PRELOAD library (.ci/babl-choice, IMPASTO_BABL=x86-64-v2): babl as on an
 * x86-64-v2 CPU, whatever CPU runs the tests. babl and each of its extensions ask
 * babl_cpu_accel_get_support () which build of a conversion may register (an x86-64-v2
 * extension refuses where the CPU has x86-64-v3, a generic one where it has either); this
 * hides the x86-64-v3 features (AVX, AVX2, FMA, BMI, F16C, MOVBE, OSXSAVE), so the v2
 * extensions' paths are the ones chosen. The flag values are babl-cpuaccel.h's. */
#define _GNU_SOURCE
#include <dlfcn.h>

#define X86_64_V2 (0x00200000 | 0x01000000 | 0x00800000 | 0x02000000)
#define X86_64_V3 (X86_64_V2 | 0x00008000 | 0x00004000 | 0x00400000 | 0x00100000 | 0x00040000 \
                   | 0x00002000 | 0x00010000 | 0x00080000)

int babl_cpu_accel_get_support (void);

int
babl_cpu_accel_get_support (void)
{
  static int (*real) (void);

  if (! real)
    real = (int (*) (void)) dlsym (RTLD_NEXT, "babl_cpu_accel_get_support");
  return real ? real () & ~(X86_64_V3 & ~X86_64_V2) : 0;
}
