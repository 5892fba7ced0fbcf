/* SPDX-License-Identifier: GPL-3.0-or-later */
/* preview-bench — how long the dialog's preview takes to refresh after a
 * change, on the device FFTCL_DEVICE names (else fftcl's default), with
 * the plug-in's own compute core (core/filtered-image.c): a synthetic
 * 4000×3000 RGB float photo is loaded once (forward FFT, spectrum kept),
 * then every refresh filters a window with a different gain (periods,
 * shapes, band-reject, notches) as a 1:1 view (800×600 at step 1) and as
 * a zoomed-out view of the whole image (step 5). The CPU strategy is
 * timed too: a coarse result from a ≤ 1 MP copy at once (its time is what
 * the user waits for), the full-resolution refine after. Last, a final
 * run of the whole image, as a load and its last render and as one
 * filter (a load with FILTERED_IMAGE_ONCE), each the median of FINAL_RUNS runs, or of
 * REFRESHES where fewer.
 *
 * Usage: preview-bench [REFRESHES]   (200 if not given; 1 is the quick
 * form the test suite runs)
 * Times are host wall-clock milliseconds of the compute (filter, window,
 * conversion to pixels); drawing on the screen is not included. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_choice.h"
#include "clock.h"
#include "coarse-copy.h"
#include "core_bench_runs.h"
#include "filtered-image.h"

#define IMAGE_WIDTH   4000
#define IMAGE_HEIGHT  3000
#define COMPONENTS    3
#define COARSE_AREA   1000000
#define MAX_NOTCHES   2
#define FINAL_RUNS    5

typedef struct
{
  const char   *name;
  fftcl_window  window;
} ViewMode;

typedef struct
{
  fftcl_gain gain;
  double     notches[3 * MAX_NOTCHES];
} GainCase;

/* A photo stand-in: soft light, a few objects with hard edges, texture at
 * many scales and sensor noise, different in each channel. */
static float
photo_value (size_t x,
             size_t y,
             size_t channel,
             unsigned int *noise)
{
  double u = x / (double) IMAGE_WIDTH, v = y / (double) IMAGE_HEIGHT;
  double value = 0.35 + 0.25 * u - 0.15 * v + 0.05 * channel;
  double dx = u - 0.4, dy = v - 0.55;

  if (dx * dx + dy * dy < 0.04)
    value += 0.25;
  if (u > 0.65 && u < 0.85 && v > 0.2 && v < 0.5)
    value -= 0.2 + 0.05 * channel;

  value += 0.04 * sin (2 * M_PI * (x / 37.0 + y / 91.0))
         + 0.02 * sin (2 * M_PI * (x / 5.3 - y / 7.1 + channel))
         + 0.01 * cos (2 * M_PI * y / 2.5);

  *noise = *noise * 1664525u + 1013904223u;
  return (float) (value + 0.02 * ((*noise >> 8) / 16777216.0 - 0.5));
}

static float *
synthetic_photo (void)
{
  float        *pixels = malloc (sizeof (float) * IMAGE_WIDTH * IMAGE_HEIGHT *
                                 COMPONENTS);
  unsigned int  noise  = 12345;

  if (! pixels)
    return NULL;

  for (size_t y = 0; y < IMAGE_HEIGHT; y++)
    for (size_t x = 0; x < IMAGE_WIDTH; x++)
      for (size_t c = 0; c < COMPONENTS; c++)
        pixels[(y * IMAGE_WIDTH + x) * COMPONENTS + c] =
          photo_value (x, y, c, &noise);

  return pixels;
}

/* Refresh i's gain: what a user dragging sliders produces, all within
 * the reach that keeps the padded size (a larger reach reloads). */
