/* What the fftcl tests measure against: FFTW in double, and the relative
 * RMS error. */
#ifndef FFTCL_ORACLE_H
#define FFTCL_ORACLE_H

#include <fftw3.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>

/* A batch of planes: `batch` of width × height values. */
typedef struct {
  size_t width, height, batch;
} shape;

/* Index k of an axis of n values as a signed frequency in cycles per
 * value. */
static inline double frequency (size_t k, size_t n)
{
  return (2 * k < n ? (double) k : (double) k - (double) n) / (double) n;
}

static uint64_t oracle_rng_state = 0x9e3779b97f4a7c15u;

static inline double random_unit (void)
{
  oracle_rng_state
    = oracle_rng_state * 6364136223846793005u + 1442695040888963407u;
  return (double) (oracle_rng_state >> 11) / 9007199254740992.0 * 2 - 1;
}

static inline float *random_floats (size_t count)
{
  float *data = malloc (count * sizeof *data);
  for (size_t i = 0; i < count; i++)
    data[i] = (float) random_unit ();
  return data;
}

/* The n floats in double; the caller frees them. */
static inline double *widened (const float *data, size_t n)
{
  double *wide = malloc (n * sizeof *wide);
  for (size_t i = 0; i < n; i++)
    wide[i] = data[i];
  return wide;
}

/* batch planes of height × width complex values, in place, in double; the
 * inverse scaled by 1/(width · height) as fftcl's. */
static inline void fftw_double (fftw_complex *data, size_t width,
                                size_t height, size_t batch, int sign)
{
  int n[2] = { (int) height, (int) width };
  int area = n[0] * n[1];
  fftw_plan p = fftw_plan_many_dft (2, n, (int) batch, data, NULL, 1, area,
                                    data, NULL, 1, area, sign, FFTW_ESTIMATE);
  fftw_execute (p);
  fftw_destroy_plan (p);
  if (sign == FFTW_BACKWARD)
    for (size_t i = 0; i < (size_t) area * batch; i++)
      {
        data[i][0] /= area;
        data[i][1] /= area;
      }
}

/* The forward transform of `data` (2 · width · height · batch floats), in
 * double; the caller frees it. */
static inline double *fftw_forward_of (const float *data, size_t width,
                                       size_t height, size_t batch)
{
  double *want = widened (data, 2 * width * height * batch);
  fftw_double ((fftw_complex *) want, width, height, batch, FFTW_FORWARD);
  return want;
}

static inline double relative_rms (const float *got, const double *want,
                                   size_t n)
{
  double diff = 0, norm = 0;
  for (size_t i = 0; i < n; i++)
    {
      diff += (got[i] - want[i]) * (got[i] - want[i]);
      norm += want[i] * want[i];
    }
  return norm > 0 ? sqrt (diff / norm) : sqrt (diff);
}

#endif
