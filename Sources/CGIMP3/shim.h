/* SPDX-License-Identifier: GPL-3.0-or-later */
#include <libgimp/gimp.h>
#include <libgimp/gimpui.h>
