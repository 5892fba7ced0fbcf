/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What the fftcl tests measure against: FFTW in double, the filter in
 * double with fftcl_gain_at, and the relative RMS error. */
#ifndef FFTCL_ORACLE_H
#define FFTCL_ORACLE_H

#include "fftcl-filter.h"

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

/* g with its notches' radii raised to the least the grid resolves
 * (fftcl_notch_radius_min), into `notches`, which has room for them: on
 * the smallest grids fftcl refuses the radii the tests pick. */
static inline fftcl_gain resolvable_on (const fftcl_gain *g, shape grid,
                                        double *notches)
{
  fftcl_gain resolvable = *g;
  double least = fftcl_notch_radius_min (grid.width, grid.height);
  for (size_t i = 0; i < 3 * g->notch_count; i++)
    notches[i] = i % 3 == 2 ? fmax (g->notches[i], least) : g->notches[i];
  resolvable.notches = notches;
  return resolvable;
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

/* The forward transform of one real plane, in double, into c. */
static inline void forward_of_plane (const float *plane, shape s,
                                     fftw_complex *c)
{
  for (size_t i = 0; i < s.width * s.height; i++)
    {
      c[i][0] = plane[i];
      c[i][1] = 0;
    }
  fftw_double (c, s.width, s.height, 1, FFTW_FORWARD);
}

/* fftcl_gain_at at every frequency of the grid, in natural order. */
static inline double *oracle_gains (const fftcl_gain *g, shape s)
{
  double *gains = malloc (s.width * s.height * sizeof *gains);
  for (size_t y = 0; y < s.height; y++)
    for (size_t x = 0; x < s.width; x++)
      gains[y * s.width + x]
        = fftcl_gain_at (g, s.width, s.height, frequency (x, s.width),
                         frequency (y, s.height));
  return gains;
}

/* Every plane filtered in double: forward, times the gain, inverse. */
static inline double *oracle_filtered (const float *planes, shape s,
                                       const fftcl_gain *g)
{
  size_t area = s.width * s.height;
  double *filtered = malloc (area * s.batch * sizeof *filtered);
  double *gains = oracle_gains (g, s);
  fftw_complex *c = fftw_alloc_complex (area);
  for (size_t b = 0; b < s.batch; b++)
    {
      forward_of_plane (planes + b * area, s, c);
      for (size_t i = 0; i < area; i++)
        {
          c[i][0] *= gains[i];
          c[i][1] *= gains[i];
        }
      fftw_double (c, s.width, s.height, 1, FFTW_BACKWARD);
      for (size_t i = 0; i < area; i++)
        filtered[b * area + i] = c[i][0];
    }
  fftw_free (c);
  free (gains);
  return filtered;
}

/* A mirrored plan's planes with their mirror images: what it filters. */
static inline float *mirror_images (const float *planes, shape s)
{
  float *out = malloc (4 * s.width * s.height * s.batch * sizeof *out);
  for (size_t b = 0; b < s.batch; b++)
    for (size_t y = 0; y < 2 * s.height; y++)
      for (size_t x = 0; x < 2 * s.width; x++)
        {
          size_t from_y = y < s.height ? y : 2 * s.height - 1 - y;
          size_t from_x = x < s.width ? x : 2 * s.width - 1 - x;
          out[(b * 2 * s.height + y) * 2 * s.width + x]
            = planes[(b * s.height + from_y) * s.width + from_x];
        }
  return out;
}

/* The planes filtered as a plan made with FFTCL_MIRRORED filters them:
 * their mirror images filtered in double, each cut back to its top-left
 * quarter. */
static inline double *oracle_filtered_mirrored (const float *planes,
                                                shape s, const fftcl_gain *g)
{
  float *seen = mirror_images (planes, s);
  shape grid = { 2 * s.width, 2 * s.height, s.batch };
  double *filtered = oracle_filtered (seen, grid, g);
  double *quarters = malloc (s.width * s.height * s.batch * sizeof *quarters);
  for (size_t b = 0; b < s.batch; b++)
    for (size_t y = 0; y < s.height; y++)
      for (size_t x = 0; x < s.width; x++)
        quarters[(b * s.height + y) * s.width + x]
          = filtered[(b * grid.height + y) * grid.width + x];
  free (filtered);
  free (seen);
  return quarters;
}

/* Σ over the planes of |X_c(k)| / area, in natural order, in double. */
static inline double *oracle_amplitudes (const float *planes, shape s)
{
  size_t area = s.width * s.height;
  double *sums = calloc (area, sizeof *sums);
  fftw_complex *c = fftw_alloc_complex (area);
  for (size_t b = 0; b < s.batch; b++)
    {
      forward_of_plane (planes + b * area, s, c);
      for (size_t i = 0; i < area; i++)
        sums[i] += hypot (c[i][0], c[i][1]) / (double) area;
    }
  fftw_free (c);
  return sums;
}

/* Cell (u, v): the largest sum over kx = (u − cells_x/2) · bins_x + 0 …
 * bins_x − 1 modulo the width, and likewise in y. */
static inline double oracle_cell (const double *sums, shape s,
                                  size_t cells_x, size_t cells_y, size_t u,
                                  size_t v)
{
  long bins_x = (long) (s.width / cells_x), bins_y = (long) (s.height / cells_y);
  long w = (long) s.width, h = (long) s.height;
  double largest = 0;
  for (long dy = 0; dy < bins_y; dy++)
    for (long dx = 0; dx < bins_x; dx++)
      {
        long kx = ((long) u - (long) cells_x / 2) * bins_x + dx;
        long ky = ((long) v - (long) cells_y / 2) * bins_y + dy;
        size_t at = (size_t) (((ky % h + h) % h) * w + (kx % w + w) % w);
        largest = fmax (largest, sums[at]);
      }
  return largest;
}

/* The largest error of a cells_x × cells_y view against the oracle's,
 * relative to the oracle's largest cell. */
static inline double view_error (const float *got, const double *sums,
                                 shape s, size_t cells_x, size_t cells_y)
{
  double worst = 0, largest = 0;
  for (size_t v = 0; v < cells_y; v++)
    for (size_t u = 0; u < cells_x; u++)
      {
        double want = oracle_cell (sums, s, cells_x, cells_y, u, v);
        largest = fmax (largest, want);
        worst = fmax (worst, fabs (got[v * cells_x + u] - want));
      }
  return largest > 0 ? worst / largest : worst;
}

#endif
