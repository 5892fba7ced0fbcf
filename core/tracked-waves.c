/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "tracked-waves.h"

#include <complex.h>
#include <math.h>
#include <stdlib.h>

#include "f-quantile.h"
#include "tile-spectrum.h"
#include "wave-fit.h"

#define PI 3.14159265358979323846

/* The standard normal quantile of the test's false alarm, 10⁻³
 * (tracked-waves.h). */
#define FALSE_ALARM_Z 3.0902
/* A wave nearer the centre than this many tile bins shares its tiles'
 * bins with the tiles' own large structures: it is not tested, and not
 * tracked. */
#define NEAREST_BINS 4.0
/* Gauss–Newton steps of a wave's frequency in a tile. */
#define TILE_STEPS 1
/* Tiles smaller than this a side tell no cosine from its neighbours. */
#define LEAST_TILE 16

/* Tiles of about `side` along `length`; 0 where they would be smaller
 * than LEAST_TILE. */
static int
tile_axis (TileAxis *axis,
           size_t    length,
           size_t    side)
{
  return tile_axis_init (axis, length, side, TRACKED_WAVES_MOST_TILES,
                         LEAST_TILE);
}

/* Whether the wave at (fx, fy) is left in the tiles of about `side` of
 * `plane` (width × height, rows `stride` apart) beyond `times` what
 * their own spectrum beside it explains (the header's test). −1 when
 * memory runs out. */
static int
wave_varies (const float *plane,
             size_t       width,
             size_t       height,
             size_t       stride,
             double       fx,
             double       fy,
             size_t       side,
             double       times,
             RowSplit     split)
{
  TileAxis ax, ay;
  size_t   tiles;
  double  *at, *beside, left = 0, around = 0;
  int      ok;

  if (! tile_axis (&ax, width, side) || ! tile_axis (&ay, height, side) ||
      fmax (fabs (fx) * ax.side, fabs (fy) * ay.side) < NEAREST_BINS)
    return 0;
  tiles  = ax.count * ay.count;
  at     = malloc (tiles * sizeof *at);
  beside = malloc (tiles * sizeof *beside);
  ok     = at && beside &&
           tile_powers (plane, stride, &ax, &ay, fx, fy,
                        tile_spectrum_beside (fx, fy, &ax, &ay), 4, at, beside, split);
  for (size_t t = 0; ok && t < tiles; t++)
    {
      left   += at[t];
      around += beside[t];
    }
  free (at);
  free (beside);
  if (! ok)
    return -1;
  return around > 0 &&
         left / around > times * f_quantile (2.0 * tiles, 8.0 * tiles,
                                             FALSE_ALARM_Z);
}

/* ---- The tiles' fits ------------------------------------------------ */

typedef struct
{
  const float    *values;
  size_t          planes, plane_step, stride;
  const TileAxis *ax, *ay;
  const double   *waves;     /* the tracked waves' (fx, fy) */
  const size_t   *strongest;
  size_t          count;
  double         *frequency; /* per tile and wave: fx, fy there */
  double complex *amplitude; /* per tile, plane and wave */
  int            *fitted;    /* per tile: 1 where its fit was made */
} TileFitJob;

static void
fit_tiles (const void *job_pointer,
           size_t      first,
           size_t      end)
{
  const TileFitJob *job = job_pointer;
  size_t            n   = job->count;

  for (size_t t = first; t < end; t++)
    {
      size_t       tx = t % job->ax->count, ty = t / job->ax->count;
      const float *corner = job->values + job->ay->offset[ty] * job->stride +
                            job->ax->offset[tx];
      Fit          fit;

      job->fitted[t] = wave_fit_start (&fit, job->waves, n, job->planes,
                                       job->ax->side, job->ay->side);
      if (! job->fitted[t])
        continue;
      for (size_t i = 0; i < n; i++)
        {
          fit.waves[i].strongest = job->strongest[i];
          wave_fit_tune (&fit.waves[i], &fit.across, &fit.down);
        }
      wave_fit_refine (&fit, corner, job->planes, job->plane_step,
                       job->stride, TILE_STEPS, NULL);
      wave_fit_factor (&fit);
      for (size_t p = 0; p < job->planes; p++)
        {
          wave_fit_transform (&fit, corner + p * job->plane_step, job->stride,
                              (size_t) -1, 0, NULL, fit.sums, NULL);
          wave_fit_solve (&fit, fit.sums,
                          job->amplitude + (t * job->planes + p) * n);
        }
      for (size_t i = 0; i < n; i++)
        {
          job->frequency[2 * (t * n + i)]     = fit.waves[i].fx;
          job->frequency[2 * (t * n + i) + 1] = fit.waves[i].fy;
        }
      wave_fit_end (&fit);
    }
}

