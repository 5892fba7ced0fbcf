/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fitted-waves.h"

#include "close-waves.h"
#include "tracked-waves.h"
#include "wave-fit.h"
#include "wave-least-squares.h"

#include <complex.h>
#include <math.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

/* Gauss–Newton steps of the frequency. A plane larger than COARSE_SIDE
 * a side is refined on its centre of that size first, then by
 * FINAL_STEPS over the whole: each step over the whole costs a pass per
 * wave, and the centre's frequency is within a small share of a bin. */
#define MOST_STEPS    4
#define FINAL_STEPS   1
#define COARSE_SIDE   1024
/* Steps of waves refined jointly with the cosines found beside them
 * (close_and_track): each step of one wave against the others' fit
 * gains a share of the way only (about a seventh, 1.2 bins apart, on
 * core_fitted_waves' beat), the steps on the centre cost little, and
 * they are taken only where a cosine was found. */
#define JOINT_STEPS   16

typedef struct
{
  const Fit   *fit;
  float       *plane;
  size_t       stride;
  const float *terms; /* per row and wave: the wave's re, im there */
} SubtractJob;

size_t
fitted_waves_split (const double *notches,
                    size_t        count,
                    double       *waves,
                    double       *discs,
                    size_t       *disc_count)
{
  size_t wave_count = 0;

  *disc_count = 0;
  for (size_t i = 0; i < count; i++)
    {
      const double *notch = notches + 3 * i;

      if (notch[2] == 0.0)
        {
          waves[2 * wave_count]     = notch[0];
          waves[2 * wave_count + 1] = notch[1];
          wave_count++;
        }
      else
        {
          for (size_t k = 0; k < 3; k++)
            discs[3 * *disc_count + k] = notch[k];
          (*disc_count)++;
        }
    }
  return wave_count;
}

/* ---- The subtraction ------------------------------------------------ */

/* The waves' tables for the subtraction: e^{+2πi fx t} along the rows. */
static void
tables_for_subtraction (Fit *fit)
{
  for (size_t i = 0; i < fit->count; i++)
    for (size_t x = 0; x < fit->across.length; x++)
      {
        Wave           *wave = &fit->waves[i];
        double complex  e    = cexp (2 * PI * I * wave->fx *
                                     fit->across.centred[x]);

        wave->re[x] = (float) creal (e);
        wave->im[x] = (float) cimag (e);
      }
}

/* Columns a row's waves are summed over at a time, on the stack. */
#define SUM_BLOCK 256

static void
subtract_rows (const void *job_pointer,
               size_t      first,
               size_t      end)
{
  const SubtractJob *job   = job_pointer;
  const Fit         *fit   = job->fit;
  size_t             width = fit->across.length;
  float              waves[SUM_BLOCK];

  for (size_t y = first; y < end; y++)
    {
      float       *row   = job->plane + y * job->stride;
      const float *terms = job->terms + 2 * y * fit->count;

      for (size_t start = 0; start < width; start += SUM_BLOCK)
        {
          size_t n = width - start < SUM_BLOCK ? width - start : SUM_BLOCK;

          for (size_t k = 0; k < n; k++)
            waves[k] = 0;
          for (size_t i = 0; i < fit->count; i++)
            {
              const float *re   = fit->waves[i].re + start;
              const float *im   = fit->waves[i].im + start;
              float        a_re = terms[2 * i], a_im = terms[2 * i + 1];

              for (size_t k = 0; k < n; k++)
                waves[k] += a_re * re[k] - a_im * im[k];
            }
          for (size_t k = 0; k < n; k++)
            row[start + k] = wave_fit_subtracted (row[start + k], waves[k]);
        }
    }
}

/* Each row's and wave's amplitude there, `sign` · aᵢ e^{2πi fy y}, as
 * float pairs. */
