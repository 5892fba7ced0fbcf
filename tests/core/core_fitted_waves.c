/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Waves (notches of radius 0, core/fitted-waves.h) against a formula:
 * a smooth picture of known values plus cosines of known sub-bin
 * frequency, amplitude and phase per plane — on an axis, a few degrees
 * off one, oblique — given to the fit a fraction of a bin off; what it
 * leaves must be the picture. Then the same through the whole filter
 * (filter_once with the band off, mirror padding, planes
 * read from interleaved RGB), and a picture with no wave, which the fit
 * must barely touch; waves at ½ cycle/px, where a cosine and its mirror
 * are one frequency; a wave clipped at the range's limits, of which the
 * clipped values lose FITTED_WAVES_CLIPPED_SHARE; a beat of two close
 * cosines given as one, of which both must go. The constancy that
 * tells waves from the picture
 * (core/patterns/pattern-waves.h): high for a wave, low for the picture alone and
 * for a wave whose period drifts across the image. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "filter-once.h"
#include "fitted-waves.h"
#include "pattern-waves.h"
#include "wave-fit.h"

#define PI 3.14159265358979323846

typedef struct
{
  double fx, fy;         /* cycles/px */
  double amplitude[3];   /* per plane */
  double phase[3];
} Cosine;

/* Smooth content with edges: gradients, a disc, a few low cosines, and a
 * little fixed noise, in 0 … 1 per plane. */
static double
picture (size_t x, size_t y, size_t w, size_t h, size_t plane, uint32_t *noise)
{
  double u = (double) x / w, v = (double) y / h;
  double disc = hypot (u - 0.4, v - 0.55) < 0.2 ? 0.25 : 0.0;

  *noise = *noise * 1664525u + 1013904223u;
  return 0.3 + 0.2 * u * (plane + 1) / 3.0 + 0.1 * v + disc +
         0.05 * cos (2 * PI * (3.3 * u + 1.7 * v) + plane) +
         0.01 * ((*noise >> 8) / 16777216.0 - 0.5);
}

static double
wave_at (const Cosine *wave, size_t plane, size_t x, size_t y)
{
  return wave->amplitude[plane] *
         cos (2 * PI * (wave->fx * x + wave->fy * y) + wave->phase[plane]);
}

/* planes × w × h floats, planes side by side: the picture, and the picture
 * with the waves. */
static void
make_planes (size_t w, size_t h, const Cosine *waves, size_t count,
             float *clean, float *given)
{
  uint32_t noise = 12345;

  for (size_t p = 0; p < 3; p++)
    for (size_t y = 0; y < h; y++)
      for (size_t x = 0; x < w; x++)
        {
          size_t i = (p * h + y) * w + x;
          double value = picture (x, y, w, h, p, &noise);

          clean[i] = (float) value;
          for (size_t k = 0; k < count; k++)
            value += wave_at (&waves[k], p, x, y);
          given[i] = (float) value;
        }
}

static double
rms_difference (const float *a, const float *b, size_t n, size_t step_a,
                size_t step_b)
{
  double sum = 0;

  for (size_t i = 0; i < n; i++)
    {
      double d = a[i * step_a] - b[i * step_b];

      sum += d * d;
    }
  return sqrt (sum / n);
}

/* The waves' frequencies as the fit is given them: off by `bins` of the
 * image along each axis that is not 0. */
static void
given_frequencies (const Cosine *waves, size_t count, size_t w, size_t h,
                   double bins, double *frequencies)
{
  for (size_t k = 0; k < count; k++)
    {
      frequencies[2 * k]     = waves[k].fx == 0 ? 0 : waves[k].fx + bins / w;
      frequencies[2 * k + 1] = waves[k].fy == 0 ? 0 : waves[k].fy - bins / h;
    }
}

static void
check_planes (const char *name, size_t w, size_t h, const Cosine *waves,
              size_t count, double bins)
{
  size_t  n       = w * h;
  float  *clean   = malloc (3 * n * sizeof *clean);
  float  *given   = malloc (3 * n * sizeof *given);
  double  frequencies[8];
  double  before, after;

  make_planes (w, h, waves, count, clean, given);
  given_frequencies (waves, count, w, h, bins, frequencies);
  before = rms_difference (given, clean, 3 * n, 1, 1);
  check (fitted_waves_remove (given, 3, n, w, h, w, frequencies, count, NULL),
         "%s: fitted", name);
  after = rms_difference (given, clean, 3 * n, 1, 1);
  /* What a fit of a cosine cannot tell from the picture: the picture's
   * own content at that frequency, a few thousandths here. */
  check (after < 0.004 && after < before / 20,
         "%s, given %.2f bins off: RMS from the picture %.5f (was %.5f)",
         name, bins, after, before);
  free (clean);
  free (given);
}