/* Shrinks each tile's fit of each wave by the share of the power left
 * there that the tile's own spectrum beside it does not explain, 1 −
 * beside / at (0 where it explains all): a fit takes along the picture's
 * content at its frequency, as much as lies beside it, and is worth
 * taking only for what stands above that. 0 when memory runs out. */
static int
shrink_tiles (const float     *values,
              size_t           plane_step,
              size_t           stride,
              const TileAxis  *ax,
              const TileAxis  *ay,
              const double    *waves,
              const size_t    *strongest,
              size_t           count,
              size_t           planes,
              double complex  *amplitude,
              RowSplit         split)
{
  size_t  tiles  = ax->count * ay->count;
  double *at     = malloc (tiles * sizeof *at);
  double *beside = malloc (tiles * sizeof *beside);
  int     ok     = at && beside;

  for (size_t i = 0; ok && i < count; i++)
    {
      double fx = waves[2 * i], fy = waves[2 * i + 1];

      ok = tile_powers (values + strongest[i] * plane_step, stride, ax, ay,
                        fx, fy, tile_spectrum_beside (fx, fy, ax, ay), 4, at,
                        beside, split);
      for (size_t t = 0; ok && t < tiles; t++)
        for (size_t p = 0; p < planes; p++)
          amplitude[(t * planes + p) * count + i] *=
            at[t] > beside[t] ? 1 - beside[t] / at[t] : 0;
    }
  free (at);
  free (beside);
  return ok;
}

/* ---- The blend ------------------------------------------------------ */

/* Where each tile's cosine reaches along an axis: from the centre before
 * it to the one after (to the edge for the first and the last). */
typedef struct
{
  size_t start[TRACKED_WAVES_MOST_TILES], length[TRACKED_WAVES_MOST_TILES];
  size_t at[TRACKED_WAVES_MOST_TILES]; /* where its tables start */
  size_t total;
} Reach;

static void
reach_of (Reach          *reach,
          const TileAxis *ax,
          size_t          width)
{
  reach->total = 0;
  for (size_t t = 0; t < ax->count; t++)
    {
      size_t start = t == 0 ? 0 : (size_t) ceil (ax->centre[t - 1]);
      size_t end   = t + 1 == ax->count ? width
                     : (size_t) floor (ax->centre[t + 1]) + 1;

      reach->start[t]  = start;
      reach->length[t] = end - start;
      reach->at[t]     = reach->total;
      reach->total    += end - start;
    }
}

/* The bilinear blend's weight of tile `t` of `axis` at position `x`. */
static double
blend_weight (const TileAxis *axis,
              size_t          t,
              double          x)
{
  const double *c = axis->centre;

  if (x <= c[t])
    return t == 0 ? 1 : fmax (0, (x - c[t - 1]) / (c[t] - c[t - 1]));
  return t + 1 == axis->count ? 1 : fmax (0, (c[t + 1] - x) / (c[t + 1] - c[t]));
}

/* Per tile and wave, the blend's weight times e^{2πi f (t − c)} along
 * one axis over the tile's reach there: for the tiles of each line of
 * tiles across that axis (`lines` of them, tile (line, t) being tile
 * t · line_step + line · across_step), the real parts of the whole line,
 * then the imaginary ones. */
typedef struct
{
  float  *values;
  size_t  total; /* floats of one line's and wave's table */
} AxisTables;

