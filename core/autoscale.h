/* SPDX-License-Identifier: GPL-3.0-or-later */
/* autoscale — ImageJ's "autoscale after filtering" with 1 % saturation
 * (docs/contract.md, "Autoscale"): the filtered values are stretched so
 * that the range [low, high] found from their histogram maps onto
 * [0, full], one range for all filtered components (the layout's
 * colour planes) together. */
#ifndef AUTOSCALE_H
#define AUTOSCALE_H

#include <stddef.h>

#include "pixel-planes.h"

/* The share of values left outside [low, high], half at each end. */
#define AUTOSCALE_SATURATED 0.01

/* The histogram's bins between the smallest and largest value. */
#define AUTOSCALE_BINS 256

typedef struct
{
  float low, high;
} AutoscaleRange;

/* The range over the filtered components of the pixels that show
 * (alpha above 0, where there is alpha: hidden colour must not reach
 * visible pixels) and whose values are finite, as ImageJ's
 * ContrastEnhancer finds it: a histogram of AUTOSCALE_BINS bins from
 * the smallest to the largest value; `low` is the lower edge of the
 * first bin where the count from below passes (count ·
 * AUTOSCALE_SATURATED / 2, rounded down), `high` the lower edge of the
 * first such bin from above. 0 when there is nothing to stretch
 * (high ≤ low), else 1. */
int  autoscale_find  (const float       *pixels,
                      size_t             pixel_count,
                      const PixelLayout *layout,
                      AutoscaleRange    *range);

/* Maps `range` onto [0, full] in the filtered components of every
 * pixel, linearly and without clipping. */
void autoscale_apply (float                *pixels,
                      size_t                pixel_count,
                      const PixelLayout    *layout,
                      const AutoscaleRange *range,
                      float                 full);

/* autoscale_find over `found_in`, then autoscale_apply of its range to
 * `pixels`; nothing changes where there is nothing to stretch. */
void autoscale_stretch (const float       *found_in,
                        size_t             found_count,
                        float             *pixels,
                        size_t             pixel_count,
                        const PixelLayout *layout,
                        float              full);

#endif
