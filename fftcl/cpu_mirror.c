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

/* The gains of every group along rows fy = j / (2·height) and
 * (height − j) / (2·height) of the doubled grid: group g's at
 * rows + 2 · g · (width + 1), the second row width + 1 later. */
static void gain_rows (const cpu_gain_job *job, size_t j, float *rows)
{
  size_t height = job->plan->height, length = job->plan->width + 1;
  for (size_t g = 0; g < job->gains->groups; g++)
    {
      float *near = rows + 2 * g * length;
      cpu_gain_row (&job->gains->rows[g],
                    (double) j / (double) (2 * height), near);
      cpu_gain_row (&job->gains->rows[g],
                    (double) (height - j) / (double) (2 * height),
                    near + length);
    }
}

/* Group g's gains at the members of the group of column kx. */
static void member_gains (const float *rows, size_t g, size_t width,
                          size_t kx, float *gains)
{
  const float *near = rows + 2 * g * (width + 1), *far = near + width + 1;
  gains[0] = near[kx];
  gains[1] = near[width - kx];
  gains[2] = far[kx];
  gains[3] = far[width - kx];
}

/* The group of (ky, kx) in packed plane k filtered; theta and phi are
 * half_turn_twiddle's of ky and kx. */
static void filter_group (const cpu_gain_job *job, size_t k, size_t ky,
                          size_t kx, const float *rows,
                          mirror_complex theta, mirror_complex phi)
{
  const cpu_plan *plan = job->plan;
  size_t width = plan->width, area = width * plan->height;
  size_t at[MIRROR_GROUP];
  mirror_complex z[MIRROR_GROUP];
  float gains_a[MIRROR_GROUP], gains_b[MIRROR_GROUP];
  size_t a = cpu_plane_group (job->gains, 2 * k);
  member_positions (plan, ky, kx, at);
  load_group (plan->spectrum + k * area, at, z);
  member_gains (rows, a, width, kx, gains_a);
  if (2 * k + 1 < plan->batch)
    {
      member_gains (rows, cpu_plane_group (job->gains, 2 * k + 1), width, kx,
                    gains_b);
      mirror_filter_group (z, gains_a, gains_b, theta, phi);
    }
  else
    mirror_filter_group_real (z, gains_a, theta, phi);
  fftwf_complex *out = job->filtered + k * area;
  for (int m = 0; m < MIRROR_GROUP; m++)
    {
      out[at[m]][0] = z[m].re;
      out[at[m]][1] = z[m].im;
    }
}

/* Groups filtered a block at a time: their values and gains gathered
 * into arrays of one part each, the groups filtered side by side (which
 * the compiler vectorises: one group at a time, scalar, the mirrored
 * gain took 2.4× the plain one's time), then scattered back. */
#define GROUP_BLOCK 64

typedef struct {
  float re[MIRROR_GROUP][GROUP_BLOCK], im[MIRROR_GROUP][GROUP_BLOCK];
  float gains_a[MIRROR_GROUP][GROUP_BLOCK], gains_b[MIRROR_GROUP][GROUP_BLOCK];
} group_block;

/* Columns kx0 … kx0 + count − 1 of a block, 0 < kx < width/2, of a row
 * ky with 0 < ky < height/2: four distinct members each, no member in
 * two groups. */
typedef struct {
  size_t k, ky, kx0, count;
  mirror_complex theta;
  const mirror_complex *phi; /* e^(−iφ) of every kx */
} block_place;

static size_t block_position (const cpu_plan *plan, const block_place *at,
                              int m, size_t j)
{
  size_t width = plan->width, kx = at->kx0 + j;
  size_t row = m / 2 ? plan->height - at->ky : at->ky;
  return row * width + (m % 2 ? width - kx : kx);
}

