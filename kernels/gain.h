/* The band-pass gain of DESIGN.md §2, written once in the common subset of
 * C11 and OpenCL C 1.2: fftcl/gain.c includes it for the CPU backend and
 * the tests, and the build embeds it ahead of the OpenCL kernels. Periods
 * are in pixels and frequencies in cycles per pixel, so x = f · period is
 * f/c for the cut-off c = 1/period. */
#ifndef FFTCL_GAIN_H
#define FFTCL_GAIN_H

#ifdef __OPENCL_VERSION__
#define GAIN_FN
#define GAIN_REAL float
#define GAIN_LN2 0.693147181f
#define GAIN_NOTCHES global const float *
#else
#include <math.h>
#define GAIN_FN static inline
#define GAIN_REAL double
#define GAIN_LN2 0.69314718055994531
#define GAIN_NOTCHES const double *
#endif

#define GAIN_SHAPE_GAUSSIAN 0
#define GAIN_SHAPE_BUTTERWORTH 1
#define GAIN_SHAPE_IDEAL 2

#define GAIN_STRIPES_NONE 0
#define GAIN_STRIPES_HORIZONTAL 1
#define GAIN_STRIPES_VERTICAL 2

GAIN_FN GAIN_REAL gain_lowpass (GAIN_REAL x, int shape, GAIN_REAL order)
{
  if (shape == GAIN_SHAPE_GAUSSIAN)
    return exp (-GAIN_LN2 * x * x);
  if (shape == GAIN_SHAPE_BUTTERWORTH)
    return 1 / (1 + pow (x, 2 * order));
  return x <= 1 ? 1 : 0;
}

/* ImageJ's Bandpass: horizontal stripes put their energy on the fx = 0
 * axis, and 1 − exp(−(kx·s)²) removes it, where kx is the bin index and
 * s = 1 − tolerance/100; `stripe_scale` is s times the axis length. */
GAIN_FN GAIN_REAL gain_stripes (GAIN_REAL fx, GAIN_REAL fy, int stripes,
                                GAIN_REAL stripe_scale)
{
  if (stripes == GAIN_STRIPES_NONE)
    return 1;
  GAIN_REAL bins = (stripes == GAIN_STRIPES_HORIZONTAL ? fx : fy)
                   * stripe_scale;
  return 1 - exp (-bins * bins);
}

/* Each notch (fx, fy, radius) rejects a disc and its mirror (−fx, −fy),
 * with the band's own edge: gain ½ at the radius for the smooth shapes. */
GAIN_FN GAIN_REAL gain_notches (GAIN_REAL fx, GAIN_REAL fy,
                                GAIN_NOTCHES notches, int notch_count,
                                int shape, GAIN_REAL order)
{
  GAIN_REAL g = 1;
  for (int i = 0; i < notch_count; i++)
    {
      GAIN_REAL nx = notches[3 * i], ny = notches[3 * i + 1];
      GAIN_REAL r = notches[3 * i + 2];
      GAIN_REAL d1 = sqrt ((fx - nx) * (fx - nx) + (fy - ny) * (fy - ny));
      GAIN_REAL d2 = sqrt ((fx + nx) * (fx + nx) + (fy + ny) * (fy + ny));
      g *= (1 - gain_lowpass (d1 / r, shape, order))
           * (1 - gain_lowpass (d2 / r, shape, order));
    }
  return g;
}

/* A period of 0 leaves its factor out: small_period 0 gives x = 0 and
 * L = 1 by itself, large_period 0 needs the explicit test. */
GAIN_FN GAIN_REAL gain_at (GAIN_REAL fx, GAIN_REAL fy, GAIN_REAL large_period,
                           GAIN_REAL small_period, int shape, GAIN_REAL order,
                           int reject, int keep_mean, int stripes,
                           GAIN_REAL stripe_scale, GAIN_NOTCHES notches,
                           int notch_count)
{
  if (keep_mean && fx == 0 && fy == 0)
    return 1;
  GAIN_REAL f = sqrt (fx * fx + fy * fy);
  GAIN_REAL pass = gain_lowpass (f * small_period, shape, order);
  if (large_period > 0)
    pass *= 1 - gain_lowpass (f * large_period, shape, order);
  GAIN_REAL band = reject ? 1 - pass : pass;
  return band * gain_stripes (fx, fy, stripes, stripe_scale)
         * gain_notches (fx, fy, notches, notch_count, shape, order);
}

#ifdef __OPENCL_VERSION__
/* gain_at's arguments, and where each position's frequencies are:
 * frequencies[x] and frequencies[width + y]. */
typedef struct {
  global const float *frequencies;
  uint width;
  float large_period, small_period;
  int shape;
  float order;
  int reject, keep_mean, stripes;
  float stripe_scale;
  global const float *notches;
  int notch_count;
} gain_args;

/* The gain at position `index` of a spectrum plane. Widths are powers of
 * two: a division by one known only at run time would cost more than the
 * rest of the index arithmetic (3 % of the 4096² filter on an H200). */
float gain_of (const gain_args *g, uint index)
{
  uint x = index & (g->width - 1), y = index >> (31 - clz (g->width));
  return gain_at (g->frequencies[x], g->frequencies[g->width + y],
                  g->large_period, g->small_period, g->shape, g->order,
                  g->reject, g->keep_mean, g->stripes, g->stripe_scale,
                  g->notches, g->notch_count);
}
#endif

#endif
