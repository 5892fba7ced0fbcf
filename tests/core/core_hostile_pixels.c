/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the compute core (core/filtered-image.c, pixel-planes.c) does with
 * pixels a hostile float image holds (docs/contract.md, "Non-finite and
 * extreme pixel values"), for RGBA, RGB, gray and CIE L* with alpha,
 * padded, unpadded (the pixels read as their planes) and mirrored:
 *
 *   - colour hidden under alpha 0 (NaN, ±inf, 1e30, FLT_MAX), a NaN
 *     alpha, and a NaN or inf in one channel of a visible pixel change
 *     no other pixel: each image gives what the same image with that
 *     pixel transparent gives, and the pixel keeps its colour;
 *   - an image times 2^100 gives the result times 2^100; one pixel of
 *     1e38, one of FLT_MAX (under the ideal shape's ringing) and an L* of
 *     1e30 give finite results, the first matching the filter of the
 *     image scaled into range and scaled back;
 *   - whatever the pixels, a finite image gives a finite result, in one
 *     call, from a loaded spectrum and in a window of step 3;
 *   - pixel_planes_keep_unseen puts back, exactly as read, each pixel
 *     whose colour (any channel) is not finite, visible or under alpha 0,
 *     into a result where a conversion there and back (to CIE Lab or
 *     linear light) made the whole pixel NaN, and nothing else.
 *
 * The passes over rows run on threads (threaded_split.h), as in GIMP.
 * Runs on the device FFTCL_DEVICE names. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "filter-once.h"
#include "threaded_split.h"

/* Two ways through the same values may round differently (the pixels
 * read as their planes, or planes made of them); a colour that leaks
 * moves a pixel by far more. */
#define TOLERANCE 1e-5

typedef struct
{
  const char  *what;
  size_t       width, height;
  PixelLayout  layout;
  int          padded, mirrored;
} Shape;

typedef struct
{
  const Shape *shape;
  float       *pixels;
} Image;

static size_t
pixel_count (const Shape *shape)
{
  return shape->width * shape->height;
}

static float *
pixel (const Image *image,
       size_t       x,
       size_t       y)
{
  return image->pixels + (y * image->shape->width + x) *
                         image->shape->layout.components;
}

static Image
image_new (const Shape *shape)
{
  size_t floats = pixel_count (shape) * shape->layout.components;

  return (Image) { shape, malloc (floats * sizeof (float)) };
}

static Image
image_copy (const Image *image)
{
  Image copy = image_new (image->shape);

  memcpy (copy.pixels, image->pixels, pixel_count (image->shape) *
          image->shape->layout.components * sizeof (float));
  return copy;
}

/* Values in 0 … 1 (L* in 0 … 100), every seventh pixel wholly
 * transparent where there is alpha. */
static Image
image_fill (const Shape *shape)
{
  Image        image = image_new (shape);
  size_t       n     = shape->layout.components;
  unsigned int noise = 11;

  for (size_t i = 0; i < pixel_count (shape) * n; i++)
    {
      noise = noise * 1664525u + 1013904223u;
      image.pixels[i] = (noise >> 8) / 16777216.0f;
    }
  for (size_t i = 0; shape->layout.lightness_as_luminance &&
                     i < pixel_count (shape); i++)
    image.pixels[i * n] *= 100.0f;
  for (size_t i = 0; shape->layout.has_alpha && i < pixel_count (shape);
       i += 7)
    image.pixels[i * n + n - 1] = 0.0f;

  return image;
}

static fftcl_gain
band (fftcl_shape shape)
{
  static const double notch[3] = { 0.2, 0.0, 0.03 };

  return (fftcl_gain) { .large_period = 12, .small_period = 2.5,
                        .shape = shape, .order = 2, .keep_mean = 1,
                        .notches = notch, .notch_count = 1 };
}

static FilteredImageSource
source_of (const Image      *image,
           const fftcl_gain *gain)
{
  const Shape  *shape = image->shape;
  PlaneGeometry whole = { shape->width, shape->height, shape->width,
                          shape->height };

  return (FilteredImageSource) {
    .pixels   = image->pixels,
    .layout   = shape->layout,
    .geometry = shape->padded ? filtered_image_geometry (shape->width,
                                                         shape->height, gain)
                              : whole,
    .padding  = PADDING_MIRROR,
    .split    = threaded_split,
    .mirrored = shape->mirrored,
  };
}

/* The image filtered whole, in one call into its own pixels. */
static Image
filtered (fftcl_context    *context,
          const Image      *image,
          const fftcl_gain *gain)
{
  Image               out    = image_copy (image);
  FilteredImageSource source = source_of (&out, gain);
  const fftcl_window  whole  = { 0, 0, image->shape->width,
                                 image->shape->height, 1 };
  FilteredImage      *spent  = NULL;
  fftcl_error         err;

  if (filter_once (context, &source, gain, &whole, out.pixels,
                   &spent, NULL, &err) != FFTCL_OK)
    {
      check (0, "%s: filtering: %s", image->shape->what, err.message);
      exit (1);
    }
  filtered_image_destroy (spent);
  return out;
}

static int
same_colour (const PixelLayout *layout,
             const float       *a,
             const float       *b)
{
  return memcmp (a, b, layout->colour_planes * sizeof (float)) == 0;
}

/* The largest difference between the colours of `got` and `want`, but
 * for pixel (x, y) and pixels that `want` has wholly transparent. */
static double
difference_elsewhere (const Image *got,
                      const Image *want,
                      size_t       x,
                      size_t       y)
{
  const PixelLayout *layout = &want->shape->layout;
  double             worst  = 0.0;

  for (size_t j = 0; j < want->shape->height; j++)
    for (size_t i = 0; i < want->shape->width; i++)
      {
        const float *g = pixel (got, i, j), *w = pixel (want, i, j);

        if ((i == x && j == y) ||
            (layout->has_alpha && ! (w[layout->components - 1] > 0.0f)))
          continue;
        for (size_t c = 0; c < layout->colour_planes; c++)
          worst = fmax (worst, isnan (g[c]) ? INFINITY : fabs (g[c] - w[c]));
      }

  return worst;
}

static int
all_finite (const float *values,
            size_t       count)
{
  for (size_t i = 0; i < count; i++)
    if (! isfinite (values[i]))
      return 0;
  return 1;
}

/* The image with its alpha (an alpha of 1 added where it has none, the
 * shape with it written to *with_alpha) set to 0 at (x, y): what a pixel
 * whose colour or alpha is not finite must filter as. */
static Image
transparent_at (const Image *image,
                size_t       x,
                size_t       y,
                Shape       *with_alpha)
{
  const Shape *shape = image->shape;
  size_t       n     = shape->layout.components;
  Image        out;

  if (shape->layout.has_alpha)
    {
      out = image_copy (image);
      pixel (&out, x, y)[n - 1] = 0.0f;
      return out;
    }

  *with_alpha = *shape;
  with_alpha->layout.components++;
  with_alpha->layout.has_alpha = 1;
  out = image_new (with_alpha);
  for (size_t i = 0; i < pixel_count (shape); i++)
    {
      memcpy (out.pixels + i * (n + 1), image->pixels + i * n,
              n * sizeof (float));
      out.pixels[i * (n + 1) + n] = 1.0f;
    }
  pixel (&out, x, y)[n] = 0.0f;
  return out;
}

/* `hostile` filtered against `reference` filtered: equal but at (x, y),
 * which keeps its own colour. */
static void
check_unseen (fftcl_context    *context,
              const Image      *hostile,
              const Image      *reference,
              size_t            x,
              size_t            y,
              const char       *what)
{
  fftcl_gain gain = band (FFTCL_SHAPE_BUTTERWORTH);
  Image      got  = filtered (context, hostile, &gain);
  Image      want = filtered (context, reference, &gain);
  double     difference = difference_elsewhere (&got, &want, x, y);

  check (difference <= TOLERANCE, "%s, %s: every other visible pixel as "
         "with that pixel transparent (largest difference %.2g)",
         hostile->shape->what, what, difference);
  check (same_colour (&hostile->shape->layout, pixel (&got, x, y),
                      pixel (hostile, x, y)),
         "%s, %s: the pixel keeps its colour", hostile->shape->what, what);

  free (got.pixels);
  free (want.pixels);
}

/* Colour under alpha 0 that is not finite or far out of range. */
static void
check_hidden_colour (fftcl_context *context,
                     const Shape   *shape)
{
  const float values[] = { NAN, INFINITY, -INFINITY, 1e30f, FLT_MAX };
  Image       reference = image_fill (shape);
  size_t      x = 14 % shape->width, y = 14 / shape->width;

  for (size_t k = 0; shape->layout.has_alpha &&
                     k < sizeof values / sizeof values[0]; k++)
    {
      Image hostile = image_copy (&reference);
      char  what[64];

      for (size_t c = 0; c < shape->layout.colour_planes; c++)
        pixel (&hostile, x, y)[c] = values[k];
      snprintf (what, sizeof what, "colour %g under alpha 0", values[k]);
      check_unseen (context, &hostile, &reference, x, y, what);
      free (hostile.pixels);
    }

  free (reference.pixels);
}

static void
check_nan_alpha (fftcl_context *context,
                 const Shape   *shape)
{
  Image hostile, reference;
  Shape reference_shape;

  if (! shape->layout.has_alpha)
    return;

  hostile = image_fill (shape);
  pixel (&hostile, 5, 5)[shape->layout.components - 1] = NAN;
  reference = transparent_at (&hostile, 5, 5, &reference_shape);
  check_unseen (context, &hostile, &reference, 5, 5, "NaN alpha at (5, 5)");
  free (reference.pixels);
  free (hostile.pixels);
}

/* A visible pixel whose first channel is not finite: neither the other
 * pixels nor the other channels see it. */
static void
check_unseen_channel (fftcl_context *context,
                      const Shape   *shape)
{
  const float values[] = { NAN, INFINITY, -INFINITY };

  for (size_t k = 0; k < sizeof values / sizeof values[0]; k++)
    {
      Image hostile = image_fill (shape);
      Image reference;
      Shape reference_shape;
      char  what[64];

      if (shape->layout.has_alpha)
        pixel (&hostile, 5, 5)[shape->layout.components - 1] = 1.0f;
      pixel (&hostile, 5, 5)[0] = values[k];
      reference = transparent_at (&hostile, 5, 5, &reference_shape);
      snprintf (what, sizeof what, "channel 0 of (5, 5) = %g", values[k]);
      check_unseen (context, &hostile, &reference, 5, 5, what);
      free (reference.pixels);
      free (hostile.pixels);
    }
}

/* `image`'s layout as stored: every component but alpha is colour. */
static PixelLayout
stored_layout (const Shape *shape)
{
  PixelLayout stored = shape->layout;

  stored.colour_planes          = stored.components - (stored.has_alpha ? 1 : 0);
  stored.lightness_as_luminance = 0;
  return stored;
}

/* A NaN or ±inf in the last colour channel of a visible pixel and in the
 * first of one under alpha 0; the filtered result made wholly NaN there,
 * as babl's conversion to CIE Lab and back makes it: every such pixel
 * comes back as read, every other as filtered. */
static void
check_kept_as_read (fftcl_context *context,
                    const Shape   *shape)
{
  const float  values[] = { NAN, INFINITY, -INFINITY };
  PixelLayout  layout   = stored_layout (shape);
  size_t       n        = layout.components;
  fftcl_gain   gain     = band (FFTCL_SHAPE_GAUSSIAN);

  for (size_t k = 0; k < sizeof values / sizeof values[0]; k++)
    {
      Image  read = image_fill (shape);
      Image  got, converted;
      size_t expected = layout.has_alpha ? 2 : 1;
      size_t counted, kept;
      int    others_same = 1, unseen_as_read;

      pixel (&read, 5, 5)[layout.colour_planes - 1] = values[k];
      if (layout.has_alpha)
        {
          pixel (&read, 5, 5)[n - 1] = 1.0f;
          pixel (&read, 9, 2)[0]     = values[k];
          pixel (&read, 9, 2)[n - 1] = 0.0f;
        }

      got = filtered (context, &read, &gain);
      for (size_t c = 0; c < n; c++)
        {
          pixel (&got, 5, 5)[c] = NAN;
          if (layout.has_alpha)
            pixel (&got, 9, 2)[c] = NAN;
        }
      converted = image_copy (&got);

      counted = pixel_planes_keep_unseen (&layout, read.pixels, NULL,
                                          pixel_count (shape));
      kept    = pixel_planes_keep_unseen (&layout, read.pixels, got.pixels,
                                          pixel_count (shape));
      unseen_as_read = memcmp (pixel (&got, 5, 5), pixel (&read, 5, 5),
                               n * sizeof (float)) == 0 &&
                       (! layout.has_alpha ||
                        memcmp (pixel (&got, 9, 2), pixel (&read, 9, 2),
                                n * sizeof (float)) == 0);
      for (size_t y = 0; y < shape->height; y++)
        for (size_t x = 0; x < shape->width; x++)
          if (! (x == 5 && y == 5) && ! (x == 9 && y == 2))
            others_same &= memcmp (pixel (&got, x, y),
                                   pixel (&converted, x, y),
                                   n * sizeof (float)) == 0;

      check (counted == expected && kept == expected,
             "%s, %g: %zu pixels whose colour is not finite found (%zu, "
             "%zu)", shape->what, values[k], expected, counted, kept);
      check (unseen_as_read, "%s, %g: those pixels come back as read",
             shape->what, values[k]);
      check (others_same, "%s, %g: every other pixel as filtered",
             shape->what, values[k]);

      free (converted.pixels);
      free (got.pixels);
      free (read.pixels);
    }
}

/* The filter of `image` computed with the image scaled by 2^−exponent
 * into range and scaled back in double, saturating: linearity, the
 * oracle for colour far out of range. */
static Image
filtered_scaled (fftcl_context    *context,
                 const Image      *image,
                 const fftcl_gain *gain,
                 int               exponent)
{
  const PixelLayout *layout = &image->shape->layout;
  Image              small  = image_copy (image);
  Image              out;

  for (size_t i = 0; i < pixel_count (image->shape); i++)
    for (size_t c = 0; c < layout->colour_planes; c++)
      small.pixels[i * layout->components + c] =
        ldexpf (small.pixels[i * layout->components + c], -exponent);

  out = filtered (context, &small, gain);
  for (size_t i = 0; i < pixel_count (image->shape); i++)
    for (size_t c = 0; c < layout->colour_planes; c++)
      {
        double value = ldexp (out.pixels[i * layout->components + c],
                              exponent);

        out.pixels[i * layout->components + c] =
          (float) fmax (-FLT_MAX, fmin (FLT_MAX, value));
      }

  free (small.pixels);
  return out;
}

/* The largest colour difference over the visible pixels, relative to
 * the largest magnitude of `want`'s colours there. */
static double
relative_difference (const Image *got,
                     const Image *want)
{
  double largest = 0.0;

  for (size_t j = 0; j < want->shape->height; j++)
    for (size_t i = 0; i < want->shape->width; i++)
      for (size_t c = 0; c < want->shape->layout.colour_planes; c++)
        largest = fmax (largest, fabs (pixel (want, i, j)[c]));

  return difference_elsewhere (got, want, SIZE_MAX, SIZE_MAX) / largest;
}

/* The window of step 3 and the whole image from a loaded spectrum:
 * finite, and the whole as filtered in one call. */
static void
check_windows_finite (fftcl_context    *context,
                      const Image      *image,
                      const Image      *once,
                      const fftcl_gain *gain,
                      const char       *what)
{
  const Shape        *shape  = image->shape;
  size_t              n      = shape->layout.components;
  FilteredImageSource source = source_of (image, gain);
  const fftcl_window  whole  = { 0, 0, shape->width, shape->height, 1 };
  const fftcl_window  coarse = { 1, 2, (shape->width - 1) / 3,
                                 (shape->height - 2) / 3, 3 };
  float              *out    = malloc (pixel_count (shape) * n *
                                       sizeof (float));
  Image               loaded = { shape, out };
  FilteredImage      *spectrum;
  fftcl_error         err;

  if (filtered_image_load (context, &source, 0, &spectrum, NULL,
                           &err) != FFTCL_OK ||
      filtered_image_render (spectrum, gain, &whole, out, 0, NULL,
                             &err) != FFTCL_OK)
    {
      check (0, "%s, %s: loading: %s", shape->what, what, err.message);
      exit (1);
    }
  check (all_finite (out, pixel_count (shape) * n) &&
         relative_difference (&loaded, once) <= TOLERANCE,
         "%s, %s: rendered from the spectrum: finite, as in one call",
         shape->what, what);

  filtered_image_render (spectrum, gain, &coarse, out, 0, NULL, &err);
  check (all_finite (out, coarse.width * coarse.height * n),
         "%s, %s: a window of step 3 is finite", shape->what, what);

  filtered_image_destroy (spectrum);
  free (out);
}

static void
check_extreme (fftcl_context *context,
               const Shape   *shape)
{
  fftcl_gain ideal     = band (FFTCL_SHAPE_IDEAL);
  Image      reference = image_fill (shape);
  size_t     n         = shape->layout.components;
  size_t     floats    = pixel_count (shape) * n;
  const struct { float value; const char *what; } singles[] = {
    { 1e38f,   "one pixel 1e38" },
    { FLT_MAX, "one pixel FLT_MAX" },
    { 1e30f,   "one pixel 1e30" },
  };

  if (! shape->layout.lightness_as_luminance)
    {
      Image  big = image_copy (&reference);
      Image  got, want;

      for (size_t i = 0; i < pixel_count (shape); i++)
        for (size_t c = 0; c < shape->layout.colour_planes; c++)
          big.pixels[i * n + c] = ldexpf (big.pixels[i * n + c], 100);
      got  = filtered (context, &big, &ideal);
      want = filtered_scaled (context, &big, &ideal, 100);
      check (relative_difference (&got, &want) <= TOLERANCE,
             "%s, colour times 2^100: the result times 2^100 (relative "
             "difference %.2g)", shape->what, relative_difference (&got,
                                                                   &want));
      free (big.pixels);
      free (got.pixels);
      free (want.pixels);
    }

  for (size_t k = 0; k < sizeof singles / sizeof singles[0]; k++)
    {
      Image hostile = image_copy (&reference);
      Image got;

      for (size_t c = 0; c < shape->layout.colour_planes; c++)
        pixel (&hostile, 5, 5)[c] = singles[k].value;
      if (shape->layout.has_alpha)
        pixel (&hostile, 5, 5)[n - 1] = 1.0f;
      got = filtered (context, &hostile, &ideal);
      check (all_finite (got.pixels, floats), "%s, %s: the result is finite",
             shape->what, singles[k].what);

      if (! shape->layout.lightness_as_luminance)
        {
          Image  want     = filtered_scaled (context, &hostile, &ideal, 127);
          double relative = relative_difference (&got, &want);

          check (relative <= TOLERANCE, "%s, %s: as filtered scaled into "
                 "range (relative difference %.2g)", shape->what,
                 singles[k].what, relative);
          free (want.pixels);
        }
      check_windows_finite (context, &hostile, &got, &ideal,
                            singles[k].what);
      free (got.pixels);
      free (hostile.pixels);
    }

  free (reference.pixels);
}

int
main (void)
{
  const Shape shapes[] = {
    { "RGBA 45×31 padded", 45, 31, { 4, 3, 1, 0 }, 1, 0 },
    { "RGBA 32×16 mirrored", 32, 16, { 4, 3, 1, 0 }, 0, 1 },
    { "RGB 32×16 read as planes", 32, 16, { 3, 3, 0, 0 }, 0, 0 },
    { "RGB 45×31 padded", 45, 31, { 3, 3, 0, 0 }, 1, 0 },
    { "Y 32×16 read as planes", 32, 16, { 1, 1, 0, 0 }, 0, 0 },
    { "L*a*b*A 45×31 as luminance", 45, 31, { 4, 1, 1, 1 }, 1, 0 },
  };
  fftcl_context *context;
  fftcl_error    err;

  if (fftcl_context_create (NULL, &context, &err) != FFTCL_OK)
    {
      fprintf (stderr, "%s\n", err.message);
      return 1;
    }

  for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
    {
      check_hidden_colour (context, &shapes[i]);
      check_nan_alpha (context, &shapes[i]);
      check_unseen_channel (context, &shapes[i]);
      check_extreme (context, &shapes[i]);
      check_kept_as_read (context, &shapes[i]);
    }

  fftcl_context_destroy (context);
  return check_finish ();
}
