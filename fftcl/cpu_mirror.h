/* cpu_mirror — the FFTW backend's side of mirrored plans: the
 * reordering, the gain on DCT coefficients and the spectrum view that
 * kernels/mirror.h describes. */
#ifndef FFTCL_CPU_MIRROR_H
#define FFTCL_CPU_MIRROR_H

#include "backend.h"
#include "cpu_plan.h"

/* plan->spectrum with its DCT coefficients times the gain, into
 * `filtered` (which may be the spectrum itself: each group is read whole
 * before it is written); `rows` are over fx = i / (2·width),
 * i = 0 … width. */
void cpu_mirror_gain (const cpu_plan *plan, const cpu_gain_rows *rows,
                      fftwf_complex *filtered);

/* fftcl_filter_spectrum of a mirrored plan: a view of the doubled grid.
 * Uses plan->scratch, which must exist. */
void cpu_mirror_spectrum (const cpu_plan *plan, size_t out_width,
                          size_t out_height, float *out);

#endif
