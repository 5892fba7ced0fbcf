/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Waves (notches of radius 0, fitted-waves.h) on planes far out of range
 * (docs/contract.md, "Far out of range"): the compute core
 * (core/filtered-image.c, padded-planes.c) fits them to the planes
 * scaled as the FFT reads them, so a picture times 2^k, for k up to the
 * float range's top (about 1e37 and 1e38), gives its result times 2^k,
 * finite, for RGB and gray, with the band off and with a band-pass.
 *
 * The passes over rows run on threads (threaded_split.h), as in GIMP.
 * Runs on the device FFTCL_DEVICE names. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "filter-once.h"
#include "threaded_split.h"

#define WIDTH  64
#define HEIGHT 48

/* Float rounding through the fit and the transforms. */
#define TOLERANCE 1e-5

/* A smooth picture with a cosine of 0.1 × 0.05 cycles/px on it, colour
 * planes in [0, 1], times 2^exponent. */
static float *
picture (size_t components,
         int    exponent)
{
  float *pixels = malloc (WIDTH * HEIGHT * components * sizeof (float));

  for (size_t y = 0; y < HEIGHT; y++)
    for (size_t x = 0; x < WIDTH; x++)
      for (size_t c = 0; c < components; c++)
        {
          double smooth = 0.4 + 0.2 * sin (0.07 * x + 0.11 * y + c);
          double wave   = 0.15 * cos (2 * M_PI * (0.1 * x + 0.05 * y) + c);

          pixels[(y * WIDTH + x) * components + c] =
            ldexpf ((float) (smooth + wave), exponent);
        }
  return pixels;
}

static float *
filtered (fftcl_context    *context,
          size_t            components,
          const float      *pixels,
          const fftcl_gain *gain)
{
  static const double wave[2] = { 0.1, 0.05 };
  float              *out     = malloc (WIDTH * HEIGHT * components *
                                        sizeof (float));
  const fftcl_window  whole   = { 0, 0, WIDTH, HEIGHT, 1 };
  FilteredImageSource source  = {
    .pixels   = pixels,
    .layout   = { components, components, 0, 0 },
    .geometry = filtered_image_geometry (WIDTH, HEIGHT, gain),
    .padding  = PADDING_MIRROR,
    .split    = threaded_split,
    .waves    = { wave, 1 },
  };
  FilteredImage      *image   = NULL;
  fftcl_error         err;

  if (filter_once (context, &source, gain, &whole, out,
                   &image, NULL, &err) != FFTCL_OK)
    {
      check (0, "filtering: %s", err.message);
      exit (1);
    }
  filtered_image_destroy (image);
  return out;
}

static void
check_scaled (fftcl_context    *context,
              size_t            components,
              const fftcl_gain *gain,
              const char       *what,
              int               exponent)
{
  size_t  count = WIDTH * HEIGHT * components;
  float  *small = picture (components, 0);
  float  *big   = picture (components, exponent);
  float  *want  = filtered (context, components, small, gain);
  float  *got   = filtered (context, components, big, gain);
  double  worst = 0;
  int     finite = 1;

  for (size_t i = 0; i < count; i++)
    {
      finite &= isfinite (got[i]) != 0;
      worst   = fmax (worst, fabs (ldexp (got[i], -exponent) - want[i]));
    }
  check (finite && worst < TOLERANCE, "%zu planes, %s, a wave, the picture "
         "times 2^%d: finite, the result times 2^%d (largest difference "
         "%.2g)", components, what, exponent, exponent, worst);
  free (got);
  free (want);
  free (big);
  free (small);
}

int
main (void)
{
  const fftcl_gain off  = { .shape = FFTCL_SHAPE_GAUSSIAN, .order = 2,
                            .keep_mean = 1 };
  const fftcl_gain band = { .large_period = 30, .small_period = 3,
                            .shape = FFTCL_SHAPE_GAUSSIAN, .order = 2,
                            .keep_mean = 1 };
  const int        exponents[] = { 70, 123, 126 };
  fftcl_context   *context;
  fftcl_error      err;

  if (fftcl_context_create (NULL, &context, &err) != FFTCL_OK)
    {
      fprintf (stderr, "%s\n", err.message);
      return 1;
    }

  for (size_t k = 0; k < sizeof exponents / sizeof exponents[0]; k++)
    for (size_t components = 1; components <= 3; components += 2)
      {
        check_scaled (context, components, &off, "the band off",
                      exponents[k]);
        check_scaled (context, components, &band, "a band-pass",
                      exponents[k]);
      }

  fftcl_context_destroy (context);
  return check_finish ();
}
