/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fitted-waves.h"

#include <complex.h>
#include <math.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

/* Gauss–Newton steps of the frequency, and the step (in bins of the
 * image) below which it has settled. A plane larger than COARSE_SIDE a
 * side is refined on its centre of that size first, then by
 * FINAL_STEPS over the whole: each step over the whole costs a pass per
 * wave, and the centre's frequency is within a small share of a bin. */
#define MOST_STEPS    4
#define FINAL_STEPS   1
#define SETTLED_BINS  1e-3
#define COARSE_SIDE   1024
/* A refinement that wanders further than this many bins from the given
 * frequency has locked onto something else: the given one is kept. */
#define FARTHEST_BINS 1.5
/* Partial sums a row's pass keeps apart, so that they run side by side. */
#define LANES 4
/* The joint fit's normal equations get this share of the window's sum
 * added to their diagonal, so that a cosine that vanishes on the samples (cos π x at
 * half-integer x) fits as 0 instead of making them singular. */
#define RIDGE 1e-9

/* One axis: the Hann window w, the centred coordinate t, the window's
 * sum and second moment. */
typedef struct
{
  double *window;
  double *centred;
  double  sum, spread; /* Σ w, Σ w t² / Σ w */
  size_t  length;
} Axis;

/* One wave: its frequency, and the tables of that frequency along the
 * rows (floats, where every pixel meets them) and down the columns
 * (double): w · e^{-2πi f t} and w · t · e^{-2πi f t} for the transform,
 * then e^{+2πi fx t} for the subtraction. */
typedef struct
{
  double          fx, fy, given_x, given_y;
  int             settled;
  size_t          strongest;
  float          *re, *im, *moment_re, *moment_im;
  double complex *phasor, *moment;
} Wave;

typedef struct
{
  Axis            across, down;
  Wave           *waves;
  size_t          count;
  double complex *rows;   /* per row and wave: Σ v·phasor, Σ v·moment */
  double complex *sums;   /* per plane and wave: the windowed transform */
  double complex *along;  /* per wave: its first moments along x and y */
  double         *normal; /* the joint fit's two K × K normal matrices */
  double         *solved; /* per wave: a, b of a plane's fit */
} Fit;

typedef struct
{
  const Fit   *fit;
  const float *plane;
  size_t       stride;
  int          with_moment;
  size_t       plane_index; /* which waves: those strongest here, or all
                               when it is (size_t) −1 */
} RowSumJob;

