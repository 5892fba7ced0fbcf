/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "close-waves.h"

#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "fitted-waves.h"
#include "wave-fit.h"

#define PI 3.14159265358979323846

/* The chance that a wave with nothing beside it gains a second cosine
 * (close-waves.h). */
#define FALSE_ALARM 1e-3
/* Bins from the wave to the ring that measures the plane's own spectrum:
 * two beyond the reach, where Hann's lobe of anything within it ends. */
#define RING_BINS (CLOSE_WAVES_REACH + 2)
/* Frequencies nearer the centre than this many bins share the bins of
 * the picture's large structures: none is read (tracked-waves.c's
 * NEAREST_BINS on the whole plane). */
#define NEAREST_BINS 4.0
/* Room for the grid and the ring: (2 · reach + 1)² and 8. */
#define MOST_POINTS ((2 * CLOSE_WAVES_REACH + 1) * (2 * CLOSE_WAVES_REACH + 1) + 8)

/* A frequency of the grid or the ring, in whole bins from the wave. */
typedef struct
{
  int i, j;
} Offset;

/* Frequencies read, and the ring they are measured against. */
typedef struct
{
  Offset grid[MOST_POINTS], ring[MOST_POINTS];
  size_t grid_count, ring_count;
} Points;

/* Whether the frequency `offset` from (fx, fy) may be read: within
 * Nyquist and no nearer the centre than NEAREST_BINS. */
static int
readable (double fx,
          double fy,
          Offset offset,
          size_t width,
          size_t height)
{
  double gx = fx + (double) offset.i / (double) width;
  double gy = fy + (double) offset.j / (double) height;

  return fabs (gx) <= 0.5 && fabs (gy) <= 0.5 &&
         fmax (fabs (gx) * (double) width, fabs (gy) * (double) height) >=
           NEAREST_BINS;
}

static void
add_point (Offset *list,
           size_t *count,
           Offset  offset,
           double  fx,
           double  fy,
           size_t  width,
           size_t  height)
{
  if (readable (fx, fy, offset, width, height))
    list[(*count)++] = offset;
}

/* Whether `offset` from a wave on an axis (fx = 0 or fy = 0) stays on
 * it. */
static int
on_axis (Offset offset,
         double fx,
         double fy)
{
  return (fy == 0 && offset.j == 0) || (fx == 0 && offset.i == 0);
}

/* The grid: whole bins within the reach, the wave's own only where
 * `own` (a cosine's fit takes all there is at it; what the tracking
 * leaves is read there too). Its frequencies off the axes are measured
 * against eight frequencies RING_BINS around the wave, those of them off
 * the axis for a wave on one (`plane`); for a wave on an axis, where a
 * picture's rows and columns make a ridge along it, those on it against
 * RING_BINS and RING_BINS + 1 bins either side along it (`ridge`). */
static void
points_of (Points *plane,
           Points *ridge,
           int     own,
           double  fx,
           double  fy,
           size_t  width,
           size_t  height)
{
  int r = CLOSE_WAVES_REACH;
  int axis = fx == 0 || fy == 0;

  plane->grid_count = plane->ring_count = 0;
  ridge->grid_count = ridge->ring_count = 0;
  for (int j = -r; j <= r; j++)
    for (int i = -r; i <= r; i++)
      {
        Offset at     = { i, j };
        Points *where = axis && on_axis (at, fx, fy) ? ridge : plane;

        if ((own || i != 0 || j != 0) && i * i + j * j <= r * r)
          add_point (where->grid, &where->grid_count, at, fx, fy, width,
                     height);
      }
  for (int k = 0; axis && k < 4; k++)
    {
      int    step = (k % 2 ? -1 : 1) * (RING_BINS + k / 2);
      Offset at   = fy == 0 ? (Offset) { step, 0 } : (Offset) { 0, step };

      add_point (ridge->ring, &ridge->ring_count, at, fx, fy, width, height);
    }
  for (int k = 0; k < 8; k++)
    {
      Offset at = { (int) lround (RING_BINS * cos (k * PI / 4)),
                    (int) lround (RING_BINS * sin (k * PI / 4)) };

      if (! (axis && on_axis (at, fx, fy)))
        add_point (plane->ring, &plane->ring_count, at, fx, fy, width,
                   height);
    }
}

