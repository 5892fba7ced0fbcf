/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "print-tone.h"

#include <math.h>
#include <stdlib.h>

/* Box blurs that make G: three of them approach a Gaussian. */
#define BOXES 3

/* One colour plane's difference, blurred along rows or columns. */
typedef struct
{
  float  *plane;
  size_t  width, height;
  size_t  radius;
  int     columns; /* blur along columns: a "row" of the split is one */
  int    *failed;
} BoxJob;

/* A box of 2 radius + 1 values along `line` of `length`, each end's
 * value repeated beyond it; `sum` is room for length + 1 values. */
static void
box_blur (float  *line,
          size_t  length,
          size_t  radius,
          double *sum)
{
  double width = 2.0 * radius + 1.0;

  sum[0] = 0.0;
  for (size_t i = 0; i < length; i++)
    sum[i + 1] = sum[i] + line[i];
  for (size_t i = 0; i < length; i++)
    {
      long   first  = (long) i - (long) radius;
      long   last   = (long) i + (long) radius;
      size_t from   = first < 0 ? 0 : (size_t) first;
      size_t to     = last >= (long) length ? length - 1 : (size_t) last;
      double before = first < 0 ? -first * (double) line[0] : 0.0;
      double after  = last >= (long) length
                      ? (last - (long) length + 1) * (double) line[length - 1]
                      : 0.0;

      line[i] = (float) ((sum[to + 1] - sum[from] + before + after) / width);
    }
}

static void
blur_lines (const void *job_pointer,
            size_t      first,
            size_t      end)
{
  const BoxJob *job    = job_pointer;
  size_t        length = job->columns ? job->height : job->width;
  size_t        stride = job->columns ? job->width : 1;
  float        *line   = malloc (length * sizeof *line);
  double       *sum    = malloc ((length + 1) * sizeof *sum);

  for (size_t l = first; line && sum && l < end; l++)
    {
      float *start = job->plane + (job->columns ? l : l * job->width);

      for (size_t i = 0; i < length; i++)
        line[i] = start[i * stride];
      for (int b = 0; b < BOXES; b++)
        box_blur (line, length, job->radius, sum);
      for (size_t i = 0; i < length; i++)
        start[i * stride] = line[i];
    }
  if (! line || ! sum)
    *job->failed = 1;
  free (line);
  free (sum);
}

/* The radius of each box: BOXES boxes of width w have the variance of a
 * Gaussian of σ where BOXES (w² − 1) / 12 = σ². */
static size_t
box_radius (double sigma)
{
  double box = sqrt (12.0 * sigma * sigma / BOXES + 1.0);

  return (size_t) fmax (0.0, round ((box - 1.0) / 2.0));
}

size_t
print_tone_reach (double sigma)
{
  return BOXES * box_radius (sigma);
}

int
print_tone_join (float             *stored,
                 const float       *light,
                 const PixelLayout *layout,
                 size_t             width,
                 size_t             height,
                 double             sigma,
                 RowSplit           split)
{
  size_t  count  = width * height;
  float  *plane  = malloc (count * sizeof *plane + 1);
  int     failed = 0;
  BoxJob  job    = { plane, width, height, box_radius (sigma), 0, &failed };

  for (size_t c = 0; plane && ! failed && c < layout->colour_planes; c++)
    {
      for (size_t i = 0; i < count; i++)
        {
          size_t at         = i * layout->components + c;
          float  difference = light[at] - stored[at];

          plane[i] = isfinite (difference) ? difference : 0.0f;
        }
      job.columns = 0;
      row_split_run (split, height, blur_lines, &job);
      job.columns = 1;
      row_split_run (split, width, blur_lines, &job);
      for (size_t i = 0; ! failed && i < count; i++)
        if (isfinite (stored[i * layout->components + c]))
          stored[i * layout->components + c] += plane[i];
    }
  failed |= ! plane;
  free (plane);
  return ! failed;
}
