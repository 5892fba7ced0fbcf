/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The notches' product along the rows of cpu_gain.c. A row takes, cell by
 * cell of gain.h's notch index, each disc of the cell at the columns
 * within the disc's reach only. A Gaussian disc is separable,
 * 1 − L(dx/r)·L(dy/r), so its x factors are worked out once: a row then
 * costs one exp per disc, not one per frequency. */
#ifndef FFTCL_CPU_NOTCHES_H
#define FFTCL_CPU_NOTCHES_H

#include "fftcl-filter.h"

typedef struct cpu_notches cpu_notches;

/* The notches of `gain` for rows at the `count` frequencies fx[i] of a
 * row; NULL when memory runs out. `gain` and `fx` must outlive it. */
cpu_notches *cpu_notches_make (const fftcl_gain *gain, const double *fx,
                               size_t count);

/* Multiplies out[i] by the notches' product at (fx[i], fy). */
void cpu_notches_row (const cpu_notches *notches, double fy, float *out);

void cpu_notches_free (cpu_notches *notches);

#endif
