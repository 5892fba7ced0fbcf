/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The plug-in's removed part of an RGBA float layer with a −inf in red
 * (common/removed-part.c; issue 43, item 6, gimp-hostile-pixels' flaky
 * "removed part NaN in all channels"): NaN in red and ½ in green and
 * blue there, original − result + ½ everywhere else, whichever path babl
 * takes from RGBA float to RGB float. babl picks a conversion by its
 * speed, measured once in each process that has no fish cache entry for
 * it; about one process in 200 on a busy 2-core box took RGBA float →
 * CIE xyY float → RGB float, within babl's tolerance for finite values
 * but spreading a NaN or inf over the pixel's three channels. The test
 * makes that path babl's choice: it asks a child process for the two
 * steps' conversions (babl writes them into its fish cache, in a
 * private XDG_CACHE_HOME, at babl_exit), writes them into the cache as
 * the path from RGBA float to RGB float, and checks that babl then
 * spreads the −inf before it checks the removed part. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gegl.h>
#include <glib/gstdio.h>

#include "../check.h"
#include "removed-part.h"

#define WIDTH  40
#define HEIGHT 32
#define RED_X  5
#define RED_Y  7
/* above any time % 100: babl drops a cached path whose pixel count
 * equals it, to measure it again */
#define CACHED_PIXELS 1000

static const GeglRectangle area = { 0, 0, WIDTH, HEIGHT };

/* The conversion lines ("\t…") of the cache's entry from `from` to `to`,
 * or NULL. */
static gchar *
steps_of (const gchar *cache,
          const gchar *from,
          const gchar *to)
{
  gchar       *head  = g_strdup_printf ("\n%s\n%s\n", from, to);
  const gchar *found = strstr (cache, head);
  gchar       *steps = NULL;

  if (found)
    {
      const gchar *first = strchr (found + strlen (head), '\n') + 1;
      const gchar *end   = strstr (first, "----");

      steps = end ? g_strndup (first, end - first) : NULL;
    }
  g_free (head);
  return steps;
}

/* The fish cache in `folder` made to hold RGBA float → CIE xyY float →
 * RGB float as the path from RGBA float to RGB float. */
static gboolean
cache_xyy_path (const gchar *folder)
{
  gchar   *path  = g_build_filename (folder, "babl", "babl-fishes", NULL);
  gchar   *cache = NULL, *to_xyy, *from_xyy, **lines;
  gboolean made  = FALSE;
  pid_t    child = fork ();
  gint     status;

  if (child == 0)
    {
      babl_init ();
      babl_fish (babl_format ("RGBA float"), babl_format ("CIE xyY float"));
      babl_fish (babl_format ("CIE xyY float"), babl_format ("RGB float"));
      babl_exit ();
      _exit (0);
    }
  waitpid (child, &status, 0);
  if (! g_file_get_contents (path, &cache, NULL, NULL))
    {
      g_free (path);
      return FALSE;
    }

  to_xyy   = steps_of (cache, "RGBA float", "CIE xyY float");
  from_xyy = steps_of (cache, "CIE xyY float", "RGB float");
  lines    = g_strsplit (cache, "\n", 2);
  if (to_xyy && from_xyy)
    {
      gchar *written = g_strdup_printf ("%s\nRGBA float\nRGB float\n"
                                        "\tpixels=%d cost=1 error=0.0000001\n"
                                        "%s%s----\n", lines[0],
                                        CACHED_PIXELS, to_xyy, from_xyy);

      made = g_file_set_contents (path, written, -1, NULL);
      g_free (written);
    }
  g_strfreev (lines);
  g_free (to_xyy);
  g_free (from_xyy);
  g_free (cache);
  g_free (path);
  return made;
}

/* A smooth RGBA float picture, `shift` added to its green, the pixel
 * (RED_X, RED_Y) −inf, ¼, ½, 1: the filter keeps such a pixel as read. */
