/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The removed part where memory for the original's conversion cannot be
 * had (common/removed-part.c; issue 43, item 6): removed_part_write and
 * filter_output_write say so with an error and return, where GLib's
 * aborting allocation would have taken GIMP's process down. This
 * executable's realloc refuses, while `refusing` is set, every block of
 * REFUSED_BYTES or more; the original (R'G'B' float) is read into the
 * removed part's format (CIE Lab float) chunk by chunk (a row of 64
 * pixels, 768 bytes, in GEGL 0.4.62), the allocation refused. Before the refusals, one write with memory is
 * checked against babl's own conversion of both buffers, so that the
 * refused path is the one that writes. Where the process's realloc is
 * not this one (valgrind replaces it), nothing can be refused: the test
 * is skipped. */
#include <dlfcn.h>
#include <math.h>

#include <gegl.h>

#include "../check.h"
#include "filter-output.h"
#include "removed-part.h"

#define WIDTH          64
#define HEIGHT         48
/* a chunk of the original converted; GEGL and GLib reallocate smaller
 * blocks meanwhile (512 bytes), which must not fail: g_realloc aborts */
#define REFUSED_BYTES  768
/* float rounding of values of about 100 (CIE L*) */
#define TOLERANCE      1e-3

static volatile gboolean refusing;
static volatile gint     refused;
static volatile gboolean probed;

void *
realloc (void   *memory,
         size_t  bytes)
{
  static void *(*real) (void *, size_t);

  probed = TRUE;
  if (refusing && bytes >= REFUSED_BYTES)
    {
      refused++;
      return NULL;
    }
  if (! real)
    real = (void *(*) (void *, size_t)) dlsym (RTLD_NEXT, "realloc");
  return real (memory, bytes);
}

static const GeglRectangle area = { 0, 0, WIDTH, HEIGHT };

/* A smooth picture, `shift` added to its red. */
static GeglBuffer *
picture (gfloat shift)
{
  const Babl *format = babl_format ("R'G'B' float");
  GeglBuffer *buffer = gegl_buffer_new (&area, format);
  gfloat      pixels[WIDTH * HEIGHT * 3];

  for (gint y = 0; y < HEIGHT; y++)
    for (gint x = 0; x < WIDTH; x++)
      for (gint c = 0; c < 3; c++)
        pixels[(y * WIDTH + x) * 3 + c] =
          0.5f + 0.3f * sinf (0.1f * x + c) * cosf (0.13f * y) +
          (c == 0 ? shift : 0.0f);
  gegl_buffer_set (buffer, &area, 0, format, pixels, GEGL_AUTO_ROWSTRIDE);
  return buffer;
}

static gfloat *
lab_of (GeglBuffer *buffer)
{
  gfloat *lab = g_new (gfloat, WIDTH * HEIGHT * 3);

  gegl_buffer_get (buffer, &area, 1.0, babl_format ("CIE Lab float"), lab,
                   GEGL_AUTO_ROWSTRIDE, GEGL_ABYSS_NONE);
  return lab;
}

/* With memory: L* of original − result + 50, as babl converts both. */
static void
check_written (GeglBuffer        *original,
               GeglBuffer        *result,
               const RemovedPart *removed)
{
  gfloat  *was  = lab_of (original);
  gfloat  *now  = lab_of (result);
  GError  *error = NULL;
  gboolean written = removed_part_write (original, result, removed, &area,
                                         &error);
  gfloat  *got  = lab_of (removed->buffer);
  gdouble  worst = 0.0;

  for (gsize i = 0; i < WIDTH * HEIGHT * 3; i += 3)
    worst = fmax (worst, fabs (got[i] - (was[i] - now[i] + 50.0)));
  check (written && ! error && worst <= TOLERANCE,
         "with memory: written (%d), L* of original - result + 50 "
         "(largest difference %.2g)", written, worst);
  g_free (was);
  g_free (now);
  g_free (got);
}

static void
check_refused (const gchar  *what,
               gboolean      written,
               GError      **error_pointer)
{
  GError *error = *error_pointer;

  check (! written && error && refused > 0,
         "%s without memory: FALSE (%d) with a message (%s), after %d "
         "refused allocations", what, written,
         error ? error->message : "none", refused);
  g_clear_error (error_pointer);
}

int
main (int    argc,
      char **argv)
{
  GeglBuffer             *original, *result, *removed_buffer;
  RemovedPart             removed;
  BandpassSettings        settings = { .channels = BANDPASS_CHANNELS_LUMINANCE };
  RenderFormat            format;
  FilterOutput            output;
  gfloat                 *pixels;
  GError                 *error = NULL;
  gboolean                written;
  void *(*volatile        probe) (void *, size_t) = realloc;

  free (probe (NULL, 1));
  if (! probed)
    {
      printf ("SKIP this process's realloc is not the test's own\n");
      return 77;
    }

  /* no swap file: its writer, still busy at gegl_exit, warns */
  g_setenv ("GEGL_SWAP", "RAM", TRUE);
  gegl_init (&argc, &argv);
  original       = picture (0.0f);
  result         = picture (0.1f);
  removed_buffer = gegl_buffer_new (&area, babl_format ("CIE Lab float"));
  removed = (RemovedPart) { removed_buffer, babl_format ("CIE Lab float"),
                            1, 50.0f, babl_format ("CIE Lab float") };
  check_written (original, result, &removed);

  refusing = TRUE;
  written  = removed_part_write (original, result, &removed, &area, &error);
  refusing = FALSE;
  check_refused ("removed_part_write", written, &error);

  /* As the GEGL operation writes it: into the result's own buffer. */
  format  = render_format_for (babl_format ("R'G'B' float"), FALSE, FALSE,
                               &settings);
  pixels  = lab_of (result);
  output  = (FilterOutput) { .source  = original,
                             .result  = result,
                             .area    = &area,
                             .format  = &format,
                             .removed = { result, format.format, 1, 50.0f,
                                          format.format } };
  written = filter_output_write (&output, &settings, pixels, &error);
  check (written && ! error, "filter_output_write with memory: written (%d)",
         written);
  refused  = 0;
  refusing = TRUE;
  written = filter_output_write (&output, &settings, pixels, &error);
  refusing = FALSE;
  check_refused ("filter_output_write", written, &error);

  g_free (pixels);
  g_object_unref (removed_buffer);
  g_object_unref (result);
  g_object_unref (original);
  gegl_exit ();
  return check_finish ();
}