/* Interleaved RGB through the whole filter with the band off. */
static void
check_filter (fftcl_context *context, size_t w, size_t h, const Cosine *waves,
              size_t count)
{
  size_t              n      = w * h;
  float              *clean  = malloc (3 * n * sizeof *clean);
  float              *given  = malloc (3 * n * sizeof *given);
  float              *pixels = malloc (3 * n * sizeof *pixels);
  double              frequencies[8];
  const fftcl_gain    none   = { .shape = FFTCL_SHAPE_GAUSSIAN, .order = 2,
                                 .keep_mean = 1 };
  FilteredImageSource source = {
    .pixels   = pixels,
    .layout   = { 3, 3, 0, 0 },
    .geometry = filtered_image_geometry (w, h, &none),
    .padding  = PADDING_MIRROR,
  };
  const fftcl_window  whole  = { 0, 0, w, h, 1 };
  FilteredImage      *spent  = NULL;
  fftcl_error         err;
  double              after  = 0;

  make_planes (w, h, waves, count, clean, given);
  for (size_t i = 0; i < n; i++)
    for (size_t p = 0; p < 3; p++)
      pixels[3 * i + p] = given[p * n + i];
  given_frequencies (waves, count, w, h, 0.3, frequencies);
  source.waves = (FittedWaves) { frequencies, count };

  check (filter_once (context, &source, &none, &whole, pixels,
                      &spent, NULL, &err) == FFTCL_OK,
         "filter %zu×%zu with %zu waves", w, h, count);
  filtered_image_destroy (spent);
  for (size_t p = 0; p < 3; p++)
    after = fmax (after, rms_difference (pixels + p, clean + p * n, n, 3, 1));
  check (after < 0.004,
         "filter %zu×%zu, band off, mirror padding: RMS from the picture %.5f",
         w, h, after);
  free (clean);
  free (given);
  free (pixels);
}

static void
check_no_wave (size_t w, size_t h)
{
  size_t  n     = w * h;
  float  *clean = malloc (3 * n * sizeof *clean);
  float  *given = malloc (3 * n * sizeof *given);
  double  frequency[2] = { 0.21, 0.13 };
  double  moved;

  make_planes (w, h, NULL, 0, clean, given);
  fitted_waves_remove (given, 3, n, w, h, w, frequency, 1, NULL);
  moved = rms_difference (given, clean, 3 * n, 1, 1);
  check (moved < 0.001, "no wave there: the picture moves by RMS %.5f", moved);
  free (clean);
  free (given);
}

/* A bright picture whose wave is clipped at 1 where the two add up to
 * more (a few pixels in a hundred): the fit given the wave's exact
 * frequency must leave the picture where nothing was clipped, and where
 * a value was clipped take away FITTED_WAVES_CLIPPED_SHARE of the wave,
 * not all of it. */
static void
check_clipped (size_t w, size_t h, const Cosine *wave)
{
  size_t  n = w * h;
  float  *clean = malloc (3 * n * sizeof *clean);
  float  *given = malloc (3 * n * sizeof *given);
  float  *clipped_at = malloc (n * sizeof *clipped_at);
  double  frequency[2] = { wave->fx, wave->fy };
  double  near = 0, whole = 0, free_sum = 0;
  size_t  clipped = 0;

  make_planes (w, h, wave, 1, clean, given);
  for (size_t i = 0; i < n; i++)
    {
      double raised = given[i] + 0.3;

      clipped_at[i] = raised >= 1 ? 1.0f : 0.0f;
      given[i]      = raised >= 1 ? 1.0f : (float) raised;
      clean[i]     += 0.3f;
    }
  fitted_waves_remove (given, 1, n, w, h, w, frequency, 1, NULL);
  for (size_t y = 0; y < h; y++)
    for (size_t x = 0; x < w; x++)
      {
        size_t i    = y * w + x;
        double cut  = 1 - FITTED_WAVES_CLIPPED_SHARE * wave_at (wave, 0, x, y);

        if (clipped_at[i] > 0 && wave_at (wave, 0, x, y) > 0)
          {
            near  += pow (given[i] - cut, 2);
            whole += pow (given[i] - (1 - wave_at (wave, 0, x, y)), 2);
            clipped++;
          }
        else if (clipped_at[i] == 0)
          free_sum += pow (given[i] - clean[i], 2);
      }
  near     = sqrt (near / (clipped + 1));
  whole    = sqrt (whole / (clipped + 1));
  free_sum = sqrt (free_sum / (n - clipped + 1));
  check (clipped > n / 100 && clipped < n / 2,
         "clipped: %zu of %zu values clipped at 1 under a positive wave",
         clipped, n);
  check (near < 0.3 * whole,
         "clipped: the clipped values lose %.2f of the wave (RMS %.4f from "
         "1 less that share, %.4f from 1 less all of it)",
         (double) FITTED_WAVES_CLIPPED_SHARE, near, whole);
  check (free_sum < 0.01,
         "clipped: the values not clipped come back as the picture "
         "(RMS %.4f)", free_sum);
  free (clean);
  free (given);
  free (clipped_at);
}

