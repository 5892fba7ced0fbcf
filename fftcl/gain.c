#include "fftcl.h"
#include "gain.h"

double fftcl_gain_at (const fftcl_gain *gain, double fx, double fy)
{
  return gain_at (fx, fy, gain->large_period, gain->small_period,
                  (int) gain->shape, gain->order, gain->reject,
                  gain->keep_mean);
}
