/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Bad arguments come back as error values with a message, never a crash;
 * and the default device choice obeys FFTCL_DEVICE. */
#include "check.h"
#include "fftcl-filter.h"
/* Private: the benchmarks' timers must refuse a mirrored plan too. */
#include "timing.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static const fftcl_gain gain = { .large_period = 40, .small_period = 3,
                                 .shape = FFTCL_SHAPE_GAUSSIAN,
                                 .keep_mean = 1 };

static int failed_with (fftcl_status got, fftcl_status want,
                        const fftcl_error *err)
{
  return got == want && err->status == want && strlen (err->message) > 0;
}

/* A fill for a source that also has planes, which fftcl refuses before
 * calling it. */
static void fill_nothing (const void *job, size_t plane, size_t y, float *row,
                          float *scratch)
{
  (void) job, (void) plane, (void) y, (void) row, (void) scratch;
}

static int refused (fftcl_status got, const fftcl_error *err)
{
  return failed_with (got, FFTCL_ERROR_ARGUMENT, err);
}

static fftcl_plan *plan_of (fftcl_context *ctx, const fftcl_plan_desc *desc,
                            const char *what)
{
  fftcl_plan *plan = NULL;
  fftcl_error err = { 0 };
  check (fftcl_plan_create (ctx, desc, &plan, &err) == FFTCL_OK,
         "%s plan %zux%zu batch %zu: %s", what, desc->width, desc->height,
         desc->batch, err.message);
  return plan;
}

static void check_plan_arguments (fftcl_context *ctx)
{
  static const size_t bad[][3] = {
    { 0, 8, 1 }, { 8, 0, 1 }, { 3, 4, 1 }, { 4, 12, 1 }, { 8, 8, 0 },
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      fftcl_plan *plan = (fftcl_plan *) &plan;
      fftcl_error err = { 0 };
      const fftcl_plan_desc desc
        = { .width = bad[i][0], .height = bad[i][1], .batch = bad[i][2] };
      check (refused (fftcl_plan_create (ctx, &desc, &plan, &err), &err)
               && plan == NULL,
             "plan %zux%zu batch %zu refused: %s", bad[i][0], bad[i][1],
             bad[i][2], err.message);
    }
  const fftcl_plan_desc desc = { .width = 8, .height = 8, .batch = 1 };
  fftcl_error err = { 0 };
  check (refused (fftcl_plan_create (ctx, &desc, NULL, &err), &err),
         "plan out NULL: %s", err.message);
  fftcl_plan *plan;
  check (refused (fftcl_plan_create (ctx, NULL, &plan, &err), &err),
         "plan desc NULL: %s", err.message);
  check (refused (fftcl_plan_create (NULL, &desc, &plan, &err), &err),
         "plan context NULL: %s", err.message);
}

/* A bad notch or period is refused with a message that names the value
 * as exactly as it was given (%.17g: 0.5000001 never shows as 0.5) and,
 * for a radius, the smallest the 8×4 grid of the loaded `plan` resolves:
 * half a bin of its longer axis, 0.0625. */
