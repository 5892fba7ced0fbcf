/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-finder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "pattern-background.h"
#include "pattern-cells.h"
#include "pattern-lattice.h"
#include "pattern-peaks.h"
#include "pattern-waves.h"
#include "fitted-waves.h"
#include "spectrum-source.h"

/* The spectrum is read from the centre of the image, at most this many
 * pixels a side, as the spectrum view reads it, at full resolution: as
 * many cells as the crop's grid has frequencies. */
#define MOST_SIDE  4096
#define MOST_CELLS MOST_SIDE

/* Periods longer than a sixth of the image are its own large structures,
 * not a pattern. */
#define FLOOR_CYCLES 6.0

/* A peak no wider than this (half width at half amplitude, in bins of
 * the image) is a clean sinusoid, whose fit is subtracted (a notch of
 * radius 0, fitted-waves.h): the tapered crop's main lobe alone is about
 * 0.6 bins; a pattern that drifts across the image spreads wider, and
 * gets a disc as wide as its peak. A halftone's lattice always gets
 * discs: its dots are no sum of a few cosines. */
#define CLEAN_SPREAD 2.0

/* Candidate waves: the cells beside the axes and at long periods that
 * stand out by this share of the threshold's noise scales
 * (pattern_waves_candidates), at most MOST_CANDIDATES, strongest first.
 * On the axes a picture's own rows and columns (lines of text, windows)
 * repeat across the whole image as a pattern does, but not as one
 * cosine: a candidate on an axis is dropped where its second harmonic
 * or its half frequency is as constant (CONSTANT_WAVE) with at least
 * HARMONIC_SHARE of its amplitude; a candidate off the axes that the
 * pixels place within AXIS_BINS of one is dropped. The pixels confirm a candidate
 * whose cosine's constancy across the image (pattern-waves.h) reaches
 * CONSTANT_WAVE: it joins as a wave, or takes the place of a disc or
 * drifting wave found within NEAR_BINS (whose peak it was); a found wave
 * whose constancy stays below DRIFTING_WAVE becomes a disc. The pixels
 * are read from the image's centre, at most CONFIRM_SIDE a side. */
#define CANDIDATE_SHARE 0.6
#define MOST_CANDIDATES 16
#define NEAR_BINS       1.5
#define AXIS_BINS       0.5
#define CONSTANT_WAVE   1.4
#define HARMONIC_SHARE  0.25
#define DRIFTING_WAVE   1.0
#define CONFIRM_SIDE    1024

/* The threshold in noise scales at sensitivities 0, 50 and 100, linear
 * between. */
#define SIGMAS_AT_LEAST   8.0
#define SIGMAS_AT_DEFAULT 4.2
#define SIGMAS_AT_MOST    3.0

static fftcl_status
fail (fftcl_error  *err,
      fftcl_status  status,
      const char   *message)
{
  err->status = status;
  snprintf (err->message, sizeof err->message, "%s", message);
  return status;
}