static GeglBuffer *
picture (gfloat shift)
{
  const Babl *format = babl_format ("RGBA float");
  GeglBuffer *buffer = gegl_buffer_new (&area, format);
  gfloat     *pixels = g_new (gfloat, WIDTH * HEIGHT * 4);
  gfloat     *red    = pixels + (RED_Y * WIDTH + RED_X) * 4;

  for (gint y = 0; y < HEIGHT; y++)
    for (gint x = 0; x < WIDTH; x++)
      for (gint c = 0; c < 4; c++)
        pixels[(y * WIDTH + x) * 4 + c] =
          c == 3 ? 1.0f : 0.5f + 0.3f * sinf (0.1f * x + c) * cosf (0.13f * y) +
                          (c == 1 ? shift : 0.0f);
  red[0] = -INFINITY;
  red[1] = 0.25f;
  red[2] = 0.5f;
  gegl_buffer_set (buffer, &area, 0, format, pixels, GEGL_AUTO_ROWSTRIDE);
  g_free (pixels);
  return buffer;
}

static gfloat *
rgba_of (GeglBuffer *buffer)
{
  gfloat *pixels = g_new (gfloat, WIDTH * HEIGHT * 4);

  gegl_buffer_get (buffer, &area, 1.0, babl_format ("RGBA float"), pixels,
                   GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
  return pixels;
}

/* Whether babl's RGBA float → RGB float spreads −inf in red over green
 * and blue. */
static gboolean
spreads (void)
{
  const gfloat given[4] = { -INFINITY, 0.25f, 0.5f, 1.0f };
  gfloat       got[3];

  babl_process (babl_fish (babl_format ("RGBA float"),
                           babl_format ("RGB float")), given, got, 1);
  return ! isfinite (got[1]) && ! isfinite (got[2]);
}

int
main (int    argc,
      char **argv)
{
  gchar       *folder = g_dir_make_tmp ("removed-part-babl-XXXXXX", NULL);
  gchar       *babl_folder = g_build_filename (folder, "babl", NULL);
  gchar       *cache;
  GeglBuffer  *original, *result, *removed_buffer;
  RemovedPart  removed;
  gfloat      *was, *now, *got;
  gsize        red = RED_Y * WIDTH + RED_X, wrong = 0;
  GError      *error = NULL;
  gboolean     written;

  g_mkdir (babl_folder, 0700);
  g_setenv ("XDG_CACHE_HOME", folder, TRUE);
  g_unsetenv ("BABL_DEBUG_CONVERSIONS");
  check (cache_xyy_path (folder), "babl's fish cache holds RGBA float -> "
         "CIE xyY float -> RGB float as the path from RGBA float to RGB float");

  g_setenv ("GEGL_SWAP", "RAM", TRUE);
  gegl_init (&argc, &argv);
  check (spreads (), "babl takes it: -inf in red comes out non-finite in "
         "green and blue too");

  original       = picture (0.0f);
  result         = picture (0.05f);
  removed_buffer = gegl_buffer_new (&area, babl_format ("RGB float"));
  removed = (RemovedPart) { removed_buffer, babl_format ("RGB float"), 3,
                            0.5f, babl_format ("RGBA float") };
  written = removed_part_write (original, result, &removed, &area, &error);
  check (written && ! error, "written");

  was = rgba_of (original);
  now = rgba_of (result);
  got = rgba_of (removed_buffer);
  for (gsize p = 0; p < WIDTH * HEIGHT; p++)
    for (gsize c = 0; c < 3 && p != red; c++)
      if (! (fabsf (got[p * 4 + c] - (was[p * 4 + c] - now[p * 4 + c] + 0.5f))
             <= 1e-6f))
        wrong++;
  check (isnan (got[red * 4]) && got[red * 4 + 1] == 0.5f &&
         got[red * 4 + 2] == 0.5f,
         "the -inf pixel: NaN, 1/2, 1/2 (%g, %g, %g)", got[red * 4],
         got[red * 4 + 1], got[red * 4 + 2]);
  check (wrong == 0, "every other pixel original - result + 1/2 (%zu "
         "values not)", wrong);

  g_free (was);
  g_free (now);
  g_free (got);
  g_object_unref (removed_buffer);
  g_object_unref (result);
  g_object_unref (original);
  gegl_exit ();
  /* babl_exit wrote the cache again */
  cache = g_build_filename (babl_folder, "babl-fishes", NULL);
  g_remove (cache);
  g_rmdir (babl_folder);
  g_rmdir (folder);
  g_free (cache);
  g_free (babl_folder);
  g_free (folder);
  return check_finish ();
}
