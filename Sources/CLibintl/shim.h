/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gettext's functions (glibc's libintl.h), which Swift's Glibc module does not bring. */
#include <libintl.h>