static void
row_terms (const Fit            *fit,
           const double complex *amplitudes,
           double                sign,
           float                *terms)
{
  for (size_t y = 0; y < fit->down.length; y++)
    for (size_t i = 0; i < fit->count; i++)
      {
        double complex term = sign * amplitudes[i] *
                              cexp (2 * PI * I * fit->waves[i].fy *
                                    fit->down.centred[y]);

        terms[2 * (y * fit->count + i)]     = (float) creal (term);
        terms[2 * (y * fit->count + i) + 1] = (float) cimag (term);
      }
}

/* Subtracts `sign` times the waves of `fit` from each plane p at their
 * amplitudes there, amplitudes[p · count + i] (−1: adds them back). The
 * waves' tables are then those of the subtraction. 0 when memory runs
 * out. */
static int
subtract_waves (Fit                  *fit,
                float                *values,
                size_t                planes,
                size_t                plane_step,
                size_t                stride,
                const double complex *amplitudes,
                double                sign,
                RowSplit              split)
{
  float *terms = malloc (2 * fit->down.length * fit->count * sizeof *terms);

  if (! terms)
    return 0;
  tables_for_subtraction (fit);
  for (size_t p = 0; p < planes; p++)
    {
      SubtractJob job = { fit, values + p * plane_step, stride, terms };

      row_terms (fit, amplitudes + p * fit->count, sign, terms);
      row_split_run (split, fit->down.length, subtract_rows, &job);
    }
  free (terms);
  return 1;
}

/* Fits all waves jointly to each plane and subtracts them, their
 * amplitudes written to amplitudes[p · count + i]. 0 when memory runs
 * out. */
static int
subtract_fitted (Fit            *fit,
                 float          *values,
                 size_t          planes,
                 size_t          plane_step,
                 size_t          stride,
                 double complex *amplitudes,
                 RowSplit        split)
{
  wave_fit_factor (fit);
  for (size_t p = 0; p < planes; p++)
    {
      wave_fit_transform (fit, values + p * plane_step, stride, (size_t) -1, 0,
                          split, fit->sums + p * fit->count, NULL);
      wave_fit_solve (fit, fit->sums + p * fit->count,
                      amplitudes + p * fit->count);
    }
  return subtract_waves (fit, values, planes, plane_step, stride, amplitudes,
                         1, split);
}

/* The waves of `fit`, just subtracted, tracked where they change
 * (tracked-waves.h). 0 when memory runs out. */
static int
track_fitted (const Fit *fit,
              float     *values,
              size_t     planes,
              size_t     plane_step,
              size_t     stride,
              RowSplit   split)
{
  double *waves     = malloc (2 * fit->count * sizeof *waves);
  size_t *strongest = malloc (fit->count * sizeof *strongest);
  int     ok        = waves && strongest;

  for (size_t i = 0; ok && i < fit->count; i++)
    {
      waves[2 * i]     = fit->waves[i].fx;
      waves[2 * i + 1] = fit->waves[i].fy;
      strongest[i]     = fit->waves[i].strongest;
    }
  ok = ok && tracked_waves_remove (values, planes, plane_step,
                                   fit->across.length, fit->down.length,
                                   stride, waves, strongest, fit->count,
                                   COARSE_SIDE, split);
  free (strongest);
  free (waves);
  return ok;
}

/* The planes' centre, COARSE_SIDE a side at most, its sides written to
 * *side_x and *side_y: the offset of its first value in a plane whose
 * rows lie `stride` values apart. */
static size_t
centre_of (const Fit *fit,
           size_t     stride,
           size_t    *side_x,
           size_t    *side_y)
{
  size_t width  = fit->across.length, height = fit->down.length;

  *side_x = width < COARSE_SIDE ? width : COARSE_SIDE;
  *side_y = height < COARSE_SIDE ? height : COARSE_SIDE;
  return (height - *side_y) / 2 * stride + (width - *side_x) / 2;
}

/* ---- The public calls ----------------------------------------------- */

