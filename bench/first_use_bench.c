/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The first filter of a size against the next ones, on the FFTW backend:
 *   first-use-bench [SIZE] [RUNS]
 * filters an RGB image's SIZE² planes (default 4096) with
 * fftcl_filter_once: on a first plan, once and RUNS times more (default
 * 3); then on a second plan RUNS + 1 times, which finds the size's 1-D
 * plans made. It prints each plan's first call and the median of its
 * later ones, and the ratio of the first plans' first calls: a filter of
 * a new size against one of a size seen before. The FFTW backend keeps
 * nothing on disk for a size, so a new process always starts with a new
 * size. */
#include "clock.h"
#include "fftcl-filter.h"

#include <stdio.h>
#include <stdlib.h>

static int by_value (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static const fftcl_gain gain = { .large_period = 40, .small_period = 3,
                                 .shape = FFTCL_SHAPE_GAUSSIAN, .order = 2,
                                 .keep_mean = 1 };

/* 1 + runs calls on a new plan into ms[]; 0 on failure, with err set. */
static int time_plan (fftcl_context *ctx, size_t size, const float *in,
                      float *out, size_t runs, double *ms, fftcl_error *err)
{
  const fftcl_plan_desc desc = { .width = size, .height = size, .batch = 3 };
  fftcl_plan *plan = NULL;
  int ok = fftcl_plan_create (ctx, &desc, &plan, err) == FFTCL_OK;
  for (size_t r = 0; ok && r <= runs; r++)
    {
      double start = fftcl_now_ms ();
      ok = fftcl_filter_once (plan, &gain, FFTCL_PLANES (in), NULL, out, err)
           == FFTCL_OK;
      ms[r] = fftcl_now_ms () - start;
    }
  fftcl_plan_destroy (plan);
  return ok;
}

/* The median of ms[1 … runs]. */
static double later_median (double *ms, size_t runs)
{
  qsort (ms + 1, runs, sizeof *ms, by_value);
  return ms[1 + runs / 2];
}

int main (int argc, char **argv)
{
  size_t size = argc > 1 ? strtoul (argv[1], NULL, 10) : 4096;
  size_t runs = argc > 2 ? strtoul (argv[2], NULL, 10) : 3;
  if (size == 0 || runs == 0)
    {
      fprintf (stderr, "usage: first-use-bench [SIZE] [RUNS]\n");
      return 2;
    }
  size_t values = 3 * size * size;
  float *in = malloc (values * sizeof *in);
  float *out = malloc (values * sizeof *out);
  double *first = malloc ((runs + 1) * sizeof *first);
  double *later = malloc ((runs + 1) * sizeof *later);
  fftcl_context *ctx = NULL;
  fftcl_error err = { 0 };
  int ok = in && out && first && later
           && fftcl_context_create ("cpu", &ctx, &err) == FFTCL_OK;
  for (size_t i = 0; ok && i < values; i++)
    in[i] = (float) ((i * 2654435761u) % 256) / 255.0f;
  ok = ok && time_plan (ctx, size, in, out, runs, first, &err);
  ok = ok && time_plan (ctx, size, in, out, runs, later, &err);
  if (ok)
    {
      double new_size = first[0], seen_size = later[0];
      printf ("%zu² RGB, CPU, medians of %zu: new size %.0f ms then "
              "%.0f ms; size seen %.0f ms then %.0f ms; first use %.2f×\n",
              size, runs, new_size, later_median (first, runs), seen_size,
              later_median (later, runs), new_size / seen_size);
    }
  else
    fprintf (stderr, "first-use-bench: %s\n",
             err.message[0] ? err.message : "out of memory");
  fftcl_context_destroy (ctx);
  free (later);
  free (first);
  free (out);
  free (in);
  return ok ? 0 : 1;
}
