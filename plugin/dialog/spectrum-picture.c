/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-picture.h"

#include <math.h>
#include <stdlib.h>

#define TINT_OPACITY 0.45 /* where the gain removes everything */

static int
compare_floats (const void *a, const void *b)
{
  float x = *(const float *) a, y = *(const float *) b;

  return (x > y) - (x < y);
}

/* k = 1 / the median amplitude, so that the noise floor shows, and white
 * the brightest cell other than the mean's, which would leave everything
 * else dark. */
static void
grey_scale (const gfloat *amplitude,
            gint          width,
            gint          height,
            gdouble      *k,
            gdouble      *top)
{
  gsize   cells  = (gsize) width * height;
  gsize   mean   = (gsize) (height / 2) * width + width / 2;
  gfloat *sorted = g_new (gfloat, cells);
  gsize   kept   = 0;
  gdouble median;

  for (gsize i = 0; i < cells; i++)
    if (i != mean)
      sorted[kept++] = amplitude[i];
  qsort (sorted, kept, sizeof *sorted, compare_floats);
  median = kept > 0 ? sorted[kept / 2] : 0;
  *top   = kept > 0 ? sorted[kept - 1] : amplitude[mean];
  g_free (sorted);

  if (median > 0)
    *k = 1 / median;
  else
    *k = *top > 0 ? 1e4 / *top : 1;
}

cairo_surface_t *
spectrum_picture_grey (const gfloat *amplitude,
                       gint          width,
                       gint          height)
{
  cairo_surface_t *surface;
  guchar          *pixels;
  gint             stride;
  gdouble          k, top, white;

  grey_scale (amplitude, width, height, &k, &top);
  white   = log1p (k * top);
  surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, width, height);
  pixels  = cairo_image_surface_get_data (surface);
  stride  = cairo_image_surface_get_stride (surface);

  for (gint v = 0; v < height; v++)
    for (gint u = 0; u < width; u++)
      {
        gdouble cell  = amplitude[(gsize) v * width + u];
        gdouble level = white > 0 ? log1p (k * cell) / white : 0;
        guint32 grey  = (guint32) (CLAMP (level, 0, 1) * 255 + 0.5);

        ((guint32 *) (pixels + v * stride))[u] =
          grey << 16 | grey << 8 | grey;
      }

  cairo_surface_mark_dirty (surface);
  return surface;
}

cairo_surface_t *
spectrum_picture_tint (const fftcl_gain  *gain,
                       const SpectrumMap *map,
                       gint               side)
{
  cairo_surface_t *surface;
  guchar          *pixels;
  gint             stride;

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, side, side);
  pixels  = cairo_image_surface_get_data (surface);
  stride  = cairo_image_surface_get_stride (surface);

  for (gint j = 0; j < side; j++)
    for (gint i = 0; i < side; i++)
      {
        gdouble fx, fy, removed;
        guint32 alpha;

        spectrum_map_to_frequency (map, map->left + i + 0.5,
                                   map->top + j + 0.5, &fx, &fy);
        removed = 1 - CLAMP (fftcl_gain_at (gain, map->data_width,
                                            map->data_height, fx, fy), 0, 1);
        alpha   = (guint32) (removed * TINT_OPACITY * 255 + 0.5);
        ((guint32 *) (pixels + j * stride))[i] =
          alpha << 24 | alpha << 16 | (alpha / 5) << 8;
      }

  cairo_surface_mark_dirty (surface);
  return surface;
}
