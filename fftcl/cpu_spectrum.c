/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW plan's spectrum view (fftcl_filter_spectrum). */
#include "cpu_mirror.h"
#include "cpu_plan.h"

#include <math.h>
#include <stdlib.h>

/* |re + i·im| by sqrt: the parts come from floats, whose squares cannot
 * overflow a double, and hypot ()'s guard against that costs most of the
 * view's time (docs/performance.md, "Rules in the code": magnitude). */
static double magnitude (double re, double im)
{
  return sqrt (re * re + im * im);
}

/* Σ over the real planes of |X_c(kx, ky)|. A packed plane holds
 * Z = A + iB; with M = conj Z(−k), |A| = |Z + M| / 2, |B| = |Z − M| / 2. */
static double amplitude_sum (const cpu_plan *plan, size_t kx, size_t ky)
{
  size_t width = plan->width, height = plan->height, area = width * height;
  size_t at = ky * width + kx;
  size_t mirror = (height - ky) % height * width + (width - kx) % width;
  double sum = 0;
  for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
    {
      const float *z = plan->spectrum[k * area + at];
      const float *m = plan->spectrum[k * area + mirror];
      if (2 * k + 1 < plan->batch)
        sum += (magnitude (z[0] + m[0], z[1] - m[1])
                + magnitude (z[0] - m[0], z[1] + m[1])) / 2;
      else
        sum += magnitude (z[0], z[1]);
    }
  return sum;
}

static void write_spectrum_rows (const void *job_pointer, size_t first,
                                 size_t end)
{
  const cpu_view_job *job = job_pointer;
  const cpu_plan *plan = job->plan;
  size_t bins_x = plan->width / job->out_width;
  size_t bins_y = plan->height / job->out_height;
  double norm = 1.0 / (double) (plan->width * plan->height);
  for (size_t v = first; v < end; v++)
    for (size_t u = 0; u < job->out_width; u++)
      {
        size_t kx = cpu_first_bin (u, job->out_width, plan->width);
        size_t ky = cpu_first_bin (v, job->out_height, plan->height);
        double largest = 0;
        for (size_t dy = 0; dy < bins_y; dy++)
          for (size_t dx = 0; dx < bins_x; dx++)
            largest = fmax (largest, amplitude_sum (plan, kx + dx, ky + dy));
        job->out[v * job->out_width + u] = (float) (largest * norm);
      }
}

fftcl_status cpu_filter_spectrum (void *state, size_t out_width,
                                  size_t out_height, float *out,
                                  fftcl_error *err)
{
  cpu_plan *plan = state;
  const cpu_view_job job = { plan, out_width, out_height, out };
  if (!plan->mirrored)
    {
      cpu_in_parallel (plan, out_height, write_spectrum_rows, &job);
      return FFTCL_OK;
    }
  fftcl_status status = cpu_prepare_scratch (plan, err);
  if (status == FFTCL_OK)
    cpu_mirror_spectrum (plan, out_width, out_height, out);
  return status;
}
