/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "quoted-text.h"

#include <glib/gi18n-lib.h>

gchar *
quoted_text (const gchar *text)
{
  gchar  *valid  = g_utf8_make_valid (text, -1);
  glong   length = g_utf8_strlen (valid, -1);
  gchar  *start, *quoted;

  if (length <= QUOTED_TEXT_MAX)
    quoted = g_strdup_printf ("\"%s\"", valid);
  else
    {
      start  = g_utf8_substring (valid, 0, QUOTED_TEXT_MAX);
      quoted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "\"%s…\" (%lu character)",
                                             "\"%s…\" (%lu characters)",
                                             (gulong) length),
                                start, (gulong) length);
      g_free (start);
    }
  g_free (valid);
  return quoted;
}
