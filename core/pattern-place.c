/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-place.h"

#include <math.h>
#include <stdlib.h>

#include "tile-spectrum.h"

/* Tiles smaller than this hold too few periods to tell. */
#define LEAST_TILE 32

/* The mean of the colour planes, non-finite values as 0. */
static float *
mean_plane (const float       *pixels,
            const PixelLayout *layout,
            size_t             stride,
            size_t             width,
            size_t             height)
{
  float *plane = malloc (width * height * sizeof *plane);

  if (! plane)
    return NULL;
  for (size_t y = 0; y < height; y++)
    for (size_t x = 0; x < width; x++)
      {
        const float *pixel = pixels + (y * stride + x) * layout->components;
        float        sum   = 0.0f;

        for (size_t p = 0; p < layout->colour_planes; p++)
          sum += isfinite (pixel[p]) ? pixel[p] : 0.0f;
        plane[y * width + x] = sum / (float) layout->colour_planes;
      }
  return plane;
}

/* Adds each tile's power at (fx, fy) above the power beside it to
 * score. 0 when memory runs out. */
static int
add_scores (const float    *plane,
            size_t          width,
            const TileAxis *ax,
            const TileAxis *ay,
            double          fx,
            double          fy,
            double         *score)
{
  size_t  tiles  = ax->count * ay->count;
  double *at     = malloc (tiles * sizeof *at);
  double *beside = malloc (tiles * sizeof *beside);
  int     ok     = at && beside &&
                   tile_powers (plane, width, ax, ay, fx, fy,
                                tile_spectrum_beside (fx, fy, ax, ay), 4,
                                at, beside, NULL);

  for (size_t t = 0; ok && t < tiles; t++)
    if (at[t] - beside[t] > 0.0)
      score[t] += at[t] - beside[t];
  free (at);
  free (beside);
  return ok;
}

int
pattern_place_strongest (const float         *pixels,
                         const PixelLayout   *layout,
                         size_t               stride,
                         size_t               width,
                         size_t               height,
                         const PatternsFound *found,
                         size_t              *x,
                         size_t              *y)
{
  TileAxis  ax, ay;
  float    *plane;
  double   *score;
  size_t    best = 0;
  int       ok;

  if (found->count == 0 || layout->colour_planes == 0 ||
      ! tile_axis_init (&ax, width, PATTERN_PLACE_TILE, TILE_SPECTRUM_MOST,
                        LEAST_TILE) ||
      ! tile_axis_init (&ay, height, PATTERN_PLACE_TILE, TILE_SPECTRUM_MOST,
                        LEAST_TILE))
    return 0;

  plane = mean_plane (pixels, layout, stride, width, height);
  score = calloc (ax.count * ay.count, sizeof *score);
  ok    = plane && score;
  for (size_t n = 0; ok && n < found->count && n < PATTERN_PLACE_NOTCHES; n++)
    ok = add_scores (plane, width, &ax, &ay, found->notches[3 * n],
                     found->notches[3 * n + 1], score);
  for (size_t t = 1; ok && t < ax.count * ay.count; t++)
    if (score[t] > score[best])
      best = t;
  if (ok)
    {
      *x = ax.offset[best % ax.count] + ax.side / 2;
      *y = ay.offset[best / ax.count] + ay.side / 2;
    }
  free (score);
  free (plane);
  return ok;
}
