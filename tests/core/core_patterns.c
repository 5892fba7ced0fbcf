/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The pattern finder (core/pattern-finder.h) against the known truth of
 * synthetic images, on the device FFTCL_DEVICE names:
 *
 *   - two or three waves at random oblique frequencies, 10–25/255, over a
 *     photo stand-in (also low ones, a few dozen cycles per image, on
 *     512 × 512 px): each found within a fraction of a bin, nothing
 *     else; mirrored pairs counted once (fy > 0, or fy = 0 < fx);
 *   - a wave or a disc by what the wave's removal leaves: over the photo
 *     stand-in, clean cosines of 9 and 30 px and one of 12 px drifting by
 *     10 % (which the tiles follow) stay waves, cosines of 30 and 40 px
 *     drifting by 10 and 20 % (beyond them) become discs, and through
 *     the whole filter the kind chosen leaves less from the clean
 *     picture (RMS) than the other kind there;
 *   - a beat of two cosines a bin either side of an axis: through the
 *     whole filter, the clean picture within a tenth of the pattern;
 *   - horizontal bands (scan lines), also of moderate contrast with a
 *     weaker harmonic: found on the fx = 0 axis;
 *   - a halftone print (AM screens at 15°, 75° and 45°): each screen's
 *     fundamentals and harmonics found, small_period the period; where
 *     its channels hold two inks' screens, their rosette's beats (the
 *     differences of their fundamentals) found too, and none where each
 *     holds one;
 *   - pattern-free images (white noise, 1/f texture, the photo stand-in,
 *     and a real photograph where one is installed): nothing found at the
 *     default sensitivity;
 *   - the lowest and highest frequency respected; sensitivity ordered;
 *   - sizes not powers of two, grey and RGBA, tiny images (empty, no
 *     error), arguments refused, the search from a spectrum given.
 *
 * Every image is made here from a seeded generator, except the
 * photograph: matplotlib's sample grace_hopper.jpg (Debian's
 * python3-matplotlib), read with libjpeg where both are there. */
#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "filter-once.h"
#include "pattern-finder.h"
#include "pattern-lattice.h"
#include "spectrum-source.h"

#ifdef HAVE_LIBJPEG
#include <jpeglib.h>
#endif

#define PI 3.14159265358979323846

/* Under AddressSanitizer, an allocation too large is NULL, as without
 * it, so that check_memory sees what callers see. */
const char *__asan_default_options (void);
const char *
__asan_default_options (void)
{
  return "allocator_may_return_null=1";
}

/* A wave is found where a notch lies within this many bins of the
 * image's power-of-two grid, on each axis. */
#define WITHIN_BINS 0.25

/* A halftone's small_period is its screen's period within this share. */
#define SCREEN_PERIOD_ERROR 0.03

typedef struct
{
  size_t       width, height;
  PixelLayout  layout;
  float       *pixels;
} Image;

typedef struct
{
  double fx, fy;
} Frequency;

static const PixelLayout GREY = { 1, 1, 0, 0 };
static const PixelLayout RGB  = { 3, 3, 0, 0 };
static const PixelLayout RGBA = { 4, 3, 1, 0 };

/* ---- Random numbers ------------------------------------------------- */

static uint64_t random_state;

static double
uniform (void)
{
  random_state = random_state * 6364136223846793005ull +
                 1442695040888963407ull;
  return (random_state >> 11) * 0x1p-53;
}

static double
uniform_in (double low,
            double high)
{
  return low + (high - low) * uniform ();
}

/* ---- Images --------------------------------------------------------- */

static Image
image_new (size_t            width,
           size_t            height,
           const PixelLayout *layout)
{
  Image image = { width, height, *layout, NULL };

  image.pixels = calloc (width * height * layout->components + 1,
                         sizeof (float));
  return image;
}

static float *
pixel_at (const Image *image,
          size_t       x,
          size_t       y)
{
  return image->pixels + (y * image->width + x) * image->layout.components;
}

/* Adds `value` to every colour of (x, y), opaque where there is alpha. */
static void
add_grey (Image  *image,
          size_t  x,
          size_t  y,
          double  value)
{
  float *p = pixel_at (image, x, y);

  for (size_t c = 0; c < image->layout.colour_planes; c++)
    p[c] += (float) value;
  if (image->layout.has_alpha)
    p[image->layout.components - 1] = 1;
}

/* Value noise at one scale: a random lattice `spacing` px apart,
 * shifted at random, interpolated bilinearly. */
static void
add_octave (Image  *image,
            double  spacing,
            double  amplitude)
{
  size_t  nx = (size_t) (image->width / spacing) + 3;
  size_t  ny = (size_t) (image->height / spacing) + 3;
  double *lattice = malloc (nx * ny * sizeof *lattice);
  double  shift_x = uniform () * spacing, shift_y = uniform () * spacing;

  for (size_t i = 0; i < nx * ny; i++)
    lattice[i] = uniform_in (-amplitude, amplitude);

  for (size_t y = 0; y < image->height; y++)
    for (size_t x = 0; x < image->width; x++)
      {
        double gx = (x + shift_x) / spacing, gy = (y + shift_y) / spacing;
        size_t ix = (size_t) gx, iy = (size_t) gy;
        double tx = gx - ix, ty = gy - iy;
        double top = lattice[iy * nx + ix] * (1 - tx) +
                     lattice[iy * nx + ix + 1] * tx;
        double bottom = lattice[(iy + 1) * nx + ix] * (1 - tx) +
                        lattice[(iy + 1) * nx + ix + 1] * tx;

        add_grey (image, x, y, top * (1 - ty) + bottom * ty);
      }
  free (lattice);
}

/* 1/f texture: octaves whose amplitude grows with their scale. */
static void
add_texture (Image  *image,
             double  strength)
{
  for (double spacing = 2; spacing < 512; spacing *= 2)
    add_octave (image, spacing, strength * spacing / 256);
}

static void
add_white_noise (Image  *image,
                 double  amplitude)
{
  for (size_t y = 0; y < image->height; y++)
    for (size_t x = 0; x < image->width; x++)
      add_grey (image, x, y, uniform_in (-amplitude, amplitude));
}

/* Objects with hard edges: discs and rectangles, and text-like strokes
 * (short dark bars, horizontal and vertical, in lines). */
static void
add_shapes (Image *image)
{
  double w = image->width, h = image->height;

  for (int s = 0; s < 12; s++)
    {
      double cx = uniform_in (0, w), cy = uniform_in (0, h);
      double r  = uniform_in (0.03, 0.15) * fmin (w, h);
      double step = uniform_in (-0.25, 0.25);
      int    disc = s % 2;

      for (size_t y = 0; y < image->height; y++)
        for (size_t x = 0; x < image->width; x++)
          if (disc ? (x - cx) * (x - cx) + (y - cy) * (y - cy) < r * r :
                     fabs (x - cx) < r && fabs (y - cy) < 0.6 * r)
            add_grey (image, x, y, step);
    }

  for (double line = uniform_in (0.1, 0.2) * h; line < 0.4 * h;
       line += uniform_in (14, 20))
    for (double x0 = 0.1 * w; x0 < 0.6 * w; x0 += uniform_in (4, 9))
      {
        int    vertical = uniform () < 0.5;
        size_t length   = (size_t) uniform_in (4, 10);

        for (size_t k = 0; k < length; k++)
          add_grey (image, (size_t) x0 + (vertical ? 0 : k),
                    (size_t) line + (vertical ? k : 0), -0.3);
      }
}