static void
gain_case (size_t    i,
           GainCase *c)
{
  static const double large[] = { 20, 35, 50, 65, 80, 90, 0 };
  static const double small[] = { 0, 1.5, 2, 3, 4.5, 6 };
  fftcl_gain         *gain    = &c->gain;

  *gain = (fftcl_gain) {
    .large_period     = large[i % 7] + 0.1 * (i % 13),
    .small_period     = small[i % 6],
    .shape            = (fftcl_shape) (i % 3),
    .order            = 1.0 + (i % 4),
    .reject           = i % 5 == 4,
    .keep_mean        = i % 2 == 0,
    .stripes          = (fftcl_stripes) (i % 9 == 8 ? 1 + i % 2 : 0),
    .stripe_tolerance = 5.0,
    .notches          = c->notches,
  };

  if (i % 3 == 0)
    {
      double notch[3 * MAX_NOTCHES] = { 0.1 + 0.01 * (i % 10), 0.05, 0.02,
                                        -0.3, 0.2 + 0.001 * i, 0.015 };

      memcpy (c->notches, notch, sizeof notch);
      gain->notch_count = 1 + i % 2;
    }
}

/* The nearest-rank percentile of sorted `ms`. */
static double
percentile (const double *ms,
            size_t        count,
            double        fraction)
{
  size_t rank = (size_t) ceil (fraction * count);

  return ms[rank > 0 ? rank - 1 : 0];
}

static void
print_row (const char *name,
           double     *ms,
           size_t      count)
{
  sort_ms (ms, count);
  printf ("%-34s %6zu %9.2f %9.2f %9.2f\n", name, count,
          percentile (ms, count, 0.5), percentile (ms, count, 0.95),
          ms[count - 1]);
}

static int
check (fftcl_status status,
       const fftcl_error *err)
{
  if (status != FFTCL_OK)
    fprintf (stderr, "preview-bench: %s\n", err->message);
  return status == FFTCL_OK;
}

/* Refresh i's gain on an image `factor` times smaller than the photo. */
static fftcl_gain
scaled_gain (size_t    i,
             size_t    factor,
             GainCase *c)
{
  CoarseScale scale = { factor, 0, 0 };
  double      notches[3 * MAX_NOTCHES];
  fftcl_gain  gain;

  gain_case (i, c);
  gain = coarse_gain (&scale, &c->gain, notches, NULL);
  memcpy (c->notches, notches, sizeof notches);
  gain.notches = c->notches;
  return gain;
}

static int
time_full (FilteredImage  *image,
           const ViewMode *mode,
           float          *pixels,
           double         *ms,
           size_t          count)
{
  fftcl_error err;

  for (size_t i = 0; i < count; i++)
    {
      GainCase c;
      double   start;

      gain_case (i, &c);
      start = fftcl_now_ms ();
      if (! check (filtered_image_render (image, &c.gain, &mode->window,
                                          pixels, 0, NULL, &err), &err))
        return 0;
      ms[i] = fftcl_now_ms () - start;
    }

  return 1;
}

static int
time_coarse (FilteredImage     *coarse_image,
             const CoarseScale *scale,
             const ViewMode    *mode,
             float             *coarse_pixels,
             float             *pixels,
             double            *ms,
             size_t             count)
{
  fftcl_window window = coarse_window (scale, &mode->window);
  fftcl_error  err;

  for (size_t i = 0; i < count; i++)
    {
      GainCase   c;
      double     start = fftcl_now_ms ();
      fftcl_gain gain  = scaled_gain (i, scale->factor, &c);

      if (! check (filtered_image_render (coarse_image, &gain, &window,
                                          coarse_pixels, 0, NULL, &err), &err))
        return 0;
      coarse_expand (scale, &window, coarse_pixels, &mode->window,
                     COMPONENTS, pixels);
      ms[i] = fftcl_now_ms () - start;
    }

  return 1;
}

static FilteredImageSource
rgb_source (const float      *pixels,
            size_t            width,
            size_t            height,
            const fftcl_gain *gain)
{
  return (FilteredImageSource) {
    .pixels   = pixels,
    .layout   = { COMPONENTS, COMPONENTS, 0, 0 },
    .geometry = filtered_image_geometry (width, height, gain),
    .padding  = PADDING_MIRROR,
    .split    = split_over_processors,
  };
}

