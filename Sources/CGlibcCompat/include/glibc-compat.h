// SPDX-License-Identifier: GPL-3.0-or-later
#ifndef IMPASTO_GLIBC_COMPAT_H
#define IMPASTO_GLIBC_COMPAT_H

/* C99 fmod and fmodf, exactly (7.12.10.1: x − n·y with n = x/y truncated, the sign of x),
   computed from IEEE remainder, which every glibc since 2.2.5 exports under one version. */
double impasto_fmod(double x, double y);
float impasto_fmodf(float x, float y);

#endif
