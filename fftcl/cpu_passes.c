/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cpu_passes.h"

#include <stdint.h>
#include <stdlib.h>

/* Row pairs (y and −y) per step of the rows pass: their forward
 * transforms, gain and inverse transforms stay in the cache. */
enum { ROW_PAIRS = 8 };

/* The index along an axis of `length` of the value at position p of the
 * transformed planes: cpu_plane_index undone. */
static size_t source_of (const cpu_plan *plan, size_t p, size_t length)
{
  if (!plan->mirrored)
    return p;
  return p < (length + 1) / 2 ? 2 * p : 2 * (length - 1 - p) + 1;
}

static size_t position_of (const cpu_plan *plan, size_t m, size_t length)
{
  return plan->mirrored ? mirror_position ((unsigned) m, (unsigned) length)
                        : m;
}

typedef struct {
  const cpu_plan *plan;
  fftwf_complex *planes;   /* the spectrum, or where it is filtered */
  const float *in;         /* the caller's planes, loaded */
  float *out;              /* the caller's planes, written */
  const fftcl_strides *layout;
  const fftcl_window *window;
  const size_t *blocks;    /* the column blocks to transform back */
} columns_job;

/* Column block b of the caller's planes, packed and reordered into the
 * spectrum: a row of every plane before the next row, so that
 * interleaved pixels are read from memory once. */
static void pack_block (const columns_job *job, size_t b)
{
  const cpu_plan *plan = job->plan;
  const fftcl_strides *layout = job->layout;
  size_t width = plan->width, height = plan->height, area = width * height;
  size_t block = plan->lines.column_block;
  size_t from[block];
  for (size_t c = 0; c < block; c++)
    from[c] = source_of (plan, b * block + c, width) * layout->value_step;
  for (size_t y = 0; y < height; y++)
    for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
      {
        const float *re = job->in + 2 * k * layout->plane_step
                          + y * layout->row_step;
        const float *im = 2 * k + 1 < plan->batch ? re + layout->plane_step
                                                  : NULL;
        fftwf_complex *row = job->planes + k * area
                             + position_of (plan, y, height) * width
                             + b * block;
        for (size_t c = 0; c < block; c++)
          {
            row[c][0] = re[from[c]];
            row[c][1] = im ? im[from[c]] : 0.0f;
          }
      }
}

/* Column block b of every plane of job->planes transformed in place. */
static void transform_block (const columns_job *job, size_t b, int inverse)
{
  const cpu_plan *plan = job->plan;
  size_t area = plan->width * plan->height;
  for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
    {
      fftwf_complex *corner = job->planes + k * area
                              + b * plan->lines.column_block;
      fftwf_execute_dft (plan->lines.columns[inverse], corner, corner);
    }
}

static void load_columns (const void *job_pointer, size_t first, size_t end)
{
  const columns_job *job = job_pointer;
  for (size_t b = first; b < end; b++)
    {
      pack_block (job, b);
      transform_block (job, b, 0);
    }
}

void cpu_passes_load (cpu_plan *plan, const float *data,
                      const fftcl_strides *layout)
{
  const columns_job job = { .plan = plan, .planes = plan->spectrum,
                            .in = data,
                      .layout = layout };
  cpu_in_parallel (plan, plan->width / plan->lines.column_block,
                   load_columns, &job);
  plan->rows_pending = 1;
}

typedef struct {
  const cpu_plan *plan;
  row_work mask;
  const cpu_gain_job *gain;
} rows_job;

/* Rows y and −y, for y in [first, end), of every plane of `planes`
 * transformed in direction `inverse`. */
static void transform_row_pairs (const cpu_plan *plan, fftwf_complex *planes,
                                 size_t first, size_t end, int inverse)
{
  size_t width = plan->width, height = plan->height, area = width * height;
  for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
    for (size_t y = first; y < end; y++)
      {
        size_t rows[2] = { y, (height - y) % height };
        for (int i = 0; i < (rows[1] == y ? 1 : 2); i++)
          {
            fftwf_complex *row = planes + k * area + rows[i] * width;
            fftwf_execute_dft (plan->lines.rows[inverse], row, row);
          }
      }
}

