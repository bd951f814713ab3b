// SPDX-License-Identifier: GPL-3.0-or-later
#include "glibc-compat.h"
#include <math.h>

/* remainder(x, y) = x − n·y with n the nearest integer to x/y: exact, |r| ≤ |y|/2. Where r's
   sign differs from x's, fmod's n is one step nearer zero: r ± |y|. That sum equals fmod's
   result, which is representable (|fmod| < |y|, and a multiple of x's and y's last places),
   so the addition is exact. r = ±0 keeps x's sign, as fmod's does; NaN and infinities pass
   through remainder (x infinite or y = 0 → NaN; y infinite → x). */
double impasto_fmod(double x, double y) {
    double r = remainder(x, y);
    if (r != 0 && signbit(r) != signbit(x)) r += copysign(y, x);
    return r;
}

float impasto_fmodf(float x, float y) {
    float r = remainderf(x, y);
    if (r != 0 && signbit(r) != signbit(x)) r += copysignf(y, x);
    return r;
}
