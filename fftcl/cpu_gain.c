#include "backend.h"
#include "cpu_plan.h"
#include "gain.h"

#include <stdlib.h>

/* Without notches a row costs a few products per value, not two exp
 * (gain.h's gain_is_separable). */
static int separable (const fftcl_gain *gain)
{
  return gain_is_separable ((int) gain->shape, (int) gain->notch_count);
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
      rows->small_x[i] = gain_gaussian (fx[i], gain->small_period);
      rows->large_x[i] = gain_large_gaussian (fx[i], gain->large_period);
      rows->stripes_x[i] = gain_axis_stripes (
        fx[i], (int) gain->stripes, GAIN_STRIPES_HORIZONTAL, scale);
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
  double small_y = gain_gaussian (fy, gain->small_period);
  double large_y = gain_large_gaussian (fy, gain->large_period);
  double stripes_y = gain_axis_stripes (
    fy, (int) gain->stripes, GAIN_STRIPES_VERTICAL,
    fftcl_stripe_scale (gain, rows->grid_width, rows->grid_height));
  for (size_t i = 0; i < rows->count; i++)
    out[i] = (float) gain_from_factors (rows->small_x[i] * small_y,
                                        rows->large_x[i] * large_y,
                                        rows->stripes_x[i] * stripes_y,
                                        gain->reject);
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
