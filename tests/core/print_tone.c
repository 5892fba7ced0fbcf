/* SPDX-License-Identifier: GPL-3.0-or-later */
/* print_tone_join (core/print-tone.h) against formulas:
 *   - a constant difference between the two results is added whole, in
 *     every colour plane, and alpha is left alone;
 *   - one pixel's difference in the middle of the image is spread with
 *     its sum kept and with the variance of three boxes of width
 *     2r + 1 (3 (w² − 1) / 12 along each axis), r the radius that makes
 *     that variance nearest σ², and symmetric about the pixel;
 *   - a difference that is not finite adds nothing, and a stored value
 *     that is not finite stays so. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "print-tone.h"

#define SIDE 96

static const PixelLayout RGBA = { 4, 3, 1, 0 };

static void
constant_difference (void)
{
  float  *stored = calloc (SIDE * SIDE * 4, sizeof *stored);
  float  *light  = calloc (SIDE * SIDE * 4, sizeof *light);
  double  worst  = 0.0;
  int     alpha  = 1;

  for (size_t i = 0; i < SIDE * SIDE * 4; i++)
    {
      stored[i] = (float) ((i * 7919) % 101) / 101.0f;
      light[i]  = stored[i] + (i % 4 == 3 ? 0.5f : 0.125f * (float) (i % 4 + 1));
    }
  check (print_tone_join (stored, light, &RGBA, SIDE, SIDE, 5.0, NULL),
         "constant: joined");
  for (size_t i = 0; i < SIDE * SIDE * 4; i++)
    if (i % 4 == 3)
      alpha &= stored[i] + 0.5f == light[i];
    else
      worst = fmax (worst, fabs (stored[i] - light[i]));
  check (worst < 1e-5, "constant: each plane's difference added whole "
                       "(worst %.2g)", worst);
  check (alpha, "constant: alpha left alone");
  free (stored);
  free (light);
}

static void
one_pixel (double sigma)
{
  static const PixelLayout grey = { 1, 1, 0, 0 };
  float  *stored = calloc (SIDE * SIDE, sizeof *stored);
  float  *light  = calloc (SIDE * SIDE, sizeof *light);
  size_t  centre = SIDE / 2;
  double  sum = 0.0, variance = 0.0, asymmetry = 0.0, expected;
  double  box = sqrt (4.0 * sigma * sigma + 1.0);
  long    r   = lround ((box - 1.0) / 2.0);

  light[centre * SIDE + centre] = 1.0f;
  check (print_tone_join (stored, light, &grey, SIDE, SIDE, sigma, NULL),
         "σ %.1f: joined", sigma);
  for (size_t y = 0; y < SIDE; y++)
    for (size_t x = 0; x < SIDE; x++)
      {
        double v  = stored[y * SIDE + x];
        double dx = (double) x - (double) centre;

        sum       += v;
        variance  += v * dx * dx;
        asymmetry  = fmax (asymmetry,
                           fabs (v - stored[(2 * centre - y) % SIDE * SIDE +
                                            (2 * centre - x) % SIDE]));
      }
  expected = 3.0 * ((2.0 * r + 1.0) * (2.0 * r + 1.0) - 1.0) / 12.0;
  check (fabs (sum - 1.0) < 1e-5, "σ %.1f: the sum kept (%.6f)", sigma, sum);
  check (fabs (variance - expected) < 1e-3 * expected,
         "σ %.1f: variance along x %.3f, three boxes of radius %ld give "
         "%.3f (σ² %.3f)", sigma, variance, r, expected, sigma * sigma);
  check (asymmetry < 1e-7, "σ %.1f: symmetric about the pixel (%.2g)",
         sigma, asymmetry);
  free (stored);
  free (light);
}

static void
not_finite (void)
{
  static const PixelLayout grey = { 1, 1, 0, 0 };
  float stored[SIDE * SIDE] = { 0 };
  float light[SIDE * SIDE];
  int   others = 1;

  for (size_t i = 0; i < SIDE * SIDE; i++)
    light[i] = 0.25f;
  light[10]  = NAN;
  stored[20] = INFINITY;
  light[30]  = INFINITY;
  print_tone_join (stored, light, &grey, SIDE, SIDE, 3.0, NULL);
  for (size_t i = 0; i < SIDE * SIDE; i++)
    if (i != 20)
      others &= isfinite (stored[i]) && stored[i] <= 0.25f + 1e-6f;
  check (isinf (stored[20]), "not finite: a stored inf stays");
  check (others, "not finite: a NaN or inf difference adds nothing, "
                 "the others at most the constant 0.25");
}

int
main (void)
{
  constant_difference ();
  one_pixel (2.0);
  one_pixel (7.3);
  not_finite ();
  return check_finish ();
}
