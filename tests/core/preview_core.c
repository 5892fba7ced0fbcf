/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The preview's compute core (core/filtered-image.c, coarse-copy.c):
 *
 *   - a window rendered from the kept spectrum equals the same window of
 *     the whole image filtered in one go (fftcl_filter_apply on the padded
 *     planes, then every pixel written back): at step 1 value for value,
 *     at step 3 each colour value the mean of its block of the filtered
 *     planes (plus what its translucent first pixel keeps) and each alpha
 *     the mean of its block of the source; the
 *     image's rows gathered and padded in parts (a splitter of our own);
 *   - the whole image rendered into the source pixels themselves (the
 *     final run) equals the same oracle;
 *   - a final run in one call (a load with FILTERED_IMAGE_ONCE) writes
 *     what a load and a render with FILTERED_IMAGE_LAST write, padded or not, mirrored,
 *     and into the pixels it reads;
 *   - a coarse window lies inside the copy, and every pixel of the window
 *     it expands to takes the copy pixel under its block's centre;
 *   - the coarse gain divides periods and scales notches, dropping those
 *     beyond the copy's Nyquist frequency.
 *
 * Runs on the device FFTCL_DEVICE names. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "coarse-copy.h"
#include "filter-once.h"

#define WIDTH      45
#define HEIGHT     31
#define COMPONENTS 4 /* RGBA */

static void
fill_source (float  *pixels,
             size_t  count,
             size_t  components)
{
  unsigned int noise = 7;

  for (size_t i = 0; i < count; i++)
    for (size_t c = 0; c < components; c++)
      {
        noise = noise * 1664525u + 1013904223u;
        pixels[i * components + c] = (noise >> 8) / 16777216.0f;
      }
  /* Some pixels wholly transparent, whatever their colour. */
  for (size_t i = 0; components == 4 && i < count; i += 7)
    pixels[i * components + 3] = 0.0f;
}

/* The rows in two parts, one after the other: the core must not rely on
 * getting them whole. */
static void
split_in_two (size_t      rows,
              RowWork     work,
              const void *job)
{
  work (job, 0, rows / 2);
  work (job, rows / 2, rows);
}

static fftcl_gain
test_gain (const double *notch)
{
  return (fftcl_gain) { .large_period = 12, .small_period = 2.5,
                        .shape = FFTCL_SHAPE_BUTTERWORTH, .order = 2,
                        .keep_mean = 1, .notches = notch, .notch_count = 1 };
}

typedef struct
{
  float         *padded; /* the filtered planes */
  float         *whole;  /* the pixels written back */
  PlaneGeometry  geometry;
  float          means[COMPONENTS]; /* each plane's composited over */
} Oracle;

/* The whole image filtered as the plug-in did before windows existed. */
static Oracle
oracle (fftcl_context             *context,
        const FilteredImageSource *source,
        const fftcl_gain          *gain)
{
  const PlaneGeometry *g      = &source->geometry;
  size_t               area   = g->padded_width * g->padded_height;
  size_t               planes = source->layout.colour_planes;
  float               *padded = malloc (area * planes * sizeof (float));
  float               *result = malloc (WIDTH * HEIGHT * COMPONENTS *
                                        sizeof (float));
  const fftcl_plan_desc desc  = { .width = g->padded_width,
                                  .height = g->padded_height,
                                  .batch = planes };
  fftcl_plan          *plan;
  fftcl_error          err;
  const float          unscaled[COMPONENTS] = { 1, 1, 1, 1 };
  Oracle               made = { padded, result, *g, { 0 } };

  memcpy (result, source->pixels, WIDTH * HEIGHT * COMPONENTS * sizeof (float));
  pixel_planes_gather (&source->layout, g, source->pixels, padded,
                       made.means);
  for (size_t p = 0; p < planes; p++)
    padding_fill (padded + p * area, g->width, g->height, g->padded_width,
                  g->padded_height, source->padding);
  if (fftcl_plan_create (context, &desc, &plan, &err) != FFTCL_OK ||
      fftcl_filter_load (plan, FFTCL_PLANES (padded), &err) != FFTCL_OK ||
      fftcl_filter_apply (plan, gain, NULL, padded, FFTCL_CONSUME, &err)
        != FFTCL_OK)
    {
      fprintf (stderr, "oracle: %s\n", err.message);
      exit (1);
    }
  pixel_planes_scatter (&source->layout, g, padded, unscaled, made.means,
                        result, 0, g->height);
  fftcl_plan_destroy (plan);
  return made;
}

