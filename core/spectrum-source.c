/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-source.h"

#include "fftcl-filter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

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

/* The pixels' values, less their mean, tapered, in the top-left corner of
 * a grid_width × grid_height plane of zeros. */
static float *
tapered_plane (const float       *pixels,
               const PixelLayout *layout,
               size_t             stride,
               size_t             width,
               size_t             height,
               size_t             grid_width,
               size_t             grid_height)
{
  float  *plane = calloc (grid_width * grid_height, sizeof *plane);
  double  total = 0;

  for (size_t y = 0; plane && y < height; y++)
    for (size_t x = 0; x < width; x++)
      {
        float value = spectrum_source_value (pixels + (y * stride + x) *
                                   layout->components, layout);

        plane[y * grid_width + x] = value;
        total += value;
      }

  for (size_t y = 0; plane && y < height; y++)
    for (size_t x = 0; x < width; x++)
      plane[y * grid_width + x] =
        (plane[y * grid_width + x] - (float) (total / (width * height))) *
        taper (x, width) * taper (y, height);

  return plane;
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
                           fftcl_error       *err)
{
  size_t                grid_width  = power_of_two_above (width);
  size_t                grid_height = power_of_two_above (height);
  const fftcl_plan_desc desc        = { .width = grid_width,
                                        .height = grid_height, .batch = 1 };
  fftcl_plan           *plan        = NULL;
  float                *plane;
  float                *view;

  *cells_x = grid_width < max_cells ? grid_width : max_cells;
  *cells_y = grid_height < max_cells ? grid_height : max_cells;
  plane    = tapered_plane (pixels, layout, stride, width, height,
                            grid_width, grid_height);
  view     = malloc (*cells_x * *cells_y * sizeof *view);

  if (! plane || ! view)
    {
      err->status = FFTCL_ERROR_MEMORY;
      snprintf (err->message, sizeof err->message, "out of memory");
      free (view);
      view = NULL;
    }
  else if (fftcl_plan_create (context, &desc, &plan, err) != FFTCL_OK ||
           fftcl_filter_load (plan, FFTCL_PLANES (plane), err) != FFTCL_OK ||
           fftcl_filter_spectrum (plan, *cells_x, *cells_y, view,
                                  err) != FFTCL_OK)
    {
      free (view);
      view = NULL;
    }

  fftcl_plan_destroy (plan);
  free (plane);

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
                                    cells_x, cells_y, err);
}