/* Chooses each wave's plane and refines its frequency by `steps` on the
 * centre of the planes, COARSE_SIDE a side, where they are larger.
 * Returns the steps the whole then takes: FINAL_STEPS, or `steps` where
 * the planes are no larger; 0 when memory runs out. */
static int
coarse_first (Fit         *fit,
              const float *values,
              size_t       planes,
              size_t       plane_step,
              size_t       stride,
              int          steps,
              RowSplit     split)
{
  size_t       width  = fit->across.length, height = fit->down.length;
  size_t       side_x, side_y;
  const float *centre = values + centre_of (fit, stride, &side_x, &side_y);
  double      *found  = malloc (2 * fit->count * sizeof *found);
  Fit          coarse;

  for (size_t i = 0; i < fit->count; i++)
    wave_fit_tune (&fit->waves[i], &fit->across, &fit->down);
  if (side_x == width && side_y == height)
    {
      free (found);
      wave_fit_choose_planes (fit, values, planes, plane_step, stride, split);
      return steps;
    }
  for (size_t i = 0; found && i < fit->count; i++)
    {
      found[2 * i]     = fit->waves[i].fx;
      found[2 * i + 1] = fit->waves[i].fy;
    }
  if (! found ||
      ! wave_fit_start (&coarse, found, fit->count, planes, side_x, side_y))
    {
      free (found);
      return 0;
    }
  for (size_t i = 0; i < fit->count; i++)
    wave_fit_tune (&coarse.waves[i], &coarse.across, &coarse.down);
  wave_fit_choose_planes (&coarse, centre, planes, plane_step, stride, split);
  wave_fit_refine (&coarse, centre, planes, plane_step, stride, steps, split);
  for (size_t i = 0; i < fit->count; i++)
    {
      fit->waves[i].fx        = coarse.waves[i].fx;
      fit->waves[i].fy        = coarse.waves[i].fy;
      fit->waves[i].strongest = coarse.waves[i].strongest;
      wave_fit_tune (&fit->waves[i], &fit->across, &fit->down);
    }
  wave_fit_end (&coarse);
  free (found);
  return FINAL_STEPS;
}

/* The waves of `fit`, just subtracted at `amplitudes` (per plane and
 * wave), joined by the second cosines found beside them (close-waves.h),
 * read on the planes' centre, COARSE_SIDE a side at most: where there
 * are any, the waves are added back, all are refined jointly (their
 * frequencies would otherwise climb one peak), fitted jointly and
 * subtracted, then all are tracked; else the waves of `fit` are. 0 when
 * memory runs out. */
static int
close_and_track (Fit                  *fit,
                 float                *values,
                 size_t                planes,
                 size_t                plane_step,
                 size_t                stride,
                 const double complex *amplitudes,
                 RowSplit              split)
{
  size_t          width  = fit->across.length, height = fit->down.length;
  size_t          side_x, side_y;
  size_t          corner = centre_of (fit, stride, &side_x, &side_y);
  size_t          n      = fit->count;
  double         *waves  = malloc (4 * n * sizeof *waves);
  size_t         *strongest = malloc (2 * n * sizeof *strongest);
  double complex *joint  = NULL;
  long            found  = -1;
  int             steps  = 0;
  Fit             all;
  int             ok;

  for (size_t i = 0; waves && strongest && i < n; i++)
    {
      waves[2 * i]     = fit->waves[i].fx;
      waves[2 * i + 1] = fit->waves[i].fy;
      strongest[i]     = fit->waves[i].strongest;
    }
  if (waves && strongest)
    found = close_waves_find (values + corner, plane_step, side_x, side_y,
                              stride, waves, strongest, n, waves + 2 * n,
                              strongest + n, split);
  ok = found >= 0;
  if (ok && found == 0)
    ok = track_fitted (fit, values, planes, plane_step, stride, split);
  else if (ok)
    {
      ok = wave_fit_start (&all, waves, n + (size_t) found, planes, width,
                           height);
      if (ok)
        {
          joint = malloc (planes * all.count * sizeof *joint);
          ok    = joint &&
                  subtract_waves (fit, values, planes, plane_step, stride,
                                  amplitudes, -1, split);
          steps = ok ? coarse_first (&all, values, planes, plane_step, stride,
                                     JOINT_STEPS, split)
                     : 0;
          ok = steps > 0;
          if (ok)
            wave_fit_refine (&all, values, planes, plane_step, stride, steps,
                             split);
          ok = ok &&
               subtract_fitted (&all, values, planes, plane_step, stride,
                                joint, split) &&
               track_fitted (&all, values, planes, plane_step, stride, split);
          free (joint);
          wave_fit_end (&all);
        }
    }
  free (strongest);
  free (waves);
  return ok;
}