/* Block (i, j) of window `w` of the oracle's image `source`. */
typedef struct
{
  const Oracle       *oracle;
  const float        *source;
  const fftcl_window *w;
  size_t              i, j;
} Block;

/* The mean of component c over the block: of the filtered planes for a
 * colour, of the source for alpha. */
static double
block_mean (const Block *b,
            size_t       c)
{
  const PlaneGeometry *g    = &b->oracle->geometry;
  size_t               area = g->padded_width * g->padded_height;
  double               sum  = 0;

  for (size_t dy = 0; dy < b->w->step; dy++)
    for (size_t dx = 0; dx < b->w->step; dx++)
      {
        size_t x = b->w->x + b->i * b->w->step + dx;
        size_t y = b->w->y + b->j * b->w->step + dy;

        sum += c < 3 ? b->oracle->padded[c * area + y * g->padded_width + x]
                     : b->source[(y * WIDTH + x) * COMPONENTS + c];
      }

  return sum / (b->w->step * b->w->step);
}

/* What the window's component c at the block should be: at a step
 * above 1, a colour is its block's filtered mean plus the part a
 * translucent pixel keeps, (1 − α)(v − mean), of the block's mean alpha
 * and its first pixel's colour. */
static double
expected (const Block *b,
          size_t       c)
{
  const fftcl_window *w     = b->w;
  const float        *first = b->source + ((w->y + b->j * w->step) * WIDTH +
                                           w->x + b->i * w->step) *
                                          COMPONENTS;
  double              alpha;

  if (w->step == 1)
    return b->oracle->whole[((w->y + b->j) * WIDTH + w->x + b->i) *
                            COMPONENTS + c];
  if (c == 3)
    return block_mean (b, c);

  alpha = block_mean (b, 3);
  return block_mean (b, c) +
         (alpha < 1 ? (1 - alpha) * (first[c] - b->oracle->means[c]) : 0);
}

/* A wholly transparent block keeps some source colour. */
static int
clear_block (const float        *source,
             const fftcl_window *w,
             size_t              i,
             size_t              j)
{
  for (size_t dy = 0; dy < w->step; dy++)
    for (size_t dx = 0; dx < w->step; dx++)
      if (source[((w->y + j * w->step + dy) * WIDTH + w->x + i * w->step +
                  dx) * COMPONENTS + 3] > 0)
        return 0;
  return 1;
}

static double
window_error (const float        *window_pixels,
              const fftcl_window *w,
              const Oracle       *oracle,
              const float        *source)
{
  double worst = 0;

  for (size_t j = 0; j < w->height; j++)
    for (size_t i = 0; i < w->width; i++)
      for (size_t c = 0; c < COMPONENTS; c++)
        {
          const float *got   = window_pixels + (j * w->width + i) * COMPONENTS;
          const Block  block = { oracle, source, w, i, j };

          if (c < 3 && w->step > 1 && clear_block (source, w, i, j))
            continue;
          worst = fmax (worst, fabs (got[c] - expected (&block, c)));
        }

  return worst;
}

