/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "plan.h"

#include <math.h>

int fftcl_gain_mirrors (const fftcl_gain *gain)
{
  for (size_t i = 0; gain && i < gain->notch_count; i++)
    if (gain->notches[3 * i] != 0 && gain->notches[3 * i + 1] != 0)
      return 0;
  return 1;
}

/* The shape, order, periods and stripes; a period may be 0, never ∞. */
static fftcl_status check_band (const fftcl_gain *gain, fftcl_error *err)
{
  if (!(gain->large_period >= 0 && isfinite (gain->large_period))
      || !(gain->small_period >= 0 && isfinite (gain->small_period)))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: periods must be finite and ≥ 0 (large %.17g, "
                       "small %.17g)",
                       gain->large_period, gain->small_period);
  if ((unsigned) gain->shape > FFTCL_SHAPE_IDEAL)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: unknown shape %d",
                       (int) gain->shape);
  if (gain->shape == FFTCL_SHAPE_BUTTERWORTH
      && !(gain->order > 0 && isfinite (gain->order)))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: Butterworth order must be finite and > 0 (got "
                       "%.17g)",
                       gain->order);
  if ((unsigned) gain->stripes > FFTCL_STRIPES_VERTICAL
      || !(gain->stripe_tolerance >= 0 && gain->stripe_tolerance <= 100))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: stripes %d with tolerance %.17g%% (0 … 100)",
                       (int) gain->stripes, gain->stripe_tolerance);
  return FFTCL_OK;
}

/* Notch i inside the frequency square, its radius one the grid
 * resolves. */
static fftcl_status check_notch (const double *notch, size_t i,
                                 size_t grid_width, size_t grid_height,
                                 fftcl_error *err)
{
  if (!(fabs (notch[0]) <= 0.5 && fabs (notch[1]) <= 0.5))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: notch %zu is at (%.17g, %.17g) cycles/px; "
                       "both must lie within −0.5 … 0.5",
                       i, notch[0], notch[1]);
  double smallest = fftcl_notch_radius_min (grid_width, grid_height);
  if (!(notch[2] >= smallest && isfinite (notch[2])))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: notch %zu has radius %.17g cycles/px; on the "
                       "%zu×%zu filter grid a radius must be finite and at "
                       "least %.17g, half a bin",
                       i, notch[2], grid_width, grid_height, smallest);
  return FFTCL_OK;
}

static fftcl_status check_notches (const fftcl_plan *plan,
                                   const fftcl_gain *gain, fftcl_error *err)
{
  if (gain->notch_count > FFTCL_MOST_NOTCHES)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: %zu notches; at most %d", gain->notch_count,
                       FFTCL_MOST_NOTCHES);
  if (gain->notch_count && !gain->notches)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: a notch count of %zu but no notch array",
                       gain->notch_count);
  size_t grid = plan->mirrored ? 2 : 1;
  fftcl_status status = FFTCL_OK;
  for (size_t i = 0; i < gain->notch_count && status == FFTCL_OK; i++)
    status = check_notch (gain->notches + 3 * i, i, grid * plan->width,
                          grid * plan->height, err);
  if (status == FFTCL_OK && plan->mirrored && !fftcl_gain_mirrors (gain))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: a notch lies off the axes; a plan made with "
                       "FFTCL_MIRRORED takes only notches with fx = 0 or "
                       "fy = 0");
  return status;
}

fftcl_status fftcl_check_gain (const fftcl_plan *plan, const fftcl_gain *gain,
                               fftcl_error *err)
{
  if (!gain)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: gain is NULL");
  fftcl_status status = check_band (gain, err);
  return status == FFTCL_OK ? check_notches (plan, gain, err) : status;
}
