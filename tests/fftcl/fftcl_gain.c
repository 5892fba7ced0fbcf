/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The gain against values worked out by hand from docs/contract.md, and
 * which gains a mirrored plan can apply. */
#include "check.h"
#include "fftcl-filter.h"

#include <math.h>

enum { GRID_W = 64, GRID_H = 32 };

static void expect (const fftcl_gain *g, double fx, double fy, double want,
                    const char *what)
{
  double got = fftcl_gain_at (g, GRID_W, GRID_H, fx, fy);
  check (fabs (got - want) < 1e-12, "%s: G(%g, %g) = %.15g, want %.15g", what,
         fx, fy, got, want);
}

int main (void)
{
  fftcl_gain low = {
    .large_period = 0, .small_period = 4, .shape = FFTCL_SHAPE_GAUSSIAN,
    .order = 2, .reject = 0, .keep_mean = 1 };
  expect (&low, 0.25, 0, 0.5, "gaussian low-pass half at cut-off");
  expect (&low, 0, 0.5, 1.0 / 16, "gaussian low-pass at twice the cut-off");
  expect (&low, 0.15, 0.2, exp (-log (2) * 1), "gaussian radial f = 0.25");

  fftcl_gain butter = {
    .large_period = 0, .small_period = 4, .shape = FFTCL_SHAPE_BUTTERWORTH,
    .order = 3, .reject = 0, .keep_mean = 1 };
  expect (&butter, 0.25, 0, 0.5, "butterworth half at cut-off");
  expect (&butter, 0.125, 0, 1 / (1 + pow (0.5, 6)), "butterworth order 3");

  fftcl_gain ideal = {
    .large_period = 8, .small_period = 2, .shape = FFTCL_SHAPE_IDEAL,
    .order = 2, .reject = 0, .keep_mean = 0 };
  expect (&ideal, 0.5, 0, 1, "ideal at its upper edge passes");
  expect (&ideal, 0.5001, 0, 0, "ideal above the band");
  expect (&ideal, 0.125, 0, 0, "ideal at its lower edge is removed");
  expect (&ideal, 0.1, 0, 0, "ideal below the band");
  expect (&ideal, 0, 0, 0, "ideal band-pass removes the mean");

  fftcl_gain band = {
    .large_period = 10, .small_period = 2, .shape = FFTCL_SHAPE_GAUSSIAN,
    .order = 2, .reject = 0, .keep_mean = 0 };
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

  fftcl_gain everything = {
    .large_period = 0, .small_period = 0, .shape = FFTCL_SHAPE_BUTTERWORTH,
    .order = 2, .reject = 0, .keep_mean = 0 };
  expect (&everything, 0.37, -0.41, 1, "both periods 0 pass everything");

  /* ImageJ's stripes on the 64 × 32 grid, tolerance 50 %: s = 0.5. */
  fftcl_gain stripes = { 0, 0, FFTCL_SHAPE_GAUSSIAN, 2, 0, 0,
                         FFTCL_STRIPES_HORIZONTAL, 50, NULL, 0, NULL };
  expect (&stripes, 0, 0.25, 0, "horizontal stripes remove fx = 0");
  expect (&stripes, 2.0 / 64, 0.1, 1 - exp (-1), "bin 2 at s = 0.5");
  expect (&stripes, -3.0 / 64, 0, 1 - exp (-2.25), "bin -3 at s = 0.5");
  stripes.stripes = FFTCL_STRIPES_VERTICAL;
  expect (&stripes, 0.3, 0, 0, "vertical stripes remove fy = 0");
  expect (&stripes, 0.3, 4.0 / 32, 1 - exp (-4), "row bin 4 at s = 0.5");
  stripes.keep_mean = 1;
  expect (&stripes, 0, 0, 1, "keep-mean wins over stripes at DC");
  stripes.stripe_tolerance = 100;
  expect (&stripes, 0.3, 0.2, 0, "tolerance 100 % removes all, as ImageJ");

  const double notch_table[] = { 0.25, 0.125, 0.05 };
  fftcl_gain notch = { 0, 0, FFTCL_SHAPE_GAUSSIAN, 2, 0, 1,
                       FFTCL_STRIPES_NONE, 5, notch_table, 1, NULL };
  expect (&notch, 0.25, 0.125, 0, "notch centre");
  expect (&notch, -0.25, -0.125, 0, "mirror notch centre");
  expect (&notch, 0.25 + 0.05, 0.125, 0.5, "half at the notch radius");
  expect (&notch, -0.25, -0.125 - 0.05, 0.5, "half at the mirror's radius");
  expect (&notch, 0.0, 0.4, 1.0, "far from both notches");
  notch.shape = FFTCL_SHAPE_IDEAL;
  expect (&notch, 0.25 + 0.04, 0.125, 0, "ideal notch inside");
  expect (&notch, 0.25 + 0.06, 0.125, 1, "ideal notch outside");

  /* Frequencies alias every cycle/px: a notch at fx = 0.5 is one at -0.5
   * too, and reaches across. */
  const double nyquist_table[] = { 0.5, 0.125, 0.05 };
  fftcl_gain nyquist = notch;
  nyquist.shape = FFTCL_SHAPE_GAUSSIAN;
  nyquist.notches = nyquist_table;
  expect (&nyquist, -0.5, 0.125, 0, "notch at 0.5 rejects -0.5");
  /* The mirror disc, at (-0.5, -0.125), lies 5 radii off in y:
   * 1 - 2^-(1 + 25). */
  expect (&nyquist, -0.45, 0.125, 0.5 * (1 - pow (2, -26)),
          "a radius from -0.5");
  expect (&nyquist, 0.5, -0.125, 0, "its mirror at (-0.5, -0.125)");

  /* fftcl_gain_at checks nothing: a radius far below float's range, or an
   * infinite period, still gives numbers. */
  const double tiny_table[] = { 0.25, 0.125, 1e-300 };
  fftcl_gain tiny = notch;
  tiny.notches = tiny_table;
  for (int s = FFTCL_SHAPE_GAUSSIAN; s <= FFTCL_SHAPE_IDEAL; s++)
    {
      tiny.shape = (fftcl_shape) s;
      expect (&tiny, 0.25, 0.125, 0, "radius 1e-300 at its centre");
      expect (&tiny, 0.25 + 1.0 / 64, 0.125, 1, "radius 1e-300 a bin off");
    }
  fftcl_gain endless = { INFINITY, 4, FFTCL_SHAPE_BUTTERWORTH, 20, 0, 0,
                         FFTCL_STRIPES_NONE, 5, NULL, 0, NULL };
  expect (&endless, 0, 0, 0, "infinite large period at DC");
  expect (&endless, 0.125, 0, 1 / (1 + pow (0.5, 40)),
          "infinite large period off DC");

  check (fftcl_notch_radius_min (GRID_W, GRID_H) == 1.0 / 128,
         "the smallest radius on 64x32 is half a bin of 64: 1/128");

  check (!fftcl_gain_mirrors (&notch), "a notch off the axes does not mirror");
  const double axis_notches[] = { 0.25, 0, 0.05, 0, -0.125, 0.05 };
  notch.notches = axis_notches;
  notch.notch_count = 2;
  check (fftcl_gain_mirrors (&notch), "notches on the fy = 0 and fx = 0 axes "
         "mirror");
  const double one_off[] = { 0.25, 0, 0.05, 0.1, 0.125, 0.05 };
  notch.notches = one_off;
  check (!fftcl_gain_mirrors (&notch), "one notch of two off the axes does "
         "not mirror");
  check (fftcl_gain_mirrors (&stripes) && fftcl_gain_mirrors (&band)
           && fftcl_gain_mirrors (&ideal),
         "stripes and radial shapes mirror");
  return check_finish ();
}
