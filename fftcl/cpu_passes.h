/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend's passes over its spectrum planes, each running on all
 * of the plan's threads, with every step that touches all values fused
 * into a transform's pass (issue 33):
 *   - columns forward: a block of columns of the real planes packed two
 *     to a complex plane and reordered (cpu_plane_index) into the
 *     spectrum, and transformed there while they are in the cache;
 *   - rows: forward where still pending, the gain, and back, one pair of
 *     rows y and −y at a time, so that the gain pass (which needs both)
 *     finds them transformed and the inverse finds them filtered;
 *   - columns back: only those the window needs, transformed and, at
 *     step 1, written to the caller's layout, scaled, while they are in
 *     the cache. */
#ifndef FFTCL_CPU_PASSES_H
#define FFTCL_CPU_PASSES_H

#include "cpu_plan.h"
#include "layout.h"

/* The planes of `data`, laid out as `layout` says, packed into the
 * spectrum with their columns transformed forward; the rows are left
 * pending (plan->rows_pending). */
void cpu_passes_load (cpu_plan *plan, const float *data,
                      const fftcl_strides *layout);

/* The spectrum's pending rows transformed forward, where they are. */
void cpu_passes_finish_forward (cpu_plan *plan);

/* The rows pass of a filter: the pending forward rows, then `mask`
 * (multiplying rows y in [first, end) of 0 … height/2 and their mirrors
 * −y of plan->spectrum by the gain into job->filtered), then those rows
 * transformed back. */
void cpu_passes_filter_rows (cpu_plan *plan, row_work mask,
                             const cpu_gain_job *job);

/* The columns of `filtered` that `window` needs, transformed back; at
 * step 1 the window written to `out` as `layout` says (2 · k and
 * 2 · k + 1 from the real and imaginary parts of plane k, scaled by
 * 1 / (width · height)), else stored back in `filtered`. 0 when memory
 * runs out. */
int cpu_passes_columns_back (const cpu_plan *plan, fftwf_complex *filtered,
                             const fftcl_window *window, float *out,
                             const fftcl_strides *layout);

#endif
