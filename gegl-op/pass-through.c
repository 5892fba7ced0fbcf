/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pass-through.h"

#include <string.h>

/* `text` as a sentence: its first letter a capital, a full stop at its
 * end unless it has one; messages of the core and fftcl are fragments,
 * those of the checks sentences. */
static gchar *
sentence (const gchar *text)
{
  gsize        length = strlen (text);
  const gchar *rest   = length ? g_utf8_next_char (text) : text;
  gchar       *first  = g_utf8_strup (text, rest - text);
  gchar       *said   = g_strconcat (first, rest,
                                     length && text[length - 1] == '.'
                                     ? "" : ".", NULL);

  g_free (first);
  return said;
}

void
pass_through_warn (const gchar *text,
                   const gchar *after)
{
  gchar *said = sentence (text);

  g_warning ("fft:band-pass: %s%s%s", said, after ? " " : "",
             after ? after : "");
  g_free (said);
}

gboolean
pass_through (GeglBuffer          *input,
              GeglBuffer          *output,
              const GeglRectangle *area,
              const gchar         *why)
{
  pass_through_warn (why, "The input passes through unchanged.");
  gegl_buffer_copy (input, area, GEGL_ABYSS_NONE, output, area);
  return TRUE;
}
