/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The chant files' translations: _() and the enum chant's dgettext look up the domain
 * "impasto" (GETTEXT_PACKAGE) through impasto_dgettext (module.c), which also serves a
 * program that never set a locale (the gegl tool) in its environment's language. */
#ifndef IMPASTO_I18N_H
#define IMPASTO_I18N_H

#include <glib/gi18n-lib.h>

const char *impasto_dgettext (const char *domain, const char *msgid);

#undef _
#define _(String) impasto_dgettext (GETTEXT_PACKAGE, (String))
#undef dgettext
#define dgettext(Domain, String) impasto_dgettext ((Domain), (String))

#endif
