/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-finder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "pattern-background.h"
#include "pattern-cells.h"
#include "pattern-confirm.h"
#include "pattern-lattice.h"
#include "pattern-peaks.h"
#include "pattern-waves.h"
#include "spectrum-source.h"

#define PI 3.14159265358979323846

/* A peak no wider than this (half width at half amplitude, in bins of
 * the image) is a clean sinusoid, whose fit is subtracted (a notch of
 * radius 0, fitted-waves.h): the tapered crop's main lobe alone is about
 * 0.6 bins; a pattern that drifts across the image spreads wider, and
 * gets a disc as wide as its peak. A halftone's lattice always gets
 * discs: its dots are no sum of a few cosines. */
#define CLEAN_SPREAD 2.0

/* Candidate waves: the cells beside the axes and at long periods that
 * stand out by this share of the threshold's noise scales
 * (pattern_waves_candidates), at most PATTERN_MOST_CANDIDATES of them,
 * strongest first; the pixels confirm them (pattern-confirm.c). */
#define CANDIDATE_SHARE 0.6

/* The threshold is a stated number of false alarms (NFA) per image:
 * under the null that a cell of the plane holds no pattern, its
 * standout over the median, in the plane's noise scales (the median
 * absolute deviation measured on the image itself), is a standard
 * normal variable, cell by cell independent, so that of the N cells
 * searched N · Φ̄(k) pass k scales by chance. The sensitivity sets
 * log10 NFA, linear between: 10⁻¹⁰ at 0, 1 at 50, 100 at 100. On a
 * 512 px image (N ≈ 1.3 · 10⁵) these are 8.0, 4.3 and 3.2 scales. The
 * speckle of a smooth background (a complex normal spectrum) has a far
 * lighter tail than the normal law, so there the rate is a bound
 * (tests/core/core_patterns.c counts it); a photograph's own texture is
 * what the normal tail stands for. */
#define NFA_AT_LEAST   1e-10
#define NFA_AT_DEFAULT 1.0
#define NFA_AT_MOST    100.0

/* Whatever the image's size, a cell passes by chance with a probability
 * of at most 10⁻³ (3.1 scales), so that on a small image the highest
 * sensitivities do not bring the threshold down to the noise's median. */
#define CELL_RATE_MOST 1e-3

/* Each axis (the fy = 0 row, the fx = 0 column) is a search of its own
 * with the same stated NFA, in the a-contrario manner of Sur (ICIP
 * 2015: NFA = the number of tests times the chance of one passing):
 * under the null, a cell's standout along the axis over the axis's
 * median, in the axis's own noise scales (its MAD over all its cells,
 * pattern-background.c), is standard normal, so that of the axis's N
 * cells N · Φ̄(k) pass k scales by chance. The axis's background and
 * scale are robust statistics that a pattern on the axis hardly moves;
 * its own top cells (which a scan line's harmonics fill) set nothing.
 * The per-cell bound CELL_RATE_MOST holds there too: an axis of a
 * 512 px image has about 250 cells, so at the default it sets the
 * threshold, 3.09 scales. An image's search then makes at most three
 * times the stated NFA by chance, the plane's and the two axes'. */

static double
log_nfa_for (double sensitivity)
{
  double s = fmax (PATTERN_SENSITIVITY_MIN,
                   fmin (PATTERN_SENSITIVITY_MAX, sensitivity));
  double least = log10 (NFA_AT_LEAST), mid = log10 (NFA_AT_DEFAULT),
         most  = log10 (NFA_AT_MOST);

  return s <= PATTERN_SENSITIVITY_DEFAULT ?
         least + (mid - least) * (s - PATTERN_SENSITIVITY_MIN) /
                 (PATTERN_SENSITIVITY_DEFAULT - PATTERN_SENSITIVITY_MIN) :
         mid + (most - mid) * (s - PATTERN_SENSITIVITY_DEFAULT) /
               (PATTERN_SENSITIVITY_MAX - PATTERN_SENSITIVITY_DEFAULT);
}

/* k with Φ̄(k) = p, the normal law's upper quantile, 0 < p < ½: Newton's
 * steps on ln Φ̄, which is concave, from k = √(−2 ln p), where Φ̄ is
 * below ½ e^(−k²/2) = p / 2 (Chernoff's bound), so they come down to it
 * without passing it. */