static double
sigmas_for (double sensitivity)
{
  double s = fmax (PATTERN_SENSITIVITY_MIN,
                   fmin (PATTERN_SENSITIVITY_MAX, sensitivity));

  return s <= PATTERN_SENSITIVITY_DEFAULT ?
         SIGMAS_AT_LEAST + (SIGMAS_AT_DEFAULT - SIGMAS_AT_LEAST) *
                           (s - PATTERN_SENSITIVITY_MIN) /
                           (PATTERN_SENSITIVITY_DEFAULT -
                            PATTERN_SENSITIVITY_MIN) :
         SIGMAS_AT_DEFAULT + (SIGMAS_AT_MOST - SIGMAS_AT_DEFAULT) *
                             (s - PATTERN_SENSITIVITY_DEFAULT) /
                             (PATTERN_SENSITIVITY_MAX -
                              PATTERN_SENSITIVITY_DEFAULT);
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
  return fail (err, FFTCL_ERROR_ARGUMENT,
               "pattern search: the sensitivity and frequencies must be "
               "finite, the frequencies not negative");
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
  size_t most = count + MOST_CANDIDATES;

  found->notches     = malloc (3 * most * sizeof *found->notches);
  found->disc_radius = malloc (most * sizeof *found->disc_radius);
  found->candidates  = malloc (2 * MOST_CANDIDATES *
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

/* An empty `found` holds no arrays, as one that found nothing. */
static void
found_tidy (PatternsFound *found)
{
  if (found->count == 0 && found->candidate_count == 0)
    {
      double small_period = found->small_period;

      patterns_found_clear (found);
      found->small_period = small_period;
    }
}

/* The notch of `found` whose frequency, or its mirror's, lies within
 * NEAR_BINS bins of (fx, fy) in a width × height image, nearest first
 * among those; −1 where none does. `waves_only`: only waves count. */
static long
found_near (const PatternsFound *found,
            double               fx,
            double               fy,
            size_t               width,
            size_t               height,
            int                  waves_only)
{
  long   nearest  = -1;
  double distance = NEAR_BINS;

  for (size_t i = 0; i < found->count; i++)
    for (int sign = -1; sign <= 1; sign += 2)
      {
        double dx = fabs (fx - sign * found->notches[3 * i]) * width;
        double dy = fabs (fy - sign * found->notches[3 * i + 1]) * height;

        if ((! waves_only || found->notches[3 * i + 2] == 0) &&
            fmax (dx, dy) <= distance)
          {
            distance = fmax (dx, dy);
            nearest  = (long) i;
          }
      }
  return nearest;
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
  double near[2 * MOST_CANDIDATES];
  size_t near_count = pattern_waves_candidates (cells, region, residual,
                                               sigmas, near,
                                               MOST_CANDIDATES);

  for (size_t i = 0; i < near_count; i++)
    if (found_near (found, near[2 * i], near[2 * i + 1], cells->width,
                    cells->height, 1) < 0)
      add_candidate (found, near[2 * i], near[2 * i + 1]);
}

/* The peaks of the region, the lattice's, and, without a lattice, the
 * candidate waves. */
static int
search_peaks (const PatternCells    *cells,
              const PatternRegion   *region,
              const PatternResidual *residual,
              double                 sigmas,
              RowSplit               split,
              PatternsFound         *found)
{
  PatternPeakList list = { 0 };
  int             ok;

  ok = pattern_peaks_find (&list, cells, region, residual, sigmas, split) &&
       pattern_lattice_complete (&list, cells, region, residual, sigmas,
                                 &found->small_period);
  if (ok)
    {
      pattern_peaks_sort (list.peaks, list.count);
      ok = notches_of (&list, found);
    }
  if (ok && found->small_period == 0)
    candidates_of (cells, region, residual, CANDIDATE_SHARE * sigmas, found);
  if (ok)
    found_tidy (found);
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
  PatternRegion   region = { FLOOR_CYCLES, 0, 0 };
  PatternResidual residual;
  int             ok;

  *found = (PatternsFound) { 0 };
  if (check_search (search, err) != FFTCL_OK)
    return err->status;
  if (! is_power_of_two (cells_x) || ! is_power_of_two (cells_y) ||
      ! is_power_of_two (grid_width) || ! is_power_of_two (grid_height) ||
      cells_x > grid_width || cells_y > grid_height ||
      width > grid_width || height > grid_height || ! amplitude)
    return fail (err, FFTCL_ERROR_ARGUMENT,
                 "pattern search: the cells and the grid must be powers of "
                 "two, the cells no more than the grid, the image within "
                 "the grid");

  region.lowest  = search->lowest_frequency;
  region.highest = search->highest_frequency;
  if (width < 2 * FLOOR_CYCLES || height < 2 * FLOOR_CYCLES ||
      cells_x < 4 || cells_y < 4)
    return FFTCL_OK;

  pattern_cells_init (&cells, amplitude, cells_x, cells_y, grid_width,
                      grid_height, width, height);
  if (! pattern_residual_make (&residual, &cells, &region, split))
    return fail (err, FFTCL_ERROR_MEMORY, "out of memory");

  ok = search_peaks (&cells, &region, &residual,
                     sigmas_for (search->sensitivity), split, found);
  pattern_residual_clear (&residual);
  if (! ok)
    {
      patterns_found_clear (found);
      return fail (err, FFTCL_ERROR_MEMORY, "out of memory");
    }
  return FFTCL_OK;
}

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
  size_t        crop_width  = width < MOST_SIDE ? width : MOST_SIDE;
  size_t        crop_height = height < MOST_SIDE ? height : MOST_SIDE;
  size_t        corner      = (height - crop_height) / 2 * stride +
                              (width - crop_width) / 2;
  size_t        cells_x, cells_y;
  float        *amplitude;
  fftcl_status  status;

  *found = (PatternsFound) { 0 };
  if (check_search (search, err) != FFTCL_OK)
    return err->status;
  if (crop_width < 2 * FLOOR_CYCLES || crop_height < 2 * FLOOR_CYCLES)
    return FFTCL_OK;

  amplitude = spectrum_source_amplitude (context,
                                         pixels + corner * layout->components,
                                         layout, stride, crop_width,
                                         crop_height, MOST_CELLS, &cells_x,
                                         &cells_y, err);
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

/* The values the finder reads (spectrum_source_value) of the centre of
 * the image, at most CONFIRM_SIDE a side; NULL when memory runs out. */
static float *
confirm_plane (const float       *pixels,
               const PixelLayout *layout,
               size_t             stride,
               size_t             width,
               size_t             height,
               size_t            *side_x,
               size_t            *side_y)
{
  const float *corner;
  float       *plane;

  *side_x = width < CONFIRM_SIDE ? width : CONFIRM_SIDE;
  *side_y = height < CONFIRM_SIDE ? height : CONFIRM_SIDE;
  corner  = pixels + ((height - *side_y) / 2 * stride +
                      (width - *side_x) / 2) * layout->components;
  plane   = malloc (*side_x * *side_y * sizeof *plane);
  for (size_t y = 0; plane && y < *side_y; y++)
    for (size_t x = 0; x < *side_x; x++)
      plane[y * *side_x + x] = spectrum_source_value (corner +
                                                      (y * stride + x) *
                                                      layout->components,
                                                      layout);
  return plane;
}

/* The constancy of the wave near (*fx, *fy) in `plane`, whose frequency
 * is refined first, and its amplitude (where not NULL); −1 when memory
 * runs out. */
static double
refined_constancy (const float *plane,
                   size_t       side_x,
                   size_t       side_y,
                   double      *fx,
                   double      *fy,
                   double      *amplitude,
                   RowSplit     split)
{
  if (! fitted_waves_refine (plane, side_x, side_y, side_x, fx, fy, split))
    return -1;
  return pattern_waves_constancy (plane, side_x, side_y, side_x, *fx, *fy,
                                  amplitude, split);
}

/* Whether the cosine of (fx, fy), of `amplitude`, has a harmonic (twice
 * its frequency) or is one (half of it) that is as constant and not much
 * weaker: a periodic structure of the picture that is no cosine. */
static int
has_harmonics (const float *plane,
               size_t       side_x,
               size_t       side_y,
               double       fx,
               double       fy,
               double       amplitude,
               RowSplit     split)
{
  for (double times = 0.5; times <= 2; times *= 4)
    {
      double other;
      double constancy = pattern_waves_constancy (plane, side_x, side_y,
                                                  side_x, times * fx,
                                                  times * fy, &other, split);

      if (fabs (times * fx) <= 0.5 && fabs (times * fy) <= 0.5 &&
          constancy >= CONSTANT_WAVE && other >= HARMONIC_SHARE * amplitude)
        return 1;
    }
  return 0;
}

/* Whether (fx, fy) lies within AXIS_BINS of an axis of a width × height
 * image. */
static int
beside_axis (double fx,
             double fy,
             size_t width,
             size_t height)
{
  return fabs (fx) * width < AXIS_BINS || fabs (fy) * height < AXIS_BINS;
}

/* Each found wave's constancy (0 for discs); a wave that drifts becomes
 * the disc of its peak, one that does not takes its refined frequency.
 * 0 when memory runs out. */
static int
judge_found (PatternsFound *found,
             const float   *plane,
             size_t         side_x,
             size_t         side_y,
             double        *constancy,
             RowSplit       split)
{
  for (size_t i = 0; i < found->count; i++)
    {
      double *notch = found->notches + 3 * i;
      double  fx = notch[0], fy = notch[1];

      constancy[i] = 0;
      if (notch[2] != 0)
        continue;
      constancy[i] = refined_constancy (plane, side_x, side_y, &fx, &fy,
                                        NULL, split);
      if (constancy[i] < 0)
        return 0;
      if (constancy[i] < DRIFTING_WAVE)
        notch[2] = found->disc_radius[i];
      else
        notch[0] = fx, notch[1] = fy;
    }
  return 1;
}

/* Confirms each candidate whose cosine is constant: it joins as a wave,
 * or replaces the disc it lies near. 0 when memory runs out. */
static int
judge_candidates (PatternsFound *found,
                  const float   *plane,
                  size_t         side_x,
                  size_t         side_y,
                  double        *constancy,
                  RowSplit       split)
{
  for (size_t c = 0; c < found->candidate_count; c++)
    {
      double fx = found->candidates[2 * c], fy = found->candidates[2 * c + 1];
      int    on_axis = fx == 0 || fy == 0;
      double amplitude;
      double measured = refined_constancy (plane, side_x, side_y, &fx, &fy,
                                           &amplitude, split);
      long   near;

      if (measured < 0)
        return 0;
      if (measured < CONSTANT_WAVE ||
          (on_axis ? has_harmonics (plane, side_x, side_y, fx, fy, amplitude,
                                    split)
                   : beside_axis (fx, fy, side_x, side_y)))
        continue;
      near = found_near (found, fx, fy, side_x, side_y, 0);
      if (near >= 0 && constancy[near] >= DRIFTING_WAVE)
        continue;
      if (near < 0)
        near = (long) found->count++;
      found->notches[3 * near]     = fx;
      found->notches[3 * near + 1] = fy;
      found->notches[3 * near + 2] = 0;
      found->disc_radius[near]     = 0;
      constancy[near]              = measured;
    }
  return 1;
}

/* Subtracts the waves found from the plane, so that what a strong one
 * leaks near it is no candidate of its own. 0 when memory runs out. */
static int
remove_found_waves (const PatternsFound *found,
                    float               *plane,
                    size_t               side_x,
                    size_t               side_y,
                    RowSplit             split)
{
  double *waves = malloc (2 * found->count * sizeof *waves + 1);
  double *discs = malloc (3 * found->count * sizeof *discs + 1);
  size_t  disc_count, count;
  int     ok;

  ok = waves && discs;
  if (ok)
    {
      count = fitted_waves_split (found->notches, found->count, waves, discs,
                                  &disc_count);
      ok = fitted_waves_remove (plane, 1, 0, side_x, side_y, side_x, waves,
                                count, split);
    }
  free (waves);
  free (discs);
  return ok;
}

fftcl_status
patterns_confirm_waves (PatternsFound     *found,
                        const float       *pixels,
                        const PixelLayout *layout,
                        size_t             stride,
                        size_t             width,
                        size_t             height,
                        RowSplit           split,
                        fftcl_error       *err)
{
  size_t  side_x, side_y;
  float  *plane;
  double *constancy;
  int     ok;

  if (found->small_period > 0 || ! found->notches ||
      width < 2 * FLOOR_CYCLES || height < 2 * FLOOR_CYCLES)
    return FFTCL_OK;
  plane     = confirm_plane (pixels, layout, stride, width, height, &side_x,
                             &side_y);
  constancy = malloc ((found->count + found->candidate_count) *
                      sizeof *constancy + 1);
  ok = plane && constancy &&
       judge_found (found, plane, side_x, side_y, constancy, split) &&
       remove_found_waves (found, plane, side_x, side_y, split) &&
       judge_candidates (found, plane, side_x, side_y, constancy, split);
  found->candidate_count = 0;
  free (constancy);
  free (plane);
  found_tidy (found);
  return ok ? FFTCL_OK : fail (err, FFTCL_ERROR_MEMORY, "out of memory");
}

void
patterns_found_clear (PatternsFound *found)
{
  free (found->notches);
  free (found->disc_radius);
  free (found->candidates);
  *found = (PatternsFound) { 0 };
}
