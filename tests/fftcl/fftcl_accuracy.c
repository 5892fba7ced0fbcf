/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fftcl against FFTW in double: forward, inverse, round trip and the
 * band-pass filter, on the device FFTCL_DEVICE names. */
#include "check.h"
#include "fftcl-filter.h"
#include "fftcl_oracle.h"
#include "on_device.h"

#include <string.h>
#include <unistd.h>

/* Issue 3's bound for one transform against FFTW double. */
static double transform_bound = 2.5e-7;
/* A round trip and a filter are two transforms, and a band-pass keeps a
 * small part of its input, whose norm the error is relative to. */
static double two_transform_bound = 1e-6;

static const shape shapes[] = {
  { 1, 1, 1 },      { 2, 1, 1 },     { 1, 2, 1 },     { 2, 2, 1 },
  { 4, 8, 2 },      { 1, 512, 1 },   { 512, 1, 1 },   { 256, 64, 1 },
  { 64, 256, 3 },   { 16, 16, 5 },   { 128, 128, 2 }, { 2048, 2, 1 },
  { 2, 2048, 1 },   { 8, 4096, 1 },  { 512, 512, 1 }, { 1024, 1024, 1 },
  { 1024, 256, 3 }, { 2048, 2048, 1 }, { 8192, 64, 3 },
  { 16384, 8, 2 },  { 16384, 1, 1 },
};

/* With FFTCL_TEST_LARGE=1, for GPUs: up to issue 3's 16384² per side. */
static const shape large_shapes[] = {
  { 4096, 4096, 1 },  { 8192, 8192, 1 },  { 16384, 16384, 1 },
  { 16384, 2048, 1 }, { 2048, 16384, 1 }, { 8192, 512, 3 },
  { 64, 16384, 1 },
};

static fftcl_plan *make_plan (fftcl_context *ctx, shape s)
{
  const fftcl_plan_desc desc
    = { .width = s.width, .height = s.height, .batch = s.batch };
  fftcl_plan *plan;
  fftcl_error err;
  if (fftcl_plan_create (ctx, &desc, &plan, &err) != FFTCL_OK)
    {
      check (0, "plan %zux%zu: %s", s.width, s.height, err.message);
      return NULL;
    }
  return plan;
}

/* Runs `count` transforms on random data; the oracle runs the same ones
 * in double (a round trip's answer is then the data itself). */
static void check_steps (fftcl_context *ctx, shape s,
                         const fftcl_direction *steps, size_t count,
                         double bound, const char *label)
{
  size_t n = 2 * s.width * s.height * s.batch;
  fftcl_plan *plan = make_plan (ctx, s);
  if (!plan)
    return;
  float *data = random_floats (n);
  double *want = widened (data, n);
  fftcl_error err;
  fftcl_status status = FFTCL_OK;
  for (size_t k = 0; k < count && status == FFTCL_OK; k++)
    {
      fftw_double ((fftw_complex *) want, s.width, s.height, s.batch,
                   steps[k] == FFTCL_FORWARD ? FFTW_FORWARD : FFTW_BACKWARD);
      status = fftcl_transform (plan, steps[k], data, &err);
    }
  double e = status == FFTCL_OK ? relative_rms (data, want, n) : INFINITY;
  check (e <= bound, "%s %zux%zu batch %zu: rel rms %.2e%s%s", label,
         s.width, s.height, s.batch, e, status == FFTCL_OK ? "" : " ",
         status == FFTCL_OK ? "" : err.message);
  check_on_device (ctx, plan, label, s.width, s.height);
  free (data);
  free (want);
  fftcl_plan_destroy (plan);
}

static void check_shape (fftcl_context *ctx, shape s)
{
  static const fftcl_direction forward[] = { FFTCL_FORWARD };
  static const fftcl_direction inverse[] = { FFTCL_INVERSE };
  static const fftcl_direction round_trip[] = { FFTCL_FORWARD, FFTCL_INVERSE };
  check_steps (ctx, s, forward, 1, transform_bound, "forward");
  check_steps (ctx, s, inverse, 1, transform_bound, "inverse");
  check_steps (ctx, s, round_trip, 2, two_transform_bound, "round trip");
}

