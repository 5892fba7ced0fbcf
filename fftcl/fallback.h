/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The fallback machinery: how a plan leaves a failing OpenCL device for
 * the CPU backend and redoes the call there, for plan.c, filter.c and
 * timing.c.
 *
 * A plan runs on its context's backend until an OpenCL call fails (out of
 * resources, device lost, a kernel that does not compile); then it moves
 * to the CPU backend for good and redoes the failed call there. To redo a
 * call it must still have the call's input: a transform's data, which the
 * device may have overwritten, it keeps a host copy of while on OpenCL; a
 * filter's source stays the caller's until the plan's next load (the rule
 * in fftcl-filter.h), so an apply or a spectrum view, which have no input
 * of their own, are redone after the CPU plan has read it again. */
#ifndef FFTCL_FALLBACK_H
#define FFTCL_FALLBACK_H

#include "plan.h"

/* The arguments of one public call, for redoing it. */
typedef struct {
  fftcl_direction direction;
  float *data;
  const float *input;
  const fftcl_strides *in;  /* of `input` */
  const fftcl_source *rows; /* or the input made row by row */
  const fftcl_strides *out; /* of `data`, where a filter writes it */
  const fftcl_gain *gain;
  const fftcl_window *window;
  size_t out_width, out_height;
  fftcl_timings *timings;
  size_t runs;
  double *ms;
} call;

typedef fftcl_status (*backend_call) (fftcl_plan *plan, const call *c,
                                      fftcl_error *err);

/* Runs `run` on the plan's backend; when that is OpenCL and the device
 * fails, moves to the CPU, lets `restore` (if not NULL) put back the input
 * the device may have spoilt, and runs `run` again. */
fftcl_status fftcl_with_fallback (fftcl_plan *plan, backend_call run,
                                  backend_call restore, const call *c,
                                  fftcl_error *err);

/* What a call on the plan's backend that ended with `status` and
 * `device_err` comes to: where the OpenCL device failed, the plan moved
 * to the CPU (FFTCL_OK, or the CPU's failure); else `status`, with
 * device_err copied to *err. For plan_create, which has nothing to
 * redo. */
fftcl_status fftcl_fall_back_on (fftcl_plan *plan, fftcl_status status,
                                 const fftcl_error *device_err,
                                 fftcl_error *err);

int fftcl_runs_on_cpu (const fftcl_plan *plan);

/* Keeps a host copy of a transform's 2 · width · height · batch floats
 * while on OpenCL, in memory made on the first call and kept with the
 * plan. */
fftcl_status fftcl_keep_input (fftcl_plan *plan, const float *input,
                               fftcl_error *err);

/* The kept copy, or NULL before the first. */
const float *fftcl_kept_input (const fftcl_plan *plan);

#endif
