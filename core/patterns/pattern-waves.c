/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-waves.h"

#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

/* Candidates off the axes' bands lie within this many cycles/px of the
 * centre: the long periods where a picture's own spectrum is strong
 * enough to hide a wave from the threshold. */
#define LOW_REACH 0.1

/* On an axis, within LOW_REACH, a candidate need stand out by only this
 * share of the axis's threshold: there a picture's own long rows and
 * columns make the axis's noise scale large, and the pixels' constancy
 * tells a wave from them. */
#define LONG_AXIS_SHARE 0.4

/* Tiles per axis, and the fewest pixels a tile side may have. */
#define TILES      4
#define LEAST_TILE 32

/* Each tile is also read NOISE_BINS of its own frequency bins either side
 * of the wave, along x and along y, where the Hann window puts none of
 * the wave (its transform is zero at whole bins from 2 on): what the
 * picture puts there is the tile's noise at the wave's frequency. */
#define NOISE_BINS 2
_Static_assert (PATTERN_WAVES_LOBE_BINS == NOISE_BINS * TILES,
                "the main lobe in the header is the tiles'");

/* The frequencies each tile is read at along one axis: the wave's, then
 * NOISE_BINS below and above it. */
#define OFFSETS 3

/* Offset k's distance from the wave, in NOISE_BINS. */
static double
offset_sign (size_t k)
{
  return k == 0 ? 0.0 : k == 1 ? -1.0 : 1.0;
}

typedef struct
{
  const float          *plane;
  size_t                stride, tiles, tile_width, rows;
  const double complex *phasor; /* per offset and column: Hann · e^{-2πi f x} */
  const double         *window; /* per column: its tile's Hann */
  double complex       *sums;   /* per offset, row and tile: Σ v · phasor */
  double               *means;  /* per row and tile: Σ v · window */
} TileRowJob;

static double
hann (size_t i,
      size_t length)
{
  double s = sin (PI * (i + 0.5) / length);

  return s * s;
}

static void
tile_rows (const void *job_pointer,
           size_t      first,
           size_t      end)
{
  const TileRowJob *job   = job_pointer;
  size_t            width = job->tiles * job->tile_width;

  for (size_t y = first; y < end; y++)
    {
      const float *row = job->plane + y * job->stride;

      for (size_t t = 0; t < job->tiles; t++)
        {
          double complex sum[OFFSETS] = { 0 };
          double         mean = 0;

          for (size_t x = t * job->tile_width; x < (t + 1) * job->tile_width;
               x++)
            {
              for (size_t k = 0; k < OFFSETS; k++)
                sum[k] += row[x] * job->phasor[k * width + x];
              mean += row[x] * job->window[x];
            }
          for (size_t k = 0; k < OFFSETS; k++)
            job->sums[(k * job->rows + y) * job->tiles + t] = sum[k];
          job->means[y * job->tiles + t] = mean;
        }
    }
}

/* Tile (i, j)'s complex amplitude at x offset kx and y offset ky: its
 * windowed transform, less what its windowed mean puts there through the
 * window's own transform, over half the window's sum. */
static double complex
tile_amplitude (const TileRowJob     *job,
                const double complex *row_phasor,
                const double         *row_window,
                size_t                tile_height,
                size_t                kx,
                size_t                ky,
                size_t                i,
                size_t                j)
{
  const double complex *sums     = job->sums + kx * job->rows * job->tiles;
  const double complex *phasor   = job->phasor +
                                   kx * job->tiles * job->tile_width;
  const double complex *y_phasor = row_phasor + ky * job->rows;
  double complex        sum = 0, window_x = 0, window_y = 0;
  double                mean = 0, total_x = 0, total_y = 0;

  for (size_t y = i * tile_height; y < (i + 1) * tile_height; y++)
    {
      sum      += y_phasor[y] * sums[y * job->tiles + j];
      mean     += row_window[y] * job->means[y * job->tiles + j];
      window_y += y_phasor[y];
      total_y  += row_window[y];
    }
  for (size_t x = j * job->tile_width; x < (j + 1) * job->tile_width; x++)
    {
      window_x += phasor[x];
      total_x  += job->window[x];
    }
  return 2 * (sum - mean / (total_x * total_y) * window_x * window_y) /
         (total_x * total_y);
}

/* The tiles' noise at the wave: the mean power of their amplitudes at the
 * four offsets around it. */
static double
tile_noise (const TileRowJob     *job,
            const double complex *row_phasor,
            const double         *row_window,
            size_t                tile_height,
            size_t                i,
            size_t                j)
{
  static const size_t around[4][2] = { { 1, 0 }, { 2, 0 }, { 0, 1 }, { 0, 2 } };
  double              power = 0;

  for (size_t n = 0; n < 4; n++)
    power += pow (cabs (tile_amplitude (job, row_phasor, row_window,
                                        tile_height, around[n][0],
                                        around[n][1], i, j)), 2) / 4;
  return power;
}

