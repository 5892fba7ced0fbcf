/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-noise.h"

#include <math.h>
#include <stddef.h>

/* 1 / Φ⁻¹(¾): the median absolute deviation of a normal distribution is
 * its standard deviation over this. */
#define MAD_TO_SIGMA 1.482602218505602

static void
swap (float *a,
      float *b)
{
  float t = *a;

  *a = *b;
  *b = t;
}

/* Wirth's selection: puts the k-th smallest value at values[k]. */
static float
select_kth (float     *values,
            ptrdiff_t  count,
            ptrdiff_t  k)
{
  ptrdiff_t low = 0, high = count - 1;

  while (low < high)
    {
      float     pivot = values[k];
      ptrdiff_t i     = low, j = high;

      do
        {
          while (values[i] < pivot)
            i++;
          while (pivot < values[j])
            j--;
          if (i <= j)
            swap (&values[i++], &values[j--]);
        }
      while (i <= j);
      if (j < k)
        low = i;
      if (k < i)
        high = j;
    }
  return values[k];
}

float
pattern_median (float  *values,
                size_t  count)
{
  return select_kth (values, (ptrdiff_t) count, (ptrdiff_t) (count / 2));
}

PatternNoise
pattern_noise_of (float  *values,
                  size_t  count)
{
  PatternNoise noise = { 0, 0 };

  if (count == 0)
    return noise;

  noise.median = pattern_median (values, count);
  for (size_t i = 0; i < count; i++)
    values[i] = fabsf (values[i] - (float) noise.median);
  noise.scale = MAD_TO_SIGMA * pattern_median (values, count);
  return noise;
}
