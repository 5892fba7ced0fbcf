/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Translucent pixels through the compute core (core/filtered-image.c,
 * pixel-planes.c; docs/contract.md, "Alpha"), on pixels whose alpha is
 * 0, 1, above 1 and everything between:
 *
 *   - where the filter removes nothing (the band off, no notch), every
 *     pixel comes back as read, whatever its alpha, padded, mirrored and
 *     with L* filtered as luminance;
 *   - a notch that names only the red plane leaves green and blue as
 *     read;
 *   - where something is removed, an opaque pixel takes the filter of
 *     the layer composited over its alpha-weighted mean colour (computed
 *     here, and filtered as an opaque layer), a translucent one its own
 *     colour plus what that filter changed at it, and one of alpha 0
 *     its own colour.
 *
 * The passes over rows run on threads (threaded_split.h), as in GIMP.
 * Runs on the device FFTCL_DEVICE names. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "filter-once.h"
#include "threaded_split.h"

#define COMPONENTS 4

/* Float rounding through the transforms, far below an 8-bit step. */
#define TOLERANCE 1e-5

typedef struct
{
  const char  *what;
  size_t       width, height;
  PixelLayout  layout;
  int          mirrored;
  float        largest; /* colour values lie in [0, largest) */
} Shape;

static size_t
count (const Shape *shape)
{
  return shape->width * shape->height;
}

static size_t
bytes (const Shape *shape)
{
  return count (shape) * COMPONENTS * sizeof (float);
}

/* Colour noise, and alpha cycling through 0, 1, 1.5 and values between. */
static float *
pixels_new (const Shape *shape)
{
  const float  alphas[] = { 0.0f, 1.0f, 1.5f };
  float       *pixels   = malloc (bytes (shape));
  unsigned     noise    = 11;

  for (size_t i = 0; i < count (shape) * COMPONENTS; i++)
    {
      noise     = noise * 1664525u + 1013904223u;
      pixels[i] = (noise >> 8) / 16777216.0f * shape->largest;
    }
  for (size_t i = 0; i < count (shape); i++)
    pixels[i * COMPONENTS + 3] = i % 5 < 3 ? alphas[i % 5]
                                           : pixels[i * COMPONENTS + 3] /
                                             shape->largest;
  return pixels;
}

static fftcl_gain
band_off (void)
{
  return (fftcl_gain) { .shape = FFTCL_SHAPE_BUTTERWORTH, .order = 2,
                        .keep_mean = 1 };
}

/* `pixels` of `shape` filtered with `gain` into a new copy. */
static float *
filtered (fftcl_context     *context,
          const Shape       *shape,
          const float       *pixels,
          const fftcl_gain  *gain)
{
  float               *out    = malloc (bytes (shape));
  const fftcl_window   whole  = { 0, 0, shape->width, shape->height, 1 };
  const PlaneGeometry  own    = { shape->width, shape->height, shape->width,
                                  shape->height };
  FilteredImageSource  source = {
    .pixels   = pixels,
    .layout   = shape->layout,
    .geometry = shape->mirrored ? own
                                : filtered_image_geometry (shape->width,
                                                           shape->height,
                                                           gain),
    .padding  = PADDING_MIRROR,
    .split    = threaded_split,
    .mirrored = shape->mirrored,
  };
  FilteredImage       *image = NULL;
  fftcl_error          err;

  if (filter_once (context, &source, gain, &whole, out,
                   &image, NULL, &err) != FFTCL_OK)
    {
      check (0, "%s: filtering: %s", shape->what, err.message);
      memcpy (out, pixels, bytes (shape));
    }
  filtered_image_destroy (image);
  return out;
}

/* The largest difference between `got` and `pixels` in components
 * [first, end), relative to the values' range. */
static double
largest_change (const Shape *shape,
                const float *pixels,
                const float *got,
                size_t       first,
                size_t       end)
{
  double largest = 0;

  for (size_t i = 0; i < count (shape); i++)
    for (size_t c = first; c < end; c++)
      largest = fmax (largest, fabs (got[i * COMPONENTS + c] -
                                     pixels[i * COMPONENTS + c]));
  return largest / shape->largest;
}

static int
alpha_as_read (const Shape *shape,
               const float *pixels,
               const float *got)
{
  for (size_t i = 0; i < count (shape); i++)
    if (got[i * COMPONENTS + 3] != pixels[i * COMPONENTS + 3])
      return 0;
  return 1;
}

static void
check_nothing_removed (fftcl_context *context,
                       const Shape   *shape)
{
  float            *pixels = pixels_new (shape);
  const fftcl_gain  gain   = band_off ();
  float            *got    = filtered (context, shape, pixels, &gain);
  double            change = largest_change (shape, pixels, got, 0, 3);

  check (change < TOLERANCE && alpha_as_read (shape, pixels, got),
         "%s, the band off: every pixel as read (largest change %.2g of "
         "the range)", shape->what, change);
  free (got);
  free (pixels);
}