/* The tiles' mean amplitude and their spread around it, each tile
 * weighted by the inverse of its noise (a tile of smooth sky says more of
 * a faint wave than one of leaves): |mean| / spread. Each tile's noise is
 * counted at least LEAST_NOISE of the tiles' mean noise, so that no tile
 * weighs more than 1 / LEAST_NOISE + 1 times an average one: a few quiet
 * tiles do not stand for all of them, and a wave whose period drifts
 * across the image stays below the drifting threshold. */
#define LEAST_NOISE 0.1

static double
constancy_of (const double complex *amplitudes,
              const double         *noise,
              size_t                count,
              double               *amplitude)
{
  double complex mean = 0;
  double         spread = 0, total = 0, floor = 0, weight[TILES * TILES];

  for (size_t t = 0; t < count; t++)
    floor += LEAST_NOISE * noise[t] / count;
  for (size_t t = 0; t < count; t++)
    {
      weight[t] = 1 / (noise[t] + floor + DBL_MIN);
      total    += weight[t];
    }
  for (size_t t = 0; t < count; t++)
    mean += weight[t] / total * amplitudes[t];
  for (size_t t = 0; t < count; t++)
    spread += weight[t] / total * pow (cabs (amplitudes[t] - mean), 2);
  spread = sqrt (spread);
  if (amplitude)
    *amplitude = cabs (mean);
  return spread > 0 ? cabs (mean) / spread : INFINITY;
}

double
pattern_waves_constancy (const float *plane,
                         size_t       width,
                         size_t       height,
                         size_t       stride,
                         double       fx,
                         double       fy,
                         double      *amplitude,
                         RowSplit     split)
{
  size_t          tiles  = TILES;
  size_t          tw, th;
  double complex *phasor, *row_phasor, *sums, amplitudes[TILES * TILES];
  double         *window, *row_window, *means, noise[TILES * TILES];
  double          constancy = -1;

  while (tiles > 1 && (width / tiles < LEAST_TILE ||
                       height / tiles < LEAST_TILE))
    tiles--;
  if (amplitude)
    *amplitude = 0;
  if (tiles < 2)
    return 0;
  tw = width / tiles;
  th = height / tiles;

  phasor     = malloc (OFFSETS * tiles * tw * sizeof *phasor);
  window     = malloc (tiles * tw * sizeof *window);
  row_phasor = malloc (OFFSETS * tiles * th * sizeof *row_phasor);
  row_window = malloc (tiles * th * sizeof *row_window);
  sums       = malloc (OFFSETS * tiles * th * tiles * sizeof *sums);
  means      = malloc (tiles * th * tiles * sizeof *means);
  if (phasor && window && row_phasor && row_window && sums && means)
    {
      TileRowJob job = { plane, stride, tiles, tw, tiles * th, phasor,
                         window, sums, means };
      double     step_x = (double) NOISE_BINS / tw;
      double     step_y = (double) NOISE_BINS / th;

      for (size_t x = 0; x < tiles * tw; x++)
        {
          window[x] = hann (x % tw, tw);
          for (size_t k = 0; k < OFFSETS; k++)
            phasor[k * tiles * tw + x] =
              window[x] * cexp (-2 * PI * I *
                                (fx + step_x * offset_sign (k)) * x);
        }
      for (size_t y = 0; y < tiles * th; y++)
        {
          row_window[y] = hann (y % th, th);
          for (size_t k = 0; k < OFFSETS; k++)
            row_phasor[k * tiles * th + y] =
              row_window[y] * cexp (-2 * PI * I *
                                    (fy + step_y * offset_sign (k)) * y);
        }
      row_split_run (split, tiles * th, tile_rows, &job);
      for (size_t i = 0; i < tiles; i++)
        for (size_t j = 0; j < tiles; j++)
          {
            amplitudes[i * tiles + j] = tile_amplitude (&job, row_phasor,
                                                        row_window, th, 0, 0,
                                                        i, j);
            noise[i * tiles + j]      = tile_noise (&job, row_phasor,
                                                    row_window, th, i, j);
          }
      constancy = constancy_of (amplitudes, noise, tiles * tiles, amplitude);
    }
  free (phasor);
  free (window);
  free (row_phasor);
  free (row_window);
  free (sums);
  free (means);
  return constancy;
}

/* Whether cell (u, v) is at least as high as each of its neighbours in
 * the half plane. */
static int
local_maximum (const PatternCells *cells,
               size_t              u,
               size_t              v)
{
  float level = pattern_cells_level (cells, u, v);

  for (size_t y = v > cells->centre_y ? v - 1 : v; y <= v + 1; y++)
    for (size_t x = u > 0 ? u - 1 : u; x <= u + 1; x++)
      if (x < cells->cells_x && y < cells->cells_y && (x != u || y != v) &&
          pattern_cells_level (cells, x, y) > level)
        return 0;
  return 1;
}

