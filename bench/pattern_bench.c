/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-bench — how long the pattern finder (core/pattern-finder.h)
 * takes on a 12-megapixel image, on the device FFTCL_DEVICE names (else
 * fftcl's default): a synthetic 4000×3000 RGB float photo with three
 * oblique waves. Prints the median of RUNS runs of each step apart: the
 * spectrum (spectrum_source_amplitude: the forward transform, which the
 * preview keeps anyway), the search in it (patterns_find_in_spectrum),
 * the waves confirmed by the pixels (patterns_confirm_waves) and the
 * removal of the waves found (fitted_waves_remove on the three colour
 * planes, as the filter's gathering calls it), with the passes over rows
 * split over every processor.
 *
 * With `halftone`, the image is a colour print of the same photo
 * instead: a screen per ink (cyan, magenta and yellow at 15°, 75° and
 * 45°, period 6 px), each darkening one channel; its confirmation step
 * is the finder's giving each notch its channels (pattern-channels.h),
 * and there are no waves to remove.
 *
 * Usage: pattern-bench [RUNS] [halftone]   (5 runs if not given)
 * Times are host wall-clock milliseconds. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "core_bench_runs.h"
#include "fitted-waves.h"
#include "pattern-confirm.h"
#include "pattern-finder.h"
#include "spectrum-source.h"

#define IMAGE_WIDTH  4000
#define IMAGE_HEIGHT 3000
#define COMPONENTS   3
#define GRID         4096
#define MOST_RUNS    101

static const double waves[][3] = {
  /* fx, fy (cycles/px), amplitude */
  { 0.1234, 0.0567, 15.0 / 255 },
  { -0.0712, 0.2101, 20.0 / 255 },
  { 0.3010, 0.1502, 10.0 / 255 },
};

/* A photo stand-in: soft light, a disc with hard edges, noise, and
 * (with waves_on) the waves. */
static float *
photo_with_waves (int waves_on)
{
  float        *pixels = malloc (sizeof (float) * IMAGE_WIDTH * IMAGE_HEIGHT *
                                 COMPONENTS);
  unsigned int  noise  = 12345;

  for (size_t y = 0; pixels && y < IMAGE_HEIGHT; y++)
    for (size_t x = 0; x < IMAGE_WIDTH; x++)
      {
        double u = x / (double) IMAGE_WIDTH, v = y / (double) IMAGE_HEIGHT;
        double dx = u - 0.4, dy = v - 0.55;
        double value = 0.35 + 0.25 * u - 0.15 * v +
                       (dx * dx + dy * dy < 0.04 ? 0.25 : 0);

        for (size_t w = 0; waves_on && w < sizeof waves / sizeof waves[0];
             w++)
          value += waves[w][2] * cos (2 * M_PI * (waves[w][0] * x +
                                                  waves[w][1] * y));
        for (size_t c = 0; c < COMPONENTS; c++)
          {
            noise = noise * 1664525u + 1013904223u;
            pixels[(y * IMAGE_WIDTH + x) * COMPONENTS + c] =
              (float) (value + 0.02 * ((noise >> 8) / 16777216.0 - 0.5));
          }
      }
  return pixels;
}

#define SCREEN_PERIOD 6.0

/* How much ink of `density` (0 … 1) covers pixel (x, y) of a screen at
 * `angle` degrees: round dots that grow into each other, seen at 2 × 2
 * points of the pixel (a scan's anti-aliasing). */
static double
inked (double density,
       double angle,
       size_t x,
       size_t y)
{
  double a = angle * M_PI / 180, cover = 0;

  for (int i = 0; i < 4; i++)
    {
      double px = x + (i % 2 + 0.5) / 2, py = y + (i / 2 + 0.5) / 2;
      double u  = (px * cos (a) + py * sin (a)) / SCREEN_PERIOD;
      double v  = (-px * sin (a) + py * cos (a)) / SCREEN_PERIOD;

      cover += 0.5 * (cos (2 * M_PI * u) + cos (2 * M_PI * v)) >
               1 - 2 * density;
    }
  return cover / 4;
}

/* The photo printed: each channel the paper less its ink's screen. */
static void
print_halftone (float *pixels)
{
  static const double angles[COMPONENTS] = { 15, 75, 45 };

  for (size_t y = 0; y < IMAGE_HEIGHT; y++)
    for (size_t x = 0; x < IMAGE_WIDTH; x++)
      for (size_t c = 0; c < COMPONENTS; c++)
        {
          float *value = pixels + (y * IMAGE_WIDTH + x) * COMPONENTS + c;
          double ink   = fmin (fmax (1 - *value, 0), 1);

          *value = (float) (0.95 - 0.85 * inked (ink, angles[c], x, y));
        }
}

/* The colour planes of `pixels`, side by side. */
static void
planes_of (const float *pixels,
           float       *planes)
{
  size_t area = (size_t) IMAGE_WIDTH * IMAGE_HEIGHT;

  for (size_t i = 0; i < area; i++)
    for (size_t c = 0; c < COMPONENTS; c++)
      planes[c * area + i] = pixels[i * COMPONENTS + c];
}

/* Removes the waves among `found` from fresh planes; milliseconds. */
static double
time_removal (const float         *pixels,
              float               *planes,
              const PatternsFound *found,
              double              *waves_found,
              size_t              *wave_count)
{
  double discs[3 * 64];
  size_t disc_count;
  double start;

  planes_of (pixels, planes);
  *wave_count = fitted_waves_split (found->notches,
                                    found->count < 64 ? found->count : 64,
                                    waves_found, discs, &disc_count);
  start = fftcl_now_ms ();
  fitted_waves_remove (planes, COMPONENTS,
                       (size_t) IMAGE_WIDTH * IMAGE_HEIGHT, IMAGE_WIDTH,
                       IMAGE_HEIGHT, IMAGE_WIDTH, waves_found, *wave_count,
                       split_over_processors);
  return fftcl_now_ms () - start;
}

int
main (int    argc,
      char **argv)
{
  const PixelLayout   layout = { COMPONENTS, COMPONENTS, 0, 0 };
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  size_t              runs   = argc > 1 ? strtoul (argv[1], NULL, 10) : 5;
  int                 print  = argc > 2 && strcmp (argv[2], "halftone") == 0;
  double              spectrum_ms[MOST_RUNS], search_ms[MOST_RUNS];
  double              removal_ms[MOST_RUNS], confirm_ms[MOST_RUNS];
  double              waves_found[2 * 64];
  size_t              wave_count = 0;
  float              *pixels = photo_with_waves (! print);
  float              *planes = malloc (sizeof (float) * IMAGE_WIDTH *
                                       IMAGE_HEIGHT * COMPONENTS);
  fftcl_context      *context;
  fftcl_error         err;
  PatternsFound       found = { 0 };

  if (runs < 1 || runs > MOST_RUNS || ! pixels || ! planes)
    {
      fprintf (stderr, "pattern-bench: 1 … %d runs, and memory for the "
               "image\n", MOST_RUNS);
      return 1;
    }
  if (print)
    print_halftone (pixels);
  if (fftcl_context_create (NULL, &context, &err) != FFTCL_OK)
    {
      fprintf (stderr, "pattern-bench: %s\n", err.message);
      return 1;
    }

  for (size_t r = 0; r < runs; r++)
    {
      double  start = fftcl_now_ms ();
      size_t  cells_x, cells_y;
      float  *amplitude = spectrum_source_amplitude (context, pixels, &layout,
                                                     IMAGE_WIDTH, IMAGE_WIDTH,
                                                     IMAGE_HEIGHT, GRID,
                                                     &cells_x, &cells_y,
                                                     split_over_processors,
                                                     &err);

      spectrum_ms[r] = fftcl_now_ms () - start;
      patterns_found_clear (&found);
      start = fftcl_now_ms ();
      if (! amplitude ||
          patterns_find_in_spectrum (amplitude, cells_x, cells_y, GRID, GRID,
                                     IMAGE_WIDTH, IMAGE_HEIGHT, &search,
                                     split_over_processors, &found,
                                     &err) != FFTCL_OK)
        {
          fprintf (stderr, "pattern-bench: %s\n", err.message);
          return 1;
        }
      search_ms[r] = fftcl_now_ms () - start;
      free (amplitude);
      start = fftcl_now_ms ();
      if (patterns_confirm_waves (&found, pixels, &layout, IMAGE_WIDTH,
                                  IMAGE_WIDTH, IMAGE_HEIGHT,
                                  split_over_processors, &err) != FFTCL_OK)
        {
          fprintf (stderr, "pattern-bench: %s\n", err.message);
          return 1;
        }
      confirm_ms[r] = fftcl_now_ms () - start;
      removal_ms[r] = time_removal (pixels, planes, &found, waves_found,
                                    &wave_count);
    }

  printf ("device: %s\n", fftcl_context_device_name (context));
  printf ("%d×%d RGB%s, %zu runs, median ms: spectrum %.1f, search %.1f, "
          "confirm %.1f, removal of %zu waves %.1f; %zu notches found%s\n",
          IMAGE_WIDTH, IMAGE_HEIGHT, print ? " halftone print" : "", runs,
          median_ms (spectrum_ms, runs), median_ms (search_ms, runs),
          median_ms (confirm_ms, runs), wave_count,
          median_ms (removal_ms, runs), found.count,
          print ? "" : " for 3 waves");
  for (size_t i = 0; i < found.count; i++)
    printf ("  (%.5f, %.5f) radius %.6f, channels %x\n",
            found.notches[3 * i], found.notches[3 * i + 1],
            found.notches[3 * i + 2], found.planes ? found.planes[i] : 7u);

  patterns_found_clear (&found);
  fftcl_context_destroy (context);
  free (pixels);
  free (planes);
  return 0;
}