static void
check_windows (fftcl_context *context)
{
  float               *source = malloc (WIDTH * HEIGHT * COMPONENTS *
                                        sizeof (float));
  float               *out    = malloc (WIDTH * HEIGHT * COMPONENTS *
                                        sizeof (float));
  double               notch[3] = { 0.2, -0.1, 0.03 };
  fftcl_gain           gain = test_gain (notch);
  FilteredImageSource  image_source;
  FilteredImage       *image;
  Oracle               want;
  fftcl_error          err = { 0 };
  const fftcl_window   windows[] = {
    { 0, 0, WIDTH, HEIGHT, 1 }, { 7, 4, 20, 11, 1 }, { 2, 5, 14, 8, 3 },
  };

  fill_source (source, WIDTH * HEIGHT, COMPONENTS);
  image_source = (FilteredImageSource) {
    .pixels   = source,
    .layout   = { COMPONENTS, 3, 1, 0 },
    .geometry = filtered_image_geometry (WIDTH, HEIGHT, &gain),
    .padding  = PADDING_MIRROR,
    .split    = split_in_two,
  };
  want = oracle (context, &image_source, &gain);

  if (! check (filtered_image_load (context, &image_source, 0, &image, NULL,
                                    &err) == FFTCL_OK, "load: %s",
               err.message))
    return;

  for (size_t k = 0; k < sizeof windows / sizeof windows[0]; k++)
    {
      const fftcl_window *w = &windows[k];
      double              error;

      filtered_image_render (image, &gain, w, out, 0, NULL, &err);
      error = window_error (out, w, &want, source);
      check (error < 1e-5, "window %zu×%zu at (%zu, %zu), step %zu: "
             "worst error %.2g", w->width, w->height, w->x, w->y, w->step,
             error);
    }

  filtered_image_render (image, &gain, &windows[0], source, 0, NULL, &err);
  check (memcmp (source, want.whole, WIDTH * HEIGHT * COMPONENTS *
                                sizeof (float)) == 0,
         "the whole image rendered into its own pixels equals the oracle");

  filtered_image_destroy (image);
  free (want.padded);
  free (want.whole);
  free (out);
  free (source);
}

typedef struct
{
  const char *what;
  size_t      width, height, components;
  int         padded, mirrored;
  int         in_place; /* the whole image, written into its own pixels */
} OnceCase;

static float
largest_difference (const float *a,
                    const float *b,
                    size_t       count)
{
  float largest = 0;

  for (size_t i = 0; i < count; i++)
    largest = fmaxf (largest, fabsf (a[i] - b[i]));
  return largest;
}

/* `window` of the image through a load and its last render into `want`,
 * and through filter_once into `got`; `got` holds the
 * source pixels on entry when the case renders in place. */
static int
render_both_ways (fftcl_context             *context,
                  const FilteredImageSource *source,
                  const fftcl_gain          *gain,
                  const fftcl_window        *window,
                  int                        in_place,
                  float                     *want,
                  float                     *got)
{
  FilteredImageSource once_source = *source;
  FilteredImage      *image       = NULL;
  fftcl_error         err;
  fftcl_status        status;

  if (in_place)
    once_source.pixels = got;

  status = filtered_image_load (context, source, 0, &image, NULL, &err);
  if (status == FFTCL_OK)
    status = filtered_image_render (image, gain, window, want,
                                    FILTERED_IMAGE_LAST, NULL, &err);
  filtered_image_destroy (image);
  image = NULL;
  if (status == FFTCL_OK)
    status = filter_once (context, &once_source, gain, window,
                          got, &image, NULL, &err);
  filtered_image_destroy (image);

  return status == FFTCL_OK || check (0, "filtering: %s", err.message);
}

