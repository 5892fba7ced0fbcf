/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "preview-dump.h"

void
preview_dump (const fftcl_window *window,
              const guchar       *pixels,
              gint                bytes_per_pixel,
              gboolean            coarse,
              const gchar        *device)
{
  static guint  count = 0;
  const gchar  *folder = g_getenv ("FFT_BANDPASS_PREVIEW_DUMP");
  gsize         size   = window->width * window->height * bytes_per_pixel;
  GString      *dump;
  gchar        *one_line;
  gchar        *name;
  gchar        *path;

  if (! folder || ! *folder)
    return;

  /* A failure's message may span lines; the header is one. */
  one_line = g_strdelimit (g_strdup (device), "\r\n", ' ');
  dump = g_string_new (NULL);
  g_string_printf (dump, "fft-bandpass-preview %zu %zu %zu %zu %zu %d %s %s\n",
                   window->x, window->y, window->width, window->height,
                   window->step, bytes_per_pixel, coarse ? "coarse" : "full",
                   one_line);
  g_string_append_len (dump, (const gchar *) pixels, size);

  name = g_strdup_printf ("preview-%05u.dump", count++);
  path = g_build_filename (folder, name, NULL);
  /* Written to a temporary file and renamed: a reader never sees half. */
  if (! g_file_set_contents (path, dump->str, dump->len, NULL))
    g_printerr ("fft-bandpass: could not write %s\n", path);

  g_free (path);
  g_free (name);
  g_string_free (dump, TRUE);
  g_free (one_line);
}