static void check_notch_arguments (fftcl_plan *plan, float *data)
{
  fftcl_error err = { 0 };
  double least = fftcl_notch_radius_min (8, 4);
  check (least == 0.0625 && fftcl_notch_radius_min (4, 8) == least,
         "half a bin of the longer axis of 8x4: %.17g", least);
  static const struct {
    double notch[3];
    const char *what, *shown;
  } bad[] = {
    { { 0.1, 0.1, 0x1.fffffffffffffp-5 }, "radius a double below 0.0625",
      "0.062499999999999993" },
    { { 0.25, 0.25, 1e-300 }, "radius 1e-300", "1e-300" },
    { { 0, 0, 0 }, "radius 0", "0.0625" },
    { { 0.1, 0.1, -0.1 }, "negative radius", "-0.10000000000000001" },
    { { 0.1, 0.1, INFINITY }, "radius inf", "inf" },
    { { 0.1, 0.1, NAN }, "radius NaN", "nan" },
    { { 0.5000001, 0.1, 0.1 }, "fx past 0.5", "0.50000009999999995" },
    { { 0.1, -0.5000001, 0.1 }, "fy past -0.5", "-0.50000009999999995" },
    { { NAN, 0.1, 0.1 }, "fx NaN", "nan" },
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      const fftcl_gain g = { .shape = FFTCL_SHAPE_GAUSSIAN,
                             .notches = bad[i].notch, .notch_count = 1 };
      check (refused (fftcl_filter_apply (plan, &g, NULL, data, 0, &err),
                      &err)
               && strstr (err.message, bad[i].shown)
               && (!strstr (err.message, "radius")
                   || strstr (err.message, "0.0625")),
             "%s refused, showing %s: %s", bad[i].what, bad[i].shown,
             err.message);
    }
  const double corner[] = { -0.5, 0.5, 0.0625 };
  const fftcl_gain at_corner = { .shape = FFTCL_SHAPE_BUTTERWORTH,
                                 .order = 20, .notches = corner,
                                 .notch_count = 1 };
  check (fftcl_filter_apply (plan, &at_corner, NULL, data, 0, &err)
           == FFTCL_OK,
         "a notch of radius 0.0625 at (-0.5, 0.5): %s", err.message);
  fftcl_gain too_many = at_corner;
  too_many.notch_count = (size_t) FFTCL_MOST_NOTCHES + 1;
  check (refused (fftcl_filter_apply (plan, &too_many, NULL, data, 0, &err),
                  &err),
         "more than FFTCL_MOST_NOTCHES notches refused: %s", err.message);
  fftcl_gain band = at_corner;
  band.notch_count = 0;
  band.large_period = INFINITY;
  check (refused (fftcl_filter_apply (plan, &band, NULL, data, 0, &err),
                  &err),
         "an infinite period refused: %s", err.message);
  band.large_period = 0;
  band.order = INFINITY;
  check (refused (fftcl_filter_apply (plan, &band, NULL, data, 0, &err),
                  &err),
         "an infinite Butterworth order refused: %s", err.message);
}

static void check_call_arguments (fftcl_context *ctx)
{
  const fftcl_plan_desc desc = { .width = 8, .height = 4, .batch = 2 };
  fftcl_plan *plan = plan_of (ctx, &desc, "calls");
  if (!plan)
    return;
  float data[2 * 8 * 4 * 2] = { 0 };
  fftcl_error err = { 0 };
  check (refused (fftcl_transform (plan, FFTCL_FORWARD, NULL, &err), &err),
         "transform NULL data: %s", err.message);
  check (refused (fftcl_transform (plan, 7, data, &err), &err),
         "bad direction: %s", err.message);
  check (refused (fftcl_filter_apply (plan, &gain, NULL, data, 0, &err),
                  &err),
         "apply before load: %s", err.message);
  check (refused (fftcl_filter_load (plan, FFTCL_PLANES (NULL), &err), &err),
         "load NULL planes: %s", err.message);
  check (refused (fftcl_filter_load (NULL, FFTCL_PLANES (data), &err), &err),
         "load plan NULL: %s", err.message);
  check (refused (fftcl_filter_load (plan, NULL, &err), &err),
         "load NULL source: %s", err.message);
  const fftcl_source both = { .planes = data, .fill = fill_nothing };
  check (refused (fftcl_filter_load (plan, &both, &err), &err),
         "load a source with planes and a fill: %s", err.message);
  check (fftcl_filter_load (plan, FFTCL_PLANES (data), &err) == FFTCL_OK,
         "load: %s", err.message);
  check (refused (fftcl_filter_apply (plan, NULL, NULL, data, 0, &err), &err),
         "NULL gain: %s", err.message);
  const double flat_notch[] = { 0.1, 0.1, 0 };
  fftcl_gain bad[] = { gain, gain, gain, gain, gain };
  const char *what[] = { "negative period", "order 0", "tolerance 101",
                          "notch radius 0", "notches NULL" };
  bad[0].small_period = -1;
  bad[1].shape = FFTCL_SHAPE_BUTTERWORTH;
  bad[1].order = 0;
  bad[2].stripes = FFTCL_STRIPES_HORIZONTAL;
  bad[2].stripe_tolerance = 101;
  bad[3].notches = flat_notch;
  bad[3].notch_count = bad[4].notch_count = 1;
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    check (refused (fftcl_filter_apply (plan, &bad[i], NULL, data, 0, &err),
                    &err),
           "%s: %s", what[i], err.message);
  check (fftcl_filter_apply (plan, &gain, NULL, data, 0, &err) == FFTCL_OK,
         "apply after errors still works: %s", err.message);
  check_notch_arguments (plan, data);
  fftcl_plan_destroy (plan);
}