/* The windowed transforms' powers of the plane at every point, from the
 * rows' sums at each column offset (`fit`'s waves, from_i on) and the
 * columns' phasors at (fy + j / height). */
static void
powers_at (const Fit    *fit,
           int           from_i,
           double        fy,
           const Offset *offsets,
           size_t        count,
           double       *power)
{
  size_t height = fit->down.length;

  for (size_t k = 0; k < count; k++)
    {
      double         f   = fy + (double) offsets[k].j / (double) height;
      size_t         row = (size_t) (offsets[k].i - from_i);
      double complex sum = 0;

      for (size_t y = 0; y < height; y++)
        sum += fit->down.window[y] *
               cexp (-2 * PI * I * f * fit->down.centred[y]) *
               fit->rows[2 * (y * fit->count + row)];
      power[k] = creal (sum) * creal (sum) + cimag (sum) * cimag (sum);
    }
}

/* The columns' offsets `points` read: widens [*from_i, *to_i]. */
static void
widen (const Offset *points,
       size_t        count,
       int          *from_i,
       int          *to_i)
{
  for (size_t k = 0; k < count; k++)
    {
      *from_i = points[k].i < *from_i ? points[k].i : *from_i;
      *to_i   = points[k].i > *to_i ? points[k].i : *to_i;
    }
}

/* Of `points`' grid, the one that stands highest above its ring, as a
 * share of the F bound of a false alarm `share` (above 1: it passes),
 * into *best, and the distance in cycles/px of the farthest that passes
 * the bound into *farthest where it lies farther; 0 where the grid or
 * the ring is too small. */
static double
standing (const Fit    *fit,
          const Points *points,
          int           from_i,
          double        fy,
          double        share,
          Offset       *best,
          double       *farthest)
{
  double power[MOST_POINTS], ring[MOST_POINTS], around = 0, strongest = 0;
  double k_ring = (double) points->ring_count, bound;
  double width  = (double) fit->across.length, height = (double) fit->down.length;

  if (points->grid_count == 0 || points->ring_count < 2)
    return 0;
  powers_at (fit, from_i, fy, points->grid, points->grid_count, power);
  powers_at (fit, from_i, fy, points->ring, points->ring_count, ring);
  for (size_t k = 0; k < points->ring_count; k++)
    around += ring[k] / k_ring;
  bound = k_ring * (pow (share, -1.0 / k_ring) - 1);
  for (size_t k = 0; k < points->grid_count; k++)
    {
      if (power[k] > strongest)
        {
          strongest = power[k];
          *best     = points->grid[k];
        }
      if (around > 0 && power[k] > bound * around)
        *farthest = fmax (*farthest, hypot (points->grid[k].i / width,
                                            points->grid[k].j / height));
    }
  return around > 0 ? strongest / around / bound : 0;
}

/* How far the residual at (fx, fy) in `plane` stands above the plane's
 * own spectrum around it (close-waves.h's test, the wave's own bin read
 * where `own`): the highest share of the bound (above 1: it passes),
 * its frequency in `at` and the distance of the farthest bin that passes
 * in *farthest (−1 where none does); −1 when memory runs out. */
