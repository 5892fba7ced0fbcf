/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A filter call's source (fftcl_source) as the plan's backend takes it:
 * checked, its rows made into planes, its planes gathered side by side,
 * for filter.c and timing.c. */
#ifndef FFTCL_SOURCE_H
#define FFTCL_SOURCE_H

#include "fallback.h"

/* FFTCL_ERROR_ARGUMENT unless plan and source are set and the source
 * has exactly one of planes and fill. */
fftcl_status fftcl_check_source (const fftcl_plan *plan,
                                 const fftcl_source *source,
                                 fftcl_error *err);

/* The planes the source's fill makes, side by side, in planes of their
 * own, filled on one thread per core; NULL when memory runs out. The
 * caller frees them. */
float *fftcl_planes_of_rows (const fftcl_plan *plan,
                             const fftcl_source *source);

typedef fftcl_status (*planes_call) (fftcl_plan *plan, const call *c,
                                     const float *planes,
                                     const fftcl_strides *layout,
                                     fftcl_error *err);

/* Runs `run` with the call's input as the backend can take it: as laid
 * out where `run` takes any layout (`laid_out`), else
 * copied side by side, each plane extended with its mirror images where
 * the backend's plan is of the doubled size. */
fftcl_status fftcl_with_planes (fftcl_plan *plan, const call *c,
                                planes_call run, int laid_out,
                                fftcl_error *err);

#endif
