#include "backend.h"
#include "cpu_plan.h"

#include <math.h>
#include <stdlib.h>

#define LN2 0.69314718055994531

/* exp(−ln2 · (f · period)²): one axis's factor of a Gaussian low-pass. */
static double gaussian_factor (double f, double period)
{
  double x = f * period;
  return exp (-LN2 * x * x);
}

/* The Gaussian is separable, and stripes depend on one axis only: without
 * notches a row then costs a few products per value, not two exp. */
static int separable (const fftcl_gain *gain)
{
  return gain->shape == FFTCL_SHAPE_GAUSSIAN && gain->notch_count == 0;
}

int cpu_gain_rows_init (cpu_gain_rows *rows, const fftcl_gain *gain,
                        size_t grid_width, size_t grid_height,
                        const double *fx, size_t count)
{
  *rows = (cpu_gain_rows) { gain, grid_width, grid_height, fx, count,
                            NULL, NULL, NULL };
  if (!separable (gain))
    return 1;
  rows->small_x = malloc (3 * count * sizeof *rows->small_x);
  if (!rows->small_x)
    return 0;
  rows->large_x = rows->small_x + count;
  rows->stripes_x = rows->large_x + count;
  double scale = fftcl_stripe_scale (gain, grid_width, grid_height);
  for (size_t i = 0; i < count; i++)
    {
      rows->small_x[i] = gaussian_factor (fx[i], gain->small_period);
      rows->large_x[i] = gain->large_period > 0
                           ? gaussian_factor (fx[i], gain->large_period)
                           : 0;
      double bins = fx[i] * scale;
      rows->stripes_x[i] = gain->stripes == FFTCL_STRIPES_HORIZONTAL
                             ? 1 - exp (-bins * bins)
                             : 1;
    }
  return 1;
}

void cpu_gain_row (const cpu_gain_rows *rows, double fy, float *out)
{
  const fftcl_gain *gain = rows->gain;
  if (!rows->small_x)
    {
      for (size_t i = 0; i < rows->count; i++)
        out[i] = (float) fftcl_gain_at (gain, rows->grid_width,
                                        rows->grid_height, rows->fx[i], fy);
      return;
    }
  double small_y = gaussian_factor (fy, gain->small_period);
  double large_y = gaussian_factor (fy, gain->large_period);
  double bins = fy * fftcl_stripe_scale (gain, rows->grid_width,
                                         rows->grid_height);
  double stripes_y = gain->stripes == FFTCL_STRIPES_VERTICAL
                       ? 1 - exp (-bins * bins)
                       : 1;
  for (size_t i = 0; i < rows->count; i++)
    {
      double pass = rows->small_x[i] * small_y
                    * (1 - rows->large_x[i] * large_y);
      double band = gain->reject ? 1 - pass : pass;
      out[i] = (float) (band * rows->stripes_x[i] * stripes_y);
    }
  if (gain->keep_mean && fy == 0)
    for (size_t i = 0; i < rows->count; i++)
      if (rows->fx[i] == 0)
        out[i] = 1;
}

void cpu_gain_rows_clear (cpu_gain_rows *rows)
{
  free (rows->small_x);
  rows->small_x = NULL;
}
