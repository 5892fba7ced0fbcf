/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The gain multiplied into the FFTW plan's spectrum, a pair of rows
 * (y and −y) at a time, with the inverse transforms of those rows. */
#include "cpu_plan.h"

#include <math.h>
#include <stdlib.h>

static double frequency (size_t k, size_t n)
{
  return (2 * k < n ? (double) k : (double) k - (double) n) / (double) n;
}

/* Row y and row −y of spectrum plane k, as read and as written to
 * `filtered`; `self_mirrored` where they are the same row (y = 0, and
 * y = height/2). */
typedef struct {
  const fftwf_complex *in, *mirror_in;
  fftwf_complex *out, *mirror_out;
  int self_mirrored;
} row_pair;

static row_pair row_pair_of (const cpu_gain_job *job, size_t k, size_t y)
{
  const cpu_plan *plan = job->plan;
  size_t width = plan->width, area = width * plan->height;
  size_t mirror_y = (plan->height - y) % plan->height;
  return (row_pair) { plan->spectrum + k * area + y * width,
                      plan->spectrum + k * area + mirror_y * width,
                      job->filtered + k * area + y * width,
                      job->filtered + k * area + mirror_y * width,
                      mirror_y == y };
}

/* Row y and row −y (backwards) of spectrum plane k times the gain, into
 * plane k of `filtered` (which may be the spectrum itself). */
static void multiply_row_pair (const cpu_gain_job *job, size_t k, size_t y,
                               const float *row_gain)
{
  size_t width = job->plan->width;
  const row_pair rows = row_pair_of (job, k, y);
  for (size_t x = 0; x < width; x++)
    {
      rows.out[x][0] = rows.in[x][0] * row_gain[x];
      rows.out[x][1] = rows.in[x][1] * row_gain[x];
    }
  if (rows.self_mirrored)
    return;
  for (size_t x = 0; x < width; x++)
    {
      size_t mirror_x = (width - x) % width;
      rows.mirror_out[mirror_x][0] = rows.mirror_in[mirror_x][0] * row_gain[x];
      rows.mirror_out[mirror_x][1] = rows.mirror_in[mirror_x][1] * row_gain[x];
    }
}

/* Z (the packed value at f) and M (at −f) of a plane packing two real
 * planes of gains ga and gb, both filtered (cpu_gain_job). */
static void filter_pair_value (const float *z, const float *m, float ga,
                               float gb, float *z_out, float *m_out)
{
  float sum = (ga + gb) / 2, difference = (ga - gb) / 2;
  float zr = z[0], zi = z[1], mr = m[0], mi = m[1];
  z_out[0] = sum * zr + difference * mr;
  z_out[1] = sum * zi - difference * mi;
  m_out[0] = sum * mr + difference * zr;
  m_out[1] = sum * mi - difference * zi;
}

/* multiply_row_pair where plane k's two real planes take the gains of
 * rows ga and gb: each value and its mirror are read before either is
 * written, as `filtered` may be the spectrum. */
static void filter_row_pair_apart (const cpu_gain_job *job, size_t k,
                                   size_t y, const float *ga,
                                   const float *gb)
{
  size_t width = job->plan->width;
  const row_pair rows = row_pair_of (job, k, y);
  size_t end = rows.self_mirrored ? width / 2 + 1 : width;
  for (size_t x = 0; x < end; x++)
    {
      size_t mirror_x = (width - x) % width;
      float z[2], m[2];
      filter_pair_value (rows.in[x], rows.mirror_in[mirror_x], ga[x], gb[x],
                         z, m);
      rows.out[x][0] = z[0];
      rows.out[x][1] = z[1];
      rows.mirror_out[mirror_x][0] = m[0];
      rows.mirror_out[mirror_x][1] = m[1];
    }
}

void cpu_multiply_gain_rows (const void *job_pointer, size_t first, size_t end)
{
  const cpu_gain_job *job = job_pointer;
  const cpu_plan *plan = job->plan;
  const cpu_plane_gains *gains = job->gains;
  size_t width = plan->width;
  float *row_gain = cpu_gain_thread_space (job);
  for (size_t y = first; y < end; y++)
    {
      for (size_t g = 0; g < gains->groups; g++)
        cpu_gain_row (&gains->rows[g], frequency (y, plan->height),
                      row_gain + g * width);
      for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
        {
          size_t a = cpu_plane_group (gains, 2 * k);
          size_t b = 2 * k + 1 < plan->batch
                       ? cpu_plane_group (gains, 2 * k + 1) : a;
          if (a == b)
            multiply_row_pair (job, k, y, row_gain + a * width);
          else
            filter_row_pair_apart (job, k, y, row_gain + a * width,
                                   row_gain + b * width);
        }
      cpu_gain_rows_back (job, y);
    }
}

fftcl_status cpu_prepare_gains (const cpu_plan *plan, const fftcl_gain *gain,
                                cpu_plane_gains *gains, double **fx,
                                fftcl_error *err)
{
  size_t grid = plan->mirrored ? 2 : 1;
  size_t count = plan->mirrored ? plan->width + 1 : plan->width;
  *fx = malloc (count * sizeof **fx);
  for (size_t i = 0; *fx && i < count; i++)
    (*fx)[i] = plan->mirrored ? (double) i / (double) (2 * plan->width)
                              : frequency (i, plan->width);
  if (!*fx || !cpu_plane_gains_init (gains, gain, plan->batch,
                                     grid * plan->width,
                                     grid * plan->height, *fx, count))
    {
      free (*fx);
      *fx = NULL;
      return fftcl_fail (err, FFTCL_ERROR_MEMORY,
                         "fftcl: out of host memory");
    }
  return FFTCL_OK;
}