typedef struct
{
  double *frequencies;
  float  *standouts;
  size_t  count, most;
} NearAxes;

/* Keeps cell (u, v) among the `most` that stand out most. */
static void
keep_near (NearAxes           *near,
           const PatternCells *cells,
           size_t              u,
           size_t              v,
           float               standout)
{
  size_t at;

  if (near->count == near->most &&
      near->standouts[near->most - 1] >= standout)
    return;
  at = near->count < near->most ? near->count++ : near->most - 1;
  while (at > 0 && near->standouts[at - 1] < standout)
    {
      near->standouts[at]           = near->standouts[at - 1];
      near->frequencies[2 * at]     = near->frequencies[2 * at - 2];
      near->frequencies[2 * at + 1] = near->frequencies[2 * at - 1];
      at--;
    }
  near->standouts[at] = standout;
  pattern_cells_frequency (cells, u, v, &near->frequencies[2 * at],
                           &near->frequencies[2 * at + 1]);
}

static void
consider_near (NearAxes              *near,
               const PatternCells    *cells,
               const PatternRegion   *region,
               const PatternResidual *residual,
               float                  threshold,
               size_t                 u,
               size_t                 v)
{
  float standout;

  if (! pattern_region_holds_cell (region, cells, u, v) ||
      ! local_maximum (cells, u, v))
    return;
  standout = pattern_residual_standout (residual, cells, u, v);
  if (standout > threshold)
    keep_near (near, cells, u, v, standout);
}

/* The local maxima of an axis's standout (pattern-background.h) above
 * `sigmas` of its noise scales, LONG_AXIS_SHARE of that within
 * LOW_REACH. */
static void
axis_candidates (NearAxes              *near,
                 const PatternCells    *cells,
                 const PatternRegion   *region,
                 const PatternResidual *residual,
                 double                 sigmas,
                 PatternPlace           place)
{
  int                 row_axis  = place == PATTERN_ON_ROW_AXIS;
  const float        *standout  = row_axis ? residual->along_fx
                                           : residual->along_fy;
  size_t              n         = row_axis ? residual->along_fx_count
                                           : residual->along_fy_count;
  const PatternNoise *noise     = row_axis ? &residual->row_axis
                                           : &residual->column_axis;
  float               scale     = sigmas * fmax (noise->scale,
                                                 PATTERN_LEAST_SCALE);

  for (size_t i = 1; i + 1 < n; i++)
    {
      size_t u, v;
      double fx, fy;
      float  threshold;

      pattern_axis_cell (cells, place, i, &u, &v);
      pattern_cells_frequency (cells, u, v, &fx, &fy);
      threshold = noise->median + (hypot (fx, fy) < LOW_REACH
                                   ? LONG_AXIS_SHARE * scale : scale);
      if (standout[i] > threshold && standout[i] > standout[i - 1] &&
          standout[i] >= standout[i + 1] &&
          pattern_region_holds_cell (region, cells, u, v))
        keep_near (near, cells, u, v, standout[i]);
    }
}

size_t
pattern_waves_candidates (const PatternCells    *cells,
                          const PatternRegion   *region,
                          const PatternResidual *residual,
                          double                 sigmas,
                          double                *frequencies,
                          size_t                 most)
{
  float     standouts[64];
  NearAxes  near      = { frequencies, standouts, 0, most < 64 ? most : 64 };
  float     threshold = residual->plane.median +
                        sigmas * fmax (residual->plane.scale,
                                       PATTERN_LEAST_SCALE);
  size_t    cx = cells->centre_x, cy = cells->centre_y;
  double    cell_fx, fy, unused;

  if (near.most == 0)
    return 0;
  pattern_cells_frequency (cells, cx + 1, cy, &cell_fx, &unused);
  axis_candidates (&near, cells, region, residual, sigmas,
                   PATTERN_ON_ROW_AXIS);
  axis_candidates (&near, cells, region, residual, sigmas,
                   PATTERN_ON_COLUMN_AXIS);
  for (size_t v = cy + 1; v < cells->cells_y; v++)
    {
      size_t reach = 0;

      pattern_cells_frequency (cells, cx, v, &unused, &fy);
      if (v <= cy + PATTERN_AXIS_BAND)
        reach = cx;
      else if (fabs (fy) < LOW_REACH)
        reach = (size_t) (sqrt (LOW_REACH * LOW_REACH - fy * fy) /
                          fabs (cell_fx));
      reach = reach > PATTERN_AXIS_BAND ? reach : PATTERN_AXIS_BAND;
      for (size_t u = cx > reach ? cx - reach : 0;
           u <= cx + reach && u < cells->cells_x; u++)
        if (u != cx)
          consider_near (&near, cells, region, residual, threshold, u, v);
    }
  return near.count;
}