/* Windows of the 8×4 planes that are empty or reach past them. */
static void check_window_arguments (fftcl_context *ctx)
{
  const fftcl_plan_desc desc = { .width = 8, .height = 4, .batch = 3 };
  fftcl_plan *plan = plan_of (ctx, &desc, "windows");
  if (!plan)
    return;
  float data[8 * 4 * 3] = { 0 };
  fftcl_error err = { 0 };
  const fftcl_window fine = { 2, 1, 3, 1, 2 };
  check (refused (fftcl_filter_apply (plan, &gain, &fine, data, 0, &err),
                  &err),
         "window before load: %s", err.message);
  check (refused (fftcl_filter_spectrum (plan, 4, 4, data, &err), &err),
         "spectrum before load: %s", err.message);
  check (fftcl_filter_load (plan, FFTCL_PLANES (data), &err) == FFTCL_OK,
         "load: %s", err.message);
  static const fftcl_window bad[] = {
    { 0, 0, 8, 4, 0 },            /* step 0 */
    { 0, 0, 0, 4, 1 },            /* empty */
    { 0, 0, 8, 0, 1 },            /* empty */
    { 1, 0, 8, 4, 1 },            /* one column past the right edge */
    { 0, 1, 8, 4, 1 },            /* one row past the bottom */
    { 0, 0, 4, 2, 3 },            /* blocks past both edges */
    { 3, 0, 3, 1, 2 },            /* the last block half outside */
    { 8, 0, 1, 1, 1 },            /* starts right of the planes */
    { 0, 4, 1, 1, 1 },            /* starts below the planes */
    { 1, 0, SIZE_MAX, 1, 2 },     /* x + width · step overflows */
    { 0, 1, 1, SIZE_MAX / 2 + 1, 2 },
  };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    check (refused (fftcl_filter_apply (plan, &gain, &bad[i], data, 0, &err),
                    &err),
           "window %zux%zu at (%zu, %zu) step %zu refused: %s", bad[i].width,
           bad[i].height, bad[i].x, bad[i].y, bad[i].step, err.message);
  check (refused (fftcl_filter_apply (plan, &gain, &fine, NULL, 0, &err),
                  &err),
         "window out NULL: %s", err.message);
  check (refused (fftcl_filter_apply (plan, NULL, &fine, data, 0, &err),
                  &err),
         "window gain NULL: %s", err.message);
  check (refused (fftcl_filter_apply (NULL, &gain, &fine, data, 0, &err),
                  &err),
         "window plan NULL: %s", err.message);
  static const size_t bad_views[][2] = {
    { 0, 4 }, { 8, 0 }, { 3, 4 }, { 8, 6 }, { 16, 4 }, { 8, 8 },
  };
  for (size_t i = 0; i < sizeof bad_views / sizeof *bad_views; i++)
    check (refused (fftcl_filter_spectrum (plan, bad_views[i][0],
                                           bad_views[i][1], data, &err),
                    &err),
           "spectrum view %zux%zu refused: %s", bad_views[i][0],
           bad_views[i][1], err.message);
  check (refused (fftcl_filter_spectrum (plan, 4, 4, NULL, &err), &err),
         "spectrum out NULL: %s", err.message);
  check (refused (fftcl_filter_spectrum (NULL, 4, 4, data, &err), &err),
         "spectrum plan NULL: %s", err.message);
  const fftcl_window corner = { 4, 2, 2, 1, 2 };
  check (fftcl_filter_apply (plan, &gain, &corner, data, 0, &err) == FFTCL_OK
           && fftcl_filter_apply (plan, &gain, NULL, data, 0, &err)
                == FFTCL_OK
           && fftcl_filter_spectrum (plan, 8, 4, data, &err) == FFTCL_OK,
         "a window touching the corner, the whole planes and the spectrum "
         "after errors: %s",
         err.message);
  float transformed[2 * 8 * 4 * 3] = { 0 };
  check (fftcl_transform (plan, FFTCL_FORWARD, transformed, &err) == FFTCL_OK
           && refused (fftcl_filter_spectrum (plan, 4, 4, data, &err), &err),
         "spectrum after a transform refused: %s", err.message);
  fftcl_plan_destroy (plan);
}

