/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <gegl.h>
#include <gegl-plugin.h>
#include <babl/babl.h>
