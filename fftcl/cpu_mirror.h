/* SPDX-License-Identifier: GPL-3.0-or-later */
/* cpu_mirror — the FFTW backend's side of mirrored plans: the
 * reordering, the gain on DCT coefficients and the spectrum view that
 * kernels/mirror.h describes. */
#ifndef FFTCL_CPU_MIRROR_H
#define FFTCL_CPU_MIRROR_H

#include "cpu_plan.h"

/* Rows [first, end) of a mirrored plan's gain pass, `job` a cpu_gain_job:
 * the spectrum's DCT coefficients times the gain (each group is read
 * whole before it is written); the job's rows are over fx = i / (2·width),
 * i = 0 … width. */
void cpu_mirror_gain_rows (const void *job, size_t first, size_t end);

/* The twiddles of a mirrored plan's columns kx = 0 … width/2 into
 * phi[width/2 + 1], once per gain pass, for its job's phi. */
void cpu_mirror_twiddles (const cpu_plan *plan, mirror_complex *phi);

/* fftcl_filter_spectrum of a mirrored plan: a view of the doubled grid.
 * Uses plan->scratch, which must exist. */
void cpu_mirror_spectrum (const cpu_plan *plan, size_t out_width,
                          size_t out_height, float *out);

#endif
