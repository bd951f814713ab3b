// SPDX-License-Identifier: GPL-3.0-or-later
#include "glibc-compat.h"

/* The Swift runtime, linked in statically, calls fmod and fmodf. glibc 2.38 gave them new
   symbol versions, so this plug-in, built on Debian 13, would otherwise not start where glibc
   is older (Debian 12, Ubuntu 22.04). Defined here, in the executable, they are bound to
   these exact equivalents instead of to libm's new versions (the release bundle checks it). */
double fmod(double x, double y) { return impasto_fmod(x, y); }
float fmodf(float x, float y) { return impasto_fmodf(x, y); }
