/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cpu_mirror.h"

#include <math.h>

/* e^(−iπ·k / (2n)), in double before it is rounded. */
static mirror_complex half_turn_twiddle (size_t k, size_t n)
{
  double angle = M_PI * (double) k / (2.0 * (double) n);
  mirror_complex t = { (float) cos (angle), (float) -sin (angle) };
  return t;
}

/* The positions of a group's members (kernels/mirror.h's order) in a
 * plane, for the group of (ky, kx). */
static void member_positions (const cpu_plan *plan, size_t ky, size_t kx,
                              size_t *at)
{
  size_t width = plan->width, height = plan->height;
  size_t rows[2] = { ky, (height - ky) % height };
  size_t columns[2] = { kx, (width - kx) % width };
  for (int m = 0; m < MIRROR_GROUP; m++)
    at[m] = rows[m / 2] * width + columns[m % 2];
}

static void load_group (const fftwf_complex *plane, const size_t *at,
                        mirror_complex *z)
{
  for (int m = 0; m < MIRROR_GROUP; m++)
    {
      z[m].re = plane[at[m]][0];
      z[m].im = plane[at[m]][1];
    }
}

/* The gain along row fy = j / (2·height) of the doubled grid. */
static void gain_row (const cpu_gain_job *job, size_t j, float *row)
{
  cpu_gain_row (job->rows, (double) j / (double) (2 * job->plan->height),
                row);
}

/* Groups of rows ky in [first, end) of 0 … height/2. */
void cpu_mirror_gain_rows (const void *job_pointer, size_t first, size_t end)
{
  const cpu_gain_job *job = job_pointer;
  const cpu_plan *plan = job->plan;
  size_t width = plan->width, height = plan->height, area = width * height;
  float near[width + 1], far[width + 1];
  mirror_complex phi[width / 2 + 1];
  for (size_t kx = 0; kx <= width / 2; kx++)
    phi[kx] = half_turn_twiddle (kx, width);
  for (size_t ky = first; ky < end; ky++)
    {
      mirror_complex theta = half_turn_twiddle (ky, height);
      gain_row (job, ky, near);
      gain_row (job, height - ky, far);
      for (size_t kx = 0; kx <= width / 2; kx++)
        {
          const float gains[MIRROR_GROUP]
            = { near[kx], near[width - kx], far[kx], far[width - kx] };
          size_t at[MIRROR_GROUP];
          member_positions (plan, ky, kx, at);
          for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
            {
              mirror_complex z[MIRROR_GROUP];
              fftwf_complex *out = job->filtered + k * area;
              load_group (plan->spectrum + k * area, at, z);
              if (2 * k + 1 < plan->batch)
                mirror_filter_group (z, gains, theta, phi[kx]);
              else
                mirror_filter_group_real (z, gains, theta, phi[kx]);
              for (int m = 0; m < MIRROR_GROUP; m++)
                {
                  out[at[m]][0] = z[m].re;
                  out[at[m]][1] = z[m].im;
                }
            }
        }
    }
}

/* Σ over the real planes of |c| for each DCT coefficient of the groups
 * of rows [first, end), written to the scratch plane as floats: row jy,
 * column jx at jy · width + jx. The coefficients of index width or height
 * (the doubled grid's Nyquist frequency) are zero and have no place. */
static void amplitude_groups (const void *job_pointer, size_t first,
                              size_t end)
{
  const cpu_plan *plan = job_pointer;
  size_t width = plan->width, height = plan->height, area = width * height;
  float *amplitudes = (float *) plan->scratch;
  for (size_t ky = first; ky < end; ky++)
    {
      mirror_complex theta = half_turn_twiddle (ky, height);
      size_t rows[2] = { ky, height - ky };
      for (size_t kx = 0; kx <= width / 2; kx++)
        {
          mirror_complex phi = half_turn_twiddle (kx, width);
          size_t columns[2] = { kx, width - kx };
          size_t at[MIRROR_GROUP];
          float sums[MIRROR_GROUP] = { 0 };
          member_positions (plan, ky, kx, at);
          for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
            {
              mirror_complex z[MIRROR_GROUP], a[2], b[2];
              float ca[MIRROR_GROUP], cb[MIRROR_GROUP];
              load_group (plan->spectrum + k * area, at, z);
              mirror_unpack (z, a, b);
              mirror_coefficients (a, theta, phi, ca);
              mirror_coefficients (b, theta, phi, cb);
              int has_b = 2 * k + 1 < plan->batch;
              for (int m = 0; m < MIRROR_GROUP; m++)
                sums[m] += fabsf (ca[m]) + (has_b ? fabsf (cb[m]) : 0.0f);
            }
          for (int m = 0; m < MIRROR_GROUP; m++)
            if (rows[m / 2] < height && columns[m % 2] < width)
              amplitudes[rows[m / 2] * width + columns[m % 2]] = sums[m];
        }
    }
}

/* The DCT index of frequency index k of the doubled grid (2n long), or n
 * for its Nyquist frequency, which holds nothing. */
static size_t folded (size_t k, size_t n)
{
  return k <= n ? k : 2 * n - k;
}

static void view_rows (const void *job_pointer, size_t first, size_t end)
{
  const cpu_view_job *job = job_pointer;
  const cpu_plan *plan = job->plan;
  size_t width = plan->width, height = plan->height;
  size_t bins_x = 2 * width / job->out_width;
  size_t bins_y = 2 * height / job->out_height;
  const float *amplitudes = (const float *) plan->scratch;
  float norm = 1.0f / ((float) width * (float) height);
  for (size_t v = first; v < end; v++)
    for (size_t u = 0; u < job->out_width; u++)
      {
        size_t kx = cpu_first_bin (u, job->out_width, 2 * width);
        size_t ky = cpu_first_bin (v, job->out_height, 2 * height);
        float largest = 0;
        for (size_t dy = 0; dy < bins_y; dy++)
          for (size_t dx = 0; dx < bins_x; dx++)
            {
              size_t jx = folded (kx + dx, width), jy = folded (ky + dy, height);
              if (jx < width && jy < height)
                largest = fmaxf (largest, amplitudes[jy * width + jx]);
            }
        job->out[v * job->out_width + u] = largest * norm;
      }
}

void cpu_mirror_spectrum (const cpu_plan *plan, size_t out_width,
                          size_t out_height, float *out)
{
  const cpu_view_job job = { plan, out_width, out_height, out };
  cpu_in_parallel (plan, plan->height / 2 + 1, amplitude_groups, plan);
  cpu_in_parallel (plan, out_height, view_rows, &job);
}