typedef struct
{
  const Fit            *fit;
  float                *plane;
  size_t                stride;
  const double complex *amplitudes; /* per wave, of this plane */
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

/* ---- Setting up ----------------------------------------------------- */

static int
axis_init (Axis   *axis,
           size_t  length)
{
  double total = 0, second = 0;

  axis->length  = length;
  axis->window  = malloc (length * sizeof *axis->window);
  axis->centred = malloc (length * sizeof *axis->centred);
  if (! axis->window || ! axis->centred)
    return 0;
  for (size_t i = 0; i < length; i++)
    {
      double s = sin (PI * (i + 0.5) / length);

      axis->window[i]  = s * s;
      axis->centred[i] = i - 0.5 * (length - 1);
      total  += axis->window[i];
      second += axis->window[i] * axis->centred[i] * axis->centred[i];
    }
  axis->sum    = total;
  axis->spread = second / total;
  return 1;
}

static void
wave_clear (Wave *wave)
{
  free (wave->re);
  free (wave->im);
  free (wave->moment_re);
  free (wave->moment_im);
  free (wave->phasor);
  free (wave->moment);
}

static int
wave_init (Wave   *wave,
           double  fx,
           double  fy,
           size_t  width,
           size_t  height)
{
  *wave = (Wave) {
    .fx = fx, .fy = fy, .given_x = fx, .given_y = fy,
    .re        = malloc (width * sizeof (float)),
    .im        = malloc (width * sizeof (float)),
    .moment_re = malloc (width * sizeof (float)),
    .moment_im = malloc (width * sizeof (float)),
    .phasor    = malloc (height * sizeof (double complex)),
    .moment    = malloc (height * sizeof (double complex)),
  };
  return wave->re && wave->im && wave->moment_re && wave->moment_im &&
         wave->phasor && wave->moment;
}

static void
fit_end (Fit *fit)
{
  for (size_t i = 0; fit->waves && i < fit->count; i++)
    wave_clear (&fit->waves[i]);
  free (fit->waves);
  free (fit->rows);
  free (fit->sums);
  free (fit->along);
  free (fit->normal);
  free (fit->solved);
  free (fit->across.window);
  free (fit->across.centred);
  free (fit->down.window);
  free (fit->down.centred);
}

/* A fit of `count` waves at `frequencies` on width × height planes of
 * which `planes` are fitted; 0 when memory runs out (nothing is held). */
static int
fit_start (Fit          *fit,
           const double *frequencies,
           size_t        count,
           size_t        planes,
           size_t        width,
           size_t        height)
{
  int ok;

  *fit = (Fit) {
    .waves = calloc (count, sizeof (Wave)),
    .count = count,
    .rows  = malloc (2 * height * count * sizeof (double complex)),
    .sums   = malloc (planes * count * sizeof (double complex)),
    .along  = malloc (2 * count * sizeof (double complex)),
    .normal = malloc (2 * count * count * sizeof (double)),
    .solved = malloc (2 * count * sizeof (double)),
  };
  ok = fit->waves && fit->rows && fit->sums && fit->along && fit->normal &&
       fit->solved &&
       axis_init (&fit->across, width) && axis_init (&fit->down, height);
  for (size_t i = 0; ok && i < count; i++)
    ok = wave_init (&fit->waves[i], frequencies[2 * i],
                    frequencies[2 * i + 1], width, height);
  if (! ok)
    fit_end (fit);
  return ok;
}

/* The wave's transform tables for its present frequency. */
static void
wave_tune (Wave       *wave,
           const Axis *across,
           const Axis *down)
{
  for (size_t x = 0; x < across->length; x++)
    {
      double         t = across->centred[x];
      double complex e = across->window[x] * cexp (-2 * PI * I * wave->fx * t);

      wave->re[x]        = (float) creal (e);
      wave->im[x]        = (float) cimag (e);
      wave->moment_re[x] = (float) (t * creal (e));
      wave->moment_im[x] = (float) (t * cimag (e));
    }
  for (size_t y = 0; y < down->length; y++)
    {
      double t = down->centred[y];

      wave->phasor[y] = down->window[y] * cexp (-2 * PI * I * wave->fy * t);
      wave->moment[y] = t * wave->phasor[y];
    }
}

/* ---- The windowed transforms ---------------------------------------- */

/* Σ a·b over n values, in LANES partial sums. */
static double
dot (const float *a,
     const float *b,
     size_t       n)
{
  float  lane[LANES] = { 0 };
  size_t x = 0;

  for (; x + LANES <= n; x += LANES)
    for (size_t k = 0; k < LANES; k++)
      lane[k] += a[x + k] * b[x + k];
  for (; x < n; x++)
    lane[0] += a[x] * b[x];
  return (double) lane[0] + lane[1] + lane[2] + lane[3];
}

static int
takes_part (const RowSumJob *job,
            const Wave      *wave)
{
  return job->plane_index == (size_t) -1 ||
         (wave->strongest == job->plane_index && ! wave->settled);
}

static void
row_sums (const void *job_pointer,
          size_t      first,
          size_t      end)
{
  const RowSumJob *job   = job_pointer;
  const Fit       *fit   = job->fit;
  size_t           width = fit->across.length;

  for (size_t y = first; y < end; y++)
    {
      const float    *row = job->plane + y * job->stride;
      double complex *out = fit->rows + 2 * y * fit->count;

      for (size_t i = 0; i < fit->count; i++)
        {
          const Wave *wave = &fit->waves[i];

          if (! takes_part (job, wave))
            continue;
          out[2 * i] = dot (row, wave->re, width) +
                       I * dot (row, wave->im, width);
          if (job->with_moment)
            out[2 * i + 1] = dot (row, wave->moment_re, width) +
                             I * dot (row, wave->moment_im, width);
        }
    }
}

/* One pass over `plane`: for each wave taking part (all, or those whose
 * strongest plane it is and that have not settled) its windowed
 * transform into sum[i] and, with_moment, its first moments along x and
 * y into along[2 i], along[2 i + 1]. */
static void
transform_pass (Fit            *fit,
                const float    *plane,
                size_t          stride,
                size_t          plane_index,
                int             with_moment,
                RowSplit        split,
                double complex *sum,
                double complex *along)
{
  RowSumJob job = { fit, plane, stride, with_moment, plane_index };

  row_split_run (split, fit->down.length, row_sums, &job);
  for (size_t i = 0; i < fit->count; i++)
    {
      const Wave *wave = &fit->waves[i];

      if (! takes_part (&job, wave))
        continue;
      sum[i] = 0;
      if (with_moment)
        along[2 * i] = along[2 * i + 1] = 0;
      for (size_t y = 0; y < fit->down.length; y++)
        {
          const double complex *rows = fit->rows + 2 * y * fit->count + 2 * i;

          sum[i] += wave->phasor[y] * rows[0];
          if (with_moment)
            {
              along[2 * i]     += wave->phasor[y] * rows[1];
              along[2 * i + 1] += wave->moment[y] * rows[0];
            }
        }
    }
}

/* ---- The frequencies ------------------------------------------------ */

/* Each wave's plane where it is strongest. */
static void
choose_planes (Fit         *fit,
               const float *values,
               size_t       planes,
               size_t       plane_step,
               size_t       stride,
               RowSplit     split)
{
  for (size_t p = 0; p < planes; p++)
    transform_pass (fit, values + p * plane_step, stride, (size_t) -1, 0,
                    split, fit->sums + p * fit->count, NULL);
  for (size_t i = 0; i < fit->count; i++)
    for (size_t p = 1; p < planes; p++)
      if (cabs (fit->sums[p * fit->count + i]) >
          cabs (fit->sums[fit->waves[i].strongest * fit->count + i]))
        fit->waves[i].strongest = p;
}

/* The Gauss–Newton step of one axis: the phase's slope across the
 * window, Im (moment / sum) = 2π · Δf · spread. */
static double
step_of (double complex sum,
         double complex moment,
         const Axis    *axis)
{
  return cabs (sum) > 0 ? cimag (moment / sum) / (2 * PI * axis->spread) : 0;
}

/* One Gauss–Newton step of each wave that has not settled; a frequency
 * given on an axis stays there. */
static void
step_waves (Fit                  *fit,
            const double complex *sum,
            const double complex *along,
            size_t                plane_index)
{
  for (size_t i = 0; i < fit->count; i++)
    {
      Wave   *wave = &fit->waves[i];
      double  dx, dy;

      if (wave->settled || wave->strongest != plane_index)
        continue;
      dx = wave->given_x == 0 ? 0 : step_of (sum[i], along[2 * i],
                                             &fit->across);
      dy = wave->given_y == 0 ? 0 : step_of (sum[i], along[2 * i + 1],
                                             &fit->down);
      wave->fx += dx;
      wave->fy += dy;
      wave->settled = fabs (dx) * fit->across.length < SETTLED_BINS &&
                      fabs (dy) * fit->down.length < SETTLED_BINS;
      wave_tune (wave, &fit->across, &fit->down);
    }
}

/* Refines every wave's frequency on its strongest plane, to where the
 * windowed transform peaks, within FARTHEST_BINS of the given one. */
static void
refine (Fit         *fit,
        const float *values,
        size_t       planes,
        size_t       plane_step,
        size_t       stride,
        int          steps,
        RowSplit     split)
{
  double complex *sum   = fit->sums;
  double complex *along = fit->along;

  for (size_t i = 0; i < fit->count; i++)
    fit->waves[i].settled = 0;
  for (int step = 0; step < steps; step++)
    for (size_t p = 0; p < planes; p++)
      {
        transform_pass (fit, values + p * plane_step, stride, p, 1, split,
                        sum, along);
        step_waves (fit, sum, along, p);
      }
  for (size_t i = 0; i < fit->count; i++)
    {
      Wave *wave = &fit->waves[i];

      if (fabs (wave->fx - wave->given_x) * fit->across.length >
            FARTHEST_BINS ||
          fabs (wave->fy - wave->given_y) * fit->down.length >
            FARTHEST_BINS ||
          fabs (wave->fx) > 0.5 || fabs (wave->fy) > 0.5)
        {
          wave->fx = wave->given_x;
          wave->fy = wave->given_y;
        }
      wave_tune (wave, &fit->across, &fit->down);
    }
}

/* ---- The joint fit -------------------------------------------------- */

/* Σ w(x) e^{iγ x'} over an axis of n positions, x' centred: with the
 * Hann window ½ − ½ cos(2π (x + ½) / n), ½ D(γ) + ¼ D(γ + 2π/n) +
 * ¼ D(γ − 2π/n), where D is the Dirichlet kernel sin(nγ/2) / sin(γ/2),
 * real since x' is centred. */
static double
dirichlet (double gamma,
           size_t n)
{
  double half = sin (gamma / 2);

  if (fabs (half) < 1e-12)
    return n * cos (PI * round (gamma / (2 * PI)) * (n - 1.0));
  return sin (n * gamma / 2) / half;
}

static double
window_sum (double frequency,
            size_t n)
{
  double gamma = 2 * PI * frequency, beta = 2 * PI / n;

  return 0.5 * dirichlet (gamma, n) + 0.25 * dirichlet (gamma + beta, n) +
         0.25 * dirichlet (gamma - beta, n);
}

/* Σ w e^{2πi (gx x' + gy y')} over the plane. */
static double
plane_window_sum (const Fit *fit,
                  double     gx,
                  double     gy)
{
  return window_sum (gx, fit->across.length) *
         window_sum (gy, fit->down.length);
}

/* Cholesky factors in place of the n × n matrix (row-major) `a`, with
 * `ridge` added to its diagonal; the factor L is left in the lower
 * triangle. */
static void
cholesky (double *a,
          size_t  n,
          double  ridge)
{
  for (size_t i = 0; i < n; i++)
    a[i * n + i] += ridge;
  for (size_t j = 0; j < n; j++)
    {
      double d = a[j * n + j];

      for (size_t k = 0; k < j; k++)
        d -= a[j * n + k] * a[j * n + k];
      a[j * n + j] = sqrt (fmax (d, ridge));
      for (size_t i = j + 1; i < n; i++)
        {
          double v = a[i * n + j];

          for (size_t k = 0; k < j; k++)
            v -= a[i * n + k] * a[j * n + k];
          a[i * n + j] = v / a[j * n + j];
        }
    }
}

/* Solves L Lᵀ x = b in place of b. */
static void
cholesky_solve (const double *l,
                size_t        n,
                double       *b)
{
  for (size_t i = 0; i < n; i++)
    {
      for (size_t k = 0; k < i; k++)
        b[i] -= l[i * n + k] * b[k];
      b[i] /= l[i * n + i];
    }
  for (size_t i = n; i-- > 0;)
    {
      for (size_t k = i + 1; k < n; k++)
        b[i] -= l[k * n + i] * b[k];
      b[i] /= l[i * n + i];
    }
}

/* The normal equations of the fit Σ aᵢ cos θᵢ + bᵢ sin θᵢ under the
 * window: with centred coordinates the window's transform is real, so
 * the cosines and the sines part: ⟨cos θᵢ, cos θⱼ⟩ = ½ (W(fᵢ − fⱼ) +
 * W(fᵢ + fⱼ)), ⟨sin θᵢ, sin θⱼ⟩ = ½ (W(fᵢ − fⱼ) − W(fᵢ + fⱼ)),
 * ⟨cos θᵢ, sin θⱼ⟩ = 0. Factored, the cosines' first. */
static void
normal_equations (Fit *fit)
{
  size_t  n       = fit->count;
  double *cosines = fit->normal, *sines = fit->normal + n * n;

  for (size_t i = 0; i < n; i++)
    for (size_t j = 0; j < n; j++)
      {
        const Wave *a = &fit->waves[i], *b = &fit->waves[j];
        double difference = plane_window_sum (fit, a->fx - b->fx,
                                              a->fy - b->fy);
        double total      = plane_window_sum (fit, a->fx + b->fx,
                                              a->fy + b->fy);

        cosines[i * n + j] = 0.5 * (difference + total);
        sines[i * n + j]   = 0.5 * (difference - total);
      }
  cholesky (cosines, n, RIDGE * plane_window_sum (fit, 0, 0));
  cholesky (sines, n, RIDGE * plane_window_sum (fit, 0, 0));
}

/* Each wave's aᵢ − i bᵢ in `plane`'s fit, from its windowed transforms
 * sum[i]: Σ w v cos θᵢ = Re sum[i], Σ w v sin θᵢ = −Im sum[i]. */
static void
solve_plane (Fit                  *fit,
             const double complex *sum,
             double complex       *amplitudes)
{
  size_t  n = fit->count;
  double *a = fit->solved, *b = fit->solved + n;

  for (size_t i = 0; i < n; i++)
    {
      a[i] = creal (sum[i]);
      b[i] = -cimag (sum[i]);
    }
  cholesky_solve (fit->normal, n, a);
  cholesky_solve (fit->normal + n * n, n, b);
  for (size_t i = 0; i < n; i++)
    amplitudes[i] = a[i] - I * b[i];
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

static void
subtract_rows (const void *job_pointer,
               size_t      first,
               size_t      end)
{
  const SubtractJob *job   = job_pointer;
  const Fit         *fit   = job->fit;
  size_t             width = fit->across.length;

  for (size_t y = first; y < end; y++)
    {
      float *row = job->plane + y * job->stride;

      for (size_t i = 0; i < fit->count; i++)
        {
          const Wave     *wave = &fit->waves[i];
          double complex  term = job->amplitudes[i] *
                                 cexp (2 * PI * I * wave->fy *
                                       fit->down.centred[y]);
          float           re   = (float) creal (term);
          float           im   = (float) cimag (term);

          for (size_t x = 0; x < width; x++)
            row[x] -= re * wave->re[x] - im * wave->im[x];
        }
    }
}

/* Fits all waves jointly to each plane and subtracts them. */
static void
subtract_fitted (Fit      *fit,
                 float    *values,
                 size_t    planes,
                 size_t    plane_step,
                 size_t    stride,
                 RowSplit  split)
{
  double complex *amplitudes = fit->along;

  normal_equations (fit);
  for (size_t p = 0; p < planes; p++)
    transform_pass (fit, values + p * plane_step, stride, (size_t) -1, 0,
                    split, fit->sums + p * fit->count, NULL);
  tables_for_subtraction (fit);
  for (size_t p = 0; p < planes; p++)
    {
      SubtractJob job = { fit, values + p * plane_step, stride, amplitudes };

      solve_plane (fit, fit->sums + p * fit->count, amplitudes);
      row_split_run (split, fit->down.length, subtract_rows, &job);
    }
}

/* ---- The public calls ----------------------------------------------- */

/* Chooses each wave's plane and refines its frequency on the centre of
 * the planes, COARSE_SIDE a side, where they are larger. Returns the
 * steps the whole then takes: FINAL_STEPS, or MOST_STEPS where the
 * planes are no larger; 0 when memory runs out. */
static int
coarse_first (Fit         *fit,
              const float *values,
              size_t       planes,
              size_t       plane_step,
              size_t       stride,
              RowSplit     split)
{
  size_t       width  = fit->across.length, height = fit->down.length;
  size_t       side_x = width < COARSE_SIDE ? width : COARSE_SIDE;
  size_t       side_y = height < COARSE_SIDE ? height : COARSE_SIDE;
  const float *centre = values + (height - side_y) / 2 * stride +
                        (width - side_x) / 2;
  double      *found  = malloc (2 * fit->count * sizeof *found);
  Fit          coarse;

  for (size_t i = 0; i < fit->count; i++)
    wave_tune (&fit->waves[i], &fit->across, &fit->down);
  if (side_x == width && side_y == height)
    {
      free (found);
      choose_planes (fit, values, planes, plane_step, stride, split);
      return MOST_STEPS;
    }
  for (size_t i = 0; found && i < fit->count; i++)
    {
      found[2 * i]     = fit->waves[i].fx;
      found[2 * i + 1] = fit->waves[i].fy;
    }
  if (! found ||
      ! fit_start (&coarse, found, fit->count, planes, side_x, side_y))
    {
      free (found);
      fit_end (fit);
      return 0;
    }
  for (size_t i = 0; i < fit->count; i++)
    wave_tune (&coarse.waves[i], &coarse.across, &coarse.down);
  choose_planes (&coarse, centre, planes, plane_step, stride, split);
  refine (&coarse, centre, planes, plane_step, stride, MOST_STEPS, split);
  for (size_t i = 0; i < fit->count; i++)
    {
      fit->waves[i].fx        = coarse.waves[i].fx;
      fit->waves[i].fy        = coarse.waves[i].fy;
      fit->waves[i].strongest = coarse.waves[i].strongest;
      wave_tune (&fit->waves[i], &fit->across, &fit->down);
    }
  fit_end (&coarse);
  free (found);
  return FINAL_STEPS;
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
  if (! fit_start (&fit, given, 1, 1, width, height))
    return 0;
  wave_tune (&fit.waves[0], &fit.across, &fit.down);
  refine (&fit, plane, 1, 0, stride, MOST_STEPS, split);
  *fx = fit.waves[0].fx;
  *fy = fit.waves[0].fy;
  fit_end (&fit);
  return 1;
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
  Fit fit;
  int steps;

  if (count == 0 || planes == 0 || width < 2 || height < 2)
    return 1;
  if (! fit_start (&fit, waves, count, planes, width, height))
    return 0;
  steps = coarse_first (&fit, values, planes, plane_step, stride, split);
  if (steps == 0)
    return 0;
  refine (&fit, values, planes, plane_step, stride, steps, split);
  subtract_fitted (&fit, values, planes, plane_step, stride, split);
  fit_end (&fit);
  return 1;
}
