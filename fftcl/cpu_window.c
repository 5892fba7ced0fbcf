/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window the FFTW plan delivers: each filtered row, or the means of
 * its blocks, written to the caller's planes. */
#include "cpu_plan.h"

#include <stdlib.h>
#include <string.h>

/* Row `top` of the window at step 1 from a filtered plane: each value is
 * read once, no block summed. */
static void write_pixel_row (const window_job *job,
                             const fftwf_complex *filtered, size_t top,
                             float *re, float *im)
{
  const cpu_plan *plan = job->plan;
  size_t width = plan->width, value_step = job->layout->value_step;
  float norm = 1.0f / ((float) width * (float) plan->height);
  const fftwf_complex *row
    = filtered + cpu_axis_position (plan, top, plan->height) * width;
  for (size_t i = 0; i < job->window->width; i++)
    {
      const float *value
        = row[cpu_axis_position (plan, job->window->x + i, width)];
      re[i * value_step] = value[0] * norm;
      if (im)
        im[i * value_step] = value[1] * norm;
    }
}

/* Row j of the window from filtered plane k: real parts into real plane
 * 2k, imaginary parts into 2k + 1 when it exists. */
static void write_window_row (const window_job *job, size_t k, size_t j)
{
  const cpu_plan *plan = job->plan;
  const fftcl_window *w = job->window;
  const fftcl_strides *layout = job->layout;
  size_t width = plan->width, area = width * plan->height;
  size_t step = w->step;
  float norm = 1.0f / ((float) area * (float) (step * step));
  const fftwf_complex *filtered = job->filtered + k * area;
  size_t top = w->y + j * step;
  float *re = job->out + 2 * k * layout->plane_step + j * layout->row_step;
  float *im = 2 * k + 1 < plan->batch ? re + layout->plane_step : NULL;
  if (step == 1)
    {
      write_pixel_row (job, filtered, top, re, im);
      return;
    }
  for (size_t i = 0; i < w->width; i++)
    {
      float sum_re = 0, sum_im = 0;
      for (size_t dy = 0; dy < step; dy++)
        for (size_t dx = 0; dx < step; dx++)
          {
            const float *value = filtered[cpu_plane_index (
              plan, w->x + i * step + dx, top + dy)];
            sum_re += value[0];
            sum_im += value[1];
          }
      re[i * layout->value_step] = sum_re * norm;
      if (im)
        im[i * layout->value_step] = sum_im * norm;
    }
}

void cpu_write_window_rows (const void *job_pointer, size_t first, size_t end)
{
  const window_job *job = job_pointer;
  for (size_t j = first; j < end; j++)
    for (size_t k = 0; k < cpu_spectrum_planes (job->plan); k++)
      write_window_row (job, k, j);
}

size_t cpu_window_blocks (const cpu_plan *plan, const fftcl_window *w,
                          size_t *blocks)
{
  const cpu_planes_fft *fft = &plan->scratch_inverse;
  size_t per_plane = cpu_planes_fft_column_blocks (fft);
  size_t count = 0;
  unsigned char *needed = calloc (per_plane, 1);
  if (!needed)
    return 0;
  for (size_t x = w->x; x < w->x + w->width * w->step; x++)
    needed[cpu_plane_index (plan, x, 0) / fft->column_block] = 1;
  for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
    for (size_t b = 0; b < per_plane; b++)
      if (needed[b])
        blocks[count++] = k * per_plane + b;
  free (needed);
  return count;
}