/* Soft light, objects, text and texture at many scales, and sensor
 * noise: a photograph's spectrum, falling as 1/f, without a pattern. */
static Image
photo_stand_in (size_t             width,
                size_t             height,
                const PixelLayout *layout,
                uint64_t           seed)
{
  Image image = image_new (width, height, layout);

  random_state = seed;
  for (size_t y = 0; y < height; y++)
    for (size_t x = 0; x < width; x++)
      add_grey (&image, x, y, 0.4 + 0.2 * x / width - 0.1 * y / height);
  add_shapes (&image);
  add_texture (&image, 0.15);
  add_white_noise (&image, 0.02);
  return image;
}

static void
add_wave (Image     *image,
          Frequency  f,
          double     amplitude,
          double     phase)
{
  for (size_t y = 0; y < image->height; y++)
    for (size_t x = 0; x < image->width; x++)
      add_grey (image, x, y,
                amplitude * cos (2 * PI * (f.fx * x + f.fy * y) + phase));
}

/* ---- Looking ------------------------------------------------------- */

/* The power of two ≥ n. */
static size_t
grid_of (size_t n)
{
  return n > 1 ? (size_t) 1 << (size_t) ceil (log2 ((double) n)) : 1;
}

/* The image's power-of-two grid's bin, cycles/px, on its longer side. */
static double
bin_of (const Image *image)
{
  return 1.0 / grid_of (image->width > image->height ? image->width :
                                                       image->height);
}

static fftcl_status
find (fftcl_context       *context,
      const Image         *image,
      const PatternSearch *search,
      PatternsFound       *found,
      fftcl_error         *err)
{
  return patterns_find (context, image->pixels, &image->layout, image->width,
                        image->width, image->height, search, NULL, found,
                        err);
}

static Frequency
half_plane (Frequency f)
{
  if (f.fy < 0 || (f.fy == 0 && f.fx < 0))
    return (Frequency) { -f.fx, -f.fy };
  return f;
}

/* The distance of notch i from f, in cycles/px. */
static double
distance_to (const PatternsFound *found,
             size_t               i,
             Frequency            f)
{
  Frequency h = half_plane (f);

  return hypot (found->notches[3 * i] - h.fx, found->notches[3 * i + 1] - h.fy);
}

/* The notch nearest f; found->count when there is none. */
static size_t
nearest (const PatternsFound *found,
         Frequency            f)
{
  size_t best = found->count;

  for (size_t i = 0; i < found->count; i++)
    if (best == found->count ||
        distance_to (found, i, f) < distance_to (found, best, f))
      best = i;
  return best;
}

/* How far notch i lies from f, in bins of the image's grid along x or
 * along y, whichever is further. */
static double
bins_off (const PatternsFound *found,
          size_t               i,
          Frequency            f,
          const Image         *image)
{
  Frequency h = half_plane (f);

  return fmax (fabs (found->notches[3 * i] - h.fx) * grid_of (image->width),
               fabs (found->notches[3 * i + 1] - h.fy) *
                 grid_of (image->height));
}

static void
print_found (const PatternsFound *found)
{
  for (size_t i = 0; i < found->count; i++)
    printf ("       found (%.6f, %.6f) r %.6f\n", found->notches[3 * i],
            found->notches[3 * i + 1], found->notches[3 * i + 2]);
}

static int
all_in_half_plane (const PatternsFound *found)
{
  for (size_t i = 0; i < found->count; i++)
    {
      double fx = found->notches[3 * i], fy = found->notches[3 * i + 1];

      if (! (fy > 0 || (fy == 0 && fx > 0)) || fabs (fx) > 0.5 || fy > 0.5)
        return 0;
    }
  return 1;
}

static int
radii_fit (const PatternsFound *found,
           const Image         *image)
{
  double least = 0.5 * bin_of (image);

  for (size_t i = 0; i < found->count; i++)
    if (! (found->notches[3 * i + 2] == 0 ||
           (found->notches[3 * i + 2] >= least &&
            found->notches[3 * i + 2] < 0.05)))
      return 0;
  return 1;
}

/* ---- The cases ------------------------------------------------------ */

/* A frequency of lowest … highest cycles/px, off the axes. */
static Frequency
random_oblique (double lowest,
                double highest)
{
  for (;;)
    {
      double    f     = uniform_in (lowest, highest);
      double    angle = uniform_in (0, PI);
      Frequency w     = { f * cos (angle), f * sin (angle) };

      if (fabs (w.fx) > 0.02 && fabs (w.fy) > 0.02)
        return w;
    }
}

static void
check_waves (fftcl_context     *context,
             size_t             width,
             size_t             height,
             const PixelLayout *layout,
             uint64_t           seed,
             double             lowest,
             double             highest)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  Image               image  = photo_stand_in (width, height, layout, seed);
  int                 waves  = 2 + (int) (seed % 2);
  Frequency           truth[3];
  PatternsFound       found;
  fftcl_error         err;
  size_t              matched = 0;
  double              worst = 0;

  for (int w = 0; w < waves; w++)
    {
      truth[w] = random_oblique (lowest, highest);
      add_wave (&image, truth[w], uniform_in (10, 25) / 255,
                uniform_in (0, 2 * PI));
    }

  if (! check (find (context, &image, &search, &found, &err) == FFTCL_OK,
               "%zu×%zu, %zu components, seed %llu: search runs", width,
               height, layout->components, (unsigned long long) seed))
    {
      printf ("       %s\n", err.message);
      free (image.pixels);
      return;
    }

  for (int w = 0; w < waves; w++)
    {
      size_t i = nearest (&found, truth[w]);

      if (i < found.count)
        {
          double off = bins_off (&found, i, truth[w], &image);

          worst = fmax (worst, off);
          matched += off <= WITHIN_BINS;
        }
    }
  if (! check (matched == (size_t) waves && found.count == (size_t) waves,
               "%d waves: each found within %.2f bins (worst %.3f), "
               "%zu notches", waves, WITHIN_BINS, worst, found.count))
    {
      for (int w = 0; w < waves; w++)
        printf ("       truth (%.6f, %.6f)\n", half_plane (truth[w]).fx,
                half_plane (truth[w]).fy);
      print_found (&found);
    }
  check (all_in_half_plane (&found) && radii_fit (&found, &image),
         "   one of each mirrored pair, radii from half a bin, no halftone "
         "(small_period %g)", found.small_period);
  check (found.small_period == 0, "   no halftone");

  patterns_found_clear (&found);
  free (image.pixels);
}

/* Bands along an axis: horizontal scan lines (a wave of 6.7 px down),
 * interlaced rows (every other row lighter: ½ cycle/px, the Nyquist
 * frequency) and vertical stripes of 5.3 px: each found on its axis,
 * alone. */