/* Plane 0 of the picture plus `wave`, whose frequency drifts by `drift`
 * (a share of it) from the left edge to the right: its constancy. */
static double
constancy_with (size_t w, size_t h, const Cosine *wave, double drift)
{
  float    *plane = malloc (w * h * sizeof *plane);
  uint32_t  noise = 777;
  double    constancy;

  for (size_t y = 0; y < h; y++)
    for (size_t x = 0; x < w; x++)
      {
        double stretch = 1 + drift * x / w;

        plane[y * w + x] = (float) (picture (x, y, w, h, 0, &noise) +
                                    (wave ? wave->amplitude[0] *
                                     cos (2 * PI * stretch *
                                          (wave->fx * x + wave->fy * y) +
                                          wave->phase[0]) : 0));
      }
  constancy = pattern_waves_constancy (plane, w, h, w, wave ? wave->fx : 0.17,
                                       wave ? wave->fy : 0.09, NULL, NULL);
  free (plane);
  return constancy;
}

static void
check_constancy (const Cosine *wave)
{
  double clean    = constancy_with (512, 384, wave, 0);
  double none     = constancy_with (512, 384, NULL, 0);
  double drifting = constancy_with (512, 384, wave, 0.05);

  check (clean > 5, "constancy of a wave across the image %.2f (> 5)", clean);
  check (none < 1, "constancy of the picture alone %.2f (< 1)", none);
  check (drifting < 1, "constancy of a wave whose period drifts by 5 %% "
         "across the image %.2f (< 1)", drifting);
}

/* Planes of the picture plus a wave that changes across the image: its
 * frequency drifting by `drift` (a share of it) from the left edge to
 * the right (a chirp), its amplitude swelling and fading by `depth`
 * (1 + depth · cos of a slow period across the image). The fit, given
 * the frequency at the image's centre, must follow it (tracked-waves.h):
 * what it leaves within a small share of what the wave was. */
static void
check_following (const char *name, size_t w, size_t h, const Cosine *wave,
                 double drift, double depth, double most_left)
{
  size_t   n     = w * h;
  float   *clean = malloc (3 * n * sizeof *clean);
  float   *given = malloc (3 * n * sizeof *given);
  uint32_t noise = 4242;
  double   frequency[2] = { wave->fx * (1 + drift / 2), wave->fy * (1 + drift / 2) };
  double   before, after;

  for (size_t p = 0; p < 3; p++)
    for (size_t y = 0; y < h; y++)
      for (size_t x = 0; x < w; x++)
        {
          size_t i = (p * h + y) * w + x;
          double u = (double) x / w, v = (double) y / h;
          /* The phase of a frequency f (1 + drift · u): ∫ f (1 + drift u) dx. */
          double phase = 2 * PI * (wave->fx * (x + drift * w * u * u / 2) +
                                   wave->fy * y) + wave->phase[p];
          double swell = 1 + depth * cos (2 * PI * (0.8 * u + 0.6 * v) + 1.0);

          clean[i] = (float) picture (x, y, w, h, p, &noise);
          given[i] = (float) (clean[i] + wave->amplitude[p] * swell * cos (phase));
        }
  before = rms_difference (given, clean, 3 * n, 1, 1);
  check (fitted_waves_remove (given, 3, n, w, h, w, frequency, 1, NULL),
         "%s: fitted", name);
  after = rms_difference (given, clean, 3 * n, 1, 1);
  check (after < most_left * before,
         "%s: RMS from the picture %.5f, %.3f of the wave's %.5f (< %.2f)",
         name, after, after / before, before, most_left);
  free (clean);
  free (given);
}

