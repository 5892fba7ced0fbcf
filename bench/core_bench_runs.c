/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "core_bench_runs.h"

#include <stdlib.h>

#include <unistd.h>

#include "parallel.h"

void
split_over_processors (size_t      rows,
                       RowWork     work,
                       const void *job)
{
  long processors = sysconf (_SC_NPROCESSORS_ONLN);

  fftcl_in_parallel (processors > 0 ? (size_t) processors : 1, rows, work,
                     job);
}

static int
earlier_first (const void *a,
               const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

void
sort_ms (double *ms,
         size_t  runs)
{
  qsort (ms, runs, sizeof *ms, earlier_first);
}

double
median_ms (double *ms,
           size_t  runs)
{
  sort_ms (ms, runs);
  return ms[runs / 2];
}
