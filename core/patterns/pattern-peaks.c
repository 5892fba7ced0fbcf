/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-peaks.h"

#include <math.h>
#include <stdlib.h>

#define PI  3.14159265358979323846
#define LN2 0.69314718055994530942

/* A plane candidate's final standout is its level less the median level
 * of the ring of cells RING_FROM … RING_TO cells away (as a square): the
 * box's mean, wider, lies above the level of a low frequency where the
 * spectrum falls steeply and below that of a texture's broad bump, whose
 * highest cells then stand out; the ring's median follows both and
 * ignores the peak's own few cells. Only cells whose box standout reaches
 * the threshold less PRESELECT_SIGMAS are measured so. */
#define RING_FROM        3
#define RING_TO          6
#define RING_CELLS       ((2 * RING_TO + 1) * (2 * RING_TO + 1) - \
                          (2 * RING_FROM - 1) * (2 * RING_FROM - 1))
#define PRESELECT_SIGMAS 1.5

/* The most candidates a row keeps: its strongest. */
#define ROW_CANDIDATES 16

/* No more peaks than this: beyond it the spectrum is noise, not a
 * pattern. */
#define MOST_PEAKS 512

/* A candidate is a sidelobe unless it rises this far (ln) above the
 * sidelobe envelope of every stronger peak. */
#define SIDELOBE_MARGIN LN2

/* The notch radius: this many times the peak's half width at half
 * amplitude, and at least MAIN_LOBES main lobes of the image's sinc
 * (1 / the shorter side): the wider the notch, the shorter its reach in
 * the image, so the less of the pattern stays near the image's borders,
 * where the padding breaks its phase; but at most CENTRE_SHARE of the
 * peak's own frequency, so that it leaves the centre alone. Never below
 * half a bin of the image's grid (fftcl_notch_radius_min). */
#define RADIUS_PER_HALF_WIDTH 1.5
#define MAIN_LOBES            3.0
#define CENTRE_SHARE          0.25
#define WIDEST_WALK           64

/* Bands along an axis leave, where the padding breaks their phase, a
 * remainder confined to that axis, which a wider notch takes more of; the
 * notch's cost is the picture's content in its disc. Their notches widen
 * with the band's standout s (ln) over the plane beside it, as
 * exp (AXIS_WIDENING · (s − AXIS_PLAIN_STANDOUT)) (the remainder's power
 * over r against the disc's over r² gives the cube root of the power
 * ratio), up to AXIS_WIDEST main lobes. */
#define AXIS_WIDENING       (2.0 / 3.0)
#define AXIS_PLAIN_STANDOUT 4.3
#define AXIS_WIDEST         16.0

/* A candidate within this share of a stronger peak's radius lies where
 * that notch removes it anyway. */
#define INSIDE_NOTCH 0.5

typedef struct
{
  const PatternCells    *cells;
  const PatternRegion   *region;
  const PatternResidual *residual;
  float                  threshold, preselect;
  PatternPeak           *slots;   /* ROW_CANDIDATES per half-plane row */
  unsigned char         *counts; /* per half-plane row */
} PatternPeakJob;

static double
threshold_of (const PatternNoise *noise,
              double              sigmas)
{
  return noise->median + sigmas * fmax (noise->scale, PATTERN_LEAST_SCALE);
}

/* Keeps the ROW_CANDIDATES strongest of a row. */
static void
keep (PatternPeak     *slots,
      unsigned char *count,
      PatternPeak      candidate)
{
  size_t weakest = 0;

  if (*count < ROW_CANDIDATES)
    {
      slots[(*count)++] = candidate;
      return;
    }
  for (size_t i = 1; i < ROW_CANDIDATES; i++)
    if (slots[i].standout < slots[weakest].standout)
      weakest = i;
  if (slots[weakest].standout < candidate.standout)
    slots[weakest] = candidate;
}

static int
is_local_maximum (const float *row,
                  size_t       n,
                  size_t       u)
{
  const float *above = row - n, *below = row + n;
  float        s     = row[u];

  return s > row[u - 1] && s >= row[u + 1] &&
         s > above[u - 1] && s > above[u] && s > above[u + 1] &&
         s >= below[u - 1] && s >= below[u] && s >= below[u + 1];
}

