/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-background.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* The background of a cell is the mean level over (2 · PLANE_HALF_BOX +
 * 1)² cells around it: wide enough that a peak's own few cells move it
 * little, narrow enough to follow the spectrum's fall from the centre. */
#define PLANE_HALF_BOX 12

/* Along an axis, the background is the median of the cells between
 * AXIS_GAP and AXIS_REACH cells away on either side. */
#define AXIS_GAP   24
#define AXIS_REACH 56

/* Levels are made this many at a time, on the stack. */
#define LEVEL_BLOCK 512

/* The noise scale's subsample: about this many cells. */
#define SAMPLES_WANTED 65536

typedef struct
{
  const PatternCells *cells;
  PatternResidual    *residual;
} ResidualJob;

/* Replaces each of n values by the mean of those within `half` of it. */
static void
box_mean_in_place (float  *values,
                   size_t  n,
                   size_t  half)
{
  float  dropped[PLANE_HALF_BOX + 1];
  double sum = 0;

  for (size_t p = 0; p < half && p < n; p++)
    sum += values[p];

  for (size_t u = 0; u < n; u++)
    {
      size_t from = u > half ? u - half : 0;
      size_t to   = u + half < n ? u + half : n - 1;

      if (u + half < n)
        sum += values[u + half];
      if (u > half)
        sum -= dropped[u % (half + 1)];
      dropped[u % (half + 1)] = values[u];
      values[u] = (float) (sum / (to - from + 1));
    }
}

/* sum[u] += sign · the level of row r's cell u. */
static void
add_levels (float              *sum,
            const PatternCells *cells,
            size_t              r,
            float               sign)
{
  const float *row = cells->amplitude + r * cells->cells_x;
  float        level[LEVEL_BLOCK];

  for (size_t base = 0; base < cells->cells_x; base += LEVEL_BLOCK)
    {
      size_t m = cells->cells_x - base < LEVEL_BLOCK ? cells->cells_x - base :
                                                       LEVEL_BLOCK;

      pattern_levels (row + base, level, m);
      for (size_t k = 0; k < m; k++)
        sum[base + k] += sign * level[k];
    }
}

/* Row v's vertical window, clamped to the plane. */
static void
window_rows (const PatternCells *cells,
             size_t              v,
             size_t             *from,
             size_t             *to)
{
  *from = v >= PLANE_HALF_BOX ? v - PLANE_HALF_BOX : 0;
  *to   = v + PLANE_HALF_BOX < cells->cells_y ? v + PLANE_HALF_BOX :
                                                 cells->cells_y - 1;
}

/* Each half-plane row's standout, by way of the sum of the levels of its
 * window's rows column by column: the first row's summed, each next
 * one's the one before it with the row that enters added and the one
 * that leaves taken away. */
static void
standout_rows (const void *data,
               size_t      first,
               size_t      end)
{
  const ResidualJob  *job   = data;
  const PatternCells *cells = job->cells;
  size_t              n     = cells->cells_x;
  float              *sums  = job->residual->standout;
  size_t              from, to;

  if (first >= end)
    return;
  window_rows (cells, cells->centre_y + first, &from, &to);
  for (size_t u = 0; u < n; u++)
    sums[first * n + u] = 0;
  for (size_t r = from; r <= to; r++)
    add_levels (sums + first * n, cells, r, 1);

  for (size_t i = first; i < end; i++)
    {
      size_t       v   = cells->centre_y + i;
      float       *out = sums + i * n;
      float        share;

      window_rows (cells, v, &from, &to);
      if (i + 1 < end)
        {
          size_t next_from, next_to;

          window_rows (cells, v + 1, &next_from, &next_to);
          for (size_t u = 0; u < n; u++)
            out[n + u] = out[u];
          if (next_to > to)
            add_levels (out + n, cells, next_to, 1);
          if (next_from > from)
            add_levels (out + n, cells, from, -1);
        }

      share = 1.0f / (float) (to - from + 1);
      for (size_t u = 0; u < n; u++)
        out[u] *= -share;
      box_mean_in_place (out, n, PLANE_HALF_BOX);
      add_levels (out, cells, v, 1);
    }
}

/* The median of values[from … to] but those of [skip_from, skip_to]. */
static float
window_median (const float *values,
               size_t       from,
               size_t       to,
               size_t       skip_from,
               size_t       skip_to,
               float       *scratch)
{
  size_t n = 0;

  for (size_t k = from; k <= to; k++)
    if (k < skip_from || k > skip_to)
      scratch[n++] = values[k];
  return n ? pattern_median (scratch, n) : values[from];
}

/* The levels along one axis, less their 1-D background: the median of
 * the cells between a gap and a reach away on either side, the same on
 * both. Along the axis every cell near a peak lies on the peak's own
 * sidelobe arm, which falls as 1 / distance only up to about the image's
 * size over the taper's width in bins; the gap skips that part. Near the
 * centre the window shrinks, staying symmetric, so that the spectrum's
 * fall from the centre does not tilt it; beyond ½ the axis reflects, as
 * the spectrum does. */