static void
check_scan_lines (fftcl_context *context)
{
  const PatternSearch search  = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  const Frequency     bands[] = { { 0, 1 / 6.7 }, { 0, 0.5 },
                                  { 1 / 5.3, 0 } };

  for (size_t b = 0; b < sizeof bands / sizeof bands[0]; b++)
    {
      Image         image = photo_stand_in (900, 700, &RGB, 41 + b);
      PatternsFound found;
      fftcl_error   err;

      add_wave (&image, bands[b], 20.0 / 255, 0);
      find (context, &image, &search, &found, &err);
      if (! check (found.count == 1 &&
                   (bands[b].fx == 0 ? found.notches[0] == 0 :
                                       found.notches[1] == 0) &&
                   bins_off (&found, 0, bands[b], &image) <= WITHIN_BINS,
                   "bands at (%g, %g): found on the axis, alone",
                   bands[b].fx, bands[b].fy))
        print_found (&found);
      patterns_found_clear (&found);
      free (image.pixels);
    }
}

/* Scan lines of moderate contrast with a weaker harmonic, on a small
 * image (as tests/gimp/gimp_patterns.py makes them): 18/255 at 6.4 px down
 * and 8/255 at 3.2 px, both found on the fx = 0 axis, nothing else. */
static void
check_scan_harmonics (fftcl_context *context)
{
  const PatternSearch search  = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  const Frequency     bands[] = { { 0, 1 / 6.4 }, { 0, 2 / 6.4 } };
  const double        level[] = { 18.0 / 255, 8.0 / 255 };

  for (uint64_t seed = 61; seed <= 63; seed++)
    {
      Image         image = photo_stand_in (352, 416, &RGB, seed);
      PatternsFound found;
      fftcl_error   err;
      int           on_axis = 1;

      for (size_t b = 0; b < 2; b++)
        add_wave (&image, bands[b], level[b], 0.5 * b);
      find (context, &image, &search, &found, &err);
      for (size_t b = 0; b < 2; b++)
        on_axis = on_axis && nearest (&found, bands[b]) < found.count &&
                  found.notches[3 * nearest (&found, bands[b])] == 0 &&
                  bins_off (&found, nearest (&found, bands[b]), bands[b],
                            &image) <= WITHIN_BINS;
      if (! check (found.count == 2 && on_axis,
                   "scan lines of 18/255 and 8/255 at 6.4 and 3.2 px, "
                   "seed %llu: both found on the axis, nothing else",
                   (unsigned long long) seed))
        print_found (&found);
      patterns_found_clear (&found);
      free (image.pixels);
    }
}

/* A halftone print of the photo stand-in: per ink, a screen of round
 * dots at `angle`, `period` px, whose size follows the ink's tone; the
 * paper darkened where a dot covers it, in the ink's own channel, and
 * where `spill` > 0 also in the channel before it, which keeps 1 − spill
 * of the light there (so that a channel holds two screens, multiplied);
 * the scanner's blur (a 3 × 3 binomial) and noise over it. */
static Image
halftone_print (size_t       width,
                size_t       height,
                double       period,
                const double angles[3],
                double       spill)
{
  Image  tone  = photo_stand_in (width, height, &GREY, 77);
  Image  print = image_new (width, height, &RGB);
  Image  blur  = image_new (width, height, &RGB);

  for (size_t y = 0; y < height; y++)
    for (size_t x = 0; x < width; x++)
      {
        int covered[3];

        for (size_t ink = 0; ink < 3; ink++)
          {
            double t  = fmin (1, fmax (0, *pixel_at (&tone, x, y)));
            double c  = cos (angles[ink] * PI / 180);
            double s  = sin (angles[ink] * PI / 180);
            double su = (c * x + s * y) / period;
            double sv = (-s * x + c * y) / period;
            double spot = 0.5 + 0.25 * (cos (2 * PI * su) +
                                        cos (2 * PI * sv));

            covered[ink] = spot < 1 - t;
          }
        for (size_t ink = 0; ink < 3; ink++)
          pixel_at (&print, x, y)[ink] =
            (float) ((covered[ink] ? 0.1 : 0.95) *
                     (covered[(ink + 1) % 3] ? 1 - spill : 1));
      }

  random_state = 5;
  for (size_t y = 1; y + 1 < height; y++)
    for (size_t x = 1; x + 1 < width; x++)
      for (size_t c = 0; c < 3; c++)
        {
          double sum = 0;

          for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++)
              sum += (2 - abs (dx)) * (2 - abs (dy)) *
                     pixel_at (&print, x + dx, y + dy)[c];
          pixel_at (&blur, x, y)[c] = (float) (sum / 16 +
                                               uniform_in (-0.02, 0.02));
        }

  free (tone.pixels);
  free (print.pixels);
  return blur;
}

static void
check_halftone (fftcl_context *context,
                double         period)
{
  const PatternSearch search   = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  const double        angles[] = { 15, 75, 45 };
  Image               image    = halftone_print (1200, 900, period, angles,
                                                 0);
  PatternsFound       found;
  fftcl_error         err;
  int                 fundamentals = 0, harmonics = 0;

  if (! check (find (context, &image, &search, &found, &err) == FFTCL_OK,
               "halftone of %g px: search runs", period))
    return;
  for (int ink = 0; ink < 3; ink++)
    {
      double    c = cos (angles[ink] * PI / 180) / period;
      double    s = sin (angles[ink] * PI / 180) / period;
      Frequency a = { c, s }, b = { -s, c };
      Frequency sum = { a.fx + b.fx, a.fy + b.fy };
      Frequency difference = { a.fx - b.fx, a.fy - b.fy };
      Frequency points[] = { a, b, sum, difference };

      for (int p = 0; p < 4; p++)
        {
          size_t i = nearest (&found, points[p]);
          int    hit = i < found.count &&
                       distance_to (&found, i, points[p]) <=
                         2 * bin_of (&image);

          if (p < 2)
            fundamentals += hit;
          else
            harmonics += hit;
        }
    }
  if (! check (fundamentals == 6 && harmonics >= 3,
               "halftone of %g px: %d of 6 fundamentals, %d of 6 diagonal "
               "harmonics (at least 3), %zu notches", period, fundamentals,
               harmonics, found.count))
    print_found (&found);
  check (fabs (found.small_period / (PATTERN_CUTOFF_PER_PERIOD * period) -
              1) <= SCREEN_PERIOD_ERROR,
         "halftone of %g px: small_period %g, %g of the screen's period "
         "within %g", period, found.small_period, PATTERN_CUTOFF_PER_PERIOD,
         SCREEN_PERIOD_ERROR);
  check (all_in_half_plane (&found), "halftone: one of each mirrored pair");
  patterns_found_clear (&found);
  free (image.pixels);
}

/* Beats shorter than this share of a fundamental are the rosette's; one
 * as long is another screen's fundamental where the screens lie 60°
 * apart (15° and 75°: 45°'s). */
#define ROSETTE_SHORTER 0.9

/* The rosette of a print whose channels hold two screens each (spill >
 * 0): the differences of the fundamentals of each two inks' screens
 * shorter than a fundamental, a_s − a_t by the formula, are found where
 * they beat; where every channel holds one screen (spill 0) they are in
 * no channel's spectrum, and none is notched. */