/* docs/contract.md written out again on purpose, independently of gain.h. */
static double oracle_gain (const fftcl_gain *g, double fx, double fy)
{
  double f = hypot (fx, fy);
  double lowpass_small = 1, lowpass_large = 1;
  double ch = g->small_period > 0 ? 1 / g->small_period : INFINITY;
  double cl = 1 / g->large_period;
  switch (g->shape)
    {
    case FFTCL_SHAPE_GAUSSIAN:
      lowpass_small = exp (-log (2) * pow (f / ch, 2));
      lowpass_large = exp (-log (2) * pow (f / cl, 2));
      break;
    case FFTCL_SHAPE_BUTTERWORTH:
      lowpass_small = 1 / (1 + pow (f / ch, 2 * g->order));
      lowpass_large = 1 / (1 + pow (f / cl, 2 * g->order));
      break;
    case FFTCL_SHAPE_IDEAL:
      lowpass_small = f <= ch;
      lowpass_large = f <= cl;
      break;
    }
  double pass = lowpass_small * (g->large_period > 0 ? 1 - lowpass_large : 1);
  double gain = g->reject ? 1 - pass : pass;
  return g->keep_mean && fx == 0 && fy == 0 ? 1 : gain;
}

/* ImageJ's stripe factor, per bin, and Gaussian notch discs, at
 * distances between aliases (frequencies repeat every cycle/px). */
static double oracle_extras (const fftcl_gain *g, shape s, double fx,
                             double fy)
{
  double factor = 1, sharpness = 1 - g->stripe_tolerance / 100;
  if (g->stripes == FFTCL_STRIPES_HORIZONTAL)
    factor = 1 - exp (-pow (fx * (double) s.width * sharpness, 2));
  if (g->stripes == FFTCL_STRIPES_VERTICAL)
    factor = 1 - exp (-pow (fy * (double) s.height * sharpness, 2));
  for (size_t i = 0; i < g->notch_count; i++)
    for (int mirror = -1; mirror <= 1; mirror += 2)
      {
        double d = hypot (remainder (fx + mirror * g->notches[3 * i], 1),
                          remainder (fy + mirror * g->notches[3 * i + 1], 1));
        factor *= 1 - exp (-log (2) * pow (d / g->notches[3 * i + 2], 2));
      }
  return factor;
}

static void oracle_filter (double *plane, shape s, const fftcl_gain *g)
{
  size_t area = s.width * s.height;
  fftw_complex *c = fftw_alloc_complex (area);
  for (size_t i = 0; i < area; i++)
    {
      c[i][0] = plane[i];
      c[i][1] = 0;
    }
  fftw_double (c, s.width, s.height, 1, FFTW_FORWARD);
  for (size_t y = 0; y < s.height; y++)
    for (size_t x = 0; x < s.width; x++)
      {
        double fx = frequency (x, s.width), fy = frequency (y, s.height);
        double gain = oracle_gain (g, fx, fy);
        if (!(g->keep_mean && fx == 0 && fy == 0))
          gain *= oracle_extras (g, s, fx, fy);
        c[y * s.width + x][0] *= gain;
        c[y * s.width + x][1] *= gain;
      }
  fftw_double (c, s.width, s.height, 1, FFTW_BACKWARD);
  for (size_t i = 0; i < area; i++)
    plane[i] = c[i][0];
  fftw_free (c);
}

static void check_filter (fftcl_context *ctx, shape s,
                          const fftcl_gain *asked, const char *label)
{
  double raised[3 * asked->notch_count + 1];
  const fftcl_gain resolvable = resolvable_on (asked, s, raised);
  const fftcl_gain *g = &resolvable;
  size_t n = s.width * s.height * s.batch;
  fftcl_plan *plan = make_plan (ctx, s);
  if (!plan)
    return;
  float *planes = random_floats (n);
  double *want = widened (planes, n);
  for (size_t b = 0; b < s.batch; b++)
    oracle_filter (want + b * s.width * s.height, s, g);
  fftcl_error err;
  fftcl_status status = fftcl_filter_load (plan, FFTCL_PLANES (planes), &err);
  /* Apply twice: the kept spectrum must survive the first apply. */
  for (int pass = 0; pass < 2 && status == FFTCL_OK; pass++)
    status = fftcl_filter_apply (plan, g, NULL, planes, 0, &err);
  double e = status == FFTCL_OK ? relative_rms (planes, want, n) : INFINITY;
  check (e <= two_transform_bound, "filter %s %zux%zu, %zu planes: rel rms %.2e %s",
         label, s.width, s.height, s.batch, e,
         status == FFTCL_OK ? "" : err.message);
  check_on_device (ctx, plan, "filter", s.width, s.height);
  free (planes);
  free (want);
  fftcl_plan_destroy (plan);
}