static float *
axis_standout (const PatternCells *cells,
               PatternPlace        place,
               size_t              count)
{
  float *along    = malloc ((count + AXIS_REACH) * sizeof *along);
  float *standout = malloc (count * sizeof *standout);
  float  scratch[2 * AXIS_REACH + 1];

  if (! along || ! standout)
    {
      free (along);
      free (standout);
      return NULL;
    }

  for (size_t i = 0; i < count + AXIS_REACH; i++)
    {
      size_t u, v, k = i < count ? i : 2 * (count - 1) - i;

      pattern_axis_cell (cells, place, k < count ? k : 0, &u, &v);
      along[i] = pattern_cells_level (cells, u, v);
    }
  for (size_t i = 0; i < count; i++)
    {
      size_t reach = i < AXIS_REACH ? i : AXIS_REACH;
      size_t gap   = reach / 2 < AXIS_GAP ? reach / 2 : AXIS_GAP;

      standout[i] = along[i] -
                    window_median (along, i - reach, i + reach,
                                   i - gap + (gap > 0), i + gap - (gap > 0),
                                   scratch);
    }

  free (along);
  return standout;
}

static size_t
sample_step (size_t cells)
{
  size_t step = (size_t) sqrt ((double) cells / SAMPLES_WANTED);

  return step > 1 ? step : 1;
}

static size_t
off_centre (size_t at,
            size_t centre)
{
  return at > centre ? at - centre : centre - at;
}

/* The plane's standout over a subsample of the region, off the axes. */
static int
plane_noise (PatternResidual     *residual,
             const PatternCells  *cells,
             const PatternRegion *region)
{
  size_t  rows   = cells->cells_y - cells->centre_y;
  size_t  step   = sample_step (rows * cells->cells_x);
  size_t  most   = (rows / step + 1) * (cells->cells_x / step + 1);
  float  *sample = malloc (most * sizeof *sample);
  size_t  count  = 0;

  if (! sample)
    return 0;

  for (size_t v = cells->centre_y + PATTERN_AXIS_BAND + 1;
       v < cells->cells_y; v += step)
    for (size_t u = v % step; u < cells->cells_x; u += step)
      if (off_centre (u, cells->centre_x) > PATTERN_AXIS_BAND &&
          pattern_region_holds_cell (region, cells, u, v))
        sample[count++] = pattern_residual_standout (residual, cells, u, v);

  residual->plane       = pattern_noise_of (sample, count);
  residual->plane_cells = (double) count * (double) (step * step);
  free (sample);
  return 1;
}

/* An axis's standout over the region: its median and MAD over every
 * cell the region holds on the axis (a robust background in the manner
 * of Sur and Grédiac, JEI 2015: a handful of a pattern's peaks among
 * hundreds of cells cannot move a median), and how many cells those
 * are, the axis's number of tests (pattern-finder.c). */
static int
axis_noise (const float         *standout,
            size_t               count,
            const PatternCells  *cells,
            const PatternRegion *region,
            PatternPlace         place,
            PatternNoise        *noise,
            double              *tested)
{
  float  *sample = malloc ((count ? count : 1) * sizeof *sample);
  size_t  kept   = 0;

  if (! sample)
    return 0;

  for (size_t i = 0; i < count; i++)
    {
      size_t u, v;

      pattern_axis_cell (cells, place, i, &u, &v);
      if (pattern_region_holds_cell (region, cells, u, v))
        sample[kept++] = standout[i];
    }

  *noise  = pattern_noise_of (sample, kept);
  *tested = (double) kept;
  free (sample);
  return 1;
}

static int
judge_axes (PatternResidual     *residual,
            const PatternCells  *cells,
            const PatternRegion *region)
{
  residual->along_fx_count = cells->cells_x - cells->centre_x + 1;
  residual->along_fy_count = cells->cells_y - cells->centre_y + 1;
  residual->along_fx = axis_standout (cells, PATTERN_ON_ROW_AXIS,
                                      residual->along_fx_count);
  residual->along_fy = axis_standout (cells, PATTERN_ON_COLUMN_AXIS,
                                      residual->along_fy_count);

  return residual->along_fx && residual->along_fy &&
         axis_noise (residual->along_fx, residual->along_fx_count, cells,
                     region, PATTERN_ON_ROW_AXIS, &residual->row_axis,
                     &residual->row_axis_cells) &&
         axis_noise (residual->along_fy, residual->along_fy_count, cells,
                     region, PATTERN_ON_COLUMN_AXIS, &residual->column_axis,
                     &residual->column_axis_cells);
}