static double
normal_upper_quantile (double p)
{
  double k = sqrt (-2.0 * log (p));

  for (int step = 0; step < 64; step++)
    {
      double tail    = 0.5 * erfc (k / sqrt (2.0));
      double density = exp (-0.5 * k * k) / sqrt (2.0 * PI);
      double move    = (log (tail) - log (p)) * tail / density;

      k += move;
      if (fabs (move) < 1e-12)
        break;
    }
  return k;
}

/* The threshold in noise scales for the sensitivity, over `cells`
 * cells searched (the plane's, or an axis's). */
static double
sigmas_for (double sensitivity,
            double cells)
{
  double p = pow (10.0, log_nfa_for (sensitivity)) / fmax (cells, 1.0);

  return normal_upper_quantile (fmin (p, CELL_RATE_MOST));
}

static fftcl_status
check_search (const PatternSearch *search,
              fftcl_error         *err)
{
  if (search && isfinite (search->sensitivity) &&
      isfinite (search->lowest_frequency) &&
      isfinite (search->highest_frequency) &&
      search->lowest_frequency >= 0 && search->highest_frequency >= 0)
    return FFTCL_OK;
  return pattern_search_fail (err, FFTCL_ERROR_ARGUMENT,
                              "pattern search: the sensitivity and "
                              "frequencies must be finite, the frequencies "
                              "not negative");
}

static int
is_power_of_two (size_t n)
{
  return n > 0 && (n & (n - 1)) == 0;
}

/* Room for `count` notches and as many candidates as may join them. */
static int
found_make_room (PatternsFound *found,
                 size_t         count)
{
  size_t most = count + PATTERN_MOST_CANDIDATES;

  found->notches     = malloc (3 * most * sizeof *found->notches);
  found->disc_radius = malloc (most * sizeof *found->disc_radius);
  found->candidates  = malloc (2 * PATTERN_MOST_CANDIDATES *
                               sizeof *found->candidates);
  return found->notches && found->disc_radius && found->candidates;
}

static int
notches_of (const PatternPeakList *list,
            PatternsFound         *found)
{
  int lattice = found->small_period > 0;

  if (! found_make_room (found, list->count))
    return 0;
  for (size_t i = 0; i < list->count; i++)
    {
      found->notches[3 * i]     = list->peaks[i].fx;
      found->notches[3 * i + 1] = list->peaks[i].fy;
      found->notches[3 * i + 2] = ! lattice &&
                                  list->peaks[i].spread <= CLEAN_SPREAD
                                  ? 0.0 : list->peaks[i].radius;
      found->disc_radius[i]     = list->peaks[i].radius;
    }
  found->count = list->count;
  return 1;
}

static void
add_candidate (PatternsFound *found,
               double         fx,
               double         fy)
{
  found->candidates[2 * found->candidate_count]     = fx;
  found->candidates[2 * found->candidate_count + 1] = fy;
  found->candidate_count++;
}

/* The candidate cells, but for those where a wave was found. */
static void
candidates_of (const PatternCells    *cells,
               const PatternRegion   *region,
               const PatternResidual *residual,
               double                 sigmas,
               PatternsFound         *found)
{
  double near[2 * PATTERN_MOST_CANDIDATES];
  size_t near_count = pattern_waves_candidates (cells, region, residual,
                                               sigmas, near,
                                               PATTERN_MOST_CANDIDATES);

  for (size_t i = 0; i < near_count; i++)
    if (pattern_found_near (found, near[2 * i], near[2 * i + 1],
                            cells->width, cells->height, 1,
                            PATTERN_NEAR_BINS) < 0)
      add_candidate (found, near[2 * i], near[2 * i + 1]);
}

/* The peaks of the region, the lattice's, and, without a lattice, the
 * candidate waves. */
