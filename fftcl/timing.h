/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Device-side timing of whole transforms and filters, for the project's
 * benchmarks: not part of fftcl's public API. */
#ifndef FFTCL_TIMING_H
#define FFTCL_TIMING_H

#include "fftcl-filter.h"

/* Runs the transform (or the whole filter, as fftcl_filter_once runs it)
 * `runs` times on data placed on the device once, waiting for each run,
 * and writes each run's wall-clock milliseconds to ms[runs]. Transfers
 * are not timed. The data's result is not returned. The filter's planes
 * are side by side, whatever the plan's layouts. */
fftcl_status fftcl_time_transform (fftcl_plan *plan,
                                   fftcl_direction direction,
                                   const float *data, size_t runs,
                                   double *ms, fftcl_error *err);
fftcl_status fftcl_time_filter (fftcl_plan *plan, const fftcl_gain *gain,
                                const float *planes, size_t runs,
                                double *ms, fftcl_error *err);

#endif