static void
check_rosette (fftcl_context *context,
               double         period,
               double         spill)
{
  const PatternSearch search   = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  const double        angles[] = { 15, 75, 45 };
  Image               image    = halftone_print (1200, 900, period, angles,
                                                 spill);
  PatternsFound       found;
  fftcl_error         err;
  int                 beats = 0, hits = 0;

  if (! check (find (context, &image, &search, &found, &err) == FFTCL_OK,
               "rosette of %g px, spill %g: search runs", period, spill))
    return;
  for (int s = 0; s < 3; s++)
    for (int t = s + 1; t < 3; t++)
      for (int i = 0; i < 4; i++)
        for (int j = 0; j < 2; j++)
          {
            double    from = (angles[s] + 90 * i) * PI / 180;
            double    to   = (angles[t] + 90 * j) * PI / 180;
            Frequency beat = { (cos (from) - cos (to)) / period,
                               (sin (from) - sin (to)) / period };
            size_t    k;

            if (hypot (beat.fx, beat.fy) >= ROSETTE_SHORTER / period)
              continue;
            beats++;
            k     = nearest (&found, beat);
            hits += k < found.count &&
                    distance_to (&found, k, beat) <= 2 * bin_of (&image);
          }
  if (! check (spill > 0 ? hits == beats : hits == 0,
               "rosette of %g px, spill %g: %d of its %d beats notched "
               "(%s), %zu notches", period, spill, hits, beats,
               spill > 0 ? "all" : "none", found.count))
    print_found (&found);
  patterns_found_clear (&found);
  free (image.pixels);
}

static void
check_nothing (fftcl_context *context,
               const Image   *image,
               const char    *what)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  PatternsFound       found;
  fftcl_error         err;
  fftcl_status        status = find (context, image, &search, &found, &err);

  if (! check (status == FFTCL_OK && found.count == 0 &&
               found.small_period == 0 && found.notches == NULL,
               "%s: nothing found (%zu)", what, found.count))
    print_found (&found);
  patterns_found_clear (&found);
}

static void
check_pattern_free (fftcl_context *context)
{
  Image noise = image_new (1000, 800, &GREY);
  Image texture = image_new (1000, 800, &RGB);

  random_state = 3;
  add_white_noise (&noise, 0.2);
  check_nothing (context, &noise, "white noise");
  add_texture (&texture, 0.3);
  check_nothing (context, &texture, "1/f texture");
  free (noise.pixels);
  free (texture.pixels);

  for (uint64_t seed = 1; seed <= 4; seed++)
    {
      Image photo = photo_stand_in (1100 + 37 * seed, 800, &RGB, seed);
      char  what[64];

      snprintf (what, sizeof what, "photo stand-in %llu",
                (unsigned long long) seed);
      check_nothing (context, &photo, what);
      free (photo.pixels);
    }
}

#ifdef HAVE_LIBJPEG
/* An 8-bit JPEG as RGB floats in 0 … 1; pixels NULL when unreadable. */
static Image
read_jpeg (const char *path)
{
  struct jpeg_decompress_struct info;
  struct jpeg_error_mgr         errors;
  FILE                         *file  = fopen (path, "rb");
  Image                         image = { 0, 0, RGB, NULL };
  unsigned char                *row;

  if (! file)
    return image;
  info.err = jpeg_std_error (&errors);
  jpeg_create_decompress (&info);
  jpeg_stdio_src (&info, file);
  jpeg_read_header (&info, TRUE);
  info.out_color_space = JCS_RGB;
  jpeg_start_decompress (&info);
  image = image_new (info.output_width, info.output_height, &RGB);
  row   = malloc (3 * info.output_width);
  while (info.output_scanline < info.output_height)
    {
      size_t y = info.output_scanline;

      jpeg_read_scanlines (&info, &row, 1);
      for (size_t i = 0; i < 3 * image.width; i++)
        image.pixels[3 * y * image.width + i] = row[i] / 255.0f;
    }
  jpeg_finish_decompress (&info);
  jpeg_destroy_decompress (&info);
  free (row);
  fclose (file);
  return image;
}
#endif

static void
check_photograph (fftcl_context *context)
{
#ifdef HAVE_LIBJPEG
  const char *path =
    "/usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg";
  Image       photo = read_jpeg (path);

  if (photo.pixels)
    {
      check_nothing (context, &photo, "grace_hopper.jpg");
      free (photo.pixels);
      return;
    }
  printf ("note %s is not there: no photograph checked\n", path);
#else
  (void) context;
  printf ("note built without libjpeg: no photograph checked\n");
#endif
}

/* A wave at 0.05 and one at 0.3 cycles/px: without limits both are
 * found; each limit leaves out the one beyond it. */
static void
check_limits (fftcl_context *context)
{
  const Frequency low = { 0.03, 0.04 }, high = { -0.2, 0.224 };
  const struct
  {
    double    lowest, highest;
    size_t    count;
    Frequency kept;
  } cases[] = {
    { 0, 0, 2, low }, { 0.1, 0, 1, high }, { 0, 0.2, 1, low },
  };
  Image image = photo_stand_in (800, 600, &GREY, 9);

  add_wave (&image, low, 20.0 / 255, 0);
  add_wave (&image, high, 20.0 / 255, 1);
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    {
      PatternSearch search = { PATTERN_SENSITIVITY_DEFAULT, cases[c].lowest,
                               cases[c].highest };
      PatternsFound found;
      fftcl_error   err;
      size_t        i;

      find (context, &image, &search, &found, &err);
      i = nearest (&found, cases[c].kept);
      if (! check (found.count == cases[c].count && i < found.count &&
                   distance_to (&found, i, cases[c].kept) < bin_of (&image),
                   "lowest_frequency %g, highest_frequency %g: %zu wave(s) "
                   "found", cases[c].lowest, cases[c].highest,
                   cases[c].count))
        print_found (&found);
      patterns_found_clear (&found);
    }
  free (image.pixels);
}

/* Weaker waves need a higher sensitivity; a strong one is found at 0. */
static void
check_sensitivity (fftcl_context *context)
{
  Image         image = photo_stand_in (800, 600, &GREY, 11);
  Frequency     strong = { 0.11, 0.13 }, faint = { -0.27, 0.09 };
  PatternSearch search = { .sensitivity = 0 };
  PatternsFound at_0, at_50, at_100;
  fftcl_error   err;

  add_wave (&image, strong, 60.0 / 255, 0);
  add_wave (&image, faint, 1.0 / 255, 0);
  find (context, &image, &search, &at_0, &err);
  search.sensitivity = 50;
  find (context, &image, &search, &at_50, &err);
  search.sensitivity = 100;
  find (context, &image, &search, &at_100, &err);
  check (at_0.count >= 1 && nearest (&at_0, strong) == 0 &&
         at_0.count <= at_50.count && at_50.count <= at_100.count,
         "sensitivity 0, 50, 100: %zu ≤ %zu ≤ %zu notches, the strong wave "
         "at 0", at_0.count, at_50.count, at_100.count);
  check (at_100.count >= 2 && nearest (&at_100, faint) < at_100.count &&
         distance_to (&at_100, nearest (&at_100, faint), faint) <
           bin_of (&image),
         "sensitivity 100 finds a wave of 1/255 too");
  patterns_found_clear (&at_0);
  patterns_found_clear (&at_50);
  patterns_found_clear (&at_100);
  free (image.pixels);
}