/* A plan of 8×4 planes, batch 3, made with `desc`'s layouts: refused when
 * made, or else by the load or the apply of the whole planes that uses
 * them. */
static int layouts_refused (fftcl_context *ctx, fftcl_plan_desc desc,
                            float *values, fftcl_error *err)
{
  desc.width = 8;
  desc.height = 4;
  desc.batch = 3;
  fftcl_plan *plan = NULL;
  fftcl_status status = fftcl_plan_create (ctx, &desc, &plan, err);
  if (status == FFTCL_OK)
    status = fftcl_filter_load (plan, FFTCL_PLANES (values), err);
  if (status == FFTCL_OK)
    status = fftcl_filter_apply (plan, &gain, NULL, values, 0, err);
  fftcl_plan_destroy (plan);
  return refused (status, err);
}

/* Layouts whose values overlap, or whose offsets overflow, are refused. */
static void check_layout_arguments (fftcl_context *ctx)
{
  static const fftcl_layout bad[] = {
    { 2, 1 },              /* plane 2's first value is plane 0's second */
    { 1, 16 },             /* plane 1 starts inside plane 0 (32 values) */
    { 3, 33 },             /* plane 1's first value is plane 0's 12th */
    { SIZE_MAX / 16, 0 },  /* a plane's length overflows */
    { 1, SIZE_MAX / 2 },   /* plane 2's last offset overflows */
  };
  float values[256] = { 0 };
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    {
      fftcl_error err = { 0 };
      check (layouts_refused (ctx, (fftcl_plan_desc) { .in = bad[i] }, values,
                              &err),
             "in layout { %zu, %zu } refused: %s", bad[i].value_step,
             bad[i].plane_step, err.message);
      check (layouts_refused (ctx, (fftcl_plan_desc) { .out = bad[i] },
                              values, &err),
             "out layout { %zu, %zu } refused: %s", bad[i].value_step,
             bad[i].plane_step, err.message);
    }
}

/* An apply with FFTCL_CONSUME needs a load and uses it up. */
static void check_consume_arguments (fftcl_context *ctx)
{
  const fftcl_layout rgba = { 4, 1 };
  const fftcl_plan_desc desc
    = { .width = 8, .height = 4, .batch = 3, .in = rgba, .out = rgba };
  fftcl_plan *plan = plan_of (ctx, &desc, "consume");
  if (!plan)
    return;
  float pixels[8 * 4 * 4] = { 0 };
  float view[8 * 4];
  const fftcl_window whole = { 0, 0, 8, 4, 1 };
  fftcl_error err = { 0 };
  check (refused (fftcl_filter_apply (plan, &gain, &whole, pixels,
                                      FFTCL_CONSUME, &err),
                  &err),
         "consume before load: %s", err.message);
  check (
    fftcl_filter_load (plan, FFTCL_PLANES (pixels), &err) == FFTCL_OK
      && fftcl_filter_apply (plan, &gain, &whole, pixels, FFTCL_CONSUME, &err)
           == FFTCL_OK,
    "load and consume: %s", err.message);
  check (refused (fftcl_filter_apply (plan, &gain, &whole, pixels,
                                      FFTCL_CONSUME, &err),
                  &err),
         "a second consume after one load refused: %s", err.message);
  check (refused (fftcl_filter_apply (plan, &gain, NULL, pixels, 0, &err),
                  &err),
         "an apply after a consume refused: %s", err.message);
  check (refused (fftcl_filter_spectrum (plan, 8, 4, view, &err), &err),
         "the spectrum after a consume refused: %s", err.message);
  check (fftcl_filter_load (plan, FFTCL_PLANES (pixels), &err) == FFTCL_OK
           && fftcl_filter_apply (plan, &gain, NULL, pixels, 0, &err)
                == FFTCL_OK,
         "a new load makes applies work again: %s", err.message);
  fftcl_plan_destroy (plan);
}

/* A mirrored plan filters only, with gains even in fx and fy apart, and
 * views the doubled grid. */