static void
check_once (fftcl_context  *context,
            const OnceCase *c)
{
  size_t              floats = c->width * c->height * c->components;
  float              *source = malloc (floats * sizeof (float));
  float              *want   = malloc (floats * sizeof (float));
  float              *got    = malloc (floats * sizeof (float));
  double              notch[3] = { 0.2, c->mirrored ? 0.0 : -0.1, 0.03 };
  fftcl_gain          gain   = test_gain (notch);
  PlaneGeometry       whole  = { c->width, c->height, c->width, c->height };
  FilteredImageSource image_source = {
    .pixels   = source,
    .layout   = { c->components, 3, c->components == 4, 0 },
    .geometry = c->padded ? filtered_image_geometry (c->width, c->height,
                                                     &gain)
                          : whole,
    .padding  = PADDING_MIRROR,
    .mirrored = c->mirrored,
  };
  const fftcl_window  windows[] = {
    { 0, 0, c->width, c->height, 1 }, { 2, 1, 9, 4, 3 },
  };
  size_t              count = c->in_place ? 1 : 2;

  fill_source (source, c->width * c->height, c->components);

  for (size_t k = 0; k < count; k++)
    {
      const fftcl_window *w      = &windows[k];
      size_t              values = w->width * w->height * c->components;
      float               difference;

      memcpy (got, source, floats * sizeof (float));
      if (! render_both_ways (context, &image_source, &gain, w, c->in_place,
                              want, got))
        continue;
      difference = largest_difference (want, got, values);
      check (difference < 1e-5f, "%s, window %zu×%zu step %zu: once "
             "writes what load and last render write (largest difference "
             "%.2g)", c->what, w->width, w->height, w->step, difference);
    }

  free (got);
  free (want);
  free (source);
}

/* RGB pixels padded a row at a time as fftcl reads them (padded-rows.h)
 * against the same colours with an opaque alpha, whose planes are
 * gathered and padded whole (padded-planes.h), for each padding. */
static void
check_padded_rows (fftcl_context *context)
{
  const PaddingKind kinds[] = { PADDING_MIRROR, PADDING_ZERO,
                                PADDING_SMOOTH };
  size_t            count   = WIDTH * HEIGHT;
  float            *rgb     = malloc (count * 3 * sizeof (float));
  float            *rgba    = malloc (count * 4 * sizeof (float));
  double            notch[3] = { 0.2, -0.1, 0.03 };
  fftcl_gain        gain    = test_gain (notch);
  fftcl_window      whole   = { 0, 0, WIDTH, HEIGHT, 1 };

  fill_source (rgb, count, 3);
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
    {
      FilteredImageSource source = {
        .pixels   = rgb,
        .layout   = { 3, 3, 0, 0 },
        .geometry = filtered_image_geometry (WIDTH, HEIGHT, &gain),
        .padding  = kinds[k],
      };
      FilteredImage *image = NULL;
      fftcl_error    err;
      float          worst = 0;
      float         *got   = malloc (count * 3 * sizeof (float));

      for (size_t i = 0; i < count; i++)
        {
          memcpy (rgba + 4 * i, rgb + 3 * i, 3 * sizeof (float));
          rgba[4 * i + 3] = 1.0f;
        }
      check (filter_once (context, &source, &gain, &whole,
                          got, &image, NULL, &err) ==
             FFTCL_OK, "RGB rows: %s", err.message);
      filtered_image_destroy (image);
      source.pixels = rgba;
      source.layout = (PixelLayout) { 4, 3, 1, 0 };
      check (filter_once (context, &source, &gain, &whole,
                          rgba, &image, NULL, &err) ==
             FFTCL_OK, "RGBA planes: %s", err.message);
      filtered_image_destroy (image);
      for (size_t i = 0; i < count; i++)
        for (size_t c = 0; c < 3; c++)
          worst = fmaxf (worst, fabsf (got[3 * i + c] - rgba[4 * i + c]));
      check (worst < 1e-5f, "padding %d: RGB padded a row at a time "
             "equals the planes padded whole (largest difference %.2g)",
             (int) kinds[k], worst);
      free (got);
    }
  free (rgba);
  free (rgb);
}

