/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 2-D transform: FFTW's measured plan where its wisdom holds one,
 * else 1-D transforms of rows, then of columns gathered a few at a time
 * into a buffer where they lie contiguous; those also transform only
 * some columns. Those 1-D plans are estimated,
 * so that the first transform of a size starts at once: FFTW measuring a
 * 2-D plan of a 4096² image's planes takes seconds, and its estimated
 * 2-D plans walk the columns with the planes' stride, several times
 * slower (docs/performance.md, "First use of a size"). */
#include "cpu_planes_fft.h"

#include "cpu_wisdom.h"
#include "parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

/* At most this many rows, or columns, per 1-D plan's call. */
enum { ROW_BLOCK = 16, COLUMN_BLOCK = 8 };

/* The largest power of two up to `most` that divides `n`. */
static size_t block_for (size_t n, size_t most)
{
  size_t block = 1;
  while (block * 2 <= most && n % (block * 2) == 0)
    block *= 2;
  return block;
}

/* FFTW's new-array execution needs each block to start aligned as the
 * planned array does. */
static unsigned alignment_flag (size_t block_bytes)
{
  return block_bytes % 64 == 0 ? 0 : FFTW_UNALIGNED;
}

/* The 1-D plans made, kept for the process: while FFTW measures in the
 * background its planner is locked, and a plan found here needs none. */
typedef struct contiguous_plan {
  size_t n, howmany;
  int sign, alignment;
  unsigned flags;
  fftwf_plan plan;
  struct contiguous_plan *next;
} contiguous_plan;

static contiguous_plan *made_plans;
static pthread_mutex_t made_plans_lock = PTHREAD_MUTEX_INITIALIZER;

static fftwf_plan plan_contiguous (size_t n, size_t howmany,
                                   fftwf_complex *array, int sign,
                                   unsigned flags)
{
  int alignment = fftwf_alignment_of ((float *) array);
  pthread_mutex_lock (&made_plans_lock);
  contiguous_plan *made = made_plans;
  while (made && (made->n != n || made->howmany != howmany
                  || made->sign != sign || made->alignment != alignment
                  || made->flags != flags))
    made = made->next;
  if (!made && (made = malloc (sizeof *made)))
    {
      int length = (int) n;
      fftwf_plan_with_nthreads (1);
      *made = (contiguous_plan) {
        n, howmany, sign, alignment, flags,
        fftwf_plan_many_dft (1, &length, (int) howmany, array, NULL, 1,
                             length, array, NULL, 1, length, sign,
                             FFTW_ESTIMATE | flags),
        made_plans };
      if (made->plan)
        made_plans = made;
      else
        {
          free (made);
          made = NULL;
        }
    }
  pthread_mutex_unlock (&made_plans_lock);
  return made ? made->plan : NULL;
}

int cpu_planes_fft_make (cpu_planes_fft *fft, size_t width, size_t height,
                         size_t planes, size_t threads, fftwf_complex *array,
                         int sign)
{
  memset (fft, 0, sizeof *fft);
  fft->width = width;
  fft->height = height;
  fft->planes = planes;
  fft->threads = threads;
  fft->whole = cpu_wisdom_plan (width, height, planes, (int) threads, array,
                                sign);
  fft->row_block = block_for (height * planes, ROW_BLOCK);
  fft->column_block = block_for (width, COLUMN_BLOCK);
  fft->gathered = calloc (threads, sizeof *fft->gathered);
  int made = fft->gathered != NULL;
  for (size_t t = 0; made && t < threads; t++)
    made = (fft->gathered[t]
              = fftwf_alloc_complex (fft->column_block * height)) != NULL;
  if (made)
    fft->rows = plan_contiguous (width, fft->row_block, array, sign,
                                 alignment_flag (fft->row_block * width
                                                 * sizeof *array));
  if (made && fft->rows)
    fft->columns = plan_contiguous (height, fft->column_block,
                                    fft->gathered[0], sign, 0);
  if (fft->rows && fft->columns)
    return 1;
  cpu_planes_fft_clear (fft);
  return 0;
}

typedef struct {
  const cpu_planes_fft *fft;
  fftwf_complex *array;
  atomic_size_t *next_buffer;
  const size_t *blocks; /* the column blocks to transform; NULL: all */
} pass_job;

/* Row blocks [first, end) of all planes. */
static void transform_rows (const void *job_pointer, size_t first,
                            size_t end)
{
  const pass_job *job = job_pointer;
  const cpu_planes_fft *fft = job->fft;
  for (size_t b = first; b < end; b++)
    {
      fftwf_complex *rows = job->array + b * fft->row_block * fft->width;
      fftwf_execute_dft (fft->rows, rows, rows);
    }
}

/* Column blocks [first, end), numbered plane by plane, each through this
 * thread's buffer: gathered, transformed, written back. */
static void transform_columns (const void *job_pointer, size_t first,
                               size_t end)
{
  const pass_job *job = job_pointer;
  const cpu_planes_fft *fft = job->fft;
  size_t width = fft->width, height = fft->height, block = fft->column_block;
  size_t per_plane = width / block;
  fftwf_complex *buffer = fft->gathered[atomic_fetch_add (job->next_buffer,
                                                          1)];
  for (size_t i = first; i < end; i++)
    {
      size_t b = job->blocks ? job->blocks[i] : i;
      fftwf_complex *corner = job->array + b / per_plane * width * height
                              + b % per_plane * block;
      for (size_t y = 0; y < height; y++)
        for (size_t c = 0; c < block; c++)
          memcpy (buffer[c * height + y], corner[y * width + c],
                  sizeof *buffer);
      fftwf_execute_dft (fft->columns, buffer, buffer);
      for (size_t y = 0; y < height; y++)
        for (size_t c = 0; c < block; c++)
          memcpy (corner[y * width + c], buffer[c * height + y],
                  sizeof *buffer);
    }
}

/* Rows, then the listed column blocks (all where `blocks` is NULL). */
static void run_lines (const cpu_planes_fft *fft, fftwf_complex *array,
                       const size_t *blocks, size_t count)
{
  atomic_size_t next_buffer = 0;
  const pass_job job = { fft, array, &next_buffer, blocks };
  fftcl_in_parallel (fft->threads,
                     fft->height * fft->planes / fft->row_block,
                     transform_rows, &job);
  fftcl_in_parallel (fft->threads, count, transform_columns, &job);
}

void cpu_planes_fft_run (const cpu_planes_fft *fft, fftwf_complex *array)
{
  if (fft->whole)
    fftwf_execute_dft (fft->whole, array, array);
  else
    run_lines (fft, array, NULL,
               fft->planes * (fft->width / fft->column_block));
}

void cpu_planes_fft_run_columns (const cpu_planes_fft *fft,
                                 fftwf_complex *array, const size_t *blocks,
                                 size_t count)
{
  run_lines (fft, array, blocks, count);
}

void cpu_planes_fft_clear (cpu_planes_fft *fft)
{
  if (fft->whole)
    fftwf_destroy_plan (fft->whole);
  for (size_t t = 0; fft->gathered && t < fft->threads; t++)
    fftwf_free (fft->gathered[t]);
  free (fft->gathered);
  memset (fft, 0, sizeof *fft);
}
