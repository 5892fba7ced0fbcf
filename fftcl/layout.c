/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "layout.h"
#include "parallel.h"

#include <stdint.h>

fftcl_strides fftcl_strides_of (const fftcl_layout *layout, size_t width,
                                size_t height)
{
  size_t row_step, plane_step = layout->plane_step;
  if (__builtin_mul_overflow (width, layout->value_step, &row_step)
      || (!plane_step
          && __builtin_mul_overflow (height, row_step, &plane_step)))
    return (fftcl_strides) { SIZE_MAX, SIZE_MAX, SIZE_MAX };
  return (fftcl_strides) { layout->value_step, row_step, plane_step };
}

fftcl_strides fftcl_side_by_side (size_t width, size_t height)
{
  return (fftcl_strides) { 1, width, width * height };
}

int fftcl_is_side_by_side (const fftcl_strides *layout, size_t width,
                           size_t height)
{
  return layout->value_step == 1 && layout->row_step == width
         && layout->plane_step == width * height;
}

static size_t laid_out_at (const fftcl_strides *layout, size_t plane,
                           size_t x, size_t y)
{
  return plane * layout->plane_step + y * layout->row_step
         + x * layout->value_step;
}

/* Index n of an axis of `length` in its mirror extension to 2·length. */
static size_t unmirrored (size_t n, size_t length)
{
  return n < length ? n : 2 * length - 1 - n;
}

/* A gather's or a scatter's rows: row r is row r % rows of plane
 * r / rows, of the side-by-side planes' `width` × `rows`. */
typedef struct {
  const fftcl_strides *layout;
  const float *from;
  float *to;
  size_t width, rows;
  int mirrored;
  int gather; /* from laid out to side by side; else the other way */
} strides_job;

static void strides_rows (const void *job_pointer, size_t first, size_t end)
{
  const strides_job *j = job_pointer;
  for (size_t r = first; r < end; r++)
    {
      size_t p = r / j->rows, y = r % j->rows;
      if (j->gather)
        {
          float *out = j->to + r * j->width;
          for (size_t x = 0; x < j->width; x++)
            out[x] = j->from[laid_out_at (
              j->layout, p, j->mirrored ? unmirrored (x, j->width / 2) : x,
              j->mirrored ? unmirrored (y, j->rows / 2) : y)];
        }
      else
        {
          const float *in = j->from + r * j->width;
          for (size_t x = 0; x < j->width; x++)
            j->to[laid_out_at (j->layout, p, x, y)] = in[x];
        }
    }
}

static void strides_run (const strides_job *job, size_t count)
{
  size_t bytes = count * job->rows * job->width * sizeof (float);
  fftcl_in_parallel (fftcl_threads_for (bytes), count * job->rows,
                     strides_rows, job);
}

void fftcl_strides_gather (const float *data, const fftcl_strides *layout,
                           size_t width, size_t height, size_t count,
                           int mirrored, float *out)
{
  size_t times = mirrored ? 2 : 1;
  const strides_job job = { layout, data, out, times * width,
                            times * height, mirrored, 1 };
  strides_run (&job, count);
}

void fftcl_strides_scatter (const float *planes, size_t width,
                            size_t height, size_t count, float *out,
                            const fftcl_strides *layout)
{
  const strides_job job = { layout, planes, out, width, height, 0, 0 };
  strides_run (&job, count);
}