static void check_mirrored_arguments (fftcl_context *ctx)
{
  const fftcl_plan_desc desc
    = { .width = 16, .height = 8, .batch = 2, .flags = FFTCL_MIRRORED };
  fftcl_plan *plan = plan_of (ctx, &desc, "mirrored");
  if (!plan)
    return;
  float planes[16 * 8 * 2] = { 0 };
  float data[2 * 16 * 8 * 2] = { 0 };
  float view[32 * 16];
  double ms;
  const double off_axis[] = { 0.1, 0.2, 0.05 }, on_axis[] = { 0, 0.2, 0.05 };
  fftcl_gain notched = { 8, 2, FFTCL_SHAPE_GAUSSIAN, 2, 0, 1,
                         FFTCL_STRIPES_NONE, 5, off_axis, 1, NULL };
  fftcl_error err = { 0 };
  check (refused (fftcl_transform (plan, FFTCL_FORWARD, data, &err), &err),
         "mirrored plan refuses fftcl_transform: %s", err.message);
  check (refused (fftcl_time_transform (plan, FFTCL_FORWARD, data, 1, &ms,
                                        &err),
                  &err),
         "mirrored plan refuses fftcl_time_transform: %s", err.message);
  check (fftcl_filter_load (plan, FFTCL_PLANES (planes), &err) == FFTCL_OK,
         "mirrored load: %s", err.message);
  check (refused (fftcl_filter_apply (plan, &notched, NULL, planes, 0, &err),
                  &err),
         "mirrored plan refuses an off-axis notch: %s", err.message);
  check (refused (fftcl_filter_once (plan, &notched, FFTCL_PLANES (planes),
                                     NULL, planes, &err),
                  &err),
         "mirrored fftcl_filter_once refuses an off-axis notch: %s",
         err.message);
  notched.notches = on_axis;
  check (fftcl_filter_load (plan, FFTCL_PLANES (planes), &err) == FFTCL_OK
           && fftcl_filter_apply (plan, &notched, NULL, planes, 0, &err)
                == FFTCL_OK,
         "mirrored plan takes a notch on an axis: %s", err.message);
  const double finer[] = { 0, 0.2, 0.02 }, too_fine[] = { 0, 0.2, 0.015 };
  notched.notches = finer;
  check (fftcl_filter_apply (plan, &notched, NULL, planes, 0, &err)
           == FFTCL_OK,
         "mirrored plan resolves radius 0.02 on its doubled 32x16 grid: %s",
         err.message);
  notched.notches = too_fine;
  check (refused (fftcl_filter_apply (plan, &notched, NULL, planes, 0, &err),
                  &err)
           && strstr (err.message, "0.015625"),
         "mirrored plan refuses radius 0.015, below 0.015625: %s",
         err.message);
  notched.notches = on_axis;
  check (fftcl_filter_spectrum (plan, 32, 16, view, &err) == FFTCL_OK,
         "mirrored view of the doubled grid 32x16: %s", err.message);
  check (refused (fftcl_filter_spectrum (plan, 64, 16, view, &err), &err),
         "mirrored view beyond the doubled grid refused: %s", err.message);
  const fftcl_window outside = { 0, 0, 17, 8, 1 };
  check (refused (fftcl_filter_once (plan, &notched, FFTCL_PLANES (planes),
                                     &outside, planes, &err),
                  &err),
         "fftcl_filter_once refuses a window past the plane: %s", err.message);
  check (refused (fftcl_filter_once (plan, &notched, FFTCL_PLANES (planes),
                                     NULL, NULL, &err),
                  &err),
         "fftcl_filter_once refuses a NULL out: %s", err.message);
  check (refused (fftcl_filter_once (plan, &notched, FFTCL_PLANES (NULL), NULL,
                                     planes, &err),
                  &err),
         "fftcl_filter_once refuses NULL planes: %s", err.message);
  const fftcl_window whole = { 0, 0, 16, 8, 1 };
  check (fftcl_filter_once (plan, &notched, FFTCL_PLANES (planes), &whole,
                            planes, &err)
           == FFTCL_OK,
         "fftcl_filter_once of the whole plane: %s", err.message);
  check (refused (fftcl_filter_apply (plan, &notched, NULL, planes, 0, &err),
                  &err),
         "apply after fftcl_filter_once needs a new load: %s", err.message);
  check (
    fftcl_filter_load (plan, FFTCL_PLANES (planes), &err) == FFTCL_OK
      && refused (
        fftcl_filter_apply (plan, &notched, &outside, planes, 0, &err), &err),
    "mirrored window past the plane refused: %s", err.message);
  fftcl_plan_destroy (plan);
}

