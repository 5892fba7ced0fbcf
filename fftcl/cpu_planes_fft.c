/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 2-D transform as 1-D transforms of rows, one row per call, and of
 * columns gathered a few at a time into a buffer where they lie
 * contiguous. Those 1-D plans are estimated, so that the first transform
 * of a size starts at once; one row per call runs faster than blocks of
 * 16 rows, and the whole form faster than FFTW's measured 2-D plans
 * (docs/performance.md, "Rules in the code": rows and columns). */
#include "cpu_planes_fft.h"

#include "parallel.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* Columns per gathered block: one cache line of each row they cross
 * (planes narrower than that are one block). fftcl's sizes are powers of
 * two, so the blocks fill a row exactly. */
enum { COLUMN_BLOCK = 8 };

/* FFTW's new-array execution needs each array to start aligned as the
 * planned one does: a row that starts elsewhere needs a plan that
 * assumes nothing. */
static unsigned alignment_flag (size_t row_bytes)
{
  return row_bytes % 64 == 0 ? 0 : FFTW_UNALIGNED;
}

/* The 1-D plans made, kept for the process: a plan found here needs no
 * planner. */
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
  fft->column_block = width < COLUMN_BLOCK ? width : COLUMN_BLOCK;
  fft->gathered = calloc (threads, sizeof *fft->gathered);
  int made = fft->gathered != NULL;
  for (size_t t = 0; made && t < threads; t++)
    made = (fft->gathered[t]
              = fftwf_alloc_complex (fft->column_block * height)) != NULL;
  if (made)
    fft->row = plan_contiguous (width, 1, array, sign,
                                alignment_flag (width * sizeof *array));
  if (made && fft->row)
    fft->columns = plan_contiguous (height, fft->column_block,
                                    fft->gathered[0], sign, 0);
  if (fft->row && fft->columns)
    return 1;
  cpu_planes_fft_clear (fft);
  return 0;
}

void cpu_planes_fft_row (const cpu_planes_fft *fft, fftwf_complex *row)
{
  fftwf_execute_dft (fft->row, row, row);
}

size_t cpu_planes_fft_column_blocks (const cpu_planes_fft *fft)
{
  return fft->width / fft->column_block;
}

typedef struct {
  const cpu_planes_fft *fft;
  fftwf_complex *array;
  const size_t *blocks; /* the column blocks to transform; NULL: all */
} columns_job;

/* `count` columns from `corner` (rows `width` apart) into the buffer,
 * column c at c · height; or back where `back`. */
static inline void copy_columns (fftwf_complex *corner, size_t width,
                                 size_t height, fftwf_complex *buffer,
                                 size_t count, int back)
{
  for (size_t y = 0; y < height; y++)
    for (size_t c = 0; c < count; c++)
      if (back)
        memcpy (corner[y * width + c], buffer[c * height + y],
                sizeof *buffer);
      else
        memcpy (buffer[c * height + y], corner[y * width + c],
                sizeof *buffer);
}

/* copy_columns with a full block's count a constant, so that the
 * compiler unrolls the copies of a row. */
static void move_columns (fftwf_complex *corner, size_t width, size_t height,
                          fftwf_complex *buffer, size_t count, int back)
{
  if (count == COLUMN_BLOCK)
    copy_columns (corner, width, height, buffer, COLUMN_BLOCK, back);
  else
    copy_columns (corner, width, height, buffer, count, back);
}

/* Column blocks [first, end) of the job's list, each through this
 * thread's buffer: gathered, transformed, written back. */
static void transform_columns (const void *job_pointer, size_t first,
                               size_t end)
{
  const columns_job *job = job_pointer;
  const cpu_planes_fft *fft = job->fft;
  size_t width = fft->width, height = fft->height, block = fft->column_block;
  size_t per_plane = cpu_planes_fft_column_blocks (fft);
  fftwf_complex *buffer = fft->gathered[fftcl_parallel_share ()];
  for (size_t i = first; i < end; i++)
    {
      size_t b = job->blocks ? job->blocks[i] : i;
      fftwf_complex *corner = job->array + b / per_plane * width * height
                              + b % per_plane * block;
      move_columns (corner, width, height, buffer, block, 0);
      fftwf_execute_dft (fft->columns, buffer, buffer);
      move_columns (corner, width, height, buffer, block, 1);
    }
}

void cpu_planes_fft_columns (const cpu_planes_fft *fft, fftwf_complex *array,
                             const size_t *blocks, size_t count)
{
  const columns_job job = { fft, array, blocks };
  fftcl_in_parallel (fft->threads,
                     blocks ? count
                            : fft->planes * cpu_planes_fft_column_blocks (fft),
                     transform_columns, &job);
}

fftwf_plan cpu_plan_planes (size_t width, size_t height, size_t planes,
                            int threads, fftwf_complex *array, int sign,
                            unsigned flags)
{
  int n[2] = { (int) height, (int) width };
  int dist = n[0] * n[1];
  fftwf_plan_with_nthreads (threads);
  return fftwf_plan_many_dft (2, n, (int) planes, array, NULL, 1, dist,
                              array, NULL, 1, dist, sign, flags);
}

void cpu_planes_fft_clear (cpu_planes_fft *fft)
{
  for (size_t t = 0; fft->gathered && t < fft->threads; t++)
    fftwf_free (fft->gathered[t]);
  free (fft->gathered);
  memset (fft, 0, sizeof *fft);
}
