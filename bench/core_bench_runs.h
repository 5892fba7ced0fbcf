/* SPDX-License-Identifier: GPL-3.0-or-later */
/* core_bench_runs — what the benchmarks of the compute core share: its
 * passes over rows split over every processor through the splitter the
 * FFTW backend uses (so that CPU times compare with fftcl's own), and the
 * median of a few runs' times. */
#ifndef CORE_BENCH_RUNS_H
#define CORE_BENCH_RUNS_H

#include <stddef.h>

#include "row-split.h"

void   split_over_processors (size_t      rows,
                              RowWork     work,
                              const void *job);

/* Puts `runs` times in increasing order. */
void   sort_ms               (double     *ms,
                              size_t      runs);

/* The median of runs ≥ 1 times (reordered). */
double median_ms             (double     *ms,
                              size_t      runs);

#endif