static int
axis_tables (AxisTables     *tables,
             const TileAxis *axis,
             const Reach    *reach,
             size_t          lines,
             size_t          line_step,
             size_t          tile_step,
             size_t          count,
             const double   *frequency,
             size_t          component)
{
  tables->total  = 2 * reach->total;
  tables->values = malloc (lines * count * tables->total *
                           sizeof *tables->values);
  for (size_t line = 0; tables->values && line < lines; line++)
    for (size_t t = 0; t < axis->count; t++)
      for (size_t i = 0; i < count; i++)
        {
          size_t  tile = line * line_step + t * tile_step;
          double  f    = frequency[2 * (tile * count + i) + component];
          float  *re   = tables->values +
                         (line * count + i) * tables->total + reach->at[t];
          float  *im   = re + reach->total;

          for (size_t k = 0; k < reach->length[t]; k++)
            {
              double         at = (double) (reach->start[t] + k);
              double complex e  = blend_weight (axis, t, at) *
                                  cexp (2 * PI * I * f * (at - axis->centre[t]));

              re[k] = (float) creal (e);
              im[k] = (float) cimag (e);
            }
        }
  return tables->values != NULL;
}

typedef struct
{
  float                *values;
  size_t                planes, plane_step, stride, width;
  const TileAxis       *ax, *ay;
  const Reach          *across, *down;
  size_t                count;
  const double complex *amplitude;
  const AxisTables     *columns; /* along x, per tile row */
  const AxisTables     *rows;    /* along y, per tile column */
} BlendJob;

/* Columns a row's waves are summed over at a time, on the stack. */
#define SUM_BLOCK 256

/* Adds the waves of tile row ty at row y (within its reach) of plane p
 * over columns [lo, lo + n) to `sum`. */
static void
add_tile_row (const BlendJob *job,
              size_t          ty,
              size_t          y,
              size_t          p,
              size_t          lo,
              size_t          n,
              float          *sum)
{
  size_t count = job->count;
  size_t row   = job->down->at[ty] + (y - job->down->start[ty]);

  for (size_t tx = 0; tx < job->ax->count; tx++)
    {
      size_t start = job->across->start[tx];
      size_t end   = start + job->across->length[tx];
      size_t from  = start > lo ? start : lo;
      size_t to    = end < lo + n ? end : lo + n;

      for (size_t i = 0; from < to && i < count; i++)
        {
          size_t         t    = ty * job->ax->count + tx;
          const float   *down = job->rows->values +
                                (tx * count + i) * job->rows->total;
          double complex r    = job->amplitude[(t * job->planes + p) * count + i] *
                                (down[row] + I * down[job->down->total + row]);
          float          re   = (float) creal (r), im = (float) cimag (r);
          const float   *table_re = job->columns->values +
                                    (ty * count + i) * job->columns->total +
                                    job->across->at[tx] + (from - start);
          const float   *table_im = table_re + job->across->total;
          float         *out      = sum + (from - lo);

          for (size_t k = 0; k < to - from; k++)
            out[k] += re * table_re[k] - im * table_im[k];
        }
    }
}

static void
blend_rows (const void *job_pointer,
            size_t      first,
            size_t      end)
{
  const BlendJob *job = job_pointer;
  float           sum[SUM_BLOCK];

  for (size_t y = first; y < end; y++)
    for (size_t p = 0; p < job->planes; p++)
      for (size_t lo = 0; lo < job->width; lo += SUM_BLOCK)
        {
          float  *row = job->values + p * job->plane_step + y * job->stride;
          size_t  n   = job->width - lo < SUM_BLOCK ? job->width - lo
                                                    : SUM_BLOCK;

          for (size_t x = 0; x < n; x++)
            sum[x] = 0;
          for (size_t ty = 0; ty < job->ay->count; ty++)
            if (y >= job->down->start[ty] &&
                y < job->down->start[ty] + job->down->length[ty])
              add_tile_row (job, ty, y, p, lo, n, sum);
          for (size_t x = 0; x < n; x++)
            row[lo + x] = wave_fit_subtracted (row[lo + x], sum[x]);
        }
}

/* ---- The call ------------------------------------------------------- */

/* Fits the `count` tracked waves in every tile and subtracts their blend.
 * 0 when memory runs out, before anything is subtracted. */
