/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Prints what GIMP's generated dialog would show of a GEGL op: its title, each property's
 * label, and the labels of an enum property's values, in the user's language. Built and run
 * by ImpastoGEGLTests/TranslatedOpTests: the `gegl` CLI never calls setlocale, so it shows
 * every op (GEGL's own too) in English whatever LANGUAGE says; GIMP, like this, does.
 *
 *   op-strings MODULE-FOLDER OP */
#include <locale.h>
#include <stdio.h>
#include <gegl.h>
#include <gegl-plugin.h>

int
main (int argc, char **argv)
{
  guint        n, i;
  GParamSpec **specs;

  if (argc != 3)
    return 2;
  setlocale (LC_ALL, "");
  gegl_init (NULL, NULL);
  g_object_set (gegl_config (), "application-license", "GPL3", NULL);  /* our ops are GPL3+ */
  gegl_load_module_directory (argv[1]);
  if (! gegl_has_operation (argv[2]))
    return 1;
  printf ("title\t%s\n", gegl_operation_get_key (argv[2], "title"));
  printf ("gimp:menu-label\t%s\n", gegl_operation_get_key (argv[2], "gimp:menu-label"));
  specs = gegl_operation_list_properties (argv[2], &n);
  for (i = 0; i < n; i++)
    {
      printf ("%s\t%s\n", specs[i]->name, g_param_spec_get_nick (specs[i]));
      if (G_IS_PARAM_SPEC_ENUM (specs[i]))
        {
          GEnumClass *values = G_PARAM_SPEC_ENUM (specs[i])->enum_class;
          guint       v;

          for (v = 0; v < values->n_values; v++)
            printf ("%s:%s\t%s\n", specs[i]->name, values->values[v].value_nick, values->values[v].value_name);
        }
    }
  g_free (specs);
  return 0;
}
