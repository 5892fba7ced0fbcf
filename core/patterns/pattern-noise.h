/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-noise — a robust level and spread of a sample: its median, and
 * its median absolute deviation scaled to a normal distribution's
 * standard deviation, which the peaks among the values move but little. */
#ifndef PATTERN_NOISE_H
#define PATTERN_NOISE_H

#include <stddef.h>

typedef struct
{
  double median, scale;
} PatternNoise;

/* The median of count ≥ 1 values (reordered in place). */
float        pattern_median   (float *values,
                               size_t count);

/* The median and scale of count values (reordered in place); zeroes for
 * none. */
PatternNoise pattern_noise_of (float *values,
                               size_t count);

#endif