static void
check_tiny (fftcl_context *context)
{
  const PatternSearch search = { .sensitivity = 100 };
  const size_t        sizes[][2] = { { 1, 1 }, { 3, 5 }, { 2, 64 },
                                     { 64, 2 }, { 13, 13 }, { 17, 31 } };

  for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
    {
      Image         image = image_new (sizes[s][0], sizes[s][1], &RGBA);
      PatternsFound found;
      fftcl_error   err;

      random_state = s;
      add_white_noise (&image, 0.5);
      check (find (context, &image, &search, &found, &err) == FFTCL_OK &&
             found.count == 0 && found.notches == NULL,
             "%zu×%zu RGBA: empty, no error", sizes[s][0], sizes[s][1]);
      patterns_found_clear (&found);
      free (image.pixels);
    }
}

static void
check_refused (fftcl_context *context)
{
  const PatternSearch good = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  const PatternSearch bad[] = {
    { NAN, 0, 0 }, { 50, -0.1, 0 }, { 50, 0, INFINITY },
  };
  Image         image = photo_stand_in (64, 64, &GREY, 1);
  float         amplitude[64] = { 0 };
  PatternsFound found;
  fftcl_error   err;

  for (size_t b = 0; b < sizeof bad / sizeof bad[0]; b++)
    check (find (context, &image, &bad[b], &found, &err) ==
             FFTCL_ERROR_ARGUMENT && found.count == 0 && err.message[0],
           "search (%g, %g, %g) refused: %s", bad[b].sensitivity,
           bad[b].lowest_frequency, bad[b].highest_frequency, err.message);
  check (patterns_find_in_spectrum (amplitude, 8, 8, 4, 8, 4, 8, &good,
                                    NULL, &found, &err) ==
           FFTCL_ERROR_ARGUMENT,
         "cells beyond the grid refused: %s", err.message);
  check (patterns_find_in_spectrum (amplitude, 8, 6, 8, 8, 8, 8, &good,
                                    NULL, &found, &err) ==
           FFTCL_ERROR_ARGUMENT,
         "cells not a power of two refused: %s", err.message);
  free (image.pixels);
}

/* An image wider than the 4096 pixels the spectrum is read from: its
 * centre is searched, and the wave found within a quarter of a bin of
 * that crop's grid. */
static void
check_wide (fftcl_context *context)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  const Frequency     wave   = { 0.1713, -0.0871 };
  Image               image  = photo_stand_in (4500, 300, &GREY, 51);
  PatternsFound       found;
  fftcl_error         err;

  add_wave (&image, wave, 20.0 / 255, 0.5);
  find (context, &image, &search, &found, &err);
  if (! check (found.count == 1 &&
               fabs (found.notches[0] - half_plane (wave).fx) <= 0.25 / 4096 &&
               fabs (found.notches[1] - half_plane (wave).fy) <= 0.25 / 512,
               "4500×300, read from its centre 4096 wide: the wave found "
               "within a quarter of a bin"))
    print_found (&found);
  patterns_found_clear (&found);
  free (image.pixels);
}

/* A standard normal number (Box and Muller). */
static double
normal (void)
{
  double u = uniform ();

  return sqrt (-2.0 * log (1.0 - u)) * cos (2 * PI * uniform ());
}

/* The stated false-alarm rate (pattern-finder.c): NFA_AT_DEFAULT, 1
 * false peak per image at sensitivity 50, where a cell's standout, in
 * the plane's noise scales, is standard normal. Over SPECTRA random
 * spectra of 256 × 256 cells (a) whose log amplitudes are independent
 * standard normal numbers, the stated null itself, the peaks found are
 * at most SPECTRA · 1 within a Poisson bound (mean + 3.1 √mean, a chance
 * of 10⁻³ to pass it at that mean) and at least a quarter of it, so the
 * rate is neither broken nor far from what happens; (b) of speckle
 * (Rayleigh amplitudes: a complex normal spectrum over a flat
 * background), whose tail is far lighter, within the same bound. Peaks
 * are the notches off the axes' bands (the axes have thresholds of
 * their own, pattern-peaks.c): candidates near the centre are the
 * pixels' to judge (pattern-confirm.c). */
#define SPECTRA 40

static void
check_stated_rate (void)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  const size_t        side   = 256;
  const double        mean   = SPECTRA * 1.0;
  const double        bound  = mean + 3.1 * sqrt (mean);
  float              *amplitude = malloc (side * side * sizeof *amplitude);
  size_t              peaks[2] = { 0, 0 };

  random_state = 41;
  for (int law = 0; law < 2 && amplitude; law++)
    for (int n = 0; n < SPECTRA; n++)
      {
        PatternsFound found;
        fftcl_error   err;

        for (size_t i = 0; i < side * side; i++)
          amplitude[i] = law == 0 ? (float) exp (normal ()) :
                                    (float) sqrt (-log (1.0 - uniform ()));
        if (patterns_find_in_spectrum (amplitude, side, side, side, side,
                                       side, side, &search, NULL, &found,
                                       &err) == FFTCL_OK)
          for (size_t i = 0; i < found.count; i++)
            peaks[law] += fabs (found.notches[3 * i]) * side > 2.5 &&
                          fabs (found.notches[3 * i + 1]) * side > 2.5;
        patterns_found_clear (&found);
      }
  check (amplitude && peaks[0] <= bound && peaks[0] >= mean / 4,
         "normal log amplitudes, %d spectra: %zu false peaks, stated %.0f "
         "(%.0f … %.0f)", SPECTRA, peaks[0], mean, mean / 4, bound);
  check (amplitude && peaks[1] <= bound,
         "speckle, %d spectra: %zu false peaks, at most %.0f", SPECTRA,
         peaks[1], bound);
  free (amplitude);
}

/* The stated false-alarm rate on the axes (pattern-finder.c): each axis
 * is a search of its own at the same stated NFA, 1 per image at
 * sensitivity 50, with no cell passing by chance more often than 10⁻³.
 * An axis of these 256 × 256 cell spectra of a 256 px image searches
 * its cells from 6 cycles (the floor) to 128, N = 123 of them, so
 * min (1, N · 10⁻³) = 0.123 false peaks per axis are stated. Each
 * spectrum holds the image's leakage cross: the axes' amplitudes raised
 * by 50 / (1 + i / 8) at i cells from the centre, times the noise. Over
 * AXIS_SPECTRA spectra of independent normal log amplitudes (the stated
 * null), the axis peaks found are within the stated count's Poisson
 * bound and at least a quarter of it; of speckle, within the bound.
 * Then five harmonics of a scan line on the fx = 0 axis, the cross's
 * level times e⁷ (7 noise scales) at 20, 40 … 100 cells, a pattern that
 * fills its axis's top cells: every one is found in every spectrum. */
#define AXIS_SPECTRA 80
#define AXIS_CELLS   123
#define HARMONICS    5

static double
cross_gain (size_t u,
            size_t v,
            size_t side)
{
  size_t c   = side / 2;
  size_t off = u == c ? (v > c ? v - c : c - v) : (u > c ? u - c : c - u);

  return u == c || v == c ? 50.0 / (1.0 + off / 8.0) : 1.0;
}

/* How many of the notches lie on an axis, and how many of those at the
 * harmonics of check_axes_stated_rate. */
static void
count_axis_peaks (const PatternsFound *found,
                  size_t               side,
                  size_t              *on_axes,
                  size_t              *harmonics)
{
  for (size_t i = 0; i < found->count; i++)
    {
      double fx = fabs (found->notches[3 * i]) * side;
      double fy = fabs (found->notches[3 * i + 1]) * side;
      double k  = fy / 20.0;

      if (fx != 0 && fy != 0)
        continue;
      if (fx == 0 && fabs (k - round (k)) * 20.0 < 0.5 && round (k) >= 1 &&
          round (k) <= HARMONICS)
        (*harmonics)++;
      else
        (*on_axes)++;
    }
}

