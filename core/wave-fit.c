/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "wave-fit.h"

#include <math.h>
#include <stdlib.h>

#include "wave-least-squares.h"

#define PI 3.14159265358979323846

/* The step (in bins of the image) below which a frequency has settled. */
#define SETTLED_BINS  1e-3
/* A refinement that wanders further than this many bins from the given
 * frequency has locked onto something else: the given one is kept. */
#define FARTHEST_BINS 1.5
/* Waves nearer one another (or one's mirror) than this many bins along
 * both axes share their windows' main lobes (2 bins) and first side
 * lobes: each is refined with the others' fit taken out. */
#define NEAR_BINS     4.0
/* A step that would bring a wave nearer another than this many bins
 * along both axes is not taken: two waves do not become one. */
#define APART_BINS    0.5
/* Partial sums a row's pass keeps apart, so that they run side by side. */
#define LANES 4

typedef struct
{
  const Fit   *fit;
  const float *plane;
  size_t       stride;
} RowSumJob;

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

void
wave_fit_end (Fit *fit)
{
  for (size_t i = 0; fit->waves && i < fit->count; i++)
    wave_clear (&fit->waves[i]);
  free (fit->waves);
  free (fit->rows);
  free (fit->sums);
  free (fit->along);
  free (fit->normal);
  free (fit->solved);
  free (fit->amplitudes);
  free (fit->across.window);
  free (fit->across.centred);
  free (fit->down.window);
  free (fit->down.centred);
}

/* A fit of `count` waves at `frequencies` on width × height planes of
 * which `planes` are fitted; 0 when memory runs out (nothing is held). */
int
wave_fit_start (Fit          *fit,
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
    .amplitudes = malloc (count * sizeof (double complex)),
  };
  ok = fit->waves && fit->rows && fit->sums && fit->along && fit->normal &&
       fit->solved && fit->amplitudes &&
       axis_init (&fit->across, width) && axis_init (&fit->down, height);
  for (size_t i = 0; ok && i < count; i++)
    ok = wave_init (&fit->waves[i], frequencies[2 * i],
                    frequencies[2 * i + 1], width, height);
  if (! ok)
    wave_fit_end (fit);
  return ok;
}

/* The wave's transform tables for its present frequency. */
void
wave_fit_tune (Wave       *wave,
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

          if (wave->part == PART_NONE)
            continue;
          out[2 * i] = dot (row, wave->re, width) +
                       I * dot (row, wave->im, width);
          if (wave->part == PART_MOMENTS)
            out[2 * i + 1] = dot (row, wave->moment_re, width) +
                             I * dot (row, wave->moment_im, width);
        }
    }
}

/* One pass over `plane`: each wave's part (Wave.part) of its windowed
 * transform into sum[i] and first moments along x and y into
 * along[2 i], along[2 i + 1]. */
