/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fftcl-filter.h"
#include "gain.h"

double fftcl_stripe_scale (const fftcl_gain *gain, size_t width,
                           size_t height)
{
  size_t axis = gain->stripes == FFTCL_STRIPES_HORIZONTAL ? width : height;
  return (1 - gain->stripe_tolerance / 100) * (double) axis;
}

double fftcl_notch_radius_min (size_t width, size_t height)
{
  return 0.5 / (double) (width > height ? width : height);
}

double fftcl_gain_at (const fftcl_gain *gain, size_t width, size_t height,
                      double fx, double fy)
{
  const unsigned every_disc[] = { 0, (unsigned) (2 * gain->notch_count) };
  const gain_notch_index notches = { gain->notches, every_disc, NULL, 1 };
  return gain_at (fx, fy, gain->large_period, gain->small_period,
                  (int) gain->shape, gain->order, gain->reject,
                  gain->keep_mean, (int) gain->stripes,
                  fftcl_stripe_scale (gain, width, height), &notches);
}
