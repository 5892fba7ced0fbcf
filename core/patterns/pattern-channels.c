/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-channels.h"

#include <math.h>
#include <stdlib.h>

#include "wave-fit.h"

/* The centre's side: a screen of period 8 px repeats 32 times over it;
 * a lattice of many notches is looked at on a smaller centre, so that
 * the work (pixels times notches) stays within CHANNEL_WORK, but never
 * less than CHANNEL_LEAST a side. */
#define CHANNEL_SIDE  256
#define CHANNEL_LEAST 64
#define CHANNEL_WORK  (256.0 * 256.0 * 64.0)
/* A mask holds this many planes; a layout of more keeps every notch in
 * every plane. */
#define MOST_PLANES 32

/* Colour component p of `pixel` as the filter sees it: weighted by the
 * alpha, 0 where not finite. */
static float
plane_value (const float       *pixel,
             const PixelLayout *layout,
             size_t             p)
{
  float value = pixel[p];

  if (layout->has_alpha)
    value *= pixel[layout->components - 1];
  return isfinite (value) ? value : 0;
}

/* The centre's colour planes, side by side. */
static void
gather (const float       *corner,
        const PixelLayout *layout,
        size_t             stride,
        size_t             side_x,
        size_t             side_y,
        size_t             count,
        float             *planes)
{
  for (size_t y = 0; y < side_y; y++)
    {
      const float *row = corner + y * stride * layout->components;

      for (size_t p = 0; p < count; p++)
        for (size_t x = 0; x < side_x; x++)
          planes[(p * side_y + y) * side_x + x] =
            plane_value (row + x * layout->components, layout, p);
    }
}

/* The planes of notch i whose amplitude (fit->sums, plane after plane)
 * reaches the share of the largest. */
static unsigned
planes_of (const Fit *fit,
           size_t     i,
           size_t     planes)
{
  double   largest = 0;
  unsigned mask    = 0;

  for (size_t p = 0; p < planes; p++)
    largest = fmax (largest, cabs (fit->sums[p * fit->count + i]));
  for (size_t p = 0; p < planes; p++)
    if (cabs (fit->sums[p * fit->count + i]) >=
        PATTERN_CHANNEL_SHARE * largest)
      mask |= 1u << p;
  return mask ? mask : ~0u;
}

static size_t
centre_side (size_t notches)
{
  double side = sqrt (CHANNEL_WORK / (double) (notches ? notches : 1));

  return (size_t) fmax (CHANNEL_LEAST, fmin (CHANNEL_SIDE, side));
}

/* Each notch's windowed transform in each of the centre's planes
 * (wave-fit.h, the machinery of the fitted waves), into fit->sums. 0
 * when memory runs out. */
static int
transform_notches (Fit                 *fit,
                   const PatternsFound *found,
                   const float         *planes,
                   size_t               count,
                   size_t               side_x,
                   size_t               side_y,
                   RowSplit             split)
{
  double *frequencies = malloc (2 * found->count * sizeof *frequencies);
  int     ok;

  for (size_t i = 0; frequencies && i < found->count; i++)
    {
      frequencies[2 * i]     = found->notches[3 * i];
      frequencies[2 * i + 1] = found->notches[3 * i + 1];
    }
  ok = frequencies && wave_fit_start (fit, frequencies, found->count, count,
                                      side_x, side_y);
  free (frequencies);
  if (! ok)
    return 0;
  for (size_t i = 0; i < fit->count; i++)
    wave_fit_tune (&fit->waves[i], &fit->across, &fit->down);
  for (size_t p = 0; p < count; p++)
    wave_fit_transform (fit, planes + p * side_x * side_y, side_x,
                        (size_t) -1, 0, split, fit->sums + p * fit->count,
                        NULL);
  return 1;
}

int
pattern_channels_assign (PatternsFound     *found,
                         const float       *pixels,
                         const PixelLayout *layout,
                         size_t             stride,
                         size_t             width,
                         size_t             height,
                         RowSplit           split)
{
  size_t  side   = centre_side (found->count);
  size_t  side_x = width < side ? width : side;
  size_t  side_y = height < side ? height : side;
  size_t  count  = layout->colour_planes;
  float  *planes;
  Fit     fit;
  int     ok;

  free (found->planes);
  found->planes = NULL;
  if (found->small_period <= 0 || count < 2 || count > MOST_PLANES ||
      found->count == 0)
    return 1;
  planes        = malloc (count * side_x * side_y * sizeof *planes);
  found->planes = malloc (found->count * sizeof *found->planes);
  ok = planes && found->planes;
  if (ok)
    {
      gather (pixels + ((height - side_y) / 2 * stride +
                        (width - side_x) / 2) * layout->components,
              layout, stride, side_x, side_y, count, planes);
      ok = transform_notches (&fit, found, planes, count, side_x, side_y,
                              split);
    }
  for (size_t i = 0; ok && i < found->count; i++)
    found->planes[i] = planes_of (&fit, i, count);
  if (ok)
    wave_fit_end (&fit);
  free (planes);
  if (! ok)
    {
      free (found->planes);
      found->planes = NULL;
    }
  return ok;
}
