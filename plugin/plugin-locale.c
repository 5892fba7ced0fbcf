/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "plugin-locale.h"

#include <libgimp/gimp.h>
#include <libintl.h>

gchar *
plugin_locale_folder (void)
{
  gchar *folder   = g_path_get_dirname (gimp_get_progname ());
  gchar *catalogs = g_build_filename (folder, "locale", NULL);

  g_free (folder);
  if (g_path_is_absolute (catalogs) &&
      g_file_test (catalogs, G_FILE_TEST_IS_DIR))
    return catalogs;
  g_free (catalogs);
  return NULL;
}

void
plugin_locale_bind (void)
{
  gchar *catalogs = plugin_locale_folder ();

  if (catalogs)
    {
      bindtextdomain (GETTEXT_PACKAGE, catalogs);
      bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
    }
  g_free (catalogs);
}
