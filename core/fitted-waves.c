#include "fitted-waves.h"

#include <complex.h>
#include <math.h>
#include <stdlib.h>

#define PI 3.14159265358979323846

/* Gauss–Newton steps of the frequency, and the step (in bins of the
 * image) below which it has settled. */
#define MOST_STEPS    4
#define SETTLED_BINS  1e-3
/* A refinement that wanders further than this many bins from the given
 * frequency has locked onto something else: the given one is kept. */
#define FARTHEST_BINS 1.5

/* One axis of the fit: the Hann window w, the centred coordinate t and
 * the phasor e^{-2πi f t} at each position, and the window's sum and
 * second moment. */
typedef struct
{
  double complex *phasor;   /* w · e^{-2πi f t} */
  double complex *moment;   /* w · t · e^{-2πi f t} */
  double         *window;
  double         *centred;
  double          sum, spread; /* Σ w, Σ w t² / Σ w */
  size_t          length;
} FitAxis;

typedef struct
{
  const float          *plane;
  size_t                stride;
  const FitAxis        *across;
  double complex       *rows; /* per row: Σ v·phasor, Σ v·moment */
} RowSumJob;

typedef struct
{
  float          *plane;
  size_t          stride;
  size_t          width;
  double complex *cosines;   /* e^{2πi fx t} per column */
  double complex *row_terms; /* the amplitude times e^{2πi fy t} per row */
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

static void
fit_axis_clear (FitAxis *axis)
{
  free (axis->phasor);
  free (axis->moment);
  free (axis->window);
  free (axis->centred);
}

static int
fit_axis_init (FitAxis *axis,
               size_t   length)
{
  double total = 0, second = 0;

  axis->length  = length;
  axis->phasor  = malloc (length * sizeof *axis->phasor);
  axis->moment  = malloc (length * sizeof *axis->moment);
  axis->window  = malloc (length * sizeof *axis->window);
  axis->centred = malloc (length * sizeof *axis->centred);
  if (! axis->phasor || ! axis->moment || ! axis->window || ! axis->centred)
    {
      fit_axis_clear (axis);
      return 0;
    }
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
fit_axis_tune (FitAxis *axis,
               double   frequency)
{
  for (size_t i = 0; i < axis->length; i++)
    {
      double         t = axis->centred[i];
      double complex e = cexp (-2 * PI * I * frequency * t);

      axis->phasor[i] = axis->window[i] * e;
      axis->moment[i] = axis->window[i] * t * e;
    }
}

static void
row_sums (const void *job_pointer,
          size_t      first,
          size_t      end)
{
  const RowSumJob *job   = job_pointer;
  size_t           width = job->across->length;

  for (size_t y = first; y < end; y++)
    {
      const float   *row = job->plane + y * job->stride;
      double complex sum = 0, moment = 0;

      for (size_t x = 0; x < width; x++)
        {
          sum    += row[x] * job->across->phasor[x];
          moment += row[x] * job->across->moment[x];
        }
      job->rows[2 * y]     = sum;
      job->rows[2 * y + 1] = moment;
    }
}

/* The windowed transform of `plane` at the axes' frequencies (*sum) and
 * its first moments along x and y. */
static void
moments (const float    *plane,
         size_t          stride,
         const FitAxis  *across,
         const FitAxis  *down,
         double complex *rows,
         RowSplit        split,
         double complex *sum,
         double complex *along_x,
         double complex *along_y)
{
  RowSumJob job = { plane, stride, across, rows };

  row_split_run (split, down->length, row_sums, &job);
  *sum = *along_x = *along_y = 0;
  for (size_t y = 0; y < down->length; y++)
    {
      *sum     += down->phasor[y] * rows[2 * y];
      *along_x += down->phasor[y] * rows[2 * y + 1];
      *along_y += down->moment[y] * rows[2 * y];
    }
}

/* The Gauss–Newton step of one axis: the phase's slope across the
 * window, Im (moment / sum) = 2π · Δf · spread. */
static double
step_of (double complex sum,
         double complex moment,
         const FitAxis *axis)
{
  return cabs (sum) > 0 ? cimag (moment / sum) / (2 * PI * axis->spread) : 0;
}

/* The plane where the wave near (fx, fy) is strongest. */
static size_t
strongest_plane (float          *values,
                 size_t          planes,
                 size_t          plane_step,
                 size_t          stride,
                 FitAxis        *across,
                 FitAxis        *down,
                 double complex *rows,
                 RowSplit        split)
{
  size_t strongest = 0;
  double most      = -1;

  for (size_t p = 0; p < planes; p++)
    {
      double complex sum, along_x, along_y;

      moments (values + p * plane_step, stride, across, down, rows, split,
               &sum, &along_x, &along_y);
      if (cabs (sum) > most)
        most = cabs (sum), strongest = p;
    }
  return strongest;
}

/* Refines (*fx, *fy) on `plane`; a frequency on an axis stays there. */
static void
refine (const float    *plane,
        size_t          stride,
        FitAxis        *across,
        FitAxis        *down,
        double complex *rows,
        RowSplit        split,
        double         *fx,
        double         *fy)
{
  double given_x = *fx, given_y = *fy;

  for (int step = 0; step < MOST_STEPS; step++)
    {
      double complex sum, along_x, along_y;
      double         dx, dy;

      fit_axis_tune (across, *fx);
      fit_axis_tune (down, *fy);
      moments (plane, stride, across, down, rows, split, &sum, &along_x,
               &along_y);
      dx = given_x == 0 ? 0 : step_of (sum, along_x, across);
      dy = given_y == 0 ? 0 : step_of (sum, along_y, down);
      *fx += dx;
      *fy += dy;
      if (fabs (dx) * across->length < SETTLED_BINS &&
          fabs (dy) * down->length < SETTLED_BINS)
        break;
    }
  if (fabs (*fx - given_x) * across->length > FARTHEST_BINS ||
      fabs (*fy - given_y) * down->length > FARTHEST_BINS ||
      fabs (*fx) > 0.5 || fabs (*fy) > 0.5)
    *fx = given_x, *fy = given_y;
}

static void
subtract_rows (const void *job_pointer,
               size_t      first,
               size_t      end)
{
  const SubtractJob *job = job_pointer;

  for (size_t y = first; y < end; y++)
    {
      float  *row = job->plane + y * job->stride;
      double  re  = creal (job->row_terms[y]), im = cimag (job->row_terms[y]);

      for (size_t x = 0; x < job->width; x++)
        row[x] -= (float) (re * creal (job->cosines[x]) -
                           im * cimag (job->cosines[x]));
    }
}

/* The window's sums of cos 2θ and sin 2θ, θ = 2π (fx x + fy y) at the
 * centred coordinates: what the least squares of a real cosine need
 * beside Σ w (a cosine near 0 or ½ cycle/px overlaps its mirror). */
static double complex
double_angle_sum (const FitAxis *across,
                  const FitAxis *down,
                  double         fx,
                  double         fy)
{
  double complex x = 0, y = 0;

  for (size_t i = 0; i < across->length; i++)
    x += across->window[i] * cexp (4 * PI * I * fx * across->centred[i]);
  for (size_t i = 0; i < down->length; i++)
    y += down->window[i] * cexp (4 * PI * I * fy * down->centred[i]);
  return x * y;
}

/* a − i b of the weighted least-squares fit a cos θ + b sin θ to a plane
 * whose windowed transform at θ is `sum`: the normal equations hold
 * Σ w cos² = (W + C)/2, Σ w sin² = (W − C)/2, Σ w cos sin = S/2 with
 * C + iS = `doubled`, and Σ w v cos = Re sum, Σ w v sin = −Im sum. Where
 * cos and sin coincide on the samples (at ½ cycle/px), the one that
 * holds more of the window takes the fit. */
static double complex
least_squares (double complex sum,
               double complex doubled,
               double         total)
{
  double cc  = 0.5 * (total + creal (doubled));
  double ss  = 0.5 * (total - creal (doubled));
  double cs  = 0.5 * cimag (doubled);
  double vc  = creal (sum), vs = -cimag (sum);
  double det = cc * ss - cs * cs;

  if (det > 1e-9 * total * total)
    return ((ss * vc - cs * vs) - I * (cc * vs - cs * vc)) / det;
  return cc >= ss ? vc / cc : -I * vs / ss;
}

/* Fits the cosine of frequency (fx, fy) to each plane (least squares
 * under the window) and subtracts it. */
static void
subtract_fitted (float          *values,
                 size_t          planes,
                 size_t          plane_step,
                 size_t          stride,
                 FitAxis        *across,
                 FitAxis        *down,
                 double complex *rows,
                 RowSplit        split,
                 double          fx,
                 double          fy)
{
  double complex *cosines   = across->moment;
  double complex *row_terms = down->moment;
  double complex  doubled   = double_angle_sum (across, down, fx, fy);

  for (size_t p = 0; p < planes; p++)
    {
      float          *plane = values + p * plane_step;
      double complex  sum, along_x, along_y, amplitude;
      SubtractJob     job   = { plane, stride, across->length, cosines,
                                row_terms };

      fit_axis_tune (across, fx);
      fit_axis_tune (down, fy);
      moments (plane, stride, across, down, rows, split, &sum, &along_x,
               &along_y);
      amplitude = least_squares (sum, doubled, across->sum * down->sum);
      /* The moments' tables serve as the cosines now: the fit's are
       * made anew for the next plane. */
      for (size_t x = 0; x < across->length; x++)
        cosines[x] = cexp (2 * PI * I * fx * across->centred[x]);
      for (size_t y = 0; y < down->length; y++)
        row_terms[y] = amplitude * cexp (2 * PI * I * fy * down->centred[y]);
      row_split_run (split, down->length, subtract_rows, &job);
    }
}

/* The two axes and the rows' sums for a width × height plane; 0 when
 * memory runs out (nothing is then held). */
static int
fit_start (FitAxis         *across,
           FitAxis         *down,
           double complex **rows,
           size_t           width,
           size_t           height)
{
  *rows = malloc (2 * height * sizeof **rows);
  if (! *rows)
    return 0;
  if (fit_axis_init (across, width))
    {
      if (fit_axis_init (down, height))
        return 1;
      fit_axis_clear (across);
    }
  free (*rows);
  return 0;
}

static void
fit_end (FitAxis        *across,
         FitAxis        *down,
         double complex *rows)
{
  fit_axis_clear (across);
  fit_axis_clear (down);
  free (rows);
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
  FitAxis         across, down;
  double complex *rows;

  if (width < 2 || height < 2)
    return 1;
  if (! fit_start (&across, &down, &rows, width, height))
    return 0;
  refine (plane, stride, &across, &down, rows, split, fx, fy);
  fit_end (&across, &down, rows);
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
  FitAxis         across, down;
  double complex *rows;

  if (count == 0 || planes == 0 || width < 2 || height < 2)
    return 1;
  if (! fit_start (&across, &down, &rows, width, height))
    return 0;

  for (size_t i = 0; i < count; i++)
    {
      double fx = waves[2 * i], fy = waves[2 * i + 1];
      size_t strongest;

      fit_axis_tune (&across, fx);
      fit_axis_tune (&down, fy);
      strongest = strongest_plane (values, planes, plane_step, stride,
                                   &across, &down, rows, split);
      refine (values + strongest * plane_step, stride, &across, &down, rows,
              split, &fx, &fy);
      subtract_fitted (values, planes, plane_step, stride, &across, &down,
                       rows, split, fx, fy);
    }

  fit_end (&across, &down, rows);
  return 1;
}
