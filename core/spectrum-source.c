/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-source.h"

#include "fftcl-filter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PI 3.14159265358979323846

/* Pixels over which the image fades to its mean at each edge. */
#define TAPER 32

static size_t
power_of_two_above (size_t n)
{
  size_t p = 1;

  while (p < n)
    p *= 2;

  return p;
}

/* 1 inside, falling as a raised cosine to 0 over the last TAPER pixels of
 * either end of 0 … length−1. */
static float
taper (size_t i,
       size_t length)
{
  size_t from_end = i < length - 1 - i ? i : length - 1 - i;
  size_t ramp     = length / 4 < TAPER ? length / 4 : TAPER;

  if (from_end >= ramp)
    return 1.0f;

  return (float) (0.5 - 0.5 * cos (PI * (from_end + 0.5) / ramp));
}

/* A pixel that is not finite reads as 0 so that it leaves the spectrum
 * finite. */
float
spectrum_source_value (const float       *pixel,
                       const PixelLayout *layout)
{
  float sum = 0;

  for (size_t c = 0; c < layout->colour_planes; c++)
    sum += pixel[c];
  sum /= layout->colour_planes;
  if (layout->has_alpha)
    sum *= pixel[layout->components - 1];

  return isfinite (sum) ? sum : 0.0f;
}

/* What the transform reads: the pixels' values less their mean, tapered
 * (taper), in the top-left corner of a plane of zeros the plan's size,
 * made row by row from fftcl's threads (fftcl_source's fill). */
typedef struct {
  const float       *pixels;
  const PixelLayout *layout;
  size_t             stride, width, height, grid_width;
  float              mean;
  const float       *taper_x, *taper_y;
} TaperedRows;

static void
fill_tapered_row (const void *job,
                  size_t      plane,
                  size_t      y,
                  float      *row,
                  float      *scratch)
{
  const TaperedRows *rows  = job;
  size_t             width = rows->width;

  (void) plane;
  (void) scratch;
  if (y >= rows->height)
    {
      memset (row, 0, rows->grid_width * sizeof *row);
      return;
    }
  for (size_t x = 0; x < width; x++)
    row[x] = (spectrum_source_value (rows->pixels + (y * rows->stride + x) *
                                     rows->layout->components, rows->layout) -
              rows->mean) * rows->taper_x[x] * rows->taper_y[y];
  memset (row + width, 0, (rows->grid_width - width) * sizeof *row);
}

/* What the mean's rows read and where each row's total goes. */
typedef struct {
  const float       *pixels;
  const PixelLayout *layout;
  size_t             stride, width;
  double            *row_totals;
} RowTotals;

static void
total_rows (const void *job,
            size_t      first,
            size_t      end)
{
  const RowTotals *totals = job;

  for (size_t y = first; y < end; y++)
    {
      const float *row   = totals->pixels +
                           y * totals->stride * totals->layout->components;
      double       total = 0;

      for (size_t x = 0; x < totals->width; x++)
        total += spectrum_source_value (row + x * totals->layout->components,
                                        totals->layout);
      totals->row_totals[y] = total;
    }
}

/* The mean of the values the view reads, the rows' totals summed in
 * order, so that it is the same however `split` spreads them; NAN when
 * memory runs out. */
static double
mean_value (const float       *pixels,
            const PixelLayout *layout,
            size_t             stride,
            size_t             width,
            size_t             height,
            RowSplit           split)
{
  double    *row_totals = malloc (height * sizeof *row_totals);
  RowTotals  totals     = { pixels, layout, stride, width, row_totals };
  double     total      = 0;

  if (! row_totals)
    return NAN;
  row_split_run (split, height, total_rows, &totals);
  for (size_t y = 0; y < height; y++)
    total += row_totals[y];
  free (row_totals);

  return total / ((double) width * height);
}

/* taper (i, length) for every i of 0 … length−1; NULL when memory runs
 * out. */
static float *
taper_table (size_t length)
{
  float *table = malloc (length * sizeof *table);

  for (size_t i = 0; table && i < length; i++)
    table[i] = taper (i, length);

  return table;
}

float *
spectrum_source_amplitude (fftcl_context     *context,
                           const float       *pixels,
                           const PixelLayout *layout,
                           size_t             stride,
                           size_t             width,
                           size_t             height,
                           size_t             max_cells,
                           size_t            *cells_x,
                           size_t            *cells_y,
                           RowSplit           split,
                           fftcl_error       *err)
{
  size_t                grid_width  = power_of_two_above (width);
  size_t                grid_height = power_of_two_above (height);
  const fftcl_plan_desc desc        = { .width = grid_width,
                                        .height = grid_height, .batch = 1 };
  fftcl_plan           *plan        = NULL;
  TaperedRows           rows        = { .pixels = pixels, .layout = layout,
                                        .stride = stride, .width = width,
                                        .height = height,
                                        .grid_width = grid_width };
  float                *taper_x     = taper_table (width);
  float                *taper_y     = taper_table (height);
  float                *view;
  double                mean = NAN;

  *cells_x = grid_width < max_cells ? grid_width : max_cells;
  *cells_y = grid_height < max_cells ? grid_height : max_cells;
  view     = malloc (*cells_x * *cells_y * sizeof *view);
  rows.taper_x = taper_x;
  rows.taper_y = taper_y;
  if (taper_x && taper_y && view)
    mean = mean_value (pixels, layout, stride, width, height, split);

  if (isnan (mean))
    {
      err->status = FFTCL_ERROR_MEMORY;
      snprintf (err->message, sizeof err->message, "out of memory");
      free (view);
      view = NULL;
    }
  else
    {
      rows.mean = (float) mean;
      if (fftcl_plan_create (context, &desc, &plan, err) != FFTCL_OK ||
          fftcl_filter_load (plan,
                             &(const fftcl_source) { .fill = fill_tapered_row,
                                                     .job  = &rows },
                             err) != FFTCL_OK ||
          fftcl_filter_spectrum (plan, *cells_x, *cells_y, view,
                                 err) != FFTCL_OK)
        {
          free (view);
          view = NULL;
        }
    }

  fftcl_plan_destroy (plan);
  free (taper_x);
  free (taper_y);

  return view;
}

float *
spectrum_source_centre (fftcl_context     *context,
                        const float       *pixels,
                        const PixelLayout *layout,
                        size_t             stride,
                        size_t             width,
                        size_t             height,
                        size_t             max_cells,
                        size_t            *cells_x,
                        size_t            *cells_y,
                        size_t            *crop_width,
                        size_t            *crop_height,
                        RowSplit           split,
                        fftcl_error       *err)
{
  size_t crop_x = width < SPECTRUM_SOURCE_MOST_SIDE ? width
                                                    : SPECTRUM_SOURCE_MOST_SIDE;
  size_t crop_y = height < SPECTRUM_SOURCE_MOST_SIDE ? height
                                                     : SPECTRUM_SOURCE_MOST_SIDE;
  size_t corner = (height - crop_y) / 2 * stride + (width - crop_x) / 2;

  if (crop_width)
    *crop_width = crop_x;
  if (crop_height)
    *crop_height = crop_y;
  return spectrum_source_amplitude (context,
                                    pixels + corner * layout->components,
                                    layout, stride, crop_x, crop_y, max_cells,
                                    cells_x, cells_y, split, err);
}
