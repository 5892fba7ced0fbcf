/* The gain against values worked out by hand from DESIGN.md §2. */
#include "check.h"
#include "fftcl.h"

#include <math.h>

static void expect (const fftcl_gain *g, double fx, double fy, double want,
                    const char *what)
{
  double got = fftcl_gain_at (g, fx, fy);
  check (fabs (got - want) < 1e-12, "%s: G(%g, %g) = %.15g, want %.15g", what,
         fx, fy, got, want);
}

int main (void)
{
  fftcl_gain low = { 0, 4, FFTCL_SHAPE_GAUSSIAN, 2, 0, 1 };
  expect (&low, 0.25, 0, 0.5, "gaussian low-pass half at cut-off");
  expect (&low, 0, 0.5, 1.0 / 16, "gaussian low-pass at twice the cut-off");
  expect (&low, 0.15, 0.2, exp (-log (2) * 1), "gaussian radial f = 0.25");

  fftcl_gain butter = { 0, 4, FFTCL_SHAPE_BUTTERWORTH, 3, 0, 1 };
  expect (&butter, 0.25, 0, 0.5, "butterworth half at cut-off");
  expect (&butter, 0.125, 0, 1 / (1 + pow (0.5, 6)), "butterworth order 3");

  fftcl_gain ideal = { 8, 2, FFTCL_SHAPE_IDEAL, 2, 0, 0 };
  expect (&ideal, 0.5, 0, 1, "ideal at its upper edge passes");
  expect (&ideal, 0.5001, 0, 0, "ideal above the band");
  expect (&ideal, 0.125, 0, 0, "ideal at its lower edge is removed");
  expect (&ideal, 0.1, 0, 0, "ideal below the band");
  expect (&ideal, 0, 0, 0, "ideal band-pass removes the mean");

  fftcl_gain band = { 10, 2, FFTCL_SHAPE_GAUSSIAN, 2, 0, 0 };
  double f = 0.2;
  double want = exp (-log (2) * pow (f * 2, 2))
                * (1 - exp (-log (2) * pow (f * 10, 2)));
  expect (&band, f, 0, want, "gaussian band-pass product");
  band.reject = 1;
  expect (&band, f, 0, 1 - want, "band-reject is 1 - P");
  expect (&band, 0, 0, 1, "band-reject keeps the mean");
  band.keep_mean = 1;
  band.reject = 0;
  expect (&band, 0, 0, 1, "keep-mean passes DC");
  expect (&band, -0.2, 0, want, "even in fx");

  fftcl_gain everything = { 0, 0, FFTCL_SHAPE_BUTTERWORTH, 2, 0, 0 };
  expect (&everything, 0.37, -0.41, 1, "both periods 0 pass everything");
  return check_finish ();
}