/* The level of cell (u, v) less the median level of its ring, NAN where
 * the ring leaves the plane. */
static float
ring_standout (const PatternCells *cells,
               size_t              u,
               size_t              v)
{
  float  ring[RING_CELLS];
  size_t n = 0;

  if (u < RING_TO || v < RING_TO || u + RING_TO >= cells->cells_x ||
      v + RING_TO >= cells->cells_y)
    return NAN;
  for (size_t y = v - RING_TO; y <= v + RING_TO; y++)
    for (size_t x = u - RING_TO; x <= u + RING_TO; x++)
      if (x + RING_FROM <= u || x >= u + RING_FROM ||
          y + RING_FROM <= v || y >= v + RING_FROM)
        ring[n++] = pattern_cells_level (cells, x, y);
  return pattern_cells_level (cells, u, v) - pattern_median (ring, n);
}

/* How far (ln) the top of the parabola through the levels of cell
 * (u, v) and its two neighbours along one axis lies above the cell's: a
 * pattern between cells loses up to half its amplitude to each, which
 * its two cells' shared main lobe gives back; a maximum of noise, whose
 * cells are independent, gains little. */
static float
top_gain (const PatternCells *cells,
          size_t              u,
          size_t              v,
          size_t              du,
          size_t              dv)
{
  float at     = pattern_cells_level (cells, u, v);
  float before = pattern_cells_level (cells, u - du, v - dv);
  float after  = pattern_cells_level (cells, u + du, v + dv);
  float curve  = before - 2 * at + after;
  float slope  = 0.5f * (after - before);

  return curve < 0 ? fminf (-slope * slope / (2 * curve), (float) LN2) : 0;
}

static void
plane_candidate_rows (const void *data,
                      size_t      first,
                      size_t      end)
{
  const PatternPeakJob *job   = data;
  const PatternCells *cells = job->cells;
  size_t              n     = cells->cells_x;

  for (size_t i = first; i < end; i++)
    {
      size_t       v   = cells->centre_y + i;
      const float *row = job->residual->standout + i * n;

      job->counts[i] = 0;
      if (i <= PATTERN_AXIS_BAND || v + 1 >= cells->cells_y)
        continue;

      for (size_t u = 1; u + 1 < n; u++)
        {
          size_t off = u > cells->centre_x ? u - cells->centre_x :
                                             cells->centre_x - u;

          float standout;

          if (row[u] <= job->preselect || off <= PATTERN_AXIS_BAND ||
              ! is_local_maximum (row, n, u) ||
              ! pattern_region_holds_cell (job->region, cells, u, v))
            continue;
          standout = ring_standout (cells, u, v) +
                     top_gain (cells, u, v, 1, 0) +
                     top_gain (cells, u, v, 0, 1);
          if (! (standout > job->threshold))
            continue;
          keep (job->slots + i * ROW_CANDIDATES, job->counts + i,
                (PatternPeak) { .level = pattern_cells_level (cells, u, v),
                                .standout = standout, .u = u, .v = v,
                                .place = PATTERN_IN_PLANE });
        }
    }
}

/* ---- The list ------------------------------------------------------- */

static int
grow (PatternPeak **peaks,
      size_t       *capacity,
      size_t        needed)
{
  size_t       wanted = *capacity ? *capacity : 16;
  PatternPeak *grown;

  if (needed <= *capacity)
    return 1;
  while (wanted < needed)
    wanted *= 2;
  grown = realloc (*peaks, wanted * sizeof *grown);
  if (! grown)
    return 0;
  *peaks    = grown;
  *capacity = wanted;
  return 1;
}

void
pattern_peak_list_clear (PatternPeakList *list)
{
  free (list->peaks);
  free (list->floor_cells);
  *list = (PatternPeakList) { 0 };
}

/* ---- Placing a peak ------------------------------------------------- */

/* The offset of a parabola's top through (−1, before), (0, at),
 * (1, after), within ±½. */
static double
parabola_top (double before,
              double at,
              double after)
{
  double curvature = before - 2 * at + after;
  double offset;

  if (curvature >= 0)
    return 0;
  offset = 0.5 * (before - after) / curvature;
  return fmax (-0.5, fmin (0.5, offset));
}