/* Every gain case must need the padded size of the first: one load. */
static int
same_padding (size_t width,
              size_t height,
              size_t count,
              size_t factor)
{
  GainCase      c;
  PlaneGeometry expected = { 0 };

  for (size_t i = 0; i < count; i++)
    {
      fftcl_gain    gain     = scaled_gain (i, factor, &c);
      PlaneGeometry geometry = filtered_image_geometry (width, height, &gain);

      if (i == 0)
        expected = geometry;
      if (geometry.padded_width != expected.padded_width ||
          geometry.padded_height != expected.padded_height)
        {
          fprintf (stderr, "preview-bench: gain %zu would reload (%zu×%zu "
                   "instead of %zu×%zu)\n", i, geometry.padded_width,
                   geometry.padded_height, expected.padded_width,
                   expected.padded_height);
          return 0;
        }
    }

  return 1;
}

/* The refreshes run on an image loaded without timings: a plan that
 * times its calls synchronises between their steps. The load's steps come
 * from a timed load before it. */
static FilteredImage *
load (fftcl_context       *context,
      const FilteredImageSource *source,
      const char          *what)
{
  FilteredImage        *image = NULL;
  FilteredImageTimings  timings;
  fftcl_error           err;
  double                start = fftcl_now_ms ();

  if (! check (filtered_image_load (context, source, 0, &image, &timings, &err),
               &err))
    return NULL;

  printf ("%s: %zu×%zu padded to %zu×%zu: load %.1f ms "
          "(gather+pad %.1f, upload %.1f, forward %.1f)\n",
          what, source->geometry.width, source->geometry.height,
          source->geometry.padded_width, source->geometry.padded_height,
          fftcl_now_ms () - start, timings.pad_ms, timings.fft.upload_ms,
          timings.fft.forward_ms);
  filtered_image_destroy (image);

  if (! check (filtered_image_load (context, source, 0, &image, NULL, &err),
               &err))
    return NULL;
  return image;
}

/* The whole image filtered for good: loaded with FILTERED_IMAGE_ONCE and
 * rendered in one call, or as a load and its last render. */
static int
final_run (fftcl_context             *context,
           const FilteredImageSource *source,
           const fftcl_gain          *gain,
           const fftcl_window        *window,
           float                     *pixels,
           int                        once)
{
  FilteredImage *image = NULL;
  fftcl_error    err;
  fftcl_status   status;

  status = filtered_image_load (context, source,
                                once ? FILTERED_IMAGE_ONCE : 0, &image, NULL,
                                &err);
  if (status == FFTCL_OK)
    status = filtered_image_render (image, gain, window, pixels,
                                    FILTERED_IMAGE_LAST, NULL, &err);
  filtered_image_destroy (image);
  return check (status, &err);
}

/* The two ways of a final run with the first refresh's gain, taken in
 * turns, runs ≤ FINAL_RUNS times each. */
static int
time_final (fftcl_context *context,
            const float   *photo,
            size_t         runs)
{
  GainCase            gain;
  FilteredImageSource source;
  const fftcl_window  window = { 0, 0, IMAGE_WIDTH, IMAGE_HEIGHT, 1 };
  float              *pixels = malloc (sizeof (float) * IMAGE_WIDTH *
                                       IMAGE_HEIGHT * COMPONENTS);
  double              ms[2][FINAL_RUNS]; /* [once][run] */
  double              median[2];
  int                 ok     = pixels != NULL;

  gain_case (0, &gain);
  source = rgb_source (photo, IMAGE_WIDTH, IMAGE_HEIGHT, &gain.gain);

  for (size_t i = 0; ok && i < runs; i++)
    for (int once = 0; ok && once < 2; once++)
      {
        double start = fftcl_now_ms ();

        ok = final_run (context, &source, &gain.gain, &window, pixels, once);
        ms[once][i] = fftcl_now_ms () - start;
      }

  for (int once = 0; ok && once < 2; once++)
    median[once] = median_ms (ms[once], runs);
  if (ok)
    printf ("final run, whole image (p50 of %zu): load + render_last "
            "%.1f ms, filter_once %.1f ms (%.2f× the time)\n", runs,
            median[0], median[1], median[1] / median[0]);

  free (pixels);
  return ok;
}

