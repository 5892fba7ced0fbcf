/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "preview-dump.h"

/* Writes `contents` as PREFIX-NNNNN.dump in the dump folder, where
 * there is one. */
static void
write_dump (const gchar   *prefix,
            guint         *count,
            const GString *contents)
{
  const gchar *folder = g_getenv ("FFT_BANDPASS_PREVIEW_DUMP");
  gchar       *name;
  gchar       *path;

  name = g_strdup_printf ("%s-%05u.dump", prefix, (*count)++);
  path = g_build_filename (folder, name, NULL);
  /* Written to a temporary file and renamed: a reader never sees half. */
  if (! g_file_set_contents (path, contents->str, contents->len, NULL))
    g_printerr ("fft-bandpass: could not write %s\n", path);

  g_free (path);
  g_free (name);
}

static gboolean
dumping (void)
{
  const gchar *folder = g_getenv ("FFT_BANDPASS_PREVIEW_DUMP");

  return folder && *folder;
}

void
preview_dump (const fftcl_window *window,
              const guchar       *pixels,
              gint                bytes_per_pixel,
              gboolean            coarse,
              const gchar        *device)
{
  static guint  count = 0;
  GString      *dump;
  gchar        *one_line;

  if (! dumping ())
    return;

  /* A failure's message may span lines; the header is one. */
  one_line = g_strdelimit (g_strdup (device), "\r\n", ' ');
  dump = g_string_new (NULL);
  g_string_printf (dump, "fft-bandpass-preview %zu %zu %zu %zu %zu %d %s %s\n",
                   window->x, window->y, window->width, window->height,
                   window->step, bytes_per_pixel, coarse ? "coarse" : "full",
                   one_line);
  g_string_append_len (dump, (const gchar *) pixels,
                       window->width * window->height * bytes_per_pixel);
  write_dump ("preview", &count, dump);
  g_string_free (dump, TRUE);
  g_free (one_line);
}

void
preview_dump_screen (const guchar *screen,
                     gint          width,
                     gint          height,
                     gint          bytes_per_pixel,
                     gint          x0,
                     gint          y0,
                     gint          x1,
                     gint          y1,
                     gint          split,
                     gboolean      swapped)
{
  static guint  count = 0;
  GString      *dump;

  if (! dumping ())
    return;

  dump = g_string_new (NULL);
  g_string_printf (dump, "fft-bandpass-screen %d %d %d %d %d %d %d %d %d\n",
                   width, height, bytes_per_pixel, x0, y0, x1, y1, split,
                   swapped ? 1 : 0);
  g_string_append_len (dump, (const gchar *) screen,
                       (gsize) width * height * bytes_per_pixel);
  write_dump ("screen", &count, dump);
  g_string_free (dump, TRUE);
}

void
preview_dump_notches (const GString *rows)
{
  static guint count = 0;

  if (dumping ())
    write_dump ("notches", &count, rows);
}
