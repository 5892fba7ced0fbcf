/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "backend.h"
#include "cpu_plan.h"
#include "gain.h"
#include "plane_gains.h"

#include <stdlib.h>

/* A Gaussian band costs a few products per value, not two exp
 * (gain.h's gain_is_separable). */
static int separable_band (const fftcl_gain *gain)
{
  return gain_is_separable ((int) gain->shape);
}

/* Whether fx[count − i] = −fx[i] for 0 < i < count − i: the band and the
 * stripes are even in fx, so such a row's second half is its first read
 * backwards (a plain plan's grid; a mirrored plan's holds 0 … ½ only). */
static int symmetric_columns (const double *fx, size_t count)
{
  for (size_t i = 1; i < count - i; i++)
    if (fx[count - i] != -fx[i])
      return 0;
  return count > 1;
}

/* The per-column factors: every shape's stripes (they depend on one axis
 * only), and a separable band's. */
static int make_column_factors (cpu_gain_rows *rows)
{
  const fftcl_gain *gain = rows->gain;
  size_t count = rows->count;
  int band = separable_band (gain);
  if (!band && gain->stripes == FFTCL_STRIPES_NONE)
    return 1;
  rows->stripes_x = malloc ((band ? 3 : 1) * count * sizeof *rows->stripes_x);
  if (!rows->stripes_x)
    return 0;
  if (band)
    {
      rows->small_x = rows->stripes_x + count;
      rows->large_x = rows->small_x + count;
    }
  double scale
    = fftcl_stripe_scale (gain, rows->grid_width, rows->grid_height);
  for (size_t i = 0; i < count; i++)
    {
      double fx = rows->fx[i];
      rows->stripes_x[i] = gain_axis_stripes (
        fx, (int) gain->stripes, GAIN_STRIPES_HORIZONTAL, scale);
      if (band)
        {
          rows->small_x[i] = gain_gaussian (fx, gain->small_period);
          rows->large_x[i] = gain_large_gaussian (fx, gain->large_period);
        }
    }
  return 1;
}

int cpu_gain_rows_init (cpu_gain_rows *rows, const fftcl_gain *gain,
                        size_t grid_width, size_t grid_height,
                        const double *fx, size_t count)
{
  *rows = (cpu_gain_rows) { gain, grid_width, grid_height, fx, count,
                            symmetric_columns (fx, count), NULL, NULL, NULL,
                            NULL };
  if (!make_column_factors (rows)
      || (gain->notch_count
          && !(rows->notches = cpu_notches_make (gain, fx, count))))
    {
      cpu_gain_rows_clear (rows);
      return 0;
    }
  return 1;
}

/* A band that is not separable, value by value: its columns up to the
 * middle where the row is symmetric (the rest read backwards), times the
 * stripes' factors. */
static void band_row_by_value (const cpu_gain_rows *rows, double fy,
                               double stripes_y, float *out)
{
  const fftcl_gain *gain = rows->gain;
  size_t count = rows->count;
  size_t end = rows->symmetric ? count / 2 + 1 : count;
  for (size_t i = 0; i < end; i++)
    {
      double band = gain_band_at (
        rows->fx[i], fy, gain->large_period, gain->small_period,
        (int) gain->shape, gain->order, gain->reject, GAIN_STRIPES_NONE, 0);
      out[i] = (float) (rows->stripes_x
                          ? band * (rows->stripes_x[i] * stripes_y)
                          : band);
    }
  for (size_t i = end; i < count; i++)
    out[i] = out[count - i];
}

/* B · S of gain.h along the row. */
static void band_row (const cpu_gain_rows *rows, double fy, float *out)
{
  const fftcl_gain *gain = rows->gain;
  double scale
    = fftcl_stripe_scale (gain, rows->grid_width, rows->grid_height);
  double stripes_y = gain_axis_stripes (fy, (int) gain->stripes,
                                        GAIN_STRIPES_VERTICAL, scale);
  if (!rows->small_x)
    {
      band_row_by_value (rows, fy, stripes_y, out);
      return;
    }
  double small_y = gain_gaussian (fy, gain->small_period);
  double large_y = gain_large_gaussian (fy, gain->large_period);
  for (size_t i = 0; i < rows->count; i++)
    out[i] = (float) gain_from_factors (rows->small_x[i] * small_y,
                                        rows->large_x[i] * large_y,
                                        rows->stripes_x[i] * stripes_y,
                                        gain->reject);
}

void cpu_gain_row (const cpu_gain_rows *rows, double fy, float *out)
{
  band_row (rows, fy, out);
  if (rows->notches)
    cpu_notches_row (rows->notches, fy, out);
  if (rows->gain->keep_mean && fy == 0)
    for (size_t i = 0; i < rows->count; i++)
      if (rows->fx[i] == 0)
        out[i] = 1;
}

void cpu_gain_rows_clear (cpu_gain_rows *rows)
{
  free (rows->stripes_x);
  cpu_notches_free (rows->notches);
  rows->stripes_x = rows->small_x = rows->large_x = NULL;
  rows->notches = NULL;
}

void cpu_plane_gains_clear (cpu_plane_gains *gains)
{
  for (size_t g = 0; gains->rows && g < gains->groups; g++)
    cpu_gain_rows_clear (&gains->rows[g]);
  free (gains->rows);
  free (gains->gains);
  free (gains->notches);
  free (gains->group);
  *gains = (cpu_plane_gains) { 0 };
}

/* One gain per group, each of its first plane's notches. */
static int group_gains (cpu_plane_gains *gains, const fftcl_gain *gain,
                        size_t batch)
{
  gains->group = malloc (batch * sizeof *gains->group);
  if (!gains->group)
    return 0;
  gains->groups = fftcl_plane_groups (gain, batch, gains->group);
  gains->gains = calloc (gains->groups, sizeof *gains->gains);
  gains->notches = malloc (gains->groups * 3 * gain->notch_count
                           * sizeof *gains->notches);
  if (!gains->gains || !gains->notches)
    return 0;
  for (size_t p = 0, made = 0; p < batch; p++)
    if (gains->group[p] == made)
      {
        fftcl_gain_of_plane (gain, p, &gains->gains[made],
                             gains->notches + 3 * gain->notch_count * made);
        made++;
      }
  return 1;
}

int cpu_plane_gains_init (cpu_plane_gains *gains, const fftcl_gain *gain,
                          size_t batch, size_t grid_width,
                          size_t grid_height, const double *fx,
                          size_t count)
{
  *gains = (cpu_plane_gains) { .groups = 1 };
  int made = gain->notch_planes && gain->notch_count
               ? group_gains (gains, gain, batch)
               : (gains->gains = malloc (sizeof *gains->gains)) != NULL;
  if (made && !gains->group)
    gains->gains[0] = *gain;
  if (made)
    made = (gains->rows = calloc (gains->groups, sizeof *gains->rows))
           != NULL;
  for (size_t g = 0; made && g < gains->groups; g++)
    made = cpu_gain_rows_init (&gains->rows[g], &gains->gains[g], grid_width,
                               grid_height, fx, count);
  if (!made)
    cpu_plane_gains_clear (gains);
  return made;
}