static double
read_standing (const float *plane,
               size_t       width,
               size_t       height,
               size_t       stride,
               double       fx,
               double       fy,
               int          own,
               double      *at,
               double      *farthest,
               RowSplit     split)
{
  Points  off, along;
  double  frequencies[2 * MOST_POINTS] = { 0 };
  double  share, off_stands, along_stands;
  int     from_i = 0, to_i = 0;
  size_t  rows;
  Offset  off_best = { 0, 0 }, along_best = { 0, 0 }, best;
  Fit     fit;

  *farthest = -1;
  points_of (&off, &along, own, fx, fy, width, height);
  if (off.grid_count + along.grid_count == 0)
    return 0;
  widen (off.grid, off.grid_count, &from_i, &to_i);
  widen (off.ring, off.ring_count, &from_i, &to_i);
  widen (along.grid, along.grid_count, &from_i, &to_i);
  widen (along.ring, along.ring_count, &from_i, &to_i);
  rows = (size_t) (to_i - from_i + 1);
  for (size_t r = 0; r < rows; r++)
    {
      frequencies[2 * r]     = fx + (double) (from_i + (int) r) / (double) width;
      frequencies[2 * r + 1] = fy;
    }
  if (! wave_fit_start (&fit, frequencies, rows, 1, width, height))
    return -1;
  for (size_t r = 0; r < rows; r++)
    wave_fit_tune (&fit.waves[r], &fit.across, &fit.down);
  wave_fit_transform (&fit, plane, stride, (size_t) -1, 0, split, fit.sums,
                      NULL);
  share        = FALSE_ALARM / (double) (off.grid_count + along.grid_count);
  off_stands   = standing (&fit, &off, from_i, fy, share, &off_best, farthest);
  along_stands = standing (&fit, &along, from_i, fy, share, &along_best,
                           farthest);
  wave_fit_end (&fit);
  best  = off_stands > along_stands ? off_best : along_best;
  at[0] = fx + (double) best.i / (double) width;
  at[1] = fy + (double) best.j / (double) height;
  return fmax (off_stands, along_stands);
}

/* The second cosine beside (fx, fy) in `plane`: 1 and its frequency in
 * `out` where the test passes, 0 where not, −1 when memory runs out. */
static int
find_one (const float *plane,
          size_t       width,
          size_t       height,
          size_t       stride,
          double       fx,
          double       fy,
          double      *out,
          RowSplit     split)
{
  double farthest;
  double stands = read_standing (plane, width, height, stride, fx, fy, 0, out,
                                 &farthest, split);

  if (stands <= 1)
    return stands < 0 ? -1 : 0;
  return fitted_waves_refine (plane, width, height, stride, &out[0], &out[1],
                              split)
         ? 1 : -1;
}

/* Whether (fx, fy) lies within half a bin of any of `count` pairs. */
static int
taken (double        fx,
       double        fy,
       const double *pairs,
       size_t        count,
       size_t        width,
       size_t        height)
{
  for (size_t k = 0; k < count; k++)
    if (fabs (fx - pairs[2 * k]) * (double) width < 0.5 &&
        fabs (fy - pairs[2 * k + 1]) * (double) height < 0.5)
      return 1;
  return 0;
}

long
close_waves_find (const float  *values,
                  size_t        plane_step,
                  size_t        width,
                  size_t        height,
                  size_t        stride,
                  const double *waves,
                  const size_t *strongest,
                  size_t        count,
                  double       *found,
                  size_t       *beside,
                  RowSplit      split)
{
  size_t n = 0;

  for (size_t i = 0; i < count; i++)
    {
      double at[2];
      int    one = find_one (values + strongest[i] * plane_step, width, height,
                             stride, waves[2 * i], waves[2 * i + 1], at,
                             split);

      if (one < 0)
        return -1;
      if (one && ! taken (at[0], at[1], waves, count, width, height) &&
          ! taken (at[0], at[1], found, n, width, height))
        {
          found[2 * n]     = at[0];
          found[2 * n + 1] = at[1];
          beside[n++]      = i;
        }
    }
  return (long) n;
}

int
close_waves_left (const float  *plane,
                  size_t        width,
                  size_t        height,
                  size_t        stride,
                  const double *waves,
                  size_t        count,
                  double       *spread,
                  RowSplit      split)
{
  for (size_t i = 0; i < count; i++)
    {
      double at[2];
      double stands = read_standing (plane, width, height, stride,
                                     waves[2 * i], waves[2 * i + 1], 1, at,
                                     &spread[i], split);

      if (stands < 0)
        return 0;
      if (stands <= 1)
        spread[i] = -1;
    }
  return 1;
}
