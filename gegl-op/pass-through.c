/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pass-through.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "buffer-pixels.h"

/* `text` as the start of a sentence: its first letter a capital, a full
 * stop at its end dropped; messages of the core and fftcl are fragments,
 * those of the checks sentences. */
static gchar *
sentence_start (const gchar *text)
{
  gsize        length  = strlen (text);
  gchar       *trimmed = g_strndup (text, length && text[length - 1] == '.'
                                          ? length - 1 : length);
  const gchar *rest    = *trimmed ? g_utf8_next_char (trimmed) : trimmed;
  gchar       *first   = g_utf8_strup (trimmed, rest - trimmed);
  gchar       *said    = g_strconcat (first, rest, NULL);

  g_free (first);
  g_free (trimmed);
  return said;
}

void
pass_through_warn (const gchar *text,
                   const gchar *after)
{
  gchar *said = sentence_start (text);

  g_warning ("fft:band-pass: %s%s%s.", said, after ? "; " : "",
             after ? after : "");
  g_free (said);
}

/* `area` of `input` into `output` as the plug-in reads values: those
 * beyond float's range (a double input's) saturate at ±FLT_MAX
 * (pixel_limits_for_reading) instead of becoming ±inf where the output
 * holds floats. */
static void
copy_as_read (GeglBuffer          *input,
              GeglBuffer          *output,
              const GeglRectangle *area)
{
  const Babl         *stored = gegl_buffer_get_format (input);
  const PixelLimits   limits = pixel_limits_for_reading (stored, stored);
  gsize               bytes  = babl_format_get_bytes_per_pixel (stored);
  GeglBufferIterator *iterator;

  if (! pixel_limits_bound (&limits))
    {
      gegl_buffer_copy (input, area, GEGL_ABYSS_NONE, output, area);
      return;
    }

  iterator = gegl_buffer_iterator_new (output, area, 0, stored,
                                       GEGL_ACCESS_WRITE, GEGL_ABYSS_NONE, 2);
  gegl_buffer_iterator_add (iterator, input, area, 0, stored,
                            GEGL_ACCESS_READ, GEGL_ABYSS_NONE);
  while (gegl_buffer_iterator_next (iterator))
    {
      memcpy (iterator->items[0].data, iterator->items[1].data,
              iterator->length * bytes);
      pixel_limits_apply (stored, &limits, iterator->items[0].data,
                          iterator->length);
    }
}

gboolean
pass_through (GeglBuffer          *input,
              GeglBuffer          *output,
              const GeglRectangle *area,
              const gchar         *why)
{
  pass_through_warn (why, _("the input passes through unchanged"));
  copy_as_read (input, output, area);
  return TRUE;
}