static void
check_axes_stated_rate (void)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  const size_t        side   = 256;
  const double        mean   = AXIS_SPECTRA * 2 * fmin (1.0,
                                                         AXIS_CELLS * 1e-3);
  const double        bound  = mean + 3.1 * sqrt (mean);
  float              *amplitude = malloc (side * side * sizeof *amplitude);
  size_t              peaks[3] = { 0, 0, 0 }, harmonics[3] = { 0, 0, 0 };

  random_state = 43;
  for (int law = 0; law < 3 && amplitude; law++)
    for (int n = 0; n < AXIS_SPECTRA; n++)
      {
        PatternsFound found;
        fftcl_error   err;

        for (size_t v = 0; v < side; v++)
          for (size_t u = 0; u < side; u++)
            amplitude[v * side + u] =
              (float) (cross_gain (u, v, side) *
                       (law == 1 ? sqrt (-log (1.0 - uniform ())) :
                                   exp (normal ())));
        for (size_t h = 1; law == 2 && h <= HARMONICS; h++)
          {
            size_t at = (side / 2 + 20 * h) * side + side / 2;
            size_t mirror = (side / 2 - 20 * h) * side + side / 2;

            amplitude[at]     = (float) (exp (7.0) *
                                         cross_gain (side / 2,
                                                     side / 2 + 20 * h,
                                                     side));
            amplitude[mirror] = amplitude[at];
          }
        if (patterns_find_in_spectrum (amplitude, side, side, side, side,
                                       side, side, &search, NULL, &found,
                                       &err) == FFTCL_OK)
          count_axis_peaks (&found, side, &peaks[law], &harmonics[law]);
        patterns_found_clear (&found);
      }
  check (amplitude && peaks[0] <= bound && peaks[0] >= mean / 4,
         "normal log amplitudes and a leakage cross, %d spectra: %zu false "
         "axis peaks, stated %.1f (%.1f … %.1f)", AXIS_SPECTRA, peaks[0],
         mean, mean / 4, bound);
  check (amplitude && peaks[1] <= bound,
         "speckle and a leakage cross, %d spectra: %zu false axis peaks, at "
         "most %.1f", AXIS_SPECTRA, peaks[1], bound);
  check (amplitude && harmonics[2] == AXIS_SPECTRA * HARMONICS &&
         peaks[2] <= bound,
         "a scan line's %d harmonics on an axis, %d spectra: %zu of %d "
         "found, %zu other axis peaks (at most %.1f)", HARMONICS,
         AXIS_SPECTRA, harmonics[2], AXIS_SPECTRA * HARMONICS, peaks[2],
         bound);
  free (amplitude);
}

/* Small and hostile spectra given to the search: coarse cells of large
 * grids, and amplitudes of zero, NaN, infinity and FLT_MAX among random
 * ones. It runs, and whatever it finds is one of each mirrored pair. */
static void
check_odd_spectra (void)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_MAX };
  const float         odd[]  = { 0, NAN, INFINITY, FLT_MAX, 1e-38f };
  int                 ok     = 1;

  random_state = 17;
  for (size_t cells = 4; cells <= 256; cells *= 4)
    for (size_t grid = cells; grid <= 4 * cells; grid *= 2)
      {
        float         *amplitude = malloc (cells * cells * sizeof *amplitude);
        PatternsFound  found;
        fftcl_error    err;

        for (size_t i = 0; i < cells * cells; i++)
          amplitude[i] = uniform () < 0.1 ? odd[i % 5] : (float) uniform ();
        ok &= patterns_find_in_spectrum (amplitude, cells, cells, grid, grid,
                                         grid - 1, grid / 2 + 1, &search, NULL,
                                         &found, &err) == FFTCL_OK &&
              all_in_half_plane (&found);
        patterns_found_clear (&found);
        free (amplitude);
      }
  check (ok, "spectra of 4 … 256 cells, of grids up to 4 times finer, with "
         "zeros, NaN, inf and FLT_MAX: searched, found in the half plane");
}

/* Pixels a float layer may hold: NaN and ±inf colour and a NaN alpha
 * count as transparent, so one wave among them is found as without
 * them. */
static void
check_non_finite_pixels (fftcl_context *context)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  const Frequency     wave   = { 0.13, 0.07 };
  const float         odd[]  = { NAN, INFINITY, -INFINITY };
  Image               image  = photo_stand_in (400, 300, &RGBA, 23);
  PatternsFound       found;
  fftcl_error         err;
  fftcl_status        status;

  add_wave (&image, wave, 20.0 / 255, 0);
  for (size_t i = 0; i < 3; i++)
    image.pixels[((40 + 90 * i) * 400 + 7 + i) * RGBA.components] = odd[i];
  image.pixels[(150 * 400 + 200) * RGBA.components + 3] = NAN;
  status = find (context, &image, &search, &found, &err);
  if (! check (status == FFTCL_OK && found.count == 1 &&
               bins_off (&found, 0, wave, &image) <= WITHIN_BINS,
               "NaN, inf and -inf colour and a NaN alpha: the wave found, "
               "alone (%zu notches)", found.count))
    print_found (&found);
  patterns_found_clear (&found);
  free (image.pixels);
}

/* A splitter that hands out the rows in three uneven parts, last first,
 * as threads might. */
static void
split_in_three (size_t      rows,
                RowWork     work,
                const void *job)
{
  size_t first = rows / 7, second = rows / 2;

  work (job, second, rows);
  work (job, first, second);
  work (job, 0, first);
}

/* The search split over rows finds what it finds in one piece. */
static void
check_split (fftcl_context *context)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  Image               image  = photo_stand_in (1000, 700, &RGB, 31);
  PatternsFound       whole, split;
  fftcl_error         err;
  double              worst = 0;

  add_wave (&image, (Frequency) { 0.21, 0.17 }, 15.0 / 255, 0);
  add_wave (&image, (Frequency) { -0.05, 0.31 }, 15.0 / 255, 0);
  add_wave (&image, (Frequency) { 0, 1 / 9.3 }, 15.0 / 255, 0);
  find (context, &image, &search, &whole, &err);
  patterns_find (context, image.pixels, &image.layout, image.width,
                 image.width, image.height, &search, split_in_three, &split,
                 &err);
  for (size_t i = 0; i < 3 * whole.count && whole.count == split.count; i++)
    worst = fmax (worst, fabs (whole.notches[i] - split.notches[i]));
  check (whole.count == 3 && split.count == 3 && worst < 1e-6,
         "split in three: the same %zu notches as in one piece (%zu), "
         "within %g", split.count, whole.count, worst);
  patterns_found_clear (&whole);
  patterns_found_clear (&split);
  free (image.pixels);
}

/* The formula of spectrum-source.h's taper, written out: 1 inside,
 * a raised cosine over the last min (length / 4, 32) pixels of each
 * end. */
static double
taper_formula (size_t i,
               size_t length)
{
  size_t from_end = i < length - 1 - i ? i : length - 1 - i;
  size_t ramp     = length / 4 < 32 ? length / 4 : 32;

  return from_end >= ramp ? 1.0
                          : 0.5 - 0.5 * cos (PI * (from_end + 0.5) / ramp);
}