int
fitted_waves_refine (const float *plane,
                     size_t       width,
                     size_t       height,
                     size_t       stride,
                     double      *fx,
                     double      *fy,
                     RowSplit     split)
{
  const double given[2] = { *fx, *fy };
  Fit          fit;

  if (width < 2 || height < 2)
    return 1;
  if (! wave_fit_start (&fit, given, 1, 1, width, height))
    return 0;
  wave_fit_tune (&fit.waves[0], &fit.across, &fit.down);
  wave_fit_refine (&fit, plane, 1, 0, stride, MOST_STEPS, split);
  *fx = fit.waves[0].fx;
  *fy = fit.waves[0].fy;
  wave_fit_end (&fit);
  return 1;
}

int
fitted_waves_subtract_beside (float        *plane,
                              size_t        width,
                              size_t        height,
                              size_t        stride,
                              const double *waves,
                              size_t        count,
                              size_t        kept,
                              RowSplit      split)
{
  Fit             fit;
  double complex *amplitudes;
  int             ok;

  if (count == 0 || width < 2 || height < 2)
    return 1;
  if (! wave_fit_start (&fit, waves, count, 1, width, height))
    return 0;
  amplitudes = malloc (count * sizeof *amplitudes);
  ok         = amplitudes != NULL;
  if (ok)
    {
      for (size_t i = 0; i < count; i++)
        wave_fit_tune (&fit.waves[i], &fit.across, &fit.down);
      wave_fit_factor (&fit);
      wave_fit_transform (&fit, plane, stride, (size_t) -1, 0, split,
                          fit.sums, NULL);
      wave_fit_solve (&fit, fit.sums, amplitudes);
      for (size_t i = 0; i < kept && i < count; i++)
        amplitudes[i] = 0;
      ok = subtract_waves (&fit, plane, 1, 0, stride, amplitudes, 1, split);
    }
  free (amplitudes);
  wave_fit_end (&fit);
  return ok;
}

int
fitted_waves_remove (float        *values,
                     size_t        planes,
                     size_t        plane_step,
                     size_t        width,
                     size_t        height,
                     size_t        stride,
                     const double *waves,
                     size_t        count,
                     RowSplit      split)
{
  Fit             fit;
  double complex *amplitudes;
  int             steps, ok;

  if (count == 0 || planes == 0 || width < 2 || height < 2)
    return 1;
  if (! wave_fit_start (&fit, waves, count, planes, width, height))
    return 0;
  amplitudes = malloc (planes * count * sizeof *amplitudes);
  steps = amplitudes ? coarse_first (&fit, values, planes, plane_step, stride,
                                     MOST_STEPS, split)
                     : 0;
  ok    = steps > 0;
  if (ok)
    {
      wave_fit_refine (&fit, values, planes, plane_step, stride, steps, split);
      ok = subtract_fitted (&fit, values, planes, plane_step, stride,
                            amplitudes, split) &&
           close_and_track (&fit, values, planes, plane_step, stride,
                            amplitudes, split);
    }
  free (amplitudes);
  wave_fit_end (&fit);
  return ok;
}