/* Timings only from a plan made for them: zeroes before its first filter
 * call. */
static void check_timings_arguments (fftcl_context *ctx)
{
  const fftcl_plan_desc untimed = { .width = 8, .height = 4, .batch = 1 };
  const fftcl_plan_desc timed
    = { .width = 8, .height = 4, .batch = 1, .flags = FFTCL_TIMINGS };
  fftcl_plan *plain = plan_of (ctx, &untimed, "untimed");
  fftcl_plan *plan = plan_of (ctx, &timed, "timed");
  float planes[8 * 4] = { 0 };
  fftcl_timings t = { -1, -1, -1, -1, -1 };
  fftcl_error err = { 0 };
  if (plain)
    check (fftcl_filter_load (plain, FFTCL_PLANES (planes), &err) == FFTCL_OK
             && refused (fftcl_filter_timings (plain, &t, &err), &err),
           "timings of a plan without FFTCL_TIMINGS refused: %s", err.message);
  if (plan)
    {
      check (fftcl_filter_timings (plan, &t, &err) == FFTCL_OK
               && t.upload_ms == 0 && t.forward_ms == 0 && t.mask_ms == 0
               && t.inverse_ms == 0 && t.download_ms == 0,
             "timings before the first call are zeroes: %s", err.message);
      check (refused (fftcl_filter_timings (plan, NULL, &err), &err),
             "timings out NULL: %s", err.message);
    }
  check (refused (fftcl_filter_timings (NULL, &t, &err), &err),
         "timings plan NULL: %s", err.message);
  fftcl_plan_destroy (plain);
  fftcl_plan_destroy (plan);
}

/* fftcl_forced_device follows FFTCL_DEVICE, set, empty and unset, and the
 * default choice of fftcl_context_create obeys it. */
static void check_forced_device (void)
{
  const char *was = getenv ("FFTCL_DEVICE");
  char *saved = was ? strdup (was) : NULL;
  setenv ("FFTCL_DEVICE", "no-such-device-xyz", 1);
  const char *forced = fftcl_forced_device ();
  check (forced && strcmp (forced, "no-such-device-xyz") == 0,
         "FFTCL_DEVICE set: forced to %s", forced ? forced : "(NULL)");
  fftcl_context *ctx = (fftcl_context *) &ctx;
  fftcl_error err = { 0 };
  check (failed_with (fftcl_context_create (NULL, &ctx, &err),
                      FFTCL_ERROR_NO_DEVICE, &err)
           && ctx == NULL,
         "the default choice obeys FFTCL_DEVICE: %s", err.message);
  setenv ("FFTCL_DEVICE", "", 1);
  check (fftcl_forced_device () == NULL, "FFTCL_DEVICE empty: not forced");
  unsetenv ("FFTCL_DEVICE");
  check (fftcl_forced_device () == NULL, "FFTCL_DEVICE unset: not forced");
  if (saved)
    setenv ("FFTCL_DEVICE", saved, 1);
  free (saved);
}

int main (void)
{
  fftcl_context *ctx = (fftcl_context *) &ctx;
  fftcl_error err = { 0 };
  check (failed_with (fftcl_context_create ("no-such-device-xyz", &ctx, &err),
                      FFTCL_ERROR_NO_DEVICE, &err) && ctx == NULL,
         "unknown device refused: %s", err.message);
  check (refused (fftcl_context_create (NULL, NULL, &err), &err),
         "context out NULL: %s", err.message);
  check (fftcl_context_create (NULL, NULL, NULL) == FFTCL_ERROR_ARGUMENT,
         "errors without an error struct");
  check_forced_device ();
  fftcl_error open_err = { 0 };
  if (!check (fftcl_context_create (NULL, &ctx, &open_err) == FFTCL_OK,
              "open default device %s", open_err.message))
    return check_finish ();
  printf ("# device: %s\n", fftcl_context_device_name (ctx));
  check_plan_arguments (ctx);
  check_call_arguments (ctx);
  check_window_arguments (ctx);
  check_layout_arguments (ctx);
  check_consume_arguments (ctx);
  check_mirrored_arguments (ctx);
  check_timings_arguments (ctx);
  fftcl_plan_destroy (NULL);
  fftcl_context_destroy (ctx);
  fftcl_context_destroy (NULL);
  return check_finish ();
}
