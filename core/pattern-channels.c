/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-channels.h"

#include <math.h>
#include <stdlib.h>

/* The centre's side: a screen of period 8 px repeats 64 times over it. */
#define CHANNEL_SIDE 512
/* A mask holds this many planes; a layout of more keeps every notch in
 * every plane. */
#define MOST_PLANES 32

typedef struct
{
  const float       *corner;  /* the centre's top-left pixel */
  const PixelLayout *layout;
  size_t             stride, side_x, planes;
  const double      *table;   /* side_x (cos, sin) pairs, windowed */
  double            *sums;    /* per row and plane, (re, im) */
} RowSumsJob;

/* Colour component p of `pixel` as the filter sees it: weighted by the
 * alpha, 0 where not finite. */
static double
plane_value (const float       *pixel,
             const PixelLayout *layout,
             size_t             p)
{
  double value = pixel[p];

  if (layout->has_alpha)
    value *= pixel[layout->components - 1];
  return isfinite (value) ? value : 0;
}

static void
row_sums (const void *job_pointer,
          size_t      first,
          size_t      end)
{
  const RowSumsJob *job = job_pointer;

  for (size_t y = first; y < end; y++)
    {
      const float *row = job->corner +
                         y * job->stride * job->layout->components;
      double      *sum = job->sums + 2 * job->planes * y;

      for (size_t p = 0; p < job->planes; p++)
        {
          double re = 0, im = 0;

          for (size_t x = 0; x < job->side_x; x++)
            {
              double v = plane_value (row + x * job->layout->components,
                                      job->layout, p);
              re += job->table[2 * x] * v;
              im += job->table[2 * x + 1] * v;
            }
          sum[2 * p]     = re;
          sum[2 * p + 1] = im;
        }
    }
}

static double
hann (size_t i,
      size_t n)
{
  return 0.5 - 0.5 * cos (2 * M_PI * (i + 0.5) / n);
}

/* Each plane's windowed amplitude at (fx, fy) into amplitude[]. */
static void
amplitudes_at (RowSumsJob *job,
               double     *table,
               size_t      side_y,
               double      fx,
               double      fy,
               RowSplit    split,
               double     *amplitude)
{
  for (size_t x = 0; x < job->side_x; x++)
    {
      table[2 * x]     = hann (x, job->side_x) * cos (2 * M_PI * fx * x);
      table[2 * x + 1] = -hann (x, job->side_x) * sin (2 * M_PI * fx * x);
    }
  row_split_run (split, side_y, row_sums, job);
  for (size_t p = 0; p < job->planes; p++)
    {
      double re = 0, im = 0;

      for (size_t y = 0; y < side_y; y++)
        {
          const double *s = job->sums + 2 * (job->planes * y + p);
          double        c = hann (y, side_y) * cos (2 * M_PI * fy * y);
          double        d = -hann (y, side_y) * sin (2 * M_PI * fy * y);

          re += s[0] * c - s[1] * d;
          im += s[0] * d + s[1] * c;
        }
      amplitude[p] = hypot (re, im);
    }
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

int
pattern_channels_assign (PatternsFound     *found,
                         const float       *pixels,
                         const PixelLayout *layout,
                         size_t             stride,
                         size_t             width,
                         size_t             height,
                         RowSplit           split)
{
  size_t      side_x = width < CHANNEL_SIDE ? width : CHANNEL_SIDE;
  size_t      side_y = height < CHANNEL_SIDE ? height : CHANNEL_SIDE;
  size_t      planes = layout->colour_planes;
  RowSumsJob  job    = { pixels + ((height - side_y) / 2 * stride +
                                   (width - side_x) / 2) * layout->components,
                         layout, stride, side_x, planes, NULL, NULL };
  double     *table, amplitude[MOST_PLANES];
  int         ok;

  free (found->planes);
  found->planes = NULL;
  if (found->small_period <= 0 || planes < 2 || planes > MOST_PLANES ||
      found->count == 0)
    return 1;
  table         = malloc (2 * side_x * sizeof *table);
  job.sums      = malloc (2 * planes * side_y * sizeof *job.sums);
  found->planes = malloc (found->count * sizeof *found->planes);
  job.table     = table;
  ok = table && job.sums && found->planes;
  for (size_t i = 0; ok && i < found->count; i++)
    {
      amplitudes_at (&job, table, side_y, found->notches[3 * i],
                     found->notches[3 * i + 1], split, amplitude);
      found->planes[i] = planes_of (amplitude, planes);
    }
  free (table);
  free (job.sums);
  if (! ok)
    {
      free (found->planes);
      found->planes = NULL;
    }
  return ok;
}
