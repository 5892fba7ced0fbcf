#include "context.h"

#include <stdlib.h>

struct fftcl_plan {
  const fftcl_backend *backend;
  void *state;
  int spectrum_loaded;
};

static int is_power_of_two (size_t n)
{
  return n && !(n & (n - 1));
}

fftcl_status fftcl_plan_create (fftcl_context *ctx, size_t width,
                                size_t height, size_t batch,
                                fftcl_plan **out, fftcl_error *err)
{
  if (!ctx || !out)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: context or out is NULL");
  *out = NULL;
  if (!is_power_of_two (width) || !is_power_of_two (height))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: size %zu×%zu is not a power of two per axis",
                       width, height);
  if (batch == 0)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: batch is 0");

  fftcl_plan *plan = calloc (1, sizeof *plan);
  if (!plan)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  plan->backend = ctx->backend;
  fftcl_status status = ctx->backend->plan_create (ctx->device, width, height,
                                                   batch, &plan->state, err);
  if (status != FFTCL_OK)
    {
      free (plan);
      return status;
    }
  *out = plan;
  return FFTCL_OK;
}

void fftcl_plan_destroy (fftcl_plan *plan)
{
  if (!plan)
    return;
  plan->backend->plan_destroy (plan->state);
  free (plan);
}

static fftcl_status check_call (const fftcl_plan *plan, const void *data,
                                fftcl_error *err)
{
  if (!plan || !data)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: plan or data is NULL");
  return FFTCL_OK;
}

fftcl_status fftcl_transform (fftcl_plan *plan, fftcl_direction direction,
                              float *data, fftcl_error *err)
{
  fftcl_status status = check_call (plan, data, err);
  if (status != FFTCL_OK)
    return status;
  if (direction != FFTCL_FORWARD && direction != FFTCL_INVERSE)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: direction %d is neither forward nor inverse",
                       (int) direction);
  plan->spectrum_loaded = 0;
  return plan->backend->transform (plan->state, direction, data, err);
}

fftcl_status fftcl_filter_load (fftcl_plan *plan, const float *planes,
                                fftcl_timings *timings, fftcl_error *err)
{
  fftcl_status status = check_call (plan, planes, err);
  if (status != FFTCL_OK)
    return status;
  plan->spectrum_loaded = 0;
  status = plan->backend->filter_load (plan->state, planes, timings, err);
  plan->spectrum_loaded = status == FFTCL_OK;
  return status;
}

static fftcl_status check_gain (const fftcl_gain *gain, fftcl_error *err)
{
  if (!gain)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: gain is NULL");
  if (!(gain->large_period >= 0) || !(gain->small_period >= 0))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: periods must be ≥ 0 (large %g, small %g)",
                       gain->large_period, gain->small_period);
  if ((unsigned) gain->shape > FFTCL_SHAPE_IDEAL)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: unknown shape %d",
                       (int) gain->shape);
  if (gain->shape == FFTCL_SHAPE_BUTTERWORTH && !(gain->order > 0))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: Butterworth order must be > 0 (got %g)",
                       gain->order);
  if ((unsigned) gain->stripes > FFTCL_STRIPES_VERTICAL
      || !(gain->stripe_tolerance >= 0 && gain->stripe_tolerance <= 100))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: stripes %d with tolerance %g%% (0 … 100)",
                       (int) gain->stripes, gain->stripe_tolerance);
  if (gain->notch_count && !gain->notches)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: %zu notches but no notch array",
                       gain->notch_count);
  for (size_t i = 0; i < gain->notch_count; i++)
    if (!(gain->notches[3 * i + 2] > 0))
      return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                         "fftcl: notch %zu has radius %g; it must be > 0", i,
                         gain->notches[3 * i + 2]);
  return FFTCL_OK;
}

fftcl_status fftcl_filter_apply (fftcl_plan *plan, const fftcl_gain *gain,
                                 float *planes, fftcl_timings *timings,
                                 fftcl_error *err)
{
  fftcl_status status = check_call (plan, planes, err);
  if (status == FFTCL_OK)
    status = check_gain (gain, err);
  if (status != FFTCL_OK)
    return status;
  if (!plan->spectrum_loaded)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: fftcl_filter_apply before fftcl_filter_load");
  return plan->backend->filter_apply (plan->state, gain, planes, timings, err);
}

static fftcl_status check_timing (const fftcl_plan *plan, const void *data,
                                  size_t runs, const double *ms,
                                  fftcl_error *err)
{
  fftcl_status status = check_call (plan, data, err);
  if (status == FFTCL_OK && (!runs || !ms))
    status = fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                         "fftcl: timing needs runs > 0 and an ms array");
  return status;
}

fftcl_status fftcl_time_transform (fftcl_plan *plan,
                                   fftcl_direction direction,
                                   const float *data, size_t runs,
                                   double *ms, fftcl_error *err)
{
  fftcl_status status = check_timing (plan, data, runs, ms, err);
  if (status != FFTCL_OK)
    return status;
  return plan->backend->time_transform (plan->state, direction, data, runs,
                                        ms, err);
}

fftcl_status fftcl_time_filter (fftcl_plan *plan, const fftcl_gain *gain,
                                const float *planes, size_t runs, double *ms,
                                fftcl_error *err)
{
  fftcl_status status = check_timing (plan, planes, runs, ms, err);
  if (status == FFTCL_OK)
    status = check_gain (gain, err);
  if (status != FFTCL_OK)
    return status;
  plan->spectrum_loaded = 0;
  return plan->backend->time_filter (plan->state, gain, planes, runs, ms,
                                     err);
}