/* How many cells from the amplitude at `from` the level falls to
 * `target`, walking by `step` floats at most `room` cells. */
static double
drop_distance (const float *from,
               ptrdiff_t    step,
               size_t       room,
               float        target)
{
  size_t limit = room < WIDEST_WALK ? room : WIDEST_WALK;

  for (size_t s = 1; s <= limit; s++)
    {
      float before = pattern_level (from[(ptrdiff_t) (s - 1) * step]);
      float here   = pattern_level (from[(ptrdiff_t) s * step]);

      if (here < target)
        return s - 1 + (before - target) / (before - here);
    }
  return limit;
}

/* Half the width at half amplitude, in cells, across (columns) and down
 * (rows). */
static void
half_widths (const PatternCells    *cells,
             size_t                 u,
             size_t                 v,
             double                *across,
             double                *down)
{
  const float *at     = cells->amplitude + v * cells->cells_x + u;
  float        target = pattern_level (*at) - (float) LN2;
  ptrdiff_t    row    = (ptrdiff_t) cells->cells_x;

  *across = 0.5 * (drop_distance (at, -1, u, target) +
                   drop_distance (at, 1, cells->cells_x - 1 - u, target));
  *down   = 0.5 * (drop_distance (at, -row, v, target) +
                   drop_distance (at, row, cells->cells_y - 1 - v, target));
}

/* How many main lobes of the image's sinc the notch of cell (u, v)
 * spans at least. */
static double
main_lobes (const PatternCells *cells,
            size_t              u,
            size_t              v,
            PatternPlace        place)
{
  float beside;

  if (place == PATTERN_IN_PLANE)
    return MAIN_LOBES;
  beside = ring_standout (cells, u, v);
  if (! (beside > AXIS_PLAIN_STANDOUT))
    return MAIN_LOBES;
  return fmin (MAIN_LOBES * exp (AXIS_WIDENING *
                                 (beside - AXIS_PLAIN_STANDOUT)),
               AXIS_WIDEST);
}

static PatternPeak
placed_peak (const PatternCells    *cells,
             const PatternResidual *residual,
             size_t                 u,
             size_t                 v,
             PatternPlace           place)
{
  const float *at  = cells->amplitude + v * cells->cells_x + u;
  ptrdiff_t    row = (ptrdiff_t) cells->cells_x;
  double       du  = 0, dv = 0, across, down, half_width;
  size_t       longer_grid = cells->grid_width > cells->grid_height ?
                             cells->grid_width : cells->grid_height;
  size_t       shorter_side = cells->width < cells->height ?
                              cells->width : cells->height;
  PatternPeak  peak = {
    .level    = pattern_level (*at),
    .standout = pattern_residual_standout_at (residual, cells, u, v, place),
    .u = u, .v = v, .place = place,
  };

  if (place != PATTERN_ON_COLUMN_AXIS && u > 0 && u + 1 < cells->cells_x)
    du = parabola_top (pattern_level (at[-1]), peak.level,
                       pattern_level (at[1]));
  if (place != PATTERN_ON_ROW_AXIS && v > 0 && v + 1 < cells->cells_y)
    dv = parabola_top (pattern_level (at[-row]), peak.level,
                       pattern_level (at[row]));

  pattern_cells_frequency (cells, u + du, v + dv, &peak.fx, &peak.fy);
  if (place == PATTERN_ON_COLUMN_AXIS)
    peak.fx = 0, peak.fy = fabs (peak.fy);
  if (place == PATTERN_ON_ROW_AXIS)
    peak.fx = fabs (peak.fx), peak.fy = 0;

  half_widths (cells, u, v, &across, &down);
  half_width  = fmax (across * cells->bins_x / cells->grid_width,
                      down * cells->bins_y / cells->grid_height);
  peak.spread = fmax (across * cells->bins_x * cells->width /
                      cells->grid_width,
                      down * cells->bins_y * cells->height /
                      cells->grid_height);
  peak.radius = fmax (fmin (fmax (RADIUS_PER_HALF_WIDTH * half_width,
                                  main_lobes (cells, u, v, place) /
                                  shorter_side),
                            CENTRE_SHARE * hypot (peak.fx, peak.fy)),
                      0.5 / longer_grid);
  return peak;
}