static int
track (float        *values,
       size_t        planes,
       size_t        plane_step,
       size_t        width,
       size_t        height,
       size_t        stride,
       const double *waves,
       const size_t *strongest,
       size_t        count,
       RowSplit      split)
{
  TileAxis        ax, ay;
  Reach           across, down;
  AxisTables      columns = { NULL, 0 }, rows = { NULL, 0 };
  size_t          tiles;
  double         *frequency;
  double complex *amplitude;
  int            *fitted;
  int             ok;

  tile_axis (&ax, width, TRACKED_WAVES_TILE_SIDE);
  tile_axis (&ay, height, TRACKED_WAVES_TILE_SIDE);
  tiles     = ax.count * ay.count;
  frequency = malloc (2 * tiles * count * sizeof *frequency);
  amplitude = malloc (tiles * planes * count * sizeof *amplitude);
  fitted    = malloc (tiles * sizeof *fitted);
  ok = frequency && amplitude && fitted;
  if (ok)
    {
      TileFitJob fits = { values, planes, plane_step, stride, &ax, &ay, waves,
                          strongest, count, frequency, amplitude, fitted };

      row_split_run (split, tiles, fit_tiles, &fits);
      for (size_t t = 0; t < tiles; t++)
        ok = ok && fitted[t];
      ok = ok && shrink_tiles (values, plane_step, stride, &ax, &ay, waves,
                               strongest, count, planes, amplitude, split);
    }
  if (ok)
    {
      reach_of (&across, &ax, width);
      reach_of (&down, &ay, height);
      ok = axis_tables (&columns, &ax, &across, ay.count, ax.count, 1, count,
                        frequency, 0) &&
           axis_tables (&rows, &ay, &down, ax.count, 1, ax.count, count,
                        frequency, 1);
    }
  if (ok)
    {
      BlendJob blend = { values, planes, plane_step, stride, width, &ax, &ay,
                         &across, &down, count, amplitude, &columns, &rows };

      row_split_run (split, height, blend_rows, &blend);
    }
  free (columns.values);
  free (rows.values);
  free (fitted);
  free (amplitude);
  free (frequency);
  return ok;
}

int
tracked_waves_remove (float        *values,
                      size_t        planes,
                      size_t        plane_step,
                      size_t        width,
                      size_t        height,
                      size_t        stride,
                      const double *waves,
                      const size_t *strongest,
                      size_t        count,
                      size_t        test_side,
                      RowSplit      split)
{
  size_t  side_x = width < test_side ? width : test_side;
  size_t  side_y = height < test_side ? height : test_side;
  size_t  corner = (height - side_y) / 2 * stride + (width - side_x) / 2;
  double *tracked   = malloc (2 * count * sizeof *tracked + 1);
  size_t *planes_of = malloc (count * sizeof *planes_of + 1);
  size_t  n = 0;
  int     ok = tracked && planes_of;

  for (size_t i = 0; ok && i < count; i++)
    {
      int varies = wave_varies (values + strongest[i] * plane_step + corner,
                                side_x, side_y, stride, waves[2 * i],
                                waves[2 * i + 1], TRACKED_WAVES_TILE_SIDE, 1,
                                split);

      ok = varies >= 0;
      if (varies > 0)
        {
          tracked[2 * n]     = waves[2 * i];
          tracked[2 * n + 1] = waves[2 * i + 1];
          planes_of[n++]     = strongest[i];
        }
    }
  if (ok && n > 0)
    ok = track (values, planes, plane_step, width, height, stride, tracked,
                planes_of, n, split);
  free (planes_of);
  free (tracked);
  return ok;
}

int
tracked_waves_left (const float *plane,
                    size_t       width,
                    size_t       height,
                    size_t       stride,
                    double       fx,
                    double       fy,
                    RowSplit     split)
{
  /* The most tiles along the longer side that leave the wave
   * NEAREST_BINS of their bins from the centre, as many as tiles of
   * TRACKED_WAVES_TILE_SIDE at most. */
  double f     = fmax (fabs (fx), fabs (fy));
  size_t side  = width > height ? width : height;
  double tiles = fmin (floor ((double) side * f / NEAREST_BINS),
                       floor ((side + TRACKED_WAVES_TILE_SIDE / 2) /
                              TRACKED_WAVES_TILE_SIDE));

  if (tiles < 2)
    return 0;
  return wave_varies (plane, width, height, stride, fx, fy,
                      (size_t) ((double) side / tiles), 2, split);
}
