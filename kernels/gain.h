/* The band-pass gain of docs/contract.md, written once in the common subset of
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

/* Without notches a Gaussian gain is a few products of factors of one
 * axis each, exp(−ln2 (fx² + fy²) p²) = exp(−ln2 fx² p²) · exp(−ln2 fy² p²),
 * and stripes depend on one axis only: then the gain at a frequency needs
 * no exp of its own. */
GAIN_FN int gain_is_separable (int shape, int notch_count)
{
  return shape == GAIN_SHAPE_GAUSSIAN && notch_count == 0;
}

/* One axis's factor of a Gaussian low-pass of cut-off 1/period. */
GAIN_FN GAIN_REAL gain_gaussian (GAIN_REAL f, GAIN_REAL period)
{
  return gain_lowpass (f * period, GAIN_SHAPE_GAUSSIAN, 0);
}

/* The same for the large period, 0 without one: gain_from_factors's
 * `large` then leaves its factor out. */
GAIN_FN GAIN_REAL gain_large_gaussian (GAIN_REAL f, GAIN_REAL large_period)
{
  return large_period > 0 ? gain_gaussian (f, large_period) : 0;
}

/* One axis's stripe factor: the stripes' own where their energy lies
 * across this axis (`across`: GAIN_STRIPES_HORIZONTAL for x), else 1. */
GAIN_FN GAIN_REAL gain_axis_stripes (GAIN_REAL f, int stripes, int across,
                                     GAIN_REAL stripe_scale)
{
  return stripes == across ? gain_stripes (f, f, stripes, stripe_scale) : 1;
}

/* gain_at of a separable gain, before keep_mean, from the products over
 * both axes of the small-period factors, of the large-period ones (0
 * without a large period) and of the stripe factors. */
GAIN_FN GAIN_REAL gain_from_factors (GAIN_REAL small, GAIN_REAL large,
                                     GAIN_REAL stripes, int reject)
{
  GAIN_REAL pass = small * (1 - large);
  return (reject ? 1 - pass : pass) * stripes;
}

#ifdef __OPENCL_VERSION__
/* gain_at's arguments, and where each position's frequencies are:
 * frequencies[x] and frequencies[width + y]. A separable gain reads its
 * factors instead: factors[x] and factors[width + y] hold, for that
 * position's frequency f, the Gaussian factors of the small and the large
 * period, the stripe factor and whether f is 0 (kernels/filter.cl's
 * gain_factors fills them). */
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
  global const float4 *factors;
  int separable;
} gain_args;

/* A kernel's parameters that make its gain_args, in that order. */
#define GAIN_PARAMETERS                                                     \
  global const float *frequencies, uint width, float large_period,          \
    float small_period, int shape, float order, int reject, int keep_mean,  \
    int stripes, float stripe_scale, global const float *notches,           \
    int notch_count, global const float4 *factors, int separable
#define GAIN_ARGS_OF_PARAMETERS                                             \
  { frequencies, width,        large_period, small_period, shape,           \
    order,       reject,       keep_mean,    stripes,      stripe_scale,    \
    notches,     notch_count,  factors,      separable }

/* Position `index` of a spectrum plane as x and y. Widths are powers of
 * two: a division by one known only at run time would cost more than the
 * rest of the index arithmetic (docs/performance.md, "Rules in the code":
 * gain position). */
uint2 gain_position (const gain_args *g, uint index)
{
  return (uint2) (index & (g->width - 1), index >> (31 - clz (g->width)));
}

/* The gain at position `index` of a spectrum plane. */
float gain_of (const gain_args *g, uint index)
{
  uint2 at = gain_position (g, index);
  return gain_at (g->frequencies[at.x], g->frequencies[g->width + at.y],
                  g->large_period, g->small_period, g->shape, g->order,
                  g->reject, g->keep_mean, g->stripes, g->stripe_scale,
                  g->notches, g->notch_count);
}

/* The same for a separable gain, from its factors. Where the gain is
 * applied as values are loaded, evaluating it is faster; where it would be
 * read from a table, the factors are (fftcl_filter's round trip;
 * docs/performance.md, "Rules in the code": gain table and factors). */
float separable_gain_of (const gain_args *g, uint index)
{
  uint2 at = gain_position (g, index);
  float4 fx = g->factors[at.x], fy = g->factors[g->width + at.y];
  if (g->keep_mean && fx.w != 0 && fy.w != 0)
    return 1;
  return gain_from_factors (fx.x * fy.x, fx.y * fy.y, fx.z * fy.z,
                            g->reject);
}
#endif

#endif