static void gather_block (const cpu_gain_job *job, const block_place *at,
                          const float *rows, group_block *block)
{
  const cpu_plan *plan = job->plan;
  size_t width = plan->width;
  const fftwf_complex *plane = plan->spectrum + at->k * width * plan->height;
  size_t a = cpu_plane_group (job->gains, 2 * at->k);
  size_t b = 2 * at->k + 1 < plan->batch
               ? cpu_plane_group (job->gains, 2 * at->k + 1) : a;
  for (size_t j = 0; j < at->count; j++)
    {
      float gains_a[MIRROR_GROUP], gains_b[MIRROR_GROUP];
      member_gains (rows, a, width, at->kx0 + j, gains_a);
      member_gains (rows, b, width, at->kx0 + j, gains_b);
      for (int m = 0; m < MIRROR_GROUP; m++)
        {
          const float *value = plane[block_position (plan, at, m, j)];
          block->re[m][j] = value[0];
          block->im[m][j] = value[1];
          block->gains_a[m][j] = gains_a[m];
          block->gains_b[m][j] = gains_b[m];
        }
    }
}

static void scatter_block (const cpu_gain_job *job, const block_place *at,
                           const group_block *block)
{
  const cpu_plan *plan = job->plan;
  fftwf_complex *plane
    = job->filtered + at->k * plan->width * plan->height;
  for (size_t j = 0; j < at->count; j++)
    for (int m = 0; m < MIRROR_GROUP; m++)
      {
        float *value = plane[block_position (plan, at, m, j)];
        value[0] = block->re[m][j];
        value[1] = block->im[m][j];
      }
}

/* The block's groups filtered where they lie in `block`; `paired` where
 * the plane packs two real planes. */
static void filter_block (group_block *block, const block_place *at,
                          int paired)
{
  for (size_t j = 0; j < at->count; j++)
    {
      mirror_complex z[MIRROR_GROUP];
      float gains_a[MIRROR_GROUP], gains_b[MIRROR_GROUP];
      for (int m = 0; m < MIRROR_GROUP; m++)
        {
          z[m].re = block->re[m][j];
          z[m].im = block->im[m][j];
          gains_a[m] = block->gains_a[m][j];
          gains_b[m] = block->gains_b[m][j];
        }
      if (paired)
        mirror_filter_group (z, gains_a, gains_b, at->theta,
                             at->phi[at->kx0 + j]);
      else
        mirror_filter_group_real (z, gains_a, at->theta,
                                  at->phi[at->kx0 + j]);
      for (int m = 0; m < MIRROR_GROUP; m++)
        {
          block->re[m][j] = z[m].re;
          block->im[m][j] = z[m].im;
        }
    }
}

/* Row ky's groups: those whose members coincide (kx 0 and width/2, and
 * every group of rows 0 and height/2) one at a time, the others in
 * blocks. */
static void filter_row_groups (const cpu_gain_job *job, size_t ky,
                               const float *rows, mirror_complex theta,
                               const mirror_complex *phi)
{
  const cpu_plan *plan = job->plan;
  size_t width = plan->width, half = width / 2;
  int whole_row = ky == 0 || 2 * ky == plan->height;
  for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
    {
      size_t step = whole_row || half == 0 ? 1 : half; /* else 0, half */
      for (size_t kx = 0; kx <= half; kx += step)
        filter_group (job, k, ky, kx, rows, theta, phi[kx]);
      for (size_t kx0 = 1; !whole_row && kx0 < half; kx0 += GROUP_BLOCK)
        {
          const block_place at = {
            k, ky, kx0, half - kx0 < GROUP_BLOCK ? half - kx0 : GROUP_BLOCK,
            theta, phi
          };
          group_block block;
          gather_block (job, &at, rows, &block);
          filter_block (&block, &at, 2 * k + 1 < plan->batch);
          scatter_block (job, &at, &block);
        }
    }
}

void cpu_mirror_twiddles (const cpu_plan *plan, mirror_complex *phi)
{
  for (size_t kx = 0; kx <= plan->width / 2; kx++)
    phi[kx] = half_turn_twiddle (kx, plan->width);
}

/* Groups of rows ky in [first, end) of 0 … height/2. */
void cpu_mirror_gain_rows (const void *job_pointer, size_t first, size_t end)
{
  const cpu_gain_job *job = job_pointer;
  const cpu_plan *plan = job->plan;
  float *rows = cpu_gain_thread_space (job);
  for (size_t ky = first; ky < end; ky++)
    {
      gain_rows (job, ky, rows);
      filter_row_groups (job, ky, rows,
                         half_turn_twiddle (ky, plan->height), job->phi);
      cpu_gain_rows_back (job, ky);
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