/* beat[1], a copy of beat[0], moved `apart` bins of the image from it,
 * 0.8 of its amplitude and its phase turned by 1.3 in each plane; the
 * planes of the picture clean and with both given. */
static void
beat_planes (size_t w, size_t h, Cosine beat[2], double apart_x,
             double apart_y, float *clean, float *given)
{
  beat[1].fx += apart_x / w;
  beat[1].fy += apart_y / h;
  for (size_t p = 0; p < 3; p++)
    {
      beat[1].amplitude[p] *= 0.8;
      beat[1].phase[p]     += 1.3;
    }
  make_planes (w, h, beat, 2, clean, given);
}

/* Planes of the picture plus a beat: two cosines `apart` bins of the
 * image from each other, the fit given only the first's frequency. The
 * second, standing beside the first's residual, must be found and
 * fitted with it (close-waves.h): what both leave within `most_left` of
 * what they were. */
static void
check_beat (const char *name, size_t w, size_t h, const Cosine *first,
            double apart_x, double apart_y, double most_left)
{
  size_t  n     = w * h;
  float  *clean = malloc (3 * n * sizeof *clean);
  float  *given = malloc (3 * n * sizeof *given);
  Cosine    beat[2] = { *first, *first };
  double  frequency[2] = { first->fx, first->fy };
  double  before, after;

  beat_planes (w, h, beat, apart_x, apart_y, clean, given);
  before = rms_difference (given, clean, 3 * n, 1, 1);
  check (fitted_waves_remove (given, 3, n, w, h, w, frequency, 1, NULL),
         "%s: fitted", name);
  after = rms_difference (given, clean, 3 * n, 1, 1);
  check (after < most_left * before,
         "%s: RMS from the picture %.5f, %.3f of the beat's %.5f (< %.2f)",
         name, after, after / before, before, most_left);
  free (clean);
  free (given);
}

/* The beat above, 1.2 bins apart: one wave's refinement climbs the
 * peak the two make, between them; the two refined jointly (wave-fit.h),
 * from there and from the far side of the second, must each find its
 * own, within 0.2 bin along each axis. */
static void
check_joint_refine (size_t w, size_t h, const Cosine *first, double apart_x,
                    double apart_y)
{
  size_t  n     = w * h;
  float  *clean = malloc (3 * n * sizeof *clean);
  float  *given = malloc (3 * n * sizeof *given);
  Cosine    beat[2] = { *first, *first };
  double  start[4] = { first->fx, first->fy };
  double  off = 0;
  Fit     fit;

  beat_planes (w, h, beat, apart_x, apart_y, clean, given);
  check (fitted_waves_refine (given, w, h, w, &start[0], &start[1], NULL),
         "joint refinement: one wave refined");
  start[2] = beat[1].fx + 0.6 / w;
  start[3] = beat[1].fy + 0.3 / h;
  check (wave_fit_start (&fit, start, 2, 3, w, h), "joint refinement: fit");
  for (size_t i = 0; i < 2; i++)
    wave_fit_tune (&fit.waves[i], &fit.across, &fit.down);
  wave_fit_choose_planes (&fit, given, 3, n, w, NULL);
  wave_fit_refine (&fit, given, 3, n, w, 16, NULL);
  for (size_t i = 0; i < 2; i++)
    off = fmax (off, fmax (fabs (fit.waves[i].fx - beat[i].fx) * w,
                           fabs (fit.waves[i].fy - beat[i].fy) * h));
  check (off < 0.2,
         "joint refinement of a beat 1.2 bins apart: (%.2f, %.2f) and "
         "(%.2f, %.2f) bins from (%.2f, %.2f) and (%.2f, %.2f), truth "
         "(%.2f, %.2f) and (%.2f, %.2f): %.3f bin off at most (< 0.2)",
         fit.waves[0].fx * w, fit.waves[0].fy * h, fit.waves[1].fx * w,
         fit.waves[1].fy * h, start[0] * w, start[1] * h, start[2] * w,
         start[3] * h, beat[0].fx * w, beat[0].fy * h, beat[1].fx * w,
         beat[1].fy * h, off);
  wave_fit_end (&fit);
  free (clean);
  free (given);
}

