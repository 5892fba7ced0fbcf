/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "source.h"
#include "timing.h"

static fftcl_status check_timing (const fftcl_plan *plan, const void *data,
                                  size_t runs, const double *ms,
                                  fftcl_error *err)
{
  fftcl_status status = fftcl_check_call (plan, data, err);
  if (status == FFTCL_OK && (!runs || !ms))
    status = fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                         "fftcl: timing needs runs > 0 and an ms array");
  return status;
}

static fftcl_status run_time_transform (fftcl_plan *plan, const call *c,
                                        fftcl_error *err)
{
  return plan->backend->time_transform (plan->state, c->direction, c->input,
                                        c->runs, c->ms, err);
}

fftcl_status fftcl_time_transform (fftcl_plan *plan,
                                   fftcl_direction direction,
                                   const float *data, size_t runs,
                                   double *ms, fftcl_error *err)
{
  fftcl_status status = check_timing (plan, data, runs, ms, err);
  if (status == FFTCL_OK)
    status = fftcl_check_plain (plan, "fftcl_time_transform", err);
  if (status != FFTCL_OK)
    return status;
  plan->spectrum_loaded = 0;
  const call c
    = { .direction = direction, .input = data, .runs = runs, .ms = ms };
  return fftcl_with_fallback (plan, run_time_transform, NULL, &c, err);
}

static fftcl_status time_filter_planes (fftcl_plan *plan, const call *c,
                                        const float *planes,
                                        const fftcl_strides *layout,
                                        fftcl_error *err)
{
  (void) layout;
  return plan->backend->time_filter (plan->state, c->gain, planes, c->runs,
                                     c->ms, err);
}

static fftcl_status run_time_filter (fftcl_plan *plan, const call *c,
                                     fftcl_error *err)
{
  return fftcl_with_planes (plan, c, time_filter_planes, 0, err);
}

fftcl_status fftcl_time_filter (fftcl_plan *plan, const fftcl_gain *gain,
                                const float *planes, size_t runs, double *ms,
                                fftcl_error *err)
{
  fftcl_status status = check_timing (plan, planes, runs, ms, err);
  if (status == FFTCL_OK)
    status = fftcl_check_gain (plan, gain, err);
  if (status != FFTCL_OK)
    return status;
  plan->spectrum_loaded = 0;
  const fftcl_strides side = fftcl_side_by_side (plan->width, plan->height);
  const call c = { .gain = gain, .input = planes, .in = &side,
                   .runs = runs, .ms = ms };
  return fftcl_with_fallback (plan, run_time_filter, NULL, &c, err);
}
