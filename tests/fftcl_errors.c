/* Bad arguments come back as error values with a message, never a crash. */
#include "check.h"
#include "fftcl.h"

#include <stdint.h>
#include <string.h>

static int failed_with (fftcl_status got, fftcl_status want,
                        const fftcl_error *err)
{
  return got == want && err->status == want && strlen (err->message) > 0;
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
      fftcl_status s = fftcl_plan_create (ctx, bad[i][0], bad[i][1],
                                          bad[i][2], &plan, &err);
      check (failed_with (s, FFTCL_ERROR_ARGUMENT, &err) && plan == NULL,
             "plan %zux%zu batch %zu refused: %s", bad[i][0], bad[i][1],
             bad[i][2], err.message);
    }
  fftcl_error err = { 0 };
  check (failed_with (fftcl_plan_create (ctx, 8, 8, 1, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "plan out NULL: %s",
         err.message);
  fftcl_plan *plan;
  check (failed_with (fftcl_plan_create (NULL, 8, 8, 1, &plan, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "plan context NULL: %s",
         err.message);
}

static void check_call_arguments (fftcl_context *ctx)
{
  fftcl_plan *plan;
  fftcl_error err = { 0 };
  if (!check (fftcl_plan_create (ctx, 8, 4, 2, &plan, &err) == FFTCL_OK,
              "plan 8x4: %s", err.message))
    return;
  float data[2 * 8 * 4 * 2] = { 0 };
  fftcl_gain gain = {
    .large_period = 40, .small_period = 3, .shape = FFTCL_SHAPE_GAUSSIAN,
    .order = 2, .reject = 0, .keep_mean = 1 };
  check (failed_with (fftcl_transform (plan, FFTCL_FORWARD, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "transform NULL data: %s",
         err.message);
  check (failed_with (fftcl_transform (plan, 7, data, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "bad direction: %s",
         err.message);
  check (failed_with (fftcl_filter_apply (plan, &gain, data, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "apply before load: %s",
         err.message);
  check (fftcl_filter_load (plan, data, NULL, &err) == FFTCL_OK, "load");
  check (failed_with (fftcl_filter_apply (plan, NULL, data, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "NULL gain: %s",
         err.message);
  fftcl_gain negative = gain;
  negative.small_period = -1;
  check (failed_with (fftcl_filter_apply (plan, &negative, data, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "negative period: %s",
         err.message);
  fftcl_gain no_order = gain;
  no_order.shape = FFTCL_SHAPE_BUTTERWORTH;
  no_order.order = 0;
  check (failed_with (fftcl_filter_apply (plan, &no_order, data, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "order 0: %s", err.message);
  fftcl_gain bad_tolerance = gain;
  bad_tolerance.stripes = FFTCL_STRIPES_HORIZONTAL;
  bad_tolerance.stripe_tolerance = 101;
  check (failed_with (fftcl_filter_apply (plan, &bad_tolerance, data, NULL,
                                          &err),
                      FFTCL_ERROR_ARGUMENT, &err), "tolerance 101: %s",
         err.message);
  const double flat_notch[] = { 0.1, 0.1, 0 };
  fftcl_gain bad_notch = gain;
  bad_notch.notches = flat_notch;
  bad_notch.notch_count = 1;
  check (failed_with (fftcl_filter_apply (plan, &bad_notch, data, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "notch radius 0: %s",
         err.message);
  bad_notch.notches = NULL;
  check (failed_with (fftcl_filter_apply (plan, &bad_notch, data, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "notches NULL: %s",
         err.message);
  check (fftcl_filter_apply (plan, &gain, data, NULL, &err) == FFTCL_OK,
         "apply after errors still works");
  fftcl_plan_destroy (plan);
}

/* Windows of the 8×4 planes that are empty or reach past them. */
static void check_window_arguments (fftcl_context *ctx)
{
  fftcl_plan *plan;
  fftcl_error err = { 0 };
  if (!check (fftcl_plan_create (ctx, 8, 4, 3, &plan, &err) == FFTCL_OK,
              "plan 8x4: %s", err.message))
    return;
  float data[8 * 4 * 3] = { 0 };
  const fftcl_gain gain = { .large_period = 40, .small_period = 3,
                            .shape = FFTCL_SHAPE_GAUSSIAN, .keep_mean = 1 };
  const fftcl_window fine = { 2, 1, 3, 1, 2 };
  check (failed_with (fftcl_filter_apply_window (plan, &gain, &fine, data,
                                                 NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "window before load: %s", err.message);
  check (failed_with (fftcl_filter_spectrum (plan, 4, 4, data, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "spectrum before load: %s", err.message);
  check (fftcl_filter_load (plan, data, NULL, &err) == FFTCL_OK, "load");
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
    check (failed_with (fftcl_filter_apply_window (plan, &gain, &bad[i],
                                                   data, NULL, &err),
                        FFTCL_ERROR_ARGUMENT, &err),
           "window %zux%zu at (%zu, %zu) step %zu refused: %s", bad[i].width,
           bad[i].height, bad[i].x, bad[i].y, bad[i].step, err.message);
  check (failed_with (fftcl_filter_apply_window (plan, &gain, NULL, data,
                                                 NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "window NULL: %s", err.message);
  check (failed_with (fftcl_filter_apply_window (plan, &gain, &fine, NULL,
                                                 NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "window out NULL: %s", err.message);
  check (failed_with (fftcl_filter_apply_window (plan, NULL, &fine, data,
                                                 NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "window gain NULL: %s", err.message);
  check (failed_with (fftcl_filter_apply_window (NULL, &gain, &fine, data,
                                                 NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "window plan NULL: %s", err.message);
  static const size_t bad_views[][2] = {
    { 0, 4 }, { 8, 0 }, { 3, 4 }, { 8, 6 }, { 16, 4 }, { 8, 8 },
  };
  for (size_t i = 0; i < sizeof bad_views / sizeof *bad_views; i++)
    check (failed_with (fftcl_filter_spectrum (plan, bad_views[i][0],
                                               bad_views[i][1], data, &err),
                        FFTCL_ERROR_ARGUMENT, &err),
           "spectrum view %zux%zu refused: %s", bad_views[i][0],
           bad_views[i][1], err.message);
  check (failed_with (fftcl_filter_spectrum (plan, 4, 4, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "spectrum out NULL: %s", err.message);
  check (failed_with (fftcl_filter_spectrum (NULL, 4, 4, data, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "spectrum plan NULL: %s", err.message);
  const fftcl_window corner = { 4, 2, 2, 1, 2 };
  check (fftcl_filter_apply_window (plan, &gain, &corner, data, NULL, &err)
           == FFTCL_OK
           && fftcl_filter_spectrum (plan, 8, 4, data, &err) == FFTCL_OK,
         "a window touching the corner and the spectrum after errors: %s",
         err.message);
  float transformed[2 * 8 * 4 * 3] = { 0 };
  check (fftcl_transform (plan, FFTCL_FORWARD, transformed, &err) == FFTCL_OK
           && failed_with (fftcl_filter_spectrum (plan, 4, 4, data, &err),
                           FFTCL_ERROR_ARGUMENT, &err),
         "spectrum after a transform refused: %s", err.message);
  fftcl_plan_destroy (plan);
}

/* Layouts must name each step; a finish needs a load, and uses it up. */
static void check_layout_arguments (fftcl_context *ctx)
{
  fftcl_plan *plan;
  fftcl_error err = { 0 };
  if (!check (fftcl_plan_create (ctx, 8, 4, 3, &plan, &err) == FFTCL_OK,
              "plan 8x4: %s", err.message))
    return;
  float pixels[8 * 4 * 4] = { 0 };
  const fftcl_gain gain = { .large_period = 40, .small_period = 3,
                            .shape = FFTCL_SHAPE_GAUSSIAN, .keep_mean = 1 };
  const fftcl_window whole = { 0, 0, 8, 4, 1 };
  const fftcl_layout rgba = { 4, 32, 1 };
  static const fftcl_layout bad[] = { { 0, 32, 1 }, { 4, 0, 1 },
                                      { 4, 32, 0 } };
  check (failed_with (fftcl_filter_finish (plan, &gain, &whole, pixels, &rgba,
                                           NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "finish before load: %s", err.message);
  check (failed_with (fftcl_filter_load_laid_out (plan, pixels, NULL, NULL,
                                                  &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "layout NULL: %s", err.message);
  for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
    check (failed_with (fftcl_filter_load_laid_out (plan, pixels, &bad[i],
                                                    NULL, &err),
                        FFTCL_ERROR_ARGUMENT, &err)
             && failed_with (fftcl_filter_apply_window_laid_out (
                               plan, &gain, &whole, pixels, &bad[i], NULL,
                               &err),
                             FFTCL_ERROR_ARGUMENT, &err),
           "layout %zu with a zero step: %s", i, err.message);
  check (fftcl_filter_load_laid_out (plan, pixels, &rgba, NULL, &err)
           == FFTCL_OK
           && fftcl_filter_finish (plan, &gain, &whole, pixels, &rgba, NULL,
                                   &err) == FFTCL_OK
           && failed_with (fftcl_filter_finish (plan, &gain, &whole, pixels,
                                                &rgba, NULL, &err),
                           FFTCL_ERROR_ARGUMENT, &err),
         "a second finish after one load refused: %s", err.message);
  fftcl_plan_destroy (plan);
}

/* A mirrored plan filters only, with gains even in fx and fy apart, and
 * views the doubled grid. */
static void check_mirrored_arguments (fftcl_context *ctx)
{
  fftcl_plan *plan;
  fftcl_error err = { 0 };
  if (!check (fftcl_plan_create_mirrored (ctx, 16, 8, 2, &plan, &err)
                == FFTCL_OK,
              "mirrored plan 16x8: %s", err.message))
    return;
  float planes[16 * 8 * 2] = { 0 };
  float data[2 * 16 * 8 * 2] = { 0 };
  float view[32 * 16];
  double ms;
  const double off_axis[] = { 0.1, 0.2, 0.05 }, on_axis[] = { 0, 0.2, 0.05 };
  fftcl_gain gain = { 8, 2, FFTCL_SHAPE_GAUSSIAN, 2, 0, 1,
                      FFTCL_STRIPES_NONE, 5, off_axis, 1 };
  check (failed_with (fftcl_transform (plan, FFTCL_FORWARD, data, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "mirrored plan refuses fftcl_transform: %s", err.message);
  check (failed_with (fftcl_time_transform (plan, FFTCL_FORWARD, data, 1, &ms,
                                            &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "mirrored plan refuses fftcl_time_transform: %s", err.message);
  check (fftcl_filter_load (plan, planes, NULL, &err) == FFTCL_OK,
         "mirrored load: %s", err.message);
  check (failed_with (fftcl_filter_apply (plan, &gain, planes, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "mirrored plan refuses an off-axis notch: %s", err.message);
  gain.notches = on_axis;
  check (fftcl_filter_apply (plan, &gain, planes, NULL, &err) == FFTCL_OK,
         "mirrored plan takes a notch on an axis: %s", err.message);
  check (fftcl_filter_spectrum (plan, 32, 16, view, &err) == FFTCL_OK,
         "mirrored view of the doubled grid 32x16: %s", err.message);
  check (failed_with (fftcl_filter_spectrum (plan, 64, 16, view, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "mirrored view beyond the doubled grid refused: %s", err.message);
  const fftcl_window outside = { 0, 0, 17, 8, 1 };
  check (failed_with (fftcl_filter (plan, &gain, planes, &outside, planes,
                                    NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "fftcl_filter refuses a window past the plane: %s", err.message);
  check (failed_with (fftcl_filter (plan, &gain, planes, &outside, NULL,
                                    NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "fftcl_filter refuses a NULL out: %s", err.message);
  const fftcl_window whole = { 0, 0, 16, 8, 1 };
  check (fftcl_filter (plan, &gain, planes, &whole, planes, NULL, &err)
           == FFTCL_OK,
         "fftcl_filter of the whole plane: %s", err.message);
  check (failed_with (fftcl_filter_apply (plan, &gain, planes, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "apply after fftcl_filter needs a new load: %s", err.message);
  check (failed_with (fftcl_filter_apply_window (plan, &gain, &outside,
                                                 planes, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err),
         "mirrored window past the plane refused: %s", err.message);
  fftcl_plan_destroy (plan);
}

int main (void)
{
  fftcl_context *ctx = (fftcl_context *) &ctx;
  fftcl_error err = { 0 };
  check (failed_with (fftcl_context_create ("no-such-device-xyz", &ctx, &err),
                      FFTCL_ERROR_NO_DEVICE, &err) && ctx == NULL,
         "unknown device refused: %s", err.message);
  check (failed_with (fftcl_context_create (NULL, NULL, &err),
                      FFTCL_ERROR_ARGUMENT, &err), "context out NULL: %s",
         err.message);
  check (fftcl_context_create (NULL, NULL, NULL) == FFTCL_ERROR_ARGUMENT,
         "errors without an error struct");
  fftcl_error open_err = { 0 };
  if (!check (fftcl_context_create (NULL, &ctx, &open_err) == FFTCL_OK,
              "open default device %s", open_err.message))
    return check_finish ();
  printf ("# device: %s\n", fftcl_context_device_name (ctx));
  check_plan_arguments (ctx);
  check_call_arguments (ctx);
  check_window_arguments (ctx);
  check_layout_arguments (ctx);
  check_mirrored_arguments (ctx);
  fftcl_plan_destroy (NULL);
  fftcl_context_destroy (ctx);
  fftcl_context_destroy (NULL);
  return check_finish ();
}
