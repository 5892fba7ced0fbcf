/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "autoscale.h"

#include <math.h>
#include <stdint.h>

/* Whether `component` of `pixel` counts: finite, in a pixel that shows. */
static int
counts (const float       *pixels,
        size_t             pixel,
        size_t             component,
        const PixelLayout *layout)
{
  const float *values = pixels + pixel * layout->components;

  return isfinite (values[component]) &&
         (! layout->has_alpha || values[layout->components - 1] > 0.0f);
}

static int
find_extremes (const float       *pixels,
               size_t             pixel_count,
               const PixelLayout *layout,
               float             *smallest,
               float             *largest,
               size_t            *counted)
{
  *smallest = INFINITY;
  *largest  = -INFINITY;
  *counted  = 0;

  for (size_t p = 0; p < pixel_count; p++)
    for (size_t c = 0; c < layout->colour_planes; c++)
      if (counts (pixels, p, c, layout))
        {
          float value = pixels[p * layout->components + c];

          *smallest = fminf (*smallest, value);
          *largest  = fmaxf (*largest, value);
          (*counted)++;
        }

  return *counted > 0 && *largest > *smallest;
}

static size_t
bin_of (float  value,
        float  smallest,
        double bin_size)
{
  double bin = floor ((value - (double) smallest) / bin_size);

  return bin >= AUTOSCALE_BINS - 1 ? AUTOSCALE_BINS - 1 : (size_t) bin;
}

int
autoscale_find (const float       *pixels,
                size_t             pixel_count,
                const PixelLayout *layout,
                AutoscaleRange    *range)
{
  uint64_t histogram[AUTOSCALE_BINS] = { 0 };
  float    smallest, largest;
  size_t   counted;
  double   bin_size;
  uint64_t threshold, below = 0, above = 0;
  size_t   low = 0, high = AUTOSCALE_BINS - 1;

  if (! find_extremes (pixels, pixel_count, layout, &smallest, &largest,
                       &counted))
    return 0;

  bin_size = ((double) largest - smallest) / AUTOSCALE_BINS;
  for (size_t p = 0; p < pixel_count; p++)
    for (size_t c = 0; c < layout->colour_planes; c++)
      if (counts (pixels, p, c, layout))
        histogram[bin_of (pixels[p * layout->components + c], smallest,
                          bin_size)]++;

  threshold = (uint64_t) (counted * AUTOSCALE_SATURATED / 2.0);
  for (; low < AUTOSCALE_BINS - 1; low++)
    if ((below += histogram[low]) > threshold)
      break;
  for (; high > 0; high--)
    if ((above += histogram[high]) > threshold)
      break;

  range->low  = (float) (smallest + low * bin_size);
  range->high = (float) (smallest + high * bin_size);
  return high > low;
}

void
autoscale_apply (float                *pixels,
                 size_t                pixel_count,
                 const PixelLayout    *layout,
                 const AutoscaleRange *range,
                 float                 full)
{
  double scale = full / ((double) range->high - range->low);

  for (size_t p = 0; p < pixel_count; p++)
    for (size_t c = 0; c < layout->colour_planes; c++)
      {
        float *value = &pixels[p * layout->components + c];

        *value = (float) ((*value - (double) range->low) * scale);
      }
}

void
autoscale_stretch (const float       *found_in,
                   size_t             found_count,
                   float             *pixels,
                   size_t             pixel_count,
                   const PixelLayout *layout,
                   float              full)
{
  AutoscaleRange range;

  if (autoscale_find (found_in, found_count, layout, &range))
    autoscale_apply (pixels, pixel_count, layout, &range, full);
}