static void filter_rows (const void *job_pointer, size_t first, size_t end)
{
  const rows_job *job = job_pointer;
  const cpu_plan *plan = job->plan;
  for (size_t y = first; y < end; y += ROW_PAIRS)
    {
      size_t last = y + ROW_PAIRS < end ? y + ROW_PAIRS : end;
      if (plan->rows_pending)
        transform_row_pairs (plan, plan->spectrum, y, last, 0);
      if (!job->mask)
        continue;
      job->mask (job->gain, y, last);
      transform_row_pairs (plan, job->gain->filtered, y, last, 1);
    }
}

void cpu_passes_finish_forward (cpu_plan *plan)
{
  if (!plan->rows_pending)
    return;
  const rows_job job = { plan, NULL, NULL };
  cpu_in_parallel (plan, plan->height / 2 + 1, filter_rows, &job);
  plan->rows_pending = 0;
}

void cpu_passes_filter_rows (cpu_plan *plan, row_work mask,
                             const cpu_gain_job *gain)
{
  const rows_job job = { plan, mask, gain };
  cpu_in_parallel (plan, plan->height / 2 + 1, filter_rows, &job);
  plan->rows_pending = 0;
}

/* The transformed block b, written where the window has it at step 1,
 * scaled. */
static void write_block (const columns_job *job, size_t b)
{
  const cpu_plan *plan = job->plan;
  const fftcl_window *w = job->window;
  const fftcl_strides *layout = job->layout;
  size_t width = plan->width, height = plan->height, area = width * height;
  size_t block = plan->lines.column_block;
  float norm = 1.0f / ((float) width * (float) height);
  size_t at[block];
  for (size_t c = 0; c < block; c++)
    {
      size_t x = source_of (plan, b * block + c, width);
      at[c] = x >= w->x && x < w->x + w->width
                ? (x - w->x) * layout->value_step : SIZE_MAX;
    }
  for (size_t r = 0; r < height; r++)
    {
      size_t y = source_of (plan, r, height);
      if (y < w->y || y >= w->y + w->height)
        continue;
      for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
        {
          float *re = job->out + 2 * k * layout->plane_step
                      + (y - w->y) * layout->row_step;
          float *im = 2 * k + 1 < plan->batch ? re + layout->plane_step : NULL;
          const fftwf_complex *row = job->planes + k * area + r * width
                                     + b * block;
          for (size_t c = 0; c < block; c++)
            if (at[c] != SIZE_MAX)
              {
                re[at[c]] = row[c][0] * norm;
                if (im)
                  im[at[c]] = row[c][1] * norm;
              }
        }
    }
}

static void columns_back (const void *job_pointer, size_t first, size_t end)
{
  const columns_job *job = job_pointer;
  for (size_t i = first; i < end; i++)
    {
      transform_block (job, job->blocks[i], 1);
      if (job->window->step == 1)
        write_block (job, job->blocks[i]);
    }
}

/* The column blocks holding a column of the window, in increasing order,
 * into blocks[]; their count. */
static size_t window_blocks (const cpu_plan *plan, const fftcl_window *w,
                             size_t *blocks)
{
  size_t block = plan->lines.column_block, count = 0;
  size_t total = plan->width / block;
  unsigned char *needed = calloc (total, 1);
  if (!needed)
    return 0;
  for (size_t x = w->x; x < w->x + w->width * w->step; x++)
    needed[position_of (plan, x, plan->width) / block] = 1;
  for (size_t b = 0; b < total; b++)
    if (needed[b])
      blocks[count++] = b;
  free (needed);
  return count;
}

int cpu_passes_columns_back (const cpu_plan *plan, fftwf_complex *filtered,
                             const fftcl_window *window, float *out,
                             const fftcl_strides *layout)
{
  size_t *blocks = malloc (plan->width / plan->lines.column_block
                           * sizeof *blocks);
  size_t count = blocks ? window_blocks (plan, window, blocks) : 0;
  if (!count)
    {
      free (blocks);
      return 0;
    }
  const columns_job job = { .plan = plan, .planes = filtered, .out = out,
                      .layout = layout, .window = window, .blocks = blocks };
  cpu_in_parallel (plan, count, columns_back, &job);
  free (blocks);
  return 1;
}