static void
check_coarse_windows (void)
{
  int    inside = 1, centred = 1;
  size_t cases  = 0;

  for (size_t factor = 1; factor <= 5; factor++)
    for (size_t step = 1; step <= 7; step++)
      for (size_t x = 0; x < 60; x += 13)
        {
          CoarseScale  scale  = { factor, (97 + factor - 1) / factor,
                                  (64 + factor - 1) / factor };
          size_t       width  = (97 - x) / step;
          size_t       height = (64 - x / 2) / step;
          fftcl_window w      = { x, x / 2, width, height, step };
          fftcl_window c      = coarse_window (&scale, &w);
          float       *copy   = malloc (scale.width * scale.height *
                                        sizeof (float));
          float       *coarse = malloc (c.width * c.height * sizeof (float));
          float       *out    = malloc (width * height * sizeof (float));

          /* Each copy pixel holds its own index. */
          for (size_t i = 0; i < scale.width * scale.height; i++)
            copy[i] = (float) i;
          for (size_t j = 0; j < c.height; j++)
            for (size_t i = 0; i < c.width; i++)
              coarse[j * c.width + i] = copy[(c.y + j * c.step) * scale.width +
                                             c.x + i * c.step];

          inside &= c.width >= 1 && c.height >= 1 &&
                    c.x + c.width * c.step <= scale.width &&
                    c.y + c.height * c.step <= scale.height;
          coarse_expand (&scale, &c, coarse, &w, 1, out);

          for (size_t j = 0; j < height && c.step == 1; j++)
            for (size_t i = 0; i < width; i++)
              {
                size_t u = (x + i * step + step / 2) / factor;
                size_t v = (x / 2 + j * step + step / 2) / factor;

                centred &= out[j * width + i] ==
                           (float) (v * scale.width + u);
              }

          cases++;
          free (out);
          free (coarse);
          free (copy);
        }

  check (inside, "%zu coarse windows lie inside their copies", cases);
  check (centred, "each expanded pixel takes the copy pixel under its "
                  "block's centre");
}

static void
check_coarse_gain (void)
{
  CoarseScale  scale      = { 4, 0, 0 };
  double       notches[6] = { 0.1, -0.05, 0.01, 0.2, 0.0, 0.02 };
  double       kept[6];
  unsigned     planes[2]  = { 6, 1 }, kept_planes[2] = { 0, 0 };
  fftcl_gain   gain       = { .large_period = 40, .small_period = 3,
                              .notches = notches, .notch_count = 2 };
  fftcl_gain   coarse     = coarse_gain (&scale, &gain, kept, kept_planes);

  check (coarse.large_period == 10 && coarse.small_period == 0.75,
         "coarse periods: %g and %g px", coarse.large_period,
         coarse.small_period);
  check (coarse.notch_count == 1 && coarse.notches == kept &&
         fabs (kept[0] - 0.4) < 1e-12 && fabs (kept[1] + 0.2) < 1e-12 &&
         fabs (kept[2] - 0.04) < 1e-12,
         "the notch at 0.1 cycles/px moves to 0.4, the one at 0.2 is "
         "beyond the copy's Nyquist frequency");
  check (coarse.notch_planes == NULL, "no planes where the gain has none");
  gain.notch_planes = planes;
  coarse            = coarse_gain (&scale, &gain, kept, kept_planes);
  check (coarse.notch_count == 1 && coarse.notch_planes == kept_planes &&
         kept_planes[0] == 6,
         "the kept notch keeps its planes (%u)", kept_planes[0]);
}

int
main (void)
{
  const OnceCase once_cases[] = {
    { "RGBA 45×31 padded", WIDTH, HEIGHT, 4, 1, 0, 0 },
    { "RGBA 32×16 unpadded", 32, 16, 4, 0, 0, 0 },
    { "RGBA 32×16 mirrored", 32, 16, 4, 0, 1, 0 },
    { "RGB 32×16 unpadded in place", 32, 16, 3, 0, 0, 1 },
  };
  fftcl_context *context;
  fftcl_error    err;

  if (fftcl_context_create (NULL, &context, &err) != FFTCL_OK)
    {
      fprintf (stderr, "%s\n", err.message);
      return 1;
    }

  check_windows (context);
  for (size_t i = 0; i < sizeof once_cases / sizeof once_cases[0]; i++)
    check_once (context, &once_cases[i]);
  check_padded_rows (context);
  check_coarse_windows ();
  check_coarse_gain ();

  fftcl_context_destroy (context);
  return check_finish ();
}
