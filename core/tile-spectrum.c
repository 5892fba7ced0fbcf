/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tile-spectrum.h"

#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "wave-fit.h"
#include "wave-least-squares.h"

/* The frequencies beside lie this many tile bins from the component,
 * where the Hann window's transform of it is zero. */
#define BESIDE_BINS 2.0

/* The most frequencies beside one that tile_powers reads. */
#define MOST_BESIDE 8

int
tile_axis_init (TileAxis *axis,
                size_t    length,
                size_t    side,
                size_t    most,
                size_t    least)
{
  size_t n = (length + side / 2) / side;

  most = most > TILE_SPECTRUM_MOST ? TILE_SPECTRUM_MOST : most;
  n    = n < 2 ? 2 : n > most ? most : n;
  axis->count = n;
  axis->side  = length / n;
  for (size_t t = 0; t < n; t++)
    {
      axis->offset[t] = t * length / n;
      axis->centre[t] = axis->offset[t] + 0.5 * (axis->side - 1.0);
    }
  return axis->side >= least;
}

typedef struct
{
  const float    *plane;
  size_t          stride;
  const TileAxis *ax, *ay;
  const double   *frequencies; /* 1 + count (fx, fy) pairs, then (0, 0) */
  const double   *window;      /* the window's transform at each */
  size_t          count;
  double         *at, *beside;
  int            *done;        /* per tile: 1 where measured */
} PowersJob;

static void
tiles_powers (const void *job_pointer,
              size_t      first,
              size_t      end)
{
  const PowersJob *job = job_pointer;
  size_t           n   = job->count + 2;
  double complex   sums[MOST_BESIDE + 2];
  Fit              fit;
  int              ok  = wave_fit_start (&fit, job->frequencies, n, 1,
                                         job->ax->side, job->ay->side);

  for (size_t i = 0; ok && i < n; i++)
    wave_fit_tune (&fit.waves[i], &fit.across, &fit.down);
  for (size_t t = first; t < end; t++)
    {
      size_t tx = t % job->ax->count, ty = t / job->ax->count;

      job->done[t] = ok;
      if (! ok)
        continue;
      wave_fit_transform (&fit, job->plane + job->ay->offset[ty] * job->stride +
                                job->ax->offset[tx],
                          job->stride, (size_t) -1, 0, NULL, sums, NULL);
      /* The tile's mean taken out: what its window spreads of it. */
      for (size_t k = 0; k + 1 < n; k++)
        sums[k] -= sums[n - 1] / job->window[n - 1] * job->window[k];
      job->at[t]     = creal (sums[0] * conj (sums[0]));
      job->beside[t] = 0;
      for (size_t k = 1; k + 1 < n; k++)
        job->beside[t] += creal (sums[k] * conj (sums[k])) / job->count;
    }
  if (ok)
    wave_fit_end (&fit);
}

int
tile_powers (const float    *plane,
             size_t          stride,
             const TileAxis *ax,
             const TileAxis *ay,
             double          fx,
             double          fy,
             const double   *offsets,
             size_t          count,
             double         *at,
             double         *beside,
             RowSplit        split)
{
  size_t    tiles = ax->count * ay->count;
  double    frequencies[2 * (MOST_BESIDE + 2)] = { fx, fy };
  double    window[MOST_BESIDE + 2];
  int      *done;
  int       ok;
  PowersJob job = { plane, stride, ax, ay, frequencies, window, count, at,
                    beside, NULL };

  if (count == 0 || count > MOST_BESIDE)
    return 0;
  for (size_t k = 0; k < count; k++)
    {
      frequencies[2 * k + 2] = fx + offsets[2 * k] / ax->side;
      frequencies[2 * k + 3] = fy + offsets[2 * k + 1] / ay->side;
    }
  frequencies[2 * count + 2] = frequencies[2 * count + 3] = 0;
  for (size_t k = 0; k < count + 2; k++)
    window[k] = wave_window_sum (frequencies[2 * k], frequencies[2 * k + 1],
                                 ax->side, ay->side);
  done = malloc (tiles * sizeof *done);
  if (! done)
    return 0;
  job.done = done;
  row_split_run (split, tiles, tiles_powers, &job);
  ok = 1;
  for (size_t t = 0; t < tiles; t++)
    ok = ok && done[t];
  free (done);
  return ok;
}

const double *
tile_spectrum_beside (double          fx,
                      double          fy,
                      const TileAxis *ax,
                      const TileAxis *ay)
{
  static const double around[8] = { BESIDE_BINS, 0, -BESIDE_BINS, 0,
                                    0, BESIDE_BINS, 0, -BESIDE_BINS };
  static const double along_x[8] = { BESIDE_BINS, 0, -BESIDE_BINS, 0,
                                     BESIDE_BINS + 1, 0, -BESIDE_BINS - 1, 0 };
  static const double along_y[8] = { 0, BESIDE_BINS, 0, -BESIDE_BINS,
                                     0, BESIDE_BINS + 1, 0, -BESIDE_BINS - 1 };

  return fabs (fx) * ax->side < BESIDE_BINS ? along_y
         : fabs (fy) * ay->side < BESIDE_BINS ? along_x : around;
}

