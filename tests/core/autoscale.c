/* SPDX-License-Identifier: GPL-3.0-or-later */
/* autoscale (core/autoscale.h) against docs/contract.md's rule worked out
 * independently: the range from counting the values below each bin's
 * upper edge (no histogram), a case whose range follows by hand, and the
 * stretch as the formula (v − low) / (high − low) · full. */
#include <math.h>
#include <stdlib.h>

#include "autoscale.h"
#include "check.h"

/* The contract's low and high: the lower edge of the first bin, from
 * below (from above), where more than ⌊n · 0.01 / 2⌋ of the n counted
 * values lie at or below (at or above) that bin. */
static void
oracle_range (const double *values,
              size_t        n,
              double       *low,
              double       *high)
{
  double smallest = INFINITY, largest = -INFINITY;
  size_t threshold = (size_t) floor (n * 0.01 / 2.0);

  for (size_t i = 0; i < n; i++)
    {
      smallest = fmin (smallest, values[i]);
      largest  = fmax (largest, values[i]);
    }
  double width = (largest - smallest) / 256.0;

  *low = *high = NAN;
  for (int k = 0; k < 256 && isnan (*low); k++)
    {
      size_t below = 0;
      for (size_t i = 0; i < n; i++)
        below += k == 255 || values[i] < smallest + (k + 1) * width;
      if (below > threshold)
        *low = smallest + k * width;
    }
  for (int k = 255; k >= 0 && isnan (*high); k--)
    {
      size_t above = 0;
      for (size_t i = 0; i < n; i++)
        above += k == 0 || values[i] >= smallest + k * width;
      if (above > threshold)
        *high = smallest + k * width;
    }
}

/* 1000 values i / 999: threshold 5; bin 0 holds i ≤ 3 (4 values) and
 * bins 0 … 1 hold i ≤ 7, so low = 1/256; bin 255 holds i ≥ 996 and bins
 * 254 … 255 hold i ≥ 992, so high = 254/256. */
static void
check_by_hand (void)
{
  PixelLayout    grey = { 1, 1, 0, 0 };
  float          pixels[1000];
  AutoscaleRange range = { NAN, NAN };
  int            found;

  for (int i = 0; i < 1000; i++)
    pixels[i] = i / 999.0f;
  found = autoscale_find (pixels, 1000, &grey, &range);
  check (found && fabsf (range.low - 1.0f / 256) < 1e-6f &&
         fabsf (range.high - 254.0f / 256) < 1e-6f,
         "values i/999: range %.6f … %.6f, by hand 1/256 … 254/256",
         range.low, range.high);
}

/* Random RGBA pixels, some hidden (alpha 0) with far-off colour and some
 * colour not finite: the range is the oracle's over the visible finite
 * colour, and each colour value is stretched by the formula. */
static void
check_random (unsigned seed,
              size_t   count)
{
  PixelLayout    rgba   = { 4, 3, 1, 0 };
  float         *pixels = malloc (count * 4 * sizeof *pixels);
  float         *before = malloc (count * 4 * sizeof *before);
  double        *values = malloc (count * 3 * sizeof *values);
  size_t         n      = 0;
  double         low, high, worst = 0.0;
  int            alpha_kept = 1;
  AutoscaleRange range = { NAN, NAN };

  srand (seed);
  for (size_t p = 0; p < count; p++)
    {
      int hidden = rand () % 10 == 0;

      pixels[p * 4 + 3] = hidden ? 0.0f : 0.1f + rand () / (float) RAND_MAX;
      for (int c = 0; c < 3; c++)
        {
          float value = (rand () / (float) RAND_MAX - 0.3f) * 2.0f;

          if (hidden)
            value *= 1000.0f;
          else if (rand () % 50 == 0)
            value = rand () % 2 ? NAN : INFINITY;
          pixels[p * 4 + c] = value;
          if (! hidden && isfinite (value))
            values[n++] = value;
        }
    }
  for (size_t i = 0; i < count * 4; i++)
    before[i] = pixels[i];

  oracle_range (values, n, &low, &high);
  autoscale_stretch (pixels, count, pixels, count, &rgba, 100.0f);
  autoscale_find (before, count, &rgba, &range);
  check (fabs (range.low - low) < 1e-5 && fabs (range.high - high) < 1e-5,
         "seed %u: range %.6f … %.6f, oracle %.6f … %.6f", seed, range.low,
         range.high, low, high);

  for (size_t p = 0; p < count; p++)
    {
      for (int c = 0; c < 3; c++)
        {
          double expected = (before[p * 4 + c] - low) / (high - low) * 100.0;
          float  got      = pixels[p * 4 + c];

          if (isfinite (expected))
            worst = fmax (worst, fabs (got - expected) /
                                 fmax (1.0, fabs (expected)));
          else if (isfinite (got))
            worst = INFINITY;
        }
      alpha_kept &= pixels[p * 4 + 3] == before[p * 4 + 3] ||
                    (isnan (pixels[p * 4 + 3]) && isnan (before[p * 4 + 3]));
    }
  check (worst < 1e-5, "seed %u: stretch (v − low)/(high − low)·100, "
         "worst relative error %.2e", seed, worst);
  check (alpha_kept, "seed %u: alpha untouched", seed);
  free (values);
  free (before);
  free (pixels);
}

/* CIE L*a*b* with only L* filtered: a* and b* stay, the range is L*'s. */
static void
check_lightness_only (void)
{
  PixelLayout lab    = { 3, 1, 0, 1 };
  float       pixels[3 * 400];
  double      values[400], low, high;
  int         others_kept = 1;

  for (int p = 0; p < 400; p++)
    {
      values[p]         = 50.0 + 40.0 * sin (p * 0.37);
      pixels[p * 3]     = (float) values[p];
      pixels[p * 3 + 1] = 200.0f + p;
      pixels[p * 3 + 2] = -200.0f - p;
      values[p]         = pixels[p * 3];
    }
  oracle_range (values, 400, &low, &high);
  autoscale_stretch (pixels, 400, pixels, 400, &lab, 100.0f);
  for (int p = 0; p < 400; p++)
    others_kept &= pixels[p * 3 + 1] == 200.0f + p &&
                   pixels[p * 3 + 2] == -200.0f - p;
  check (others_kept, "L* only: a* and b* untouched");
  check (fabs (pixels[0] - (values[0] - low) / (high - low) * 100.0) < 1e-3,
         "L* only: L* stretched with L*'s own range");
}

/* A flat result has nothing to stretch: it stays as it is. */
static void
check_flat (void)
{
  PixelLayout    grey = { 1, 1, 0, 0 };
  float          pixels[64];
  AutoscaleRange range = { NAN, NAN };
  int            kept = 1;

  for (int i = 0; i < 64; i++)
    pixels[i] = 0.25f;
  check (! autoscale_find (pixels, 64, &grey, &range), "flat: no range");
  autoscale_stretch (pixels, 64, pixels, 64, &grey, 1.0f);
  for (int i = 0; i < 64; i++)
    kept &= pixels[i] == 0.25f;
  check (kept, "flat: unchanged");
}

int
main (void)
{
  check_by_hand ();
  for (unsigned seed = 1; seed <= 5; seed++)
    check_random (seed, 3000 + 1000 * seed);
  check_lightness_only ();
  check_flat ();
  return check_finish ();
}
