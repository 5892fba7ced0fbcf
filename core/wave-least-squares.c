/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "wave-least-squares.h"

#include <math.h>

#define PI 3.14159265358979323846

/* The normal equations get this share of the window's sum added to their
 * diagonal. */
#define RIDGE 1e-9

/* The Dirichlet kernel Σ e^{iγ x'} over n positions, x' centred:
 * sin(nγ/2) / sin(γ/2), real. */
static double
dirichlet (double gamma,
           size_t n)
{
  double half = sin (gamma / 2);

  if (fabs (half) < 1e-12)
    return n * cos (PI * round (gamma / (2 * PI)) * (n - 1.0));
  return sin (n * gamma / 2) / half;
}

/* Σ w(x) e^{2πi f x'} over an axis of n positions: with the Hann window
 * ½ − ½ cos(2π (x + ½) / n), ½ D(γ) + ¼ D(γ + 2π/n) + ¼ D(γ − 2π/n). */
static double
axis_window_sum (double frequency,
                 size_t n)
{
  double gamma = 2 * PI * frequency, beta = 2 * PI / n;

  return 0.5 * dirichlet (gamma, n) + 0.25 * dirichlet (gamma + beta, n) +
         0.25 * dirichlet (gamma - beta, n);
}

/* dD/dγ of the Dirichlet kernel above: 0 where D peaks (γ a multiple
 * of 2π), as D is even about each. */
static double
dirichlet_slope (double gamma,
                 size_t n)
{
  double half = sin (gamma / 2);

  if (fabs (half) < 1e-12)
    return 0;
  return (0.5 * n * cos (n * gamma / 2) * half -
          0.5 * sin (n * gamma / 2) * cos (gamma / 2)) / (half * half);
}

/* Σ w(x) x' sin (2π f x') over an axis: −dA/dγ of axis_window_sum's A. */
static double
axis_window_moment (double frequency,
                    size_t n)
{
  double gamma = 2 * PI * frequency, beta = 2 * PI / n;

  return -(0.5 * dirichlet_slope (gamma, n) +
           0.25 * dirichlet_slope (gamma + beta, n) +
           0.25 * dirichlet_slope (gamma - beta, n));
}

void
wave_window_moments (double  gx,
                     double  gy,
                     size_t  width,
                     size_t  height,
                     double *along_x,
                     double *along_y)
{
  *along_x = axis_window_moment (gx, width) * axis_window_sum (gy, height);
  *along_y = axis_window_sum (gx, width) * axis_window_moment (gy, height);
}

double
wave_window_sum (double gx,
                 double gy,
                 size_t width,
                 size_t height)
{
  return axis_window_sum (gx, width) * axis_window_sum (gy, height);
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

void
wave_least_squares_factor (const double *frequencies,
                           size_t        count,
                           size_t        width,
                           size_t        height,
                           double       *factors)
{
  double *cosines = factors, *sines = factors + count * count;
  double  ridge   = RIDGE * wave_window_sum (0, 0, width, height);

  for (size_t i = 0; i < count; i++)
    for (size_t j = 0; j < count; j++)
      {
        const double *a = frequencies + 2 * i, *b = frequencies + 2 * j;
        double difference = wave_window_sum (a[0] - b[0], a[1] - b[1],
                                             width, height);
        double total      = wave_window_sum (a[0] + b[0], a[1] + b[1],
                                             width, height);

        cosines[i * count + j] = 0.5 * (difference + total);
        sines[i * count + j]   = 0.5 * (difference - total);
      }
  cholesky (cosines, count, ridge);
  cholesky (sines, count, ridge);
}

void
wave_least_squares_solve (const double *factors,
                          size_t        count,
                          double       *cosine_sums,
                          double       *sine_sums)
{
  cholesky_solve (factors, count, cosine_sums);
  cholesky_solve (factors + count * count, count, sine_sums);
}