/* The view of translucent RGBA pixels against its formula in double: the
 * values (mean colour times alpha) less their mean, tapered, zero-padded
 * to 512 × 256, the DFT's amplitude over the grid's size at cells spread
 * over the plane and at the wave; and the same view, to the bit, when its
 * passes are split in three. */
static void
check_view_formula (fftcl_context *context)
{
  const size_t  width = 300, height = 180, grid_x = 512, grid_y = 256;
  Image         image = photo_stand_in (width, height, &RGBA, 51);
  size_t        cells_x, cells_y, split_x, split_y;
  float        *view, *split;
  double       *values = malloc (width * height * sizeof *values);
  double        mean = 0, largest = 0, worst = 0;
  fftcl_error   err;

  add_wave (&image, (Frequency) { 0.1875, -0.125 }, 15.0 / 255, 0);
  for (size_t y = 0; y < height; y++)
    for (size_t x = 0; x < width; x++)
      image.pixels[(y * width + x) * 4 + 3] = 0.25f + 0.75f * x / width;
  view  = spectrum_source_amplitude (context, image.pixels, &RGBA, width,
                                     width, height, grid_x, &cells_x,
                                     &cells_y, NULL, &err);
  split = spectrum_source_amplitude (context, image.pixels, &RGBA, width,
                                     width, height, grid_x, &split_x,
                                     &split_y, split_in_three, &err);
  if (! check (view && split && values && cells_x == grid_x &&
               cells_y == grid_y && split_x == grid_x && split_y == grid_y,
               "views of %zu × %zu cells made", cells_x, cells_y))
    goto done;
  check (memcmp (view, split, grid_x * grid_y * sizeof *view) == 0,
         "the view split in three is the same to the bit");

  for (size_t y = 0; y < height; y++)
    for (size_t x = 0; x < width; x++)
      {
        const float *p = image.pixels + (y * width + x) * 4;

        values[y * width + x] = (p[0] + p[1] + p[2]) / 3.0 * p[3];
        mean += values[y * width + x];
      }
  mean /= (double) width * height;
  for (size_t c = 0; c < grid_x * grid_y; c++)
    largest = fmax (largest, view[c]);

  for (size_t n = 0; n <= 24; n++)
    {
      /* Cells spread by a step coprime to the grid; the last the wave's. */
      size_t u = n < 24 ? (n * 97 + 5) % grid_x : grid_x / 2 + 96;
      size_t v = n < 24 ? (n * 61 + 3) % grid_y : grid_y / 2 - 32;
      long   kx = (long) u - (long) grid_x / 2, ky = (long) v - (long) grid_y / 2;
      double re = 0, im = 0;

      for (size_t y = 0; y < height; y++)
        for (size_t x = 0; x < width; x++)
          {
            double a = -2 * PI * ((double) kx * x / grid_x +
                                    (double) ky * y / grid_y);
            double t = (values[y * width + x] - mean) *
                       taper_formula (x, width) * taper_formula (y, height);

            re += t * cos (a);
            im += t * sin (a);
          }
      worst = fmax (worst, fabs (hypot (re, im) / (grid_x * grid_y) -
                                 view[v * grid_x + u]));
    }
  check (worst <= 1e-5 * largest && view[(grid_y / 2 - 32) * grid_x +
                                         grid_x / 2 + 96] > 0.1 * largest,
         "the view against its formula in double: worst %.3g of the largest "
         "cell %.3g, the wave's cell standing out", worst, largest);

done:
  free (view);
  free (split);
  free (values);
  free (image.pixels);
}

/* A spectrum too large for memory: FFTCL_ERROR_MEMORY, nothing found.
 * The amplitudes are never read: the first allocation fails. */
static void
check_memory (void)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  const size_t        side   = (size_t) 1 << 31;
  float               amplitude = 0;
  PatternsFound       found;
  fftcl_error         err;

  check (patterns_find_in_spectrum (&amplitude, side, side, side, side, side,
                                    side, &search, NULL, &found, &err) ==
           FFTCL_ERROR_MEMORY &&
         found.count == 0 && found.notches == NULL && err.message[0],
         "memory running out: %s", err.message);
}

/* The same search from a spectrum made by the caller, coarser than the
 * grid: the wave found within one cell. */
static void
check_from_spectrum (fftcl_context *context)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  Image               image  = photo_stand_in (2000, 1500, &GREY, 21);
  Frequency           wave   = { 0.123, -0.211 };
  size_t              cells_x, cells_y;
  float              *amplitude;
  PatternsFound       found;
  fftcl_error         err;

  add_wave (&image, wave, 15.0 / 255, 0);
  amplitude = spectrum_source_amplitude (context, image.pixels, &GREY,
                                         2000, 2000, 1500, 1024, &cells_x,
                                         &cells_y, NULL, &err);
  if (! check (amplitude != NULL, "spectrum of 1024 cells made"))
    return;
  check (patterns_find_in_spectrum (amplitude, cells_x, cells_y, 2048, 2048,
                                    2000, 1500, &search, NULL, &found,
                                    &err) == FFTCL_OK &&
         found.count == 1 &&
         distance_to (&found, 0, wave) <= 2.0 / 2048,
         "from 1024 × 1024 cells of a 2048 grid: the wave within a cell "
         "(%zu found)", found.count);
  patterns_found_clear (&found);
  free (amplitude);
  free (image.pixels);
}

/* ---- What each kind removes --------------------------------------- */

/* Adds a chirp along the direction of `f`: along u (the position in
 * that direction, 0 at the image's first corner) its phase runs as
 * 2π(f0 u + ½ k u²), k set so that its frequency drifts by `drift`
 * (a share of f0) across the image; drift 0 is a clean cosine. */
static void
add_chirp (Image     *image,
           Frequency  f,
           double     drift,
           double     amplitude)
{
  double f0 = hypot (f.fx, f.fy), cx = f.fx / f0, cy = f.fy / f0;
  double low = fmin (0, cx * (image->width - 1)) +
               fmin (0, cy * (image->height - 1));
  double span = fabs (cx) * (image->width - 1) + fabs (cy) * (image->height - 1);
  double k = drift * f0 / span;

  for (size_t y = 0; y < image->height; y++)
    for (size_t x = 0; x < image->width; x++)
      {
        double u = cx * x + cy * y - low;

        add_grey (image, x, y,
                  amplitude * cos (2 * PI * (f0 * u + 0.5 * k * u * u)));
      }
}

/* The RMS of `image` filtered with `notches` (waves and discs, the band
 * off) from `clean`. */