int
pattern_residual_make (PatternResidual     *residual,
                       const PatternCells  *cells,
                       const PatternRegion *region,
                       RowSplit             split)
{
  size_t      half_rows = cells->cells_y - cells->centre_y;
  ResidualJob job       = { cells, residual };

  *residual = (PatternResidual) { 0 };
  if (cells->cells_x > SIZE_MAX / sizeof (float) / half_rows)
    return 0;
  residual->standout = malloc (half_rows * cells->cells_x * sizeof (float));
  if (! residual->standout)
    return 0;

  row_split_run (split, half_rows, standout_rows, &job);

  if (! plane_noise (residual, cells, region) ||
      ! judge_axes (residual, cells, region))
    {
      pattern_residual_clear (residual);
      return 0;
    }
  return 1;
}

void
pattern_residual_clear (PatternResidual *residual)
{
  free (residual->standout);
  free (residual->along_fx);
  free (residual->along_fy);
  *residual = (PatternResidual) { 0 };
}

float
pattern_residual_standout (const PatternResidual *residual,
                           const PatternCells    *cells,
                           size_t                 u,
                           size_t                 v)
{
  return residual->standout[(v - cells->centre_y) * cells->cells_x + u];
}

void
pattern_axis_cell (const PatternCells *cells,
                   PatternPlace        place,
                   size_t              i,
                   size_t             *u,
                   size_t             *v)
{
  int row_axis = place == PATTERN_ON_ROW_AXIS;

  *u = row_axis ? (cells->centre_x + i) % cells->cells_x : cells->centre_x;
  *v = row_axis ? cells->centre_y : (cells->centre_y + i) % cells->cells_y;
}

size_t
pattern_axis_index (const PatternCells *cells,
                    PatternPlace        place,
                    size_t              u,
                    size_t              v)
{
  return place == PATTERN_ON_ROW_AXIS ?
         (u + cells->cells_x - cells->centre_x) % cells->cells_x :
         (v + cells->cells_y - cells->centre_y) % cells->cells_y;
}

float
pattern_residual_standout_at (const PatternResidual *residual,
                              const PatternCells    *cells,
                              size_t                 u,
                              size_t                 v,
                              PatternPlace           place)
{
  if (place == PATTERN_ON_ROW_AXIS)
    return residual->along_fx[pattern_axis_index (cells, place, u, v)];
  if (place == PATTERN_ON_COLUMN_AXIS)
    return residual->along_fy[pattern_axis_index (cells, place, u, v)];
  return pattern_residual_standout (residual, cells, u, v);
}

static double
sigmas_above (const PatternNoise *noise,
              double              standout)
{
  return (standout - noise->median) / fmax (noise->scale,
                                            PATTERN_LEAST_SCALE);
}

/* The best of the 3 cells around index i of an axis. */
static PatternSpot
best_along (const float        *standout,
            size_t              count,
            long                i,
            const PatternNoise *noise,
            const PatternCells *cells,
            PatternPlace        place)
{
  PatternSpot best = { 0, 0, place, -HUGE_VAL };

  for (long k = i - 1; k <= i + 1; k++)
    if (k > 0 && (size_t) k < count &&
        sigmas_above (noise, standout[k]) > best.sigmas)
      {
        best.sigmas = sigmas_above (noise, standout[k]);
        pattern_axis_cell (cells, place, (size_t) k, &best.u, &best.v);
      }
  return best;
}

static int
in_plane_search (const PatternCells *cells,
                 long                x,
                 long                y)
{
  return y - (long) cells->centre_y > PATTERN_AXIS_BAND &&
         y < (long) cells->cells_y && x >= 0 &&
         x < (long) cells->cells_x &&
         labs (x - (long) cells->centre_x) > PATTERN_AXIS_BAND;
}

PatternSpot
pattern_residual_near (const PatternResidual *residual,
                       const PatternCells    *cells,
                       double                 fx,
                       double                 fy)
{
  long        cx   = (long) cells->centre_x, cy = (long) cells->centre_y;
  PatternSpot best = { 0, 0, PATTERN_IN_PLANE, -HUGE_VAL };
  double      at_u, at_v;
  long        u, v;

  pattern_cells_position (cells, fx, fy, &at_u, &at_v);
  u = lround (at_u);
  v = lround (at_v);

  if (v - cy <= PATTERN_AXIS_BAND)
    return best_along (residual->along_fx, residual->along_fx_count,
                       labs (u - cx), &residual->row_axis, cells,
                       PATTERN_ON_ROW_AXIS);
  if (labs (u - cx) <= PATTERN_AXIS_BAND)
    return best_along (residual->along_fy, residual->along_fy_count, v - cy,
                       &residual->column_axis, cells,
                       PATTERN_ON_COLUMN_AXIS);

  for (long y = v - 1; y <= v + 1; y++)
    for (long x = u - 1; x <= u + 1; x++)
      if (in_plane_search (cells, x, y))
        {
          double s = sigmas_above (&residual->plane,
                                   pattern_residual_standout (residual, cells,
                                                              (size_t) x,
                                                              (size_t) y));

          if (s > best.sigmas)
            best = (PatternSpot) { (size_t) x, (size_t) y, PATTERN_IN_PLANE,
                                   s };
        }
  return best;
}