static void
transform_parts (Fit            *fit,
                 const float    *plane,
                 size_t          stride,
                 RowSplit        split,
                 double complex *sum,
                 double complex *along)
{
  RowSumJob job = { fit, plane, stride };

  row_split_run (split, fit->down.length, row_sums, &job);
  for (size_t i = 0; i < fit->count; i++)
    {
      const Wave *wave        = &fit->waves[i];
      int         with_moment = wave->part == PART_MOMENTS;

      if (wave->part == PART_NONE)
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

void
wave_fit_transform (Fit            *fit,
                    const float    *plane,
                    size_t          stride,
                    size_t          plane_index,
                    int             with_moment,
                    RowSplit        split,
                    double complex *sum,
                    double complex *along)
{
  for (size_t i = 0; i < fit->count; i++)
    {
      Wave *wave = &fit->waves[i];
      int   part = plane_index == (size_t) -1 ||
                   (wave->strongest == plane_index && ! wave->settled);

      wave->part = ! part ? PART_NONE : with_moment ? PART_MOMENTS : PART_SUM;
    }
  transform_parts (fit, plane, stride, split, sum, along);
}

/* ---- The frequencies ------------------------------------------------ */

/* Each wave's plane where it is strongest. */
void
wave_fit_choose_planes (Fit         *fit,
               const float *values,
               size_t       planes,
               size_t       plane_step,
               size_t       stride,
               RowSplit     split)
{
  for (size_t p = 0; p < planes; p++)
    wave_fit_transform (fit, values + p * plane_step, stride, (size_t) -1, 0,
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

/* Whether waves a and b lie within `bins` of one another, or of the
 * other's mirror, along both axes. */
static int
within (const Fit  *fit,
        const Wave *a,
        double      fx,
        double      fy,
        double      bins)
{
  double w = (double) fit->across.length, h = (double) fit->down.length;

  return (fabs (a->fx - fx) * w < bins && fabs (a->fy - fy) * h < bins) ||
         (fabs (a->fx + fx) * w < bins && fabs (a->fy + fy) * h < bins);
}

/* Each wave's part in the pass over plane p: the first moments of those
 * stepped there (strongest there, not settled), the transform of those
 * within NEAR_BINS of one of them. Returns whether any is stepped. */
static int
parts_of (Fit    *fit,
          size_t  p)
{
  int any = 0;

  for (size_t i = 0; i < fit->count; i++)
    {
      Wave *wave = &fit->waves[i];

      wave->part = ! wave->settled && wave->strongest == p ? PART_MOMENTS
                                                           : PART_NONE;
      any |= wave->part == PART_MOMENTS;
    }
  for (size_t i = 0; i < fit->count; i++)
    for (size_t j = 0; fit->waves[i].part == PART_NONE && j < fit->count; j++)
      if (fit->waves[j].part == PART_MOMENTS &&
          within (fit, &fit->waves[i], fit->waves[j].fx, fit->waves[j].fy,
                  NEAR_BINS))
        fit->waves[i].part = PART_SUM;
  return any;
}

/* Whether `wave` is one of the fit's waves taken: all, or where
 * `only_parts`, those the last pass took (part not PART_NONE). */
static int
taken (const Wave *wave,
       int         only_parts)
{
  return ! only_parts || wave->part != PART_NONE;
}

/* The factored normal equations of the waves taken, in fit->normal. */
static void
factor_waves (Fit *fit,
              int  only_parts)
{
  size_t k = 0;

  for (size_t i = 0; i < fit->count; i++)
    if (taken (&fit->waves[i], only_parts))
      {
        fit->solved[2 * k]     = fit->waves[i].fx;
        fit->solved[2 * k + 1] = fit->waves[i].fy;
        k++;
      }
  wave_least_squares_factor (fit->solved, k, fit->across.length,
                             fit->down.length, fit->normal);
}

/* The complex amplitudes aᵢ − i bᵢ of the waves taken in their joint fit,
 * from their windowed transforms sum[i] (Σ w v cos θᵢ = Re sum[i],
 * Σ w v sin θᵢ = −Im sum[i]) and the equations factor_waves factored,
 * into amplitudes[i]. */
static void
solve_waves (Fit                  *fit,
             int                   only_parts,
             const double complex *sum,
             double complex       *amplitudes)
{
  double *a = fit->solved, *b = fit->solved + fit->count;
  size_t  k = 0;

  for (size_t i = 0; i < fit->count; i++)
    if (taken (&fit->waves[i], only_parts))
      {
        a[k]   = creal (sum[i]);
        b[k++] = -cimag (sum[i]);
      }
  wave_least_squares_solve (fit->normal, k, a, b);
  k = 0;
  for (size_t i = 0; i < fit->count; i++)
    if (taken (&fit->waves[i], only_parts))
      {
        amplitudes[i] = a[k] - I * b[k];
        k++;
      }
}

/* The joint least-squares fit, on the plane just passed over, of the
 * waves it took (part not PART_NONE), from their transforms sum[i]:
 * each one's complex amplitude aᵢ − i bᵢ into fit->amplitudes. */
static void
fit_parts (Fit                  *fit,
           const double complex *sum)
{
  factor_waves (fit, 1);
  solve_waves (fit, 1, sum, fit->amplitudes);
}

/* Wave i's transform *sum and first moments along[0], along[1], less
 * the shares of the other waves within NEAR_BINS in the joint fit: the
 * cosine Re (A e^{iθ}) adds ½ (A W(fⱼ − fᵢ) + Ā W(fⱼ + fᵢ)) to the
 * transform at fᵢ and ½ i (A U(fⱼ − fᵢ) − Ā U(fⱼ + fᵢ)) to its moments,
 * W and U the window's sum and moments (wave-least-squares.h). */
static void
others_out (const Fit      *fit,
            size_t          i,
            double complex *sum,
            double complex *along)
{
  const Wave *wave = &fit->waves[i];
  size_t      w = fit->across.length, h = fit->down.length;

  for (size_t j = 0; j < fit->count; j++)
    {
      const Wave    *other = &fit->waves[j];
      double complex a     = fit->amplitudes[j];
      double         dx = other->fx - wave->fx, dy = other->fy - wave->fy;
      double         sx = other->fx + wave->fx, sy = other->fy + wave->fy;
      double         near_x, near_y, far_x, far_y;

      if (j == i || other->part == PART_NONE ||
          ! within (fit, wave, other->fx, other->fy, NEAR_BINS))
        continue;
      wave_window_moments (dx, dy, w, h, &near_x, &near_y);
      wave_window_moments (sx, sy, w, h, &far_x, &far_y);
      *sum -= 0.5 * (a * wave_window_sum (dx, dy, w, h) +
                     conj (a) * wave_window_sum (sx, sy, w, h));
      along[0] -= 0.5 * I * (a * near_x - conj (a) * far_x);
      along[1] -= 0.5 * I * (a * near_y - conj (a) * far_y);
    }
}

/* Whether (fx, fy) lies within APART_BINS of any wave but wave i. */
static int
crowded (const Fit *fit,
         size_t     i,
         double     fx,
         double     fy)
{
  for (size_t j = 0; j < fit->count; j++)
    if (j != i && within (fit, &fit->waves[j], fx, fy, APART_BINS))
      return 1;
  return 0;
}

/* One Gauss–Newton step of each wave stepped on this plane (part
 * PART_MOMENTS), against the plane less its neighbours' joint fit, all
 * from the frequencies the pass was made at; a frequency given on an
 * axis stays there, and a step into another wave's half bin is not
 * taken (the wave settles there). */
static void
step_waves (Fit            *fit,
            double complex *sum,
            double complex *along)
{
  fit_parts (fit, sum);
  for (size_t i = 0; i < fit->count; i++)
    if (fit->waves[i].part == PART_MOMENTS)
      others_out (fit, i, &sum[i], &along[2 * i]);
  for (size_t i = 0; i < fit->count; i++)
    {
      Wave   *wave = &fit->waves[i];
      double  dx, dy;

      if (wave->part != PART_MOMENTS)
        continue;
      dx = wave->given_x == 0 ? 0 : step_of (sum[i], along[2 * i],
                                             &fit->across);
      dy = wave->given_y == 0 ? 0 : step_of (sum[i], along[2 * i + 1],
                                             &fit->down);
      wave->settled = fabs (dx) * fit->across.length < SETTLED_BINS &&
                      fabs (dy) * fit->down.length < SETTLED_BINS;
      if (crowded (fit, i, wave->fx + dx, wave->fy + dy))
        {
          wave->settled = 1;
          continue;
        }
      wave->fx += dx;
      wave->fy += dy;
      wave_fit_tune (wave, &fit->across, &fit->down);
    }
}

/* Refines every wave's frequency on its strongest plane, to where the
 * windowed transform (less its neighbours' joint fit) peaks, within
 * FARTHEST_BINS of the given one. */
void
wave_fit_refine (Fit         *fit,
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
      if (parts_of (fit, p))
        {
          transform_parts (fit, values + p * plane_step, stride, split, sum,
                           along);
          step_waves (fit, sum, along);
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
      wave_fit_tune (wave, &fit->across, &fit->down);
    }
}

/* ---- The joint fit -------------------------------------------------- */

void
wave_fit_factor (Fit *fit)
{
  factor_waves (fit, 0);
}

void
wave_fit_solve (Fit                  *fit,
                const double complex *sum,
                double complex       *amplitudes)
{
  solve_waves (fit, 0, sum, amplitudes);
}