static void
check_channels_left_out (fftcl_context *context,
                         const Shape   *shape)
{
  const double      notch[3] = { 0.25, 0.0, 0.05 };
  const unsigned    red      = 1;
  float            *pixels   = pixels_new (shape);
  fftcl_gain        gain     = band_off ();
  float            *got;
  double            kept, red_change;

  gain.notches      = notch;
  gain.notch_count  = 1;
  gain.notch_planes = &red;
  got        = filtered (context, shape, pixels, &gain);
  kept       = largest_change (shape, pixels, got, 1, 3);
  red_change = largest_change (shape, pixels, got, 0, 1);
  check (kept < TOLERANCE && alpha_as_read (shape, pixels, got) &&
         red_change > 100 * TOLERANCE,
         "%s, a notch on red only: green and blue as read (largest change "
         "%.2g), red filtered (%.2g)", shape->what, kept, red_change);
  free (got);
  free (pixels);
}

static double
clamped_alpha (const float *pixel)
{
  return fmin (fmax (pixel[3], 0.0), 1.0);
}

/* The layer composited over each plane's alpha-weighted mean colour,
 * opaque. */
static float *
composite (const Shape *shape,
           const float *pixels)
{
  float *out = malloc (bytes (shape));

  for (size_t c = 0; c < 3; c++)
    {
      double weighted = 0, weights = 0, mean;

      for (size_t i = 0; i < count (shape); i++)
        {
          weighted += clamped_alpha (pixels + i * COMPONENTS) *
                      pixels[i * COMPONENTS + c];
          weights  += clamped_alpha (pixels + i * COMPONENTS);
        }
      mean = weighted / weights;
      for (size_t i = 0; i < count (shape); i++)
        {
          double alpha = clamped_alpha (pixels + i * COMPONENTS);

          out[i * COMPONENTS + c] = (float) (alpha * pixels[i * COMPONENTS +
                                                            c] +
                                             (1 - alpha) * mean);
          out[i * COMPONENTS + 3] = 1.0f;
        }
    }
  return out;
}

static void
check_removed (fftcl_context *context,
               const Shape   *shape)
{
  const double      notch[3] = { 0.2, -0.1, 0.03 };
  const fftcl_gain  gain     = { .large_period = 12, .small_period = 2.5,
                                 .shape = FFTCL_SHAPE_BUTTERWORTH,
                                 .order = 2, .keep_mean = 1,
                                 .notches = notch,
                                 .notch_count = shape->mirrored ? 0 : 1 };
  float            *pixels   = pixels_new (shape);
  float            *seen     = composite (shape, pixels);
  float            *got      = filtered (context, shape, pixels, &gain);
  float            *opaque   = filtered (context, shape, seen, &gain);
  double            worst    = 0;

  for (size_t i = 0; i < count (shape); i++)
    for (size_t c = 0; c < 3; c++)
      {
        size_t k     = i * COMPONENTS + c;
        double alpha = clamped_alpha (pixels + i * COMPONENTS);
        double want  = alpha <= 0 ? pixels[k]
                       : alpha >= 1 ? opaque[k]
                       : pixels[k] + (opaque[k] - seen[k]);

        worst = fmax (worst, fabs (got[k] - want));
      }
  check (worst < TOLERANCE, "%s, a band-pass and a notch: each pixel its "
         "colour plus what the filter changed in the composite (largest "
         "error %.2g)", shape->what, worst);
  free (opaque);
  free (got);
  free (seen);
  free (pixels);
}

int
main (void)
{
  const Shape rgba      = { "RGBA 45×31 padded", 45, 31, { 4, 3, 1, 0 }, 0,
                            1.0f };
  const Shape mirrored  = { "RGBA 32×16 mirrored", 32, 16, { 4, 3, 1, 0 }, 1,
                            1.0f };
  const Shape luminance = { "L*a*b*A 45×31 as luminance", 45, 31,
                            { 4, 1, 1, 1 }, 0, 100.0f };
  fftcl_context *context;
  fftcl_error    err;

  if (fftcl_context_create (NULL, &context, &err) != FFTCL_OK)
    {
      fprintf (stderr, "%s\n", err.message);
      return 1;
    }

  check_nothing_removed (context, &rgba);
  check_nothing_removed (context, &mirrored);
  check_nothing_removed (context, &luminance);
  check_channels_left_out (context, &rgba);
  check_removed (context, &rgba);
  check_removed (context, &mirrored);

  fftcl_context_destroy (context);
  return check_finish ();
}
