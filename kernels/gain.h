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
#else
#include <math.h>
#define GAIN_FN static inline
#define GAIN_REAL double
#define GAIN_LN2 0.69314718055994531
#endif

#define GAIN_SHAPE_GAUSSIAN 0
#define GAIN_SHAPE_BUTTERWORTH 1
#define GAIN_SHAPE_IDEAL 2

GAIN_FN GAIN_REAL gain_lowpass (GAIN_REAL x, int shape, GAIN_REAL order)
{
  if (shape == GAIN_SHAPE_GAUSSIAN)
    return exp (-GAIN_LN2 * x * x);
  if (shape == GAIN_SHAPE_BUTTERWORTH)
    return 1 / (1 + pow (x, 2 * order));
  return x <= 1 ? 1 : 0;
}

/* A period of 0 leaves its factor out: small_period 0 gives x = 0 and
 * L = 1 by itself, large_period 0 needs the explicit test. */
GAIN_FN GAIN_REAL gain_at (GAIN_REAL fx, GAIN_REAL fy, GAIN_REAL large_period,
                           GAIN_REAL small_period, int shape, GAIN_REAL order,
                           int reject, int keep_mean)
{
  GAIN_REAL f = sqrt (fx * fx + fy * fy);
  GAIN_REAL pass = gain_lowpass (f * small_period, shape, order);
  if (large_period > 0)
    pass *= 1 - gain_lowpass (f * large_period, shape, order);
  if (keep_mean && fx == 0 && fy == 0)
    return 1;
  return reject ? 1 - pass : pass;
}

#endif