static double
rms_left (fftcl_context *context,
          const Image   *image,
          const Image   *clean,
          const double  *notches,
          size_t         count)
{
  double             *waves  = malloc (2 * count * sizeof *waves + 1);
  double             *discs  = malloc (3 * count * sizeof *discs + 1);
  float              *pixels = malloc (image->width * image->height *
                                       sizeof *pixels);
  size_t              disc_count, wave_count;
  fftcl_gain          gain   = { .shape = FFTCL_SHAPE_GAUSSIAN, .order = 2,
                                 .keep_mean = 1 };
  FilteredImageSource source;
  const fftcl_window  whole  = { 0, 0, image->width, image->height, 1 };
  FilteredImage      *spent  = NULL;
  fftcl_error         err;
  double              sum    = 0;

  wave_count = fitted_waves_split (notches, count, waves, discs, &disc_count);
  gain.notches     = discs;
  gain.notch_count = disc_count;
  memcpy (pixels, image->pixels, image->width * image->height * sizeof *pixels);
  source = (FilteredImageSource) {
    .pixels   = pixels,
    .layout   = image->layout,
    .geometry = filtered_image_geometry (image->width, image->height, &gain),
    .padding  = PADDING_MIRROR,
    .waves    = { waves, wave_count },
  };
  if (filter_once (context, &source, &gain, &whole, pixels, &spent, NULL,
                   &err) != FFTCL_OK)
    {
      check (0, "filtering: %s", err.message);
      sum = INFINITY;
    }
  filtered_image_destroy (spent);
  for (size_t i = 0; i < image->width * image->height; i++)
    sum += (pixels[i] - clean->pixels[i]) * (pixels[i] - clean->pixels[i]);
  free (pixels);
  free (discs);
  free (waves);
  return sqrt (sum / (double) (image->width * image->height));
}

/* The finder's choice between a wave and a disc (pattern-confirm.c's
 * choose_kinds) against the clean picture: over the photo stand-in, a
 * cosine of `period` px drifting by `drift` across the image is found
 * as one notch, a wave where `wave`, a disc where not, and the kind
 * chosen leaves less of the pattern and takes less of the picture (the
 * RMS of the filtered image from the clean one) than the other kind
 * there (a wave for a disc; for a wave, the disc of three main lobes,
 * the finder's least). */
static void
check_kind (fftcl_context *context,
            double         period,
            double         drift,
            int            wave)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  Image               clean  = photo_stand_in (512, 512, &GREY, 11);
  Image               image  = photo_stand_in (512, 512, &GREY, 11);
  Frequency           f      = { cos (0.6) / period, sin (0.6) / period };
  PatternsFound       found;
  fftcl_error         err;
  size_t              i;
  double              chosen, other, radius;

  add_chirp (&image, f, drift, 15.0 / 255);
  if (! check (find (context, &image, &search, &found, &err) == FFTCL_OK,
               "kind: search runs"))
    {
      printf ("       %s\n", err.message);
      free (image.pixels);
      free (clean.pixels);
      return;
    }
  i = nearest (&found, f);
  if (! check (found.count == 1 && i == 0 && bins_off (&found, 0, f, &image) < 2,
               "%.0f px drifting %.0f %%: one notch there (%zu)", period,
               100 * drift, found.count))
    print_found (&found);
  else
    {
      radius = found.notches[2];
      chosen = rms_left (context, &image, &clean, found.notches, 1);
      found.notches[2] = radius == 0 ? 3.0 / 512 : 0;
      other  = rms_left (context, &image, &clean, found.notches, 1);
      check ((radius == 0) == wave && chosen < other &&
             (drift > 0 || chosen < 0.05 * 15.0 / 255 / sqrt (2)),
             "   a %s (radius %.2f bins): RMS left %.5f, as a %s %.5f "
             "(the pattern's %.5f)", radius == 0 ? "wave" : "disc",
             radius * 512, chosen, radius == 0 ? "disc" : "wave", other,
             15.0 / 255 / sqrt (2));
    }
  patterns_found_clear (&found);
  free (image.pixels);
  free (clean.pixels);
}

/* A beat straddling an axis (issue 42's (h)): cosines of 9.2 px at
 * +1.4° and 9.3 px at −1.5° over the photo stand-in, 584 × 388 px, about
 * a bin either side of the fx axis, within the axis's band, where the
 * plane's search reads only the peaks' shoulders. Through the whole
 * filter with the notches found, the image is within a tenth of the
 * pattern's RMS of the clean picture (the oracle). */
static void
check_beat_beside_axis (fftcl_context *context,
                        uint64_t       seed)
{
  const PatternSearch search = { .sensitivity = PATTERN_SENSITIVITY_DEFAULT };
  Image               clean  = photo_stand_in (584, 388, &GREY, seed);
  Image               image  = photo_stand_in (584, 388, &GREY, seed);
  Frequency           f      = { cos (1.4 * PI / 180) / 9.2,
                                 sin (1.4 * PI / 180) / 9.2 };
  Frequency           g      = { cos (-1.5 * PI / 180) / 9.3,
                                 sin (-1.5 * PI / 180) / 9.3 };
  double              pattern = sqrt ((13.0 * 13.0 + 15.0 * 15.0) / 2) / 255;
  double              left;
  PatternsFound       found;
  fftcl_error         err;

  add_wave (&image, f, 13.0 / 255, 0.3);
  add_wave (&image, g, 15.0 / 255, 1.9);
  if (check (find (context, &image, &search, &found, &err) == FFTCL_OK,
             "beat beside the axis: search runs"))
    {
      left = rms_left (context, &image, &clean, found.notches, found.count);
      if (! check (left < 0.1 * pattern,
                   "beat beside the axis (seed %llu): RMS from the clean "
                   "picture %.5f, the pattern's %.5f (%zu notches)",
                   (unsigned long long) seed, left, pattern, found.count))
        print_found (&found);
      patterns_found_clear (&found);
    }
  free (image.pixels);
  free (clean.pixels);
}

int
main (void)
{
  fftcl_context *context;
  fftcl_error    err;

  if (fftcl_context_create (NULL, &context, &err) != FFTCL_OK)
    {
      printf ("FAIL no device: %s\n", err.message);
      return 1;
    }

  check_waves (context, 1000, 750, &GREY, 1, 0.03, 0.4);
  check_waves (context, 1023, 777, &RGB, 2, 0.03, 0.4);
  check_waves (context, 640, 1100, &RGBA, 3, 0.03, 0.4);
  check_waves (context, 1500, 1000, &RGB, 4, 0.03, 0.4);
  check_waves (context, 512, 512, &RGB, 5, 0.03, 0.4);
  check_waves (context, 512, 512, &RGB, 6, 0.03, 0.4);
  check_waves (context, 512, 512, &GREY, 7, 0.03, 0.4);
  check_waves (context, 512, 512, &RGB, 8, 0.03, 0.07);
  check_waves (context, 512, 512, &RGB, 9, 0.03, 0.07);
  check_kind (context, 9.0, 0, 1);
  check_kind (context, 30.0, 0, 1);
  check_kind (context, 12.0, 0.1, 1);
  check_kind (context, 30.0, 0.1, 0);
  check_kind (context, 40.0, 0.2, 0);
  check_beat_beside_axis (context, 11);
  check_beat_beside_axis (context, 13);
  check_scan_harmonics (context);
  check_scan_lines (context);
  check_halftone (context, 5.0);
  check_halftone (context, 7.5);
  check_rosette (context, 7.5, 0.2);
  check_rosette (context, 7.5, 0);
  check_pattern_free (context);
  check_photograph (context);
  check_limits (context);
  check_sensitivity (context);
  check_tiny (context);
  check_refused (context);
  check_from_spectrum (context);
  check_split (context);
  check_view_formula (context);
  check_non_finite_pixels (context);
  check_wide (context);
  check_odd_spectra ();
  check_stated_rate ();
  check_axes_stated_rate ();
  check_memory ();

  fftcl_context_destroy (context);
  return check_finish ();
}