/* ---- Sidelobes ------------------------------------------------------ */

/* ln of the sinc envelope's fall over a distance of `cycles` cycles per
 * image side. */
static double
envelope_fall (double cycles)
{
  double x = PI * fabs (cycles);

  return x > 1 ? log (x) : 0;
}

static int
under_envelope (const PatternCells *cells,
                const PatternPeak  *source,
                double              sign,
                const PatternPeak  *candidate)
{
  double dx = candidate->fx - sign * source->fx;
  double dy = candidate->fy - sign * source->fy;

  if (hypot (dx, dy) < INSIDE_NOTCH * source->radius)
    return 1;
  return candidate->level < source->level -
                            envelope_fall (dx * cells->width) -
                            envelope_fall (dy * cells->height) +
                            SIDELOBE_MARGIN;
}

static int
is_sidelobe (const PatternPeakList *list,
             const PatternCells    *cells,
             const PatternPeak     *candidate)
{
  for (size_t i = 0; i < list->count; i++)
    if (under_envelope (cells, &list->peaks[i], 1, candidate) ||
        under_envelope (cells, &list->peaks[i], -1, candidate))
      return 1;
  for (size_t i = 0; i < list->floor_count; i++)
    if (under_envelope (cells, &list->floor_cells[i], 1, candidate))
      return 1;
  return 0;
}

int
pattern_peaks_explain (const PatternPeakList *list,
                       const PatternCells    *cells,
                       const PatternResidual *residual,
                       size_t                 u,
                       size_t                 v,
                       PatternPlace           place)
{
  PatternPeak peak = placed_peak (cells, residual, u, v, place);

  return is_sidelobe (list, cells, &peak);
}

int
pattern_peaks_consider (PatternPeakList       *list,
                        const PatternCells    *cells,
                        const PatternResidual *residual,
                        size_t                 u,
                        size_t                 v,
                        PatternPlace           place)
{
  PatternPeak peak = placed_peak (cells, residual, u, v, place);

  if (list->count >= MOST_PEAKS || is_sidelobe (list, cells, &peak))
    return 1;
  if (! grow (&list->peaks, &list->capacity, list->count + 1))
    return 0;
  list->peaks[list->count++] = peak;
  return 1;
}

/* ---- The search ----------------------------------------------------- */

/* Every cell of the whole plane inside the floor, as a source of
 * sidelobes. */
static int
gather_floor_cells (PatternPeakList     *list,
                    const PatternCells  *cells,
                    const PatternRegion *region)
{
  PatternRegion floor_only  = { region->floor_cycles, 0, 0 };
  size_t        reach_x     = (size_t) ceil (region->floor_cycles *
                                             cells->grid_width /
                                             cells->width / cells->bins_x) + 1;
  size_t        reach_y     = (size_t) ceil (region->floor_cycles *
                                             cells->grid_height /
                                             cells->height / cells->bins_y) + 1;
  size_t        capacity    = 0;

  for (size_t v = cells->centre_y; v < cells->cells_y &&
       v <= cells->centre_y + reach_y; v++)
    for (size_t u = cells->centre_x > reach_x ? cells->centre_x - reach_x : 0;
         u < cells->cells_x && u <= cells->centre_x + reach_x; u++)
      {
        PatternPeak cell = {
          .level = pattern_cells_level (cells, u, v),
          .u = u, .v = v,
        };

        if (pattern_region_holds_cell (&floor_only, cells, u, v))
          continue;
        pattern_cells_frequency (cells, u, v, &cell.fx, &cell.fy);
        if (! grow (&list->floor_cells, &capacity, list->floor_count + 1))
          return 0;
        list->floor_cells[list->floor_count++] = cell;
        cell.fx = -cell.fx;
        cell.fy = -cell.fy;
        if (! grow (&list->floor_cells, &capacity, list->floor_count + 1))
          return 0;
        list->floor_cells[list->floor_count++] = cell;
      }
  return 1;
}