static void
check_split (void)
{
  const double notches[12] = { 0.1, 0.2, 0.0,  0.3, 0.0, 0.01,
                               0.0, 0.25, 0.0, -0.2, 0.1, 0.02 };
  double       waves[8], discs[12];
  size_t       disc_count;
  size_t       wave_count = fitted_waves_split (notches, 4, waves, discs,
                                                &disc_count);

  check (wave_count == 2 && disc_count == 2 &&
         waves[0] == 0.1 && waves[1] == 0.2 && waves[2] == 0.0 &&
         waves[3] == 0.25 && discs[0] == 0.3 && discs[2] == 0.01 &&
         discs[3] == -0.2 && discs[5] == 0.02,
         "split: radius 0 makes waves, the others stay discs, in order");
}

int
main (void)
{
  const Cosine oblique[2] = {
    { 0.1371, 0.0913, { 0.08, 0.06, 0.1 }, { 0.3, 1.9, -2.0 } },
    { -0.0417, 0.2263, { 0.05, 0.05, 0.05 }, { 1.0, 1.0, 1.0 } },
  };
  const Cosine on_axes[2] = {
    { 0.0, 0.1183, { 0.1, 0.08, 0.06 }, { 0.5, 0.5, 0.5 } },
    { 0.2507, 0.0, { 0.04, 0.0, 0.04 }, { -1.2, 0.0, 2.4 } },
  };
  /* 4° off the horizontal axis, and 7° off the vertical one. */
  const Cosine near_axes[2] = {
    { 0.0997, 0.0070, { 0.09, 0.09, 0.09 }, { 0.0, 0.7, 1.4 } },
    { 0.0219, -0.1781, { 0.06, 0.03, 0.0 }, { 2.0, -1.0, 0.0 } },
  };
  const Cosine nyquist[2] = {
    { 0.5, 0.0, { 0.05, 0.04, 0.03 }, { 0.0, 0.0, PI } },
    { 0.0, 0.5, { 0.02, 0.02, 0.02 }, { 0.4, 0.4, 0.4 } },
  };
  fftcl_context *context;
  fftcl_error    err;

  check_split ();
  for (int b = 0; b < 3; b++)
    {
      double bins = (double[]) { 0.0, 0.3, -0.45 }[b];

      check_planes ("oblique 300×200", 300, 200, oblique, 2, bins);
      check_planes ("on the axes 256×256", 256, 256, on_axes, 2, bins);
      check_planes ("near the axes 211×317", 211, 317, near_axes, 2, bins);
    }
  check_planes ("oblique 1500×1100 (refined on its centre first)", 1500,
                1100, oblique, 2, 0.4);
  check_planes ("near the axes 1300×1200", 1300, 1200, near_axes, 2, -0.4);
  check_no_wave (256, 192);
  check_planes ("at ½ cycle/px 128×96", 128, 96, nyquist, 2, 0.0);
  check_following ("a wave drifting by 3 %", 512, 384, &oblique[0], 0.03, 0,
                   0.1);
  check_following ("a wave drifting by 5 %, 1000×800", 1000, 800, &near_axes[0],
                   0.05, 0, 0.1);
  check_following ("a wave swelling and fading by 0.7", 512, 384, &oblique[0],
                   0, 0.7, 0.1);
  check_following ("a drifting and swelling wave", 640, 480, &on_axes[0],
                   0.02, 0.5, 0.1);
  check_beat ("a beat of cosines 1.2 bins apart, 384×320", 384, 320,
              &oblique[0], 1.1, 0.5, 0.02);
  check_joint_refine (384, 320, &oblique[0], 1.1, 0.5);
  check_beat ("a beat of cosines 2.5 bins apart on an axis, 400×300", 400,
              300, &on_axes[1], 2.5, 0, 0.1);
  check_constancy (&oblique[0]);
  check_clipped (256, 200, &oblique[0]);

  if (fftcl_context_create (NULL, &context, &err) != FFTCL_OK)
    {
      fprintf (stderr, "%s\n", err.message);
      return 1;
    }
  check_filter (context, 300, 200, oblique, 2);
  check_filter (context, 211, 317, near_axes, 2);
  fftcl_context_destroy (context);
  return check_finish ();
}