static int
run (fftcl_context *context,
     const float   *photo,
     size_t         count)
{
  const ViewMode modes[] = {
    { "1:1 800x600 step 1",            { 1600, 1200, 800, 600, 1 } },
    { "whole image 800x600 step 5",    { 0, 0, 800, 600, 5 } },
  };
  CoarseScale    scale = coarse_scale_for (IMAGE_WIDTH, IMAGE_HEIGHT,
                                           COARSE_AREA);
  GainCase       first;
  float         *pixels = malloc (sizeof (float) * 800 * 600 * COMPONENTS);
  float         *copy   = malloc (sizeof (float) * scale.width *
                                  scale.height * COMPONENTS);
  float         *coarse_pixels = malloc (sizeof (float) * scale.width *
                                         scale.height * COMPONENTS);
  double        *ms     = malloc (sizeof (double) * count);
  FilteredImage *image  = NULL, *coarse_image = NULL;
  int            ok     = pixels && copy && coarse_pixels && ms &&
                          same_padding (IMAGE_WIDTH, IMAGE_HEIGHT, count, 1) &&
                          same_padding (scale.width, scale.height, count,
                                        scale.factor);
  double         start;

  gain_case (0, &first);
  if (ok)
    {
      FilteredImageSource source = rgb_source (photo, IMAGE_WIDTH,
                                               IMAGE_HEIGHT, &first.gain);

      ok = (image = load (context, &source, "full")) != NULL;
    }

  if (ok)
    {
      fftcl_gain          gain = scaled_gain (0, scale.factor, &first);
      FilteredImageSource source;

      start = fftcl_now_ms ();
      coarse_copy_pixels (&scale, photo, IMAGE_WIDTH, IMAGE_HEIGHT,
                          COMPONENTS, copy);
      printf ("coarse copy (factor %zu): %.1f ms\n", scale.factor,
              fftcl_now_ms () - start);
      source = rgb_source (copy, scale.width, scale.height, &gain);
      ok = (coarse_image = load (context, &source, "coarse")) != NULL;
    }

  if (ok)
    printf ("%-34s %6s %9s %9s %9s\n", "refresh", "count", "p50 ms",
            "p95 ms", "max ms");

  for (size_t m = 0; ok && m < sizeof modes / sizeof modes[0]; m++)
    {
      char name[64];

      ok = time_full (image, &modes[m], pixels, ms, count);
      if (ok)
        {
          snprintf (name, sizeof name, "full  %s", modes[m].name);
          print_row (name, ms, count);
          ok = time_coarse (coarse_image, &scale, &modes[m], coarse_pixels,
                            pixels, ms, count);
        }
      if (ok)
        {
          snprintf (name, sizeof name, "coarse %s", modes[m].name);
          print_row (name, ms, count);
        }
    }

  filtered_image_destroy (coarse_image);
  filtered_image_destroy (image);
  free (ms);
  free (coarse_pixels);
  free (copy);
  free (pixels);
  return ok && time_final (context, photo,
                           count < FINAL_RUNS ? count : FINAL_RUNS);
}

int
main (int    argc,
      char **argv)
{
  size_t         count = argc > 1 ? strtoul (argv[1], NULL, 10) : 200;
  fftcl_context *context;
  fftcl_error    err;
  float         *photo;
  int            ok;

  if (count == 0)
    {
      fprintf (stderr, "usage: preview-bench [REFRESHES]\n");
      return 2;
    }

  if (! check (fftcl_context_create (NULL, &context, &err), &err))
    return 1;

  photo = synthetic_photo ();
  printf ("preview-bench: %d×%d RGB float on %s\n", IMAGE_WIDTH,
          IMAGE_HEIGHT, fftcl_context_device_name (context));
  bench_print_choice (context);

  ok = photo && run (context, photo, count);

  free (photo);
  fftcl_context_destroy (context);
  return ok ? 0 : 1;
}