/* The local maxima of one axis's standout above its threshold. */
static int
axis_candidates (PatternPeak             **all,
                 size_t                 *count,
                 size_t                 *capacity,
                 const PatternCells     *cells,
                 const PatternRegion    *region,
                 const PatternResidual  *residual,
                 const PatternSigmas    *sigmas,
                 PatternPlace            place)
{
  int           along_fx  = place == PATTERN_ON_ROW_AXIS;
  const float  *standout  = along_fx ? residual->along_fx : residual->along_fy;
  size_t        n         = along_fx ? residual->along_fx_count :
                                       residual->along_fy_count;
  double        threshold = threshold_of (along_fx ? &residual->row_axis :
                                          &residual->column_axis,
                                          along_fx ? sigmas->row_axis :
                                                     sigmas->column_axis);

  for (size_t i = 1; i < n; i++)
    {
      float  after = standout[i + 1 < n ? i + 1 : i - 1];
      size_t u, v;

      pattern_axis_cell (cells, place, i, &u, &v);
      if (standout[i] <= threshold || standout[i] <= standout[i - 1] ||
          standout[i] < after ||
          ! pattern_region_holds_cell (region, cells, u, v))
        continue;
      if (*count == *capacity)
        {
          size_t       wanted = *capacity ? 2 * *capacity : 64;
          PatternPeak *grown  = realloc (*all, wanted * sizeof *grown);

          if (! grown)
            return 0;
          *all      = grown;
          *capacity = wanted;
        }
      (*all)[(*count)++] = (PatternPeak) {
        .level = pattern_cells_level (cells, u, v), .standout = standout[i],
        .u = u, .v = v, .place = place };
    }
  return 1;
}

static int
stronger_first (const void *a,
                const void *b)
{
  const PatternPeak *x = a, *y = b;

  return (x->level < y->level) - (x->level > y->level);
}

void
pattern_peaks_sort (PatternPeak *peaks,
                    size_t       count)
{
  if (count > 0)
    qsort (peaks, count, sizeof *peaks, stronger_first);
}

/* The plane's candidates of every row, then the axes', in one array. */
static PatternPeak *
all_candidates (const PatternCells    *cells,
                const PatternRegion   *region,
                const PatternResidual *residual,
                const PatternSigmas   *sigmas,
                RowSplit               split,
                size_t                *count)
{
  size_t        rows     = cells->cells_y - cells->centre_y;
  PatternPeakJob  job      = {
    cells, region, residual,
    (float) threshold_of (&residual->plane, sigmas->plane),
    (float) threshold_of (&residual->plane,
                          sigmas->plane - PRESELECT_SIGMAS),
    malloc (rows * ROW_CANDIDATES * sizeof (PatternPeak)),
    malloc (rows),
  };
  PatternPeak    *all      = NULL;
  size_t        capacity = 0;

  *count = 0;
  if (job.slots && job.counts)
    {
      row_split_run (split, rows, plane_candidate_rows, &job);
      for (size_t i = 0; i < rows; i++)
        capacity += job.counts[i];
      all = malloc ((capacity ? capacity : 1) * sizeof *all);
    }
  if (all)
    for (size_t i = 0; i < rows; i++)
      for (size_t c = 0; c < job.counts[i]; c++)
        all[(*count)++] = job.slots[i * ROW_CANDIDATES + c];
  free (job.slots);
  free (job.counts);

  if (all &&
      (! axis_candidates (&all, count, &capacity, cells, region, residual,
                          sigmas, PATTERN_ON_ROW_AXIS) ||
       ! axis_candidates (&all, count, &capacity, cells, region, residual,
                          sigmas, PATTERN_ON_COLUMN_AXIS)))
    {
      free (all);
      all = NULL;
    }
  return all;
}

int
pattern_peaks_find (PatternPeakList       *list,
                    const PatternCells    *cells,
                    const PatternRegion   *region,
                    const PatternResidual *residual,
                    const PatternSigmas   *sigmas,
                    RowSplit               split)
{
  size_t     count;
  PatternPeak *all = all_candidates (cells, region, residual, sigmas, split,
                                   &count);
  int        ok  = all && gather_floor_cells (list, cells, region);

  if (ok)
    pattern_peaks_sort (all, count);
  for (size_t i = 0; ok && i < count; i++)
    ok = pattern_peaks_consider (list, cells, residual, all[i].u, all[i].v,
                                 all[i].place);
  free (all);
  return ok;
}