static void check_filters (fftcl_context *ctx, size_t max_area, int large)
{
  static const shape filter_shapes[] = {
    { 1, 1, 1 },      { 64, 32, 3 },    { 256, 256, 4 },
    { 8, 512, 1 },    { 16384, 4, 3 },  { 1024, 512, 3 },
    { 2048, 1024, 1 }, { 1024, 2048, 3 }, { 4096, 4096, 3 },
  };
  size_t shape_count = sizeof filter_shapes / sizeof *filter_shapes
                       - (large ? 0 : 1);
  static const double notches[] = { 0.2, 0.1, 0.03, -0.05, 0.3, 0.02 };
  const fftcl_gain gains[] = {
    { 16, 3, FFTCL_SHAPE_GAUSSIAN, 2, 0, 1, 0, 5, NULL, 0, NULL },
    { 20, 4, FFTCL_SHAPE_BUTTERWORTH, 3, 0, 0, 0, 5, NULL, 0, NULL },
    { 10, 2.5, FFTCL_SHAPE_IDEAL, 2, 1, 1, FFTCL_STRIPES_HORIZONTAL, 40, NULL,
      0, NULL },
    { 0, 5, FFTCL_SHAPE_BUTTERWORTH, 1.5, 1, 0, FFTCL_STRIPES_VERTICAL, 5,
      NULL, 0, NULL },
    { 30, 2, FFTCL_SHAPE_GAUSSIAN, 2, 0, 1, FFTCL_STRIPES_HORIZONTAL, 20,
      notches, 2, NULL },
    { 0, 0, FFTCL_SHAPE_GAUSSIAN, 2, 0, 0, FFTCL_STRIPES_VERTICAL, 5, notches,
      1, NULL },
  };
  const char *labels[] = { "gaussian band-pass", "butterworth band-pass",
                           "ideal band-reject, h-stripes",
                           "butterworth low-reject, v-stripes",
                           "band-pass, h-stripes, 2 notches",
                           "v-stripes, 1 notch" };
  for (size_t i = 0; i < shape_count; i++)
    for (size_t j = 0; j < sizeof gains / sizeof *gains; j++)
      if (filter_shapes[i].width * filter_shapes[i].height <= max_area)
        check_filter (ctx, filter_shapes[i], &gains[j], labels[j]);
}

static double bound_from (const char *variable, double fallback)
{
  const char *text = getenv (variable);
  return text ? atof (text) : fallback;
}

int main (void)
{
  transform_bound = bound_from ("FFTCL_MAX_ERROR", transform_bound);
  two_transform_bound
    = bound_from ("FFTCL_MAX_TWO_TRANSFORM_ERROR", two_transform_bound);
  size_t max_area = test_max_area ();
  const char *large_text = getenv ("FFTCL_TEST_LARGE");
  int large = large_text && strcmp (large_text, "1") == 0;
  fftw_init_threads ();
  fftw_plan_with_nthreads ((int) sysconf (_SC_NPROCESSORS_ONLN));
  fftcl_context *ctx = open_test_context ();
  if (!ctx)
    return check_finish ();
  printf ("# bounds %.1e (one transform), %.1e (two)\n", transform_bound,
          two_transform_bound);
  for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
    if (shapes[i].width * shapes[i].height <= max_area)
      check_shape (ctx, shapes[i]);
  for (size_t i = 0; large && i < sizeof large_shapes / sizeof *large_shapes;
       i++)
    check_shape (ctx, large_shapes[i]);
  check_filters (ctx, max_area, large);
  fftcl_context_destroy (ctx);
  fftw_cleanup_threads ();
  return check_finish ();
}
