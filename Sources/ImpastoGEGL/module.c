/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The GEGL module: one bundle of Impasto's ops (built with GEGL_OP_BUNDLE, so the chant
 * files leave the two module entry points to this file). */
#define _GNU_SOURCE  /* dladdr */
#include <dlfcn.h>
#include <locale.h>
#include <string.h>
#include <glib/gi18n-lib.h>
#include <gegl-plugin.h>
#include "impasto-gegl.h"

static const GeglModuleInfo module_info = { GEGL_MODULE_ABI_VERSION };

G_MODULE_EXPORT const GeglModuleInfo *
gegl_module_query (GTypeModule *module)
{
  return &module_info;
}

/* The ops' titles, labels, descriptions and choice names are in the domain "impasto"
 * (GETTEXT_PACKAGE): its catalogues are installed beside this module, in
 * impasto-locale/<language>/LC_MESSAGES/impasto.mo (GEGL loads only *.so files from its
 * module folders, so the folder is left alone). GEGL binds only its own domain. Bound before
 * the types are registered: the chant reads labels and enum names at class init, and GIMP
 * has set the locale before it loads modules.
 *
 * A process that has bound the domain already keeps its binding: Impasto's own plug-ins,
 * whose libgimp binds it to the plug-in's locale/ before they start GEGL (the same
 * catalogues; a module folder without them must not take the plug-in's messages away). A
 * domain never bound reports gettext's default folder, as a made-up one does. */
static void
impasto_gegl_bind_text_domain (void)
{
  Dl_info      info;
  const gchar *bound = bindtextdomain (GETTEXT_PACKAGE, NULL);
  const gchar *never = bindtextdomain ("impasto-never-bound", NULL);

  if (g_strcmp0 (bound, never) != 0)
    return;
  if (dladdr ((void *) impasto_gegl_bind_text_domain, &info) && info.dli_fname)
    {
      gchar *folder = g_path_get_dirname (info.dli_fname);
      gchar *locale = g_build_filename (folder, "impasto-locale", NULL);

      bindtextdomain (GETTEXT_PACKAGE, locale);
      g_free (locale);
      g_free (folder);
    }
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
}

/* msgid in `domain`, in the language of the messages' locale (GIMP sets it from the user's
 * settings). A program that never set one (the gegl tool calls no setlocale) still gets the
 * language its environment names, as gettext reads it (LC_ALL, LC_MESSAGES, LANG, then
 * LANGUAGE): for this lookup only, on this thread (uselocale), so the program's own locale
 * stays as it was. An environment that names C, or a locale that is not installed, gives
 * the English. */
const char *
impasto_dgettext (const char *domain,
                  const char *msgid)
{
  const char *current = setlocale (LC_MESSAGES, NULL);

  if (current && (strcmp (current, "C") == 0 || strcmp (current, "POSIX") == 0))
    {
      locale_t environment = newlocale (LC_MESSAGES_MASK, "", (locale_t) 0);

      if (environment)
        {
          locale_t    previous    = uselocale (environment);
          const char *translation = dgettext (domain, msgid);

          uselocale (previous);
          freelocale (environment);
          return translation;
        }
    }
  return dgettext (domain, msgid);
}

G_MODULE_EXPORT gboolean
gegl_module_register (GTypeModule *module)
{
  impasto_gegl_bind_text_domain ();
#define IMPASTO_OP(name) gegl_op_##name##_register_type (module);
#include "generated/impasto-ops.h"
#undef IMPASTO_OP
  return TRUE;
}
