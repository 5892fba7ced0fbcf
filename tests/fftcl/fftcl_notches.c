/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Hundreds of random notches, on the device FFTCL_DEVICE names, against
 * the filter in double with fftcl_gain_at, which evaluates every notch at
 * every frequency: the backends evaluate only the notches whose reach
 * covers a frequency. A unit impulse reads the gain back exactly (its
 * spectrum is 1 everywhere); random planes check fftcl_filter_apply and
 * fftcl_filter_once, on plain plans and on mirrored ones (against their
 * planes' mirror images). Shapes, orders and radii vary, radii down to
 * the smallest the grid resolves. Each case again with notches that
 * filter some planes only (notch_planes), against each plane filtered in
 * double with its own notches, written side by side and interleaved,
 * mirrored plans too. */
#include "check.h"
#include "fftcl-filter.h"
#include "fftcl_oracle.h"
#include "on_device.h"

#include <string.h>

/* Largest error of the gain read back: the CPU evaluates it in double;
 * OpenCL in float, where a notch's centre rounds up to 2^−25 cycles/px
 * off, up to 2^−12 of the smallest radius tested (half a bin of 4096),
 * which moves a steep edge by up to 1e-4. A disc left out where it
 * reaches would be off by far more. */
static const double cpu_gain_bound = 2e-6;
static const double float_gain_bound = 1e-4;
/* The RMS error of a filter relative to its input's RMS: many notches
 * leave little of the input, and an error relative to that would measure
 * float rounding. */
static const double filter_bound = 1e-6;

typedef struct {
  shape planes;
  int mirrored;
  fftcl_shape edge;
  double order;
  size_t notch_count;
  double widest; /* largest radius, cycles/px */
} notch_case;

/* 2048×1024 takes OpenCL's lone-plane path; Butterworth of order 2 and
 * the widest Gaussians reach over most of the grid. */
static const notch_case cases[] = {
  { { 256, 256, 3 }, 0, FFTCL_SHAPE_GAUSSIAN, 2, 300, 0.01 },
  { { 64, 32, 2 }, 0, FFTCL_SHAPE_BUTTERWORTH, 20, 300, 0.05 },
  { { 32, 64, 1 }, 0, FFTCL_SHAPE_IDEAL, 2, 300, 0.05 },
  { { 2048, 64, 3 }, 0, FFTCL_SHAPE_BUTTERWORTH, 2, 200, 0.01 },
  { { 2048, 64, 2 }, 0, FFTCL_SHAPE_GAUSSIAN, 2, 300, 0.5 },
  { { 2048, 1024, 1 }, 0, FFTCL_SHAPE_GAUSSIAN, 2, 40, 0.01 },
  { { 32, 64, 3 }, 1, FFTCL_SHAPE_GAUSSIAN, 2, 300, 0.05 },
  { { 128, 128, 1 }, 1, FFTCL_SHAPE_BUTTERWORTH, 4, 300, 0.02 },
};

static double uniform (double low, double high)
{
  return low + (high - low) * (random_unit () + 1) / 2;
}

/* Random notches on the filter's grid: radii log-uniform from the
 * smallest the grid resolves up to `widest`, every tenth exactly the
 * smallest, every seventh at an edge of the frequency square; on the
 * axes only for a mirrored plan. */
static double *random_notches (const notch_case *c, shape grid)
{
  double *notches = malloc (3 * c->notch_count * sizeof *notches);
  double least = fftcl_notch_radius_min (grid.width, grid.height);
  for (size_t i = 0; i < c->notch_count; i++)
    {
      double *n = notches + 3 * i;
      n[0] = i % 7 == 3 ? 0.5 : uniform (-0.5, 0.5);
      n[1] = i % 7 == 5 ? -0.5 : uniform (-0.5, 0.5);
      if (c->mirrored)
        n[i % 2] = 0;
      n[2] = i % 10 == 0 ? least
                         : least * pow (c->widest / least, uniform (0, 1));
    }
  return notches;
}

static fftcl_plan *plan_of (fftcl_context *ctx, const notch_case *c)
{
  const fftcl_plan_desc desc
    = { .width = c->planes.width, .height = c->planes.height,
        .batch = c->planes.batch,
        .flags = c->mirrored ? FFTCL_MIRRORED : 0 };
  fftcl_plan *plan = NULL;
  fftcl_error err = { 0 };
  check (fftcl_plan_create (ctx, &desc, &plan, &err) == FFTCL_OK,
         "plan %zux%zu%s: %s", desc.width, desc.height,
         c->mirrored ? " mirrored" : "", err.message);
  return plan;
}

static const char *edge_name (fftcl_shape edge)
{
  return edge == FFTCL_SHAPE_GAUSSIAN      ? "gaussian"
         : edge == FFTCL_SHAPE_BUTTERWORTH ? "butterworth"
                                           : "ideal";
}

/* The largest difference between fftcl_gain_at and the gain the plan
 * applies to a unit impulse in each plane, read back by a forward
 * transform in double. */
static double gain_error (fftcl_plan *plan, shape s, const fftcl_gain *g,
                          fftcl_error *err)
{
  size_t area = s.width * s.height;
  float *planes = calloc (area * s.batch, sizeof *planes);
  for (size_t b = 0; b < s.batch; b++)
    planes[b * area] = 1;
  double worst = INFINITY;
  if (fftcl_filter_once (plan, g, FFTCL_PLANES (planes), NULL, planes, err)
      == FFTCL_OK)
    {
      worst = 0;
      double *want = oracle_gains (g, s);
      fftw_complex *c = fftw_alloc_complex (area);
      for (size_t b = 0; b < s.batch; b++)
        {
          forward_of_plane (planes + b * area, s, c);
          for (size_t i = 0; i < area; i++)
            worst = fmax (worst, hypot (c[i][0] - want[i], c[i][1]));
        }
      fftw_free (c);
      free (want);
    }
  free (planes);
  return worst;
}

/* The RMS of got − want relative to the RMS of `in`. */
static double error_of (const float *got, const double *want,
                        const float *in, size_t n)
{
  double diff = 0, norm = 0;
  for (size_t i = 0; i < n; i++)
    {
      diff += (got[i] - want[i]) * (got[i] - want[i]);
      norm += (double) in[i] * in[i];
    }
  return sqrt (diff / norm);
}

/* A load and an apply, then fftcl_filter_once, of random planes. */
static void check_filters (fftcl_plan *plan, const notch_case *c,
                           const fftcl_gain *g, const char *label)
{
  shape s = c->planes;
  size_t n = s.width * s.height * s.batch;
  float *planes = random_floats (n);
  double *want = c->mirrored ? oracle_filtered_mirrored (planes, s, g)
                             : oracle_filtered (planes, s, g);
  float *got = malloc (n * sizeof *got);
  fftcl_error err = { 0 };
  double e
    = fftcl_filter_load (plan, FFTCL_PLANES (planes), &err) == FFTCL_OK
          && fftcl_filter_apply (plan, g, NULL, got, 0, &err) == FFTCL_OK
        ? error_of (got, want, planes, n)
        : INFINITY;
  check (e <= filter_bound, "%s, apply: rms error %.2e %s", label, e,
         err.message);
  e = fftcl_filter_once (plan, g, FFTCL_PLANES (planes), NULL, got, &err)
          == FFTCL_OK
        ? error_of (got, want, planes, n)
        : INFINITY;
  check (e <= filter_bound, "%s, once: rms error %.2e %s", label, e,
         err.message);
  free (planes);
  free (want);
  free (got);
}

/* Random masks: every fifth notch filters no plane, every seventh every
 * plane (bits past the batch set too), the others one or two planes. */
static unsigned *random_masks (size_t count, size_t batch)
{
  unsigned *masks = malloc (count * sizeof *masks);
  for (size_t i = 0; i < count; i++)
    masks[i] = i % 5 == 0   ? 0
               : i % 7 == 0 ? ~0u
                            : (1u << (i % batch)) | (1u << ((i / 3) % batch));
  return masks;
}

/* Each plane filtered in double with the notches whose mask holds it,
 * as a mirrored plan filters it where `mirrored`. */
static double *oracle_by_plane (const float *planes, shape s,
                                const fftcl_gain *g, int mirrored)
{
  size_t area = s.width * s.height;
  const shape one = { s.width, s.height, 1 };
  double *want = malloc (area * s.batch * sizeof *want);
  double *own = malloc ((3 * g->notch_count + 1) * sizeof *own);
  for (size_t b = 0; b < s.batch; b++)
    {
      fftcl_gain plane_gain = *g;
      plane_gain.notch_count = 0;
      plane_gain.notch_planes = NULL;
      plane_gain.notches = own;
      for (size_t i = 0; i < g->notch_count; i++)
        if (g->notch_planes[i] & (1u << b))
          memcpy (own + 3 * plane_gain.notch_count++, g->notches + 3 * i,
                  3 * sizeof *own);
      double *filtered
        = mirrored ? oracle_filtered_mirrored (planes + b * area, one,
                                               &plane_gain)
                   : oracle_filtered (planes + b * area, one, &plane_gain);
      memcpy (want + b * area, filtered, area * sizeof *want);
      free (filtered);
    }
  free (own);
  return want;
}

/* The planes of `got`, laid out as `layout` says, side by side. */
static float *gathered (const float *got, shape s, fftcl_layout layout)
{
  size_t area = s.width * s.height;
  float *planes = malloc (area * s.batch * sizeof *planes);
  for (size_t b = 0; b < s.batch; b++)
    for (size_t i = 0; i < area; i++)
      planes[b * area + i]
        = got[b * layout.plane_step + i * layout.value_step];
  return planes;
}

/* The error of one call's output, laid out as `layout` says, or ∞ where
 * the call failed. */
static double plane_error (fftcl_status status, const float *got, shape s,
                           fftcl_layout layout, const double *want,
                           const float *planes)
{
  if (status != FFTCL_OK)
    return INFINITY;
  float *side = gathered (got, s, layout);
  double e = error_of (side, want, planes, s.width * s.height * s.batch);
  free (side);
  return e;
}

/* Notches by plane: a load and two applies (the second consuming), and
 * fftcl_filter_once, into planes side by side and into interleaved
 * pixels. */
static void check_plane_notches (fftcl_context *ctx, const notch_case *c,
                                 const fftcl_gain *g, const char *label)
{
  shape s = c->planes;
  float *planes = random_floats (s.width * s.height * s.batch);
  double *want = oracle_by_plane (planes, s, g, c->mirrored);
  float *got = malloc (s.width * s.height * s.batch * sizeof *got);
  const fftcl_layout layouts[]
    = { { 1, s.width * s.height }, { s.batch, 1 } };
  for (size_t k = 0; k < 2; k++)
    {
      const fftcl_plan_desc desc = {
        .width = s.width, .height = s.height, .batch = s.batch,
        .out = layouts[k], .flags = c->mirrored ? FFTCL_MIRRORED : 0 };
      fftcl_plan *plan = NULL;
      fftcl_error err = { 0 };
      double e[3] = { INFINITY, INFINITY, INFINITY };
      if (fftcl_plan_create (ctx, &desc, &plan, &err) == FFTCL_OK
          && fftcl_filter_load (plan, FFTCL_PLANES (planes), &err) == FFTCL_OK)
        {
          fftcl_status status = fftcl_filter_apply (plan, g, NULL, got, 0,
                                                    &err);
          e[0] = plane_error (status, got, s, layouts[k], want, planes);
          status = fftcl_filter_apply (plan, g, NULL, got, FFTCL_CONSUME,
                                       &err);
          e[1] = plane_error (status, got, s, layouts[k], want, planes);
          status = fftcl_filter_once (plan, g, FFTCL_PLANES (planes), NULL,
                                      got, &err);
          e[2] = plane_error (status, got, s, layouts[k], want, planes);
        }
      check (e[0] <= filter_bound && e[1] <= filter_bound
               && e[2] <= filter_bound,
             "%s, notches by plane%s: rms error %.2e apply, %.2e consuming, "
             "%.2e once %s",
             label, k ? ", interleaved" : "", e[0], e[1], e[2], err.message);
      fftcl_plan_destroy (plan);
    }
  free (planes);
  free (want);
  free (got);
}

static void check_case (fftcl_context *ctx, const notch_case *c)
{
  shape s = c->planes;
  size_t times = c->mirrored ? 2 : 1;
  shape grid = { times * s.width, times * s.height, s.batch };
  fftcl_plan *plan = plan_of (ctx, c);
  if (!plan)
    return;
  double *notches = random_notches (c, grid);
  const fftcl_gain g = { 0, 0, c->edge, c->order, 0, 0, FFTCL_STRIPES_NONE,
                         5, notches, c->notch_count, NULL };
  char label[160];
  snprintf (label, sizeof label, "%zu %s notches (order %g) up to %g on "
            "%zux%zu%s, %zu planes", c->notch_count, edge_name (c->edge),
            c->order, c->widest, s.width, s.height,
            c->mirrored ? " mirrored" : "", s.batch);
  if (!c->mirrored)
    {
      fftcl_error err = { 0 };
      double e = gain_error (plan, s, &g, &err);
      double bound = fftcl_context_is_cpu (ctx) ? cpu_gain_bound
                                                : float_gain_bound;
      check (e <= bound, "%s: gain off by %.2e at most %s", label, e,
             err.message);
    }
  check_filters (plan, c, &g, label);
  check_on_device (ctx, plan, label, s.width, s.height);
  unsigned *masks = random_masks (c->notch_count, s.batch);
  fftcl_gain by_plane = g;
  by_plane.notch_planes = masks;
  check_plane_notches (ctx, c, &by_plane, label);
  free (masks);
  free (notches);
  fftcl_plan_destroy (plan);
}

int main (void)
{
  fftcl_context *ctx = open_test_context ();
  for (size_t i = 0; ctx && i < sizeof cases / sizeof *cases; i++)
    if (cases[i].planes.width * cases[i].planes.height <= test_max_area ())
      check_case (ctx, &cases[i]);
  fftcl_context_destroy (ctx);
  return check_finish ();
}