static int
search_peaks (const PatternCells    *cells,
              const PatternRegion   *region,
              const PatternResidual *residual,
              double                 sensitivity,
              RowSplit               split,
              PatternsFound         *found)
{
  PatternPeakList list   = { 0 };
  PatternSigmas   sigmas = {
    sigmas_for (sensitivity, residual->plane_cells),
    sigmas_for (sensitivity, residual->row_axis_cells),
    sigmas_for (sensitivity, residual->column_axis_cells),
  };
  int             ok;

  ok = pattern_peaks_find (&list, cells, region, residual, &sigmas,
                           split) &&
       pattern_lattice_complete (&list, cells, region, residual,
                                 sigmas.plane, &found->small_period);
  if (ok)
    {
      pattern_peaks_sort (list.peaks, list.count);
      ok = notches_of (&list, found);
    }
  if (ok && found->small_period == 0)
    candidates_of (cells, region, residual, CANDIDATE_SHARE * sigmas.plane,
                   found);
  if (ok)
    pattern_found_tidy (found);
  pattern_peak_list_clear (&list);
  return ok;
}

fftcl_status
patterns_find_in_spectrum (const float         *amplitude,
                           size_t               cells_x,
                           size_t               cells_y,
                           size_t               grid_width,
                           size_t               grid_height,
                           size_t               width,
                           size_t               height,
                           const PatternSearch *search,
                           RowSplit             split,
                           PatternsFound       *found,
                           fftcl_error         *err)
{
  PatternCells    cells;
  PatternRegion   region = { PATTERN_FLOOR_CYCLES, 0, 0 };
  PatternResidual residual;
  int             ok;

  *found = (PatternsFound) { 0 };
  if (check_search (search, err) != FFTCL_OK)
    return err->status;
  if (! is_power_of_two (cells_x) || ! is_power_of_two (cells_y) ||
      ! is_power_of_two (grid_width) || ! is_power_of_two (grid_height) ||
      cells_x > grid_width || cells_y > grid_height ||
      width > grid_width || height > grid_height || ! amplitude)
    return pattern_search_fail (err, FFTCL_ERROR_ARGUMENT,
                                "pattern search: the cells and the grid "
                                "must be powers of two, the cells no more "
                                "than the grid, the image within the grid");

  region.lowest  = search->lowest_frequency;
  region.highest = search->highest_frequency;
  if (width < 2 * PATTERN_FLOOR_CYCLES || height < 2 * PATTERN_FLOOR_CYCLES ||
      cells_x < 4 || cells_y < 4)
    return FFTCL_OK;

  pattern_cells_init (&cells, amplitude, cells_x, cells_y, grid_width,
                      grid_height, width, height);
  if (! pattern_residual_make (&residual, &cells, &region, split))
    return pattern_search_fail (err, FFTCL_ERROR_MEMORY, "out of memory");

  ok = search_peaks (&cells, &region, &residual, search->sensitivity, split,
                     found);
  pattern_residual_clear (&residual);
  if (! ok)
    {
      patterns_found_clear (found);
      return pattern_search_fail (err, FFTCL_ERROR_MEMORY, "out of memory");
    }
  return FFTCL_OK;
}

/* The spectrum is read as the spectrum view reads it
 * (spectrum_source_centre), at full resolution. */
fftcl_status
patterns_find (fftcl_context       *context,
               const float         *pixels,
               const PixelLayout   *layout,
               size_t               stride,
               size_t               width,
               size_t               height,
               const PatternSearch *search,
               RowSplit             split,
               PatternsFound       *found,
               fftcl_error         *err)
{
  size_t        cells_x, cells_y, crop_width, crop_height;
  float        *amplitude;
  fftcl_status  status;

  *found = (PatternsFound) { 0 };
  if (check_search (search, err) != FFTCL_OK)
    return err->status;
  if (width < 2 * PATTERN_FLOOR_CYCLES || height < 2 * PATTERN_FLOOR_CYCLES)
    return FFTCL_OK;

  amplitude = spectrum_source_centre (context, pixels, layout, stride, width,
                                      height, SPECTRUM_SOURCE_MOST_SIDE,
                                      &cells_x, &cells_y, &crop_width,
                                      &crop_height, split, err);
  if (! amplitude)
    return err->status;

  status = patterns_find_in_spectrum (amplitude, cells_x, cells_y, cells_x,
                                      cells_y, crop_width, crop_height,
                                      search, split, found, err);
  free (amplitude);
  if (status == FFTCL_OK)
    status = patterns_confirm_waves (found, pixels, layout, stride, width,
                                     height, split, err);
  return status;
}
