/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The 1-D plans are FFTW's measured ones where wisdom holds them, else
 * estimated, so that the first transform of a size starts at once
 * (docs/performance.md, "First use of a size"). */
#include "cpu_planes_fft.h"

#include "cpu_wisdom.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* At most this many columns per 1-D plan's call. */
enum { COLUMN_BLOCK = 8 };

/* The largest power of two up to `most` that divides `n`. */
static size_t block_for (size_t n, size_t most)
{
  size_t block = 1;
  while (block * 2 <= most && n % (block * 2) == 0)
    block *= 2;
  return block;
}

/* The 1-D plans made, kept for the process: while FFTW measures in the
 * background its planner is locked, and a plan found here needs none. */
typedef struct contiguous_plan {
  size_t n, howmany, stride;
  int sign, alignment;
  unsigned flags;
  fftwf_plan plan;
  struct contiguous_plan *next;
} contiguous_plan;

static contiguous_plan *made_plans;
static pthread_mutex_t made_plans_lock = PTHREAD_MUTEX_INITIALIZER;

/* `flags` hold the rigour: FFTW_ESTIMATE, or cpu_wisdom_line's lookup. */
static fftwf_plan plan_lines (size_t n, size_t howmany, size_t stride,
                              fftwf_complex *array, int sign,
                              unsigned flags)
{
  int alignment = fftwf_alignment_of ((float *) array);
  pthread_mutex_lock (&made_plans_lock);
  contiguous_plan *made = made_plans;
  while (made && (made->n != n || made->howmany != howmany
                  || made->stride != stride || made->sign != sign || made->alignment != alignment
                  || made->flags != flags))
    made = made->next;
  if (!made && (made = malloc (sizeof *made)))
    {
      *made = (contiguous_plan) {
        n, howmany, stride, sign, alignment, flags,
        cpu_wisdom_line (n, howmany, stride, array, sign, flags),
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

/* The four plans with `rigour`; 0 when one is missing. */
static int plan_all (cpu_planes_fft *fft, fftwf_complex *array,
                     unsigned rigour)
{
  unsigned aligned = cpu_wisdom_row_flags (fft->width);
  for (int d = 0; d < 2; d++)
    {
      int sign = d ? FFTW_BACKWARD : FFTW_FORWARD;
      fft->rows[d] = plan_lines (fft->width, 1, 1, array, sign,
                                 rigour | aligned);
      fft->columns[d] = plan_lines (fft->height, fft->column_block,
                                    fft->width, array, sign, rigour);
      if (!fft->rows[d] || !fft->columns[d])
        return 0;
    }
  return 1;
}

int cpu_planes_fft_make (cpu_planes_fft *fft, size_t width, size_t height,
                         const fftwf_complex *array)
{
  memset (fft, 0, sizeof *fft);
  fft->width = width;
  fft->height = height;
  fft->column_block = block_for (width, COLUMN_BLOCK);
  /* Planning only reads the array's address: the plans run through
   * FFTW's new-array interface. */
  fftwf_complex *planned = (fftwf_complex *) array;
  unsigned lookup = cpu_wisdom_lookup (width, height);
  fft->measured = lookup && plan_all (fft, planned, lookup);
  return fft->measured || plan_all (fft, planned, FFTW_ESTIMATE);
}
