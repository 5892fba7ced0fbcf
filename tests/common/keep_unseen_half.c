/* SPDX-License-Identifier: GPL-3.0-or-later */
/* buffer_pixels_keep_unseen (common/buffer-pixels.c) on a half-float
 * source, as a half layer with a NaN or inf colour gives it in both
 * front-ends: each such pixel comes back into the result exactly as
 * stored, every other pixel as the result held it. The source's rows
 * are read a band of BUFFER_PIXELS_CHUNK_ROWS at a time in their own
 * format; the limits that float and double values are brought within
 * were applied to the half values too, read as floats: twice their
 * bytes, past the band's block once a band is more than half the chunk
 * (issue 43, item 6; valgrind: "Invalid read/write", AddressSanitizer:
 * heap-buffer-overflow, found with the plug-in run under valgrind in
 * gimp-hostile-pixels' removed-part jobs). One GEGL thread makes the
 * band the whole image, HEIGHT rows. The suite's valgrind setup, whose
 * leak check fails it on babl_init's own blocks, skips it:
 * tests/meson.build runs it under valgrind without that check. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gegl.h>

#include "../check.h"
#include "buffer-pixels.h"

#define WIDTH  40
#define HEIGHT 200
#define FILLED 0.3f

static const GeglRectangle area = { 0, 0, WIDTH, HEIGHT };

/* The half bit patterns of each pixel's four components. */
static guint16 *
halves_of (GeglBuffer *buffer)
{
  guint16 *halves = g_new (guint16, WIDTH * HEIGHT * 4);

  gegl_buffer_get (buffer, &area, 1.0, babl_format ("R'G'B'A half"), halves,
                   GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
  return halves;
}

static GeglBuffer *
half_buffer (const gfloat *pixels)
{
  GeglBuffer *buffer = gegl_buffer_new (&area, babl_format ("R'G'B'A half"));

  gegl_buffer_set (buffer, &area, 0, babl_format ("R'G'B'A float"), pixels,
                   GEGL_AUTO_ROWSTRIDE);
  return buffer;
}

int
main (int    argc,
      char **argv)
{
  const gsize  unseen[] = { 5 * WIDTH + 7, 150 * WIDTH + 31 };
  gfloat      *source_pixels, *target_pixels;
  GeglBuffer  *source, *target;
  guint16     *given, *before, *after;
  gsize        kept = 0, changed = 0;

  if (strstr (g_getenv ("LD_PRELOAD") ? g_getenv ("LD_PRELOAD") : "",
              "vgpreload") && ! g_getenv ("KEEP_UNSEEN_HALF_VALGRIND"))
    {
      printf ("SKIP under the valgrind setup (see keep_unseen_half-valgrind)\n");
      return 77;
    }
  source_pixels = g_new (gfloat, WIDTH * HEIGHT * 4);
  target_pixels = g_new (gfloat, WIDTH * HEIGHT * 4);
  g_setenv ("GEGL_SWAP", "RAM", TRUE);
  gegl_init (&argc, &argv);
  g_object_set (gegl_config (), "threads", 1, NULL);

  for (gsize i = 0; i < WIDTH * HEIGHT; i++)
    for (gsize c = 0; c < 4; c++)
      {
        source_pixels[i * 4 + c] = c == 3 ? 1.0f
                                          : 0.2f + 0.6f * ((i * 7 + c) % 11)
                                                   / 10.0f;
        target_pixels[i * 4 + c] = c == 3 ? 1.0f : FILLED;
      }
  source_pixels[unseen[0] * 4] = NAN;
  source_pixels[unseen[1] * 4 + 1] = -INFINITY;
  source = half_buffer (source_pixels);
  target = half_buffer (target_pixels);
  given  = halves_of (source);
  before = halves_of (target);

  buffer_pixels_keep_unseen (source, target, &area,
                             babl_format ("CIE Lab alpha float"));
  after = halves_of (target);

  for (gsize u = 0; u < G_N_ELEMENTS (unseen); u++)
    kept += memcmp (after + unseen[u] * 4, given + unseen[u] * 4,
                    4 * sizeof (guint16)) == 0;
  for (gsize i = 0; i < WIDTH * HEIGHT; i++)
    if (i != unseen[0] && i != unseen[1])
      changed += memcmp (after + i * 4, before + i * 4,
                         4 * sizeof (guint16)) != 0;
  check (kept == G_N_ELEMENTS (unseen),
         "the %zu pixels whose colour is not finite come back as stored "
         "(%zu do)", G_N_ELEMENTS (unseen), kept);
  check (changed == 0, "every other pixel as the result held it (%zu not)",
         changed);

  g_free (given);
  g_free (before);
  g_free (after);
  g_object_unref (target);
  g_object_unref (source);
  g_free (target_pixels);
  g_free (source_pixels);
  gegl_exit ();
  return check_finish ();
}
