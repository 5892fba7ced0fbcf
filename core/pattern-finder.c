/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-finder.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "pattern-background.h"
#include "pattern-cells.h"
#include "pattern-lattice.h"
#include "pattern-peaks.h"
#include "spectrum-source.h"

/* The spectrum is read from the centre of the image, at most this many
 * pixels a side, as the spectrum view reads it, at full resolution: as
 * many cells as the crop's grid has frequencies. */
#define MOST_SIDE  4096
#define MOST_CELLS MOST_SIDE

/* Periods longer than a sixth of the image are its own large structures,
 * not a pattern. */
#define FLOOR_CYCLES 6.0

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

static int
notches_of (const PatternPeakList *list,
            PatternsFound         *found)
{
  found->notches = malloc (3 * list->count * sizeof *found->notches);
  if (! found->notches)
    return 0;
  for (size_t i = 0; i < list->count; i++)
    {
      found->notches[3 * i]     = list->peaks[i].fx;
      found->notches[3 * i + 1] = list->peaks[i].fy;
      found->notches[3 * i + 2] = list->peaks[i].radius;
    }
  found->count = list->count;
  return 1;
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
  PatternPeakList list   = { 0 };
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

  ok = pattern_peaks_find (&list, &cells, &region, &residual,
                           sigmas_for (search->sensitivity), split) &&
       pattern_lattice_complete (&list, &cells, &region, &residual,
                                 sigmas_for (search->sensitivity),
                                 &found->small_period);
  if (ok && list.count > 0)
    {
      pattern_peaks_sort (list.peaks, list.count);
      ok = notches_of (&list, found);
    }
  pattern_peak_list_clear (&list);
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
  return status;
}

void
patterns_found_clear (PatternsFound *found)
{
  free (found->notches);
  *found = (PatternsFound) { 0 };
}
