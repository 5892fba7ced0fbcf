/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-channels.h"

#include <math.h>
#include <stdlib.h>

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
/* Eight sums apart, so that the compiler keeps them in vectors. */
#define LANES 8

/* The notches' planes, split over threads by notch. */
typedef struct
{
  const float  *planes;  /* the centre's planes, side_x × side_y each,
                            windowed */
  size_t        side_x, side_y, count;
  const double *notches;
  unsigned     *masks;
  int          *failed;  /* set where memory ran out */
} NotchJob;

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

static double
hann (size_t i,
      size_t n)
{
  return 0.5 - 0.5 * cos (2 * M_PI * (i + 0.5) / n);
}

/* The centre's colour planes under a Hann window in both directions. */
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
            (float) (hann (y, side_y) * hann (x, side_x)) *
            plane_value (row + x * layout->components, layout, p);
    }
}

/* Σ table[x] · v[x] over a row. */
static double
row_sum (const float *table,
         const float *v,
         size_t       n)
{
  float  lanes[LANES] = { 0 };
  double sum          = 0;
  size_t x            = 0;

  for (; x + LANES <= n; x += LANES)
    for (size_t k = 0; k < LANES; k++)
      lanes[k] += table[x + k] * v[x + k];
  for (; x < n; x++)
    sum += table[x] * v[x];
  for (size_t k = 0; k < LANES; k++)
    sum += lanes[k];
  return sum;
}

/* Plane p's amplitude at (fx, fy): the transform of each row at fx (the
 * tables), then of those sums at fy. */
static double
amplitude_at (const NotchJob *job,
              const float    *cosines,
              const float    *sines,
              size_t          p,
              double          fy)
{
  double re = 0, im = 0;

  for (size_t y = 0; y < job->side_y; y++)
    {
      const float *v = job->planes + (p * job->side_y + y) * job->side_x;
      double       a = row_sum (cosines, v, job->side_x);
      double       b = row_sum (sines, v, job->side_x);
      double       c = cos (2 * M_PI * fy * y), d = -sin (2 * M_PI * fy * y);

      re += a * c - b * d;
      im += a * d + b * c;
    }
  return hypot (re, im);
}

/* The planes whose amplitude reaches the share of the largest. */
static unsigned
planes_of (const double *amplitude,
           size_t        planes)
{
  double   largest = 0;
  unsigned mask    = 0;

  for (size_t p = 0; p < planes; p++)
    largest = fmax (largest, amplitude[p]);
  for (size_t p = 0; p < planes; p++)
    if (amplitude[p] >= PATTERN_CHANNEL_SHARE * largest)
      mask |= 1u << p;
  return mask ? mask : ~0u;
}

static void
notch_masks (const void *job_pointer,
             size_t      first,
             size_t      end)
{
  const NotchJob *job     = job_pointer;
  float          *cosines = malloc (2 * job->side_x * sizeof *cosines);
  double          amplitude[MOST_PLANES];

  if (! cosines)
    {
      *job->failed = 1;
      return;
    }
  for (size_t i = first; i < end; i++)
    {
      double fx = job->notches[3 * i], fy = job->notches[3 * i + 1];

      for (size_t x = 0; x < job->side_x; x++)
        {
          cosines[x]                = (float) cos (2 * M_PI * fx * x);
          cosines[job->side_x + x] = (float) -sin (2 * M_PI * fx * x);
        }
      for (size_t p = 0; p < job->count; p++)
        amplitude[p] = amplitude_at (job, cosines, cosines + job->side_x, p,
                                     fy);
      job->masks[i] = planes_of (amplitude, job->count);
    }
  free (cosines);
}

static size_t
centre_side (size_t notches)
{
  double side = sqrt (CHANNEL_WORK / (double) (notches ? notches : 1));

  return (size_t) fmax (CHANNEL_LEAST, fmin (CHANNEL_SIDE, side));
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
  size_t    side   = centre_side (found->count);
  size_t    side_x = width < side ? width : side;
  size_t    side_y = height < side ? height : side;
  size_t    count  = layout->colour_planes;
  int       failed = 0;
  NotchJob  job    = { NULL, side_x, side_y, count, found->notches, NULL,
                       &failed };
  float    *planes;

  free (found->planes);
  found->planes = NULL;
  if (found->small_period <= 0 || count < 2 || count > MOST_PLANES ||
      found->count == 0)
    return 1;
  planes        = malloc (count * side_x * side_y * sizeof *planes);
  found->planes = malloc (found->count * sizeof *found->planes);
  if (planes && found->planes)
    {
      gather (pixels + ((height - side_y) / 2 * stride +
                        (width - side_x) / 2) * layout->components,
              layout, stride, side_x, side_y, count, planes);
      job.planes = planes;
      job.masks  = found->planes;
      row_split_run (split, found->count, notch_masks, &job);
    }
  free (planes);
  if (! planes || ! found->planes || failed)
    {
      free (found->planes);
      found->planes = NULL;
      return 0;
    }
  return 1;
}
