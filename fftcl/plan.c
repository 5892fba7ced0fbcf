#include "context.h"
#include "layout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A plan runs on its context's backend until an OpenCL call fails (out of
 * resources, device lost, a kernel that does not compile); then it moves
 * to the CPU backend for good and redoes the failed call there. To redo a
 * call it must still have the call's input, so while on OpenCL it keeps a
 * host copy of what the device may have overwritten: the data of a
 * transform, the planes of the last load (apply and the spectrum view have
 * no input of their own: the CPU plan loads those planes first). */
struct fftcl_plan {
  const fftcl_backend *backend;
  void *state;
  size_t width, height, batch;
  int mirrored;        /* fftcl_plan_create_mirrored */
  int expanded;        /* the backend's plan is the doubled plane's */
  int spectrum_loaded;
  float *kept_input;   /* 2 · width · height · batch floats, made lazily */
  void *cpu_device;    /* opened when the plan fell back */
  char fallback_reason[sizeof ((fftcl_error *) 0)->message];
};

/* The arguments of one public call, for redoing it. */
typedef struct {
  fftcl_direction direction;
  float *data;
  const float *input;
  const fftcl_layout *layout; /* of `input` for loads, of `data` for
                                 applies */
  const fftcl_gain *gain;
  const fftcl_window *window;
  size_t out_width, out_height;
  fftcl_timings *timings;
  size_t runs;
  double *ms;
} call;

typedef fftcl_status (*backend_call) (fftcl_plan *plan, const call *c,
                                      fftcl_error *err);

static int is_power_of_two (size_t n)
{
  return n && !(n & (n - 1));
}

static int runs_on_cpu (const fftcl_plan *plan)
{
  return plan->backend == &fftcl_cpu_backend;
}

/* Failures of the device, not of the caller's arguments. */
static int device_failed (fftcl_status status)
{
  return status == FFTCL_ERROR_OPENCL || status == FFTCL_ERROR_MEMORY;
}

static void copy_error (fftcl_error *to, const fftcl_error *from)
{
  if (to)
    *to = *from;
}

static fftcl_status out_of_memory (fftcl_error *err)
{
  return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
}

/* Gives the plan a CPU plan of its shape in place of the failed one. */
static fftcl_status move_to_cpu (fftcl_plan *plan, const fftcl_error *cause,
                                 fftcl_error *err)
{
  char name[256];
  void *device = NULL, *state = NULL;
  fftcl_error cpu_err = { 0 };
  fftcl_status status
    = fftcl_cpu_backend.open (NULL, &device, name, sizeof name, &cpu_err);
  if (status == FFTCL_OK)
    status = (plan->mirrored ? fftcl_cpu_backend.plan_create_mirrored
                             : fftcl_cpu_backend.plan_create) (
      device, plan->width, plan->height, plan->batch, &state, &cpu_err);
  if (status != FFTCL_OK)
    {
      if (device)
        fftcl_cpu_backend.close (device);
      return fftcl_fail (err, status, "%s; the CPU fallback failed too: %s",
                         cause->message, cpu_err.message);
    }
  if (plan->state)
    plan->backend->plan_destroy (plan->state);
  plan->backend = &fftcl_cpu_backend;
  plan->state = state;
  plan->expanded = 0;
  plan->cpu_device = device;
  snprintf (plan->fallback_reason, sizeof plan->fallback_reason, "%s",
            cause->message);
  return FFTCL_OK;
}

/* Runs `run` on the plan's backend; when that is OpenCL and the device
 * fails, moves to the CPU, lets `restore` put back the input the device
 * may have spoilt, and runs `run` again. */
static fftcl_status with_fallback (fftcl_plan *plan, backend_call run,
                                   backend_call restore, const call *c,
                                   fftcl_error *err)
{
  fftcl_error device_err = { 0 };
  fftcl_status status = run (plan, c, &device_err);
  if (!device_failed (status) || runs_on_cpu (plan))
    {
      if (status != FFTCL_OK)
        copy_error (err, &device_err);
      return status;
    }
  status = move_to_cpu (plan, &device_err, err);
  if (status == FFTCL_OK && restore)
    status = restore (plan, c, err);
  if (status == FFTCL_OK)
    status = run (plan, c, err);
  return status;
}

/* The backend's plan for `plan`: a mirrored one where the backend can
 * mirror, else a plain one of the doubled size, whose planes plan.c
 * extends with their mirror images. */
static fftcl_status create_backend_plan (fftcl_plan *plan, void *device,
                                         fftcl_error *err)
{
  const fftcl_backend *b = plan->backend;
  if (plan->mirrored && b->plan_create_mirrored)
    return b->plan_create_mirrored (device, plan->width, plan->height,
                                    plan->batch, &plan->state, err);
  plan->expanded = plan->mirrored;
  size_t times = plan->expanded ? 2 : 1;
  return b->plan_create (device, times * plan->width, times * plan->height,
                         plan->batch, &plan->state, err);
}

static fftcl_status create (fftcl_context *ctx, size_t width, size_t height,
                            size_t batch, int mirrored, fftcl_plan **out,
                            fftcl_error *err)
{
  if (!ctx || !out)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: context or out is NULL");
  *out = NULL;
  if (!is_power_of_two (width) || !is_power_of_two (height))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: size %zu×%zu is not a power of two per axis",
                       width, height);
  if (batch == 0)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: batch is 0");

  fftcl_plan *plan = calloc (1, sizeof *plan);
  if (!plan)
    return out_of_memory (err);
  *plan = (fftcl_plan) { .backend = ctx->backend,
                         .width = width,
                         .height = height,
                         .batch = batch,
                         .mirrored = mirrored };
  fftcl_error device_err = { 0 };
  fftcl_status status = create_backend_plan (plan, ctx->device, &device_err);
  if (device_failed (status) && !runs_on_cpu (plan))
    status = move_to_cpu (plan, &device_err, err);
  else if (status != FFTCL_OK)
    copy_error (err, &device_err);
  if (status != FFTCL_OK)
    {
      fftcl_plan_destroy (plan);
      return status;
    }
  *out = plan;
  return FFTCL_OK;
}

fftcl_status fftcl_plan_create (fftcl_context *ctx, size_t width,
                                size_t height, size_t batch,
                                fftcl_plan **out, fftcl_error *err)
{
  return create (ctx, width, height, batch, 0, out, err);
}

fftcl_status fftcl_plan_create_mirrored (fftcl_context *ctx, size_t width,
                                         size_t height, size_t batch,
                                         fftcl_plan **out, fftcl_error *err)
{
  return create (ctx, width, height, batch, 1, out, err);
}

void fftcl_plan_destroy (fftcl_plan *plan)
{
  if (!plan)
    return;
  if (plan->state)
    plan->backend->plan_destroy (plan->state);
  if (plan->cpu_device)
    fftcl_cpu_backend.close (plan->cpu_device);
  free (plan->kept_input);
  free (plan);
}

const char *fftcl_plan_fallback_reason (const fftcl_plan *plan)
{
  return plan && plan->fallback_reason[0] ? plan->fallback_reason : NULL;
}

/* The kept copy of the input, made on the first call that keeps one. */
static float *kept_input (fftcl_plan *plan)
{
  if (!plan->kept_input)
    plan->kept_input
      = malloc (2 * plan->width * plan->height * plan->batch * sizeof (float));
  return plan->kept_input;
}

/* Copies `floats` floats of the input into the kept copy, while on
 * OpenCL. */
static fftcl_status keep_input (fftcl_plan *plan, const float *input,
                                size_t floats, fftcl_error *err)
{
  if (runs_on_cpu (plan))
    return FFTCL_OK;
  if (!kept_input (plan))
    return out_of_memory (err);
  memcpy (plan->kept_input, input, floats * sizeof *input);
  return FFTCL_OK;
}

/* Copies the planes of a load into the kept copy, side by side, while on
 * OpenCL. */
static fftcl_status keep_planes (fftcl_plan *plan, const float *data,
                                 const fftcl_layout *layout, fftcl_error *err)
{
  if (runs_on_cpu (plan))
    return FFTCL_OK;
  if (!kept_input (plan))
    return out_of_memory (err);
  fftcl_layout_gather (data, layout, plan->width, plan->height, plan->batch,
                       0, plan->kept_input);
  return FFTCL_OK;
}

static fftcl_status check_layout (const fftcl_layout *layout,
                                  fftcl_error *err)
{
  if (!layout)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: layout is NULL");
  if (!layout->value_step || !layout->row_step || !layout->plane_step)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: layout steps %zu, %zu, %zu: each must be at "
                       "least 1",
                       layout->value_step, layout->row_step,
                       layout->plane_step);
  return FFTCL_OK;
}

/* The layout of the plan's planes side by side (a NULL plan is refused
 * later). */
static fftcl_layout plan_side_by_side (const fftcl_plan *plan)
{
  return plan ? fftcl_side_by_side (plan->width, plan->height)
              : fftcl_side_by_side (1, 1);
}

static fftcl_status check_call (const fftcl_plan *plan, const void *data,
                                fftcl_error *err)
{
  if (!plan || !data)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: plan or data is NULL");
  return FFTCL_OK;
}

static fftcl_status check_plain (const fftcl_plan *plan, fftcl_error *err)
{
  if (plan->mirrored)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: a mirrored plan only filters; transforms need "
                       "a plan from fftcl_plan_create");
  return FFTCL_OK;
}

static fftcl_status run_transform (fftcl_plan *plan, const call *c,
                                   fftcl_error *err)
{
  return plan->backend->transform (plan->state, c->direction, c->data, err);
}

static fftcl_status restore_data (fftcl_plan *plan, const call *c,
                                  fftcl_error *err)
{
  (void) err;
  memcpy (c->data, plan->kept_input,
          2 * plan->width * plan->height * plan->batch * sizeof (float));
  return FFTCL_OK;
}

fftcl_status fftcl_transform (fftcl_plan *plan, fftcl_direction direction,
                              float *data, fftcl_error *err)
{
  fftcl_status status = check_call (plan, data, err);
  if (status == FFTCL_OK)
    status = check_plain (plan, err);
  if (status != FFTCL_OK)
    return status;
  if (direction != FFTCL_FORWARD && direction != FFTCL_INVERSE)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: direction %d is neither forward nor inverse",
                       (int) direction);
  plan->spectrum_loaded = 0;
  status = keep_input (plan, data,
                       2 * plan->width * plan->height * plan->batch, err);
  if (status != FFTCL_OK)
    return status;
  const call c = { .direction = direction, .data = data };
  return with_fallback (plan, run_transform, restore_data, &c, err);
}

typedef fftcl_status (*planes_call) (fftcl_plan *plan, const call *c,
                                     const float *planes,
                                     const fftcl_layout *layout,
                                     fftcl_error *err);

/* Runs `run` with the call's input as the backend can take it: as laid
 * out, or copied side by side, each plane extended with its mirror images
 * where the backend's plan is of the doubled size. */
static fftcl_status with_planes (fftcl_plan *plan, const call *c,
                                 planes_call run, fftcl_error *err)
{
  if (!plan->expanded
      && (plan->backend->lays_out
          || fftcl_is_side_by_side (c->layout, plan->width, plan->height)))
    return run (plan, c, c->input, c->layout, err);
  size_t times = plan->expanded ? 2 : 1;
  float *planes = malloc (times * plan->width * times * plan->height
                          * plan->batch * sizeof *planes);
  if (!planes)
    return out_of_memory (err);
  fftcl_layout_gather (c->input, c->layout, plan->width, plan->height,
                       plan->batch, plan->expanded, planes);
  const fftcl_layout side
    = fftcl_side_by_side (times * plan->width, times * plan->height);
  fftcl_status status = run (plan, c, planes, &side, err);
  free (planes);
  return status;
}

static fftcl_status load_planes (fftcl_plan *plan, const call *c,
                                 const float *planes,
                                 const fftcl_layout *layout, fftcl_error *err)
{
  return plan->backend->filter_load (plan->state, planes, layout, c->timings,
                                     err);
}

static fftcl_status run_load (fftcl_plan *plan, const call *c,
                              fftcl_error *err)
{
  return with_planes (plan, c, load_planes, err);
}

fftcl_status fftcl_filter_load (fftcl_plan *plan, const float *planes,
                                fftcl_timings *timings, fftcl_error *err)
{
  const fftcl_layout side = plan_side_by_side (plan);
  return fftcl_filter_load_laid_out (plan, planes, &side, timings, err);
}

fftcl_status fftcl_filter_load_laid_out (fftcl_plan *plan, const float *data,
                                         const fftcl_layout *layout,
                                         fftcl_timings *timings,
                                         fftcl_error *err)
{
  fftcl_status status = check_call (plan, data, err);
  if (status == FFTCL_OK)
    status = check_layout (layout, err);
  if (status != FFTCL_OK)
    return status;
  plan->spectrum_loaded = 0;
  status = keep_planes (plan, data, layout, err);
  if (status != FFTCL_OK)
    return status;
  const call c = { .input = data, .layout = layout, .timings = timings };
  status = with_fallback (plan, run_load, NULL, &c, err);
  plan->spectrum_loaded = status == FFTCL_OK;
  return status;
}

/* A mirrored plan's gain must be even in fx and fy apart: notches only on
 * the axes. */
static fftcl_status check_mirrored_notches (const fftcl_plan *plan,
                                            const fftcl_gain *gain,
                                            fftcl_error *err)
{
  for (size_t i = 0; plan->mirrored && i < gain->notch_count; i++)
    if (gain->notches[3 * i] != 0 && gain->notches[3 * i + 1] != 0)
      return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                         "fftcl: notch %zu at (%g, %g) is off the axes; a "
                         "mirrored plan takes only notches with fx = 0 or "
                         "fy = 0",
                         i, gain->notches[3 * i], gain->notches[3 * i + 1]);
  return FFTCL_OK;
}

static fftcl_status check_gain (const fftcl_plan *plan,
                                const fftcl_gain *gain, fftcl_error *err)
{
  if (!gain)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: gain is NULL");
  if (!(gain->large_period >= 0) || !(gain->small_period >= 0))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: periods must be ≥ 0 (large %g, small %g)",
                       gain->large_period, gain->small_period);
  if ((unsigned) gain->shape > FFTCL_SHAPE_IDEAL)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: unknown shape %d",
                       (int) gain->shape);
  if (gain->shape == FFTCL_SHAPE_BUTTERWORTH && !(gain->order > 0))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: Butterworth order must be > 0 (got %g)",
                       gain->order);
  if ((unsigned) gain->stripes > FFTCL_STRIPES_VERTICAL
      || !(gain->stripe_tolerance >= 0 && gain->stripe_tolerance <= 100))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: stripes %d with tolerance %g%% (0 … 100)",
                       (int) gain->stripes, gain->stripe_tolerance);
  if (gain->notch_count && !gain->notches)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: %zu notches but no notch array",
                       gain->notch_count);
  for (size_t i = 0; i < gain->notch_count; i++)
    if (!(gain->notches[3 * i + 2] > 0))
      return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                         "fftcl: notch %zu has radius %g; it must be > 0", i,
                         gain->notches[3 * i + 2]);
  return check_mirrored_notches (plan, gain, err);
}

typedef fftcl_status (*apply_call) (void *plan, const fftcl_gain *gain,
                                    const fftcl_window *window, float *out,
                                    const fftcl_layout *layout,
                                    fftcl_timings *timings, fftcl_error *err);

/* The window into the call's output as laid out, by the backend's `apply`
 * (its filter_apply_window or filter_finish), through planes side by side
 * where the backend takes nothing else. */
static fftcl_status run_apply (fftcl_plan *plan, const call *c,
                               apply_call apply, fftcl_error *err)
{
  const fftcl_window *w = c->window;
  if (plan->backend->lays_out
      || fftcl_is_side_by_side (c->layout, w->width, w->height))
    return apply (plan->state, c->gain, w, c->data, c->layout, c->timings,
                  err);
  float *planes = malloc (w->width * w->height * plan->batch
                          * sizeof *planes);
  if (!planes)
    return out_of_memory (err);
  const fftcl_layout side = fftcl_side_by_side (w->width, w->height);
  fftcl_status status = apply (plan->state, c->gain, w, planes, &side,
                               c->timings, err);
  if (status == FFTCL_OK)
    fftcl_layout_scatter (planes, w->width, w->height, plan->batch, c->data,
                          c->layout);
  free (planes);
  return status;
}

static fftcl_status run_apply_window (fftcl_plan *plan, const call *c,
                                      fftcl_error *err)
{
  return run_apply (plan, c, plan->backend->filter_apply_window, err);
}

/* The CPU plan has no spectrum yet: it loads the kept planes. */
static fftcl_status reload (fftcl_plan *plan, const call *c, fftcl_error *err)
{
  (void) c;
  const fftcl_layout side = plan_side_by_side (plan);
  return plan->backend->filter_load (plan->state, plan->kept_input, &side,
                                     NULL, err);
}

static fftcl_status check_loaded (const fftcl_plan *plan, const char *caller,
                                  fftcl_error *err)
{
  if (!plan->spectrum_loaded)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: %s before fftcl_filter_load", caller);
  return FFTCL_OK;
}

/* Counting in blocks keeps x + width · step from overflowing. */
static fftcl_status check_window (const fftcl_plan *plan,
                                  const fftcl_window *w, fftcl_error *err)
{
  if (!w)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: window is NULL");
  if (!w->step)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: window step is 0");
  if (!w->width || !w->height)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: window %zu×%zu is empty", w->width, w->height);
  if (w->x >= plan->width || w->y >= plan->height
      || w->width > (plan->width - w->x) / w->step
      || w->height > (plan->height - w->y) / w->step)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: a window of %zu×%zu values at (%zu, %zu), "
                       "each of %zu×%zu px, reaches past the %zu×%zu planes",
                       w->width, w->height, w->x, w->y, w->step, w->step,
                       plan->width, plan->height);
  return FFTCL_OK;
}

/* The arguments of an apply, fftcl_filter_finish's included. */
static fftcl_status check_apply (const fftcl_plan *plan,
                                 const fftcl_gain *gain,
                                 const fftcl_window *window, const float *out,
                                 const fftcl_layout *layout,
                                 const char *caller, fftcl_error *err)
{
  fftcl_status status = check_call (plan, out, err);
  if (status == FFTCL_OK)
    status = check_gain (plan, gain, err);
  if (status == FFTCL_OK)
    status = check_window (plan, window, err);
  if (status == FFTCL_OK)
    status = check_layout (layout, err);
  if (status == FFTCL_OK)
    status = check_loaded (plan, caller, err);
  return status;
}

fftcl_status fftcl_filter_apply_window (fftcl_plan *plan,
                                        const fftcl_gain *gain,
                                        const fftcl_window *window,
                                        float *out, fftcl_timings *timings,
                                        fftcl_error *err)
{
  const fftcl_layout side = window ? fftcl_side_by_side (window->width,
                                                         window->height)
                                   : fftcl_side_by_side (1, 1);
  return fftcl_filter_apply_window_laid_out (plan, gain, window, out, &side,
                                             timings, err);
}

fftcl_status fftcl_filter_apply_window_laid_out (fftcl_plan *plan,
                                                 const fftcl_gain *gain,
                                                 const fftcl_window *window,
                                                 float *out,
                                                 const fftcl_layout *layout,
                                                 fftcl_timings *timings,
                                                 fftcl_error *err)
{
  fftcl_status status = check_apply (plan, gain, window, out, layout,
                                     "fftcl_filter_apply", err);
  if (status != FFTCL_OK)
    return status;
  const call c = { .gain = gain, .window = window, .data = out,
                   .layout = layout, .timings = timings };
  return with_fallback (plan, run_apply_window, reload, &c, err);
}

static fftcl_status run_finish (fftcl_plan *plan, const call *c,
                                fftcl_error *err)
{
  const fftcl_backend *b = plan->backend;
  return run_apply (plan, c,
                    b->filter_finish ? b->filter_finish
                                     : b->filter_apply_window,
                    err);
}

fftcl_status fftcl_filter_finish (fftcl_plan *plan, const fftcl_gain *gain,
                                  const fftcl_window *window, float *out,
                                  const fftcl_layout *layout,
                                  fftcl_timings *timings, fftcl_error *err)
{
  fftcl_status status = check_apply (plan, gain, window, out, layout,
                                     "fftcl_filter_finish", err);
  if (status != FFTCL_OK)
    return status;
  const call c = { .gain = gain, .window = window, .data = out,
                   .layout = layout, .timings = timings };
  status = with_fallback (plan, run_finish, reload, &c, err);
  plan->spectrum_loaded = 0;
  return status;
}

/* fftcl_filter's planes are side by side, in and out; without a faster
 * way of its own, the backend loads them and finishes. */
static fftcl_status filter_planes_once (fftcl_plan *plan, const call *c,
                                        const float *planes,
                                        const fftcl_layout *layout,
                                        fftcl_error *err)
{
  const fftcl_backend *b = plan->backend;
  if (b->filter_once)
    return b->filter_once (plan->state, c->gain, planes, c->window, c->data,
                           c->timings, err);
  const fftcl_layout out = fftcl_side_by_side (c->window->width,
                                               c->window->height);
  call finish = *c;
  finish.layout = &out;
  fftcl_status status = b->filter_load (plan->state, planes, layout,
                                        c->timings, err);
  if (status == FFTCL_OK)
    status = run_finish (plan, &finish, err);
  return status;
}

static fftcl_status run_once (fftcl_plan *plan, const call *c,
                              fftcl_error *err)
{
  return with_planes (plan, c, filter_planes_once, err);
}

/* The input stays the caller's, so a fallback simply runs again. */
fftcl_status fftcl_filter (fftcl_plan *plan, const fftcl_gain *gain,
                           const float *planes, const fftcl_window *window,
                           float *out, fftcl_timings *timings,
                           fftcl_error *err)
{
  fftcl_status status = check_call (plan, planes, err);
  if (status == FFTCL_OK)
    status = check_call (plan, out, err);
  if (status == FFTCL_OK)
    status = check_gain (plan, gain, err);
  if (status == FFTCL_OK)
    status = check_window (plan, window, err);
  if (status != FFTCL_OK)
    return status;
  plan->spectrum_loaded = 0;
  const fftcl_layout side = plan_side_by_side (plan);
  const call c = { .gain = gain, .input = planes, .layout = &side,
                   .window = window, .data = out, .timings = timings };
  return with_fallback (plan, run_once, NULL, &c, err);
}

fftcl_status fftcl_filter_apply (fftcl_plan *plan, const fftcl_gain *gain,
                                 float *planes, fftcl_timings *timings,
                                 fftcl_error *err)
{
  const fftcl_window whole = { 0, 0, plan ? plan->width : 1,
                               plan ? plan->height : 1, 1 };
  return fftcl_filter_apply_window (plan, gain, &whole, planes, timings, err);
}

static fftcl_status run_spectrum (fftcl_plan *plan, const call *c,
                                  fftcl_error *err)
{
  return plan->backend->filter_spectrum (plan->state, c->out_width,
                                         c->out_height, c->data, err);
}

fftcl_status fftcl_filter_spectrum (fftcl_plan *plan, size_t out_width,
                                    size_t out_height, float *out,
                                    fftcl_error *err)
{
  fftcl_status status = check_call (plan, out, err);
  if (status != FFTCL_OK)
    return status;
  size_t grid = plan->mirrored ? 2 : 1;
  if (!is_power_of_two (out_width) || !is_power_of_two (out_height)
      || out_width > grid * plan->width || out_height > grid * plan->height)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: a spectrum view of %zu×%zu is not powers of "
                       "two up to the filter's grid of %zu×%zu",
                       out_width, out_height, grid * plan->width,
                       grid * plan->height);
  status = check_loaded (plan, "fftcl_filter_spectrum", err);
  if (status != FFTCL_OK)
    return status;
  const call c
    = { .out_width = out_width, .out_height = out_height, .data = out };
  return with_fallback (plan, run_spectrum, reload, &c, err);
}

static fftcl_status check_timing (const fftcl_plan *plan, const void *data,
                                  size_t runs, const double *ms,
                                  fftcl_error *err)
{
  fftcl_status status = check_call (plan, data, err);
  if (status == FFTCL_OK && (!runs || !ms))
    status = fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                         "fftcl: timing needs runs > 0 and an ms array");
  return status;
}

static fftcl_status run_time_transform (fftcl_plan *plan, const call *c,
                                        fftcl_error *err)
{
  return plan->backend->time_transform (plan->state, c->direction, c->input,
                                        c->runs, c->ms, err);
}

fftcl_status fftcl_time_transform (fftcl_plan *plan,
                                   fftcl_direction direction,
                                   const float *data, size_t runs,
                                   double *ms, fftcl_error *err)
{
  fftcl_status status = check_timing (plan, data, runs, ms, err);
  if (status == FFTCL_OK)
    status = check_plain (plan, err);
  if (status != FFTCL_OK)
    return status;
  plan->spectrum_loaded = 0;
  const call c
    = { .direction = direction, .input = data, .runs = runs, .ms = ms };
  return with_fallback (plan, run_time_transform, NULL, &c, err);
}

/* fftcl_time_filter's planes are side by side. */
static fftcl_status time_filter_planes (fftcl_plan *plan, const call *c,
                                        const float *planes,
                                        const fftcl_layout *layout,
                                        fftcl_error *err)
{
  (void) layout;
  return plan->backend->time_filter (plan->state, c->gain, planes, c->runs,
                                     c->ms, err);
}

static fftcl_status run_time_filter (fftcl_plan *plan, const call *c,
                                     fftcl_error *err)
{
  return with_planes (plan, c, time_filter_planes, err);
}

fftcl_status fftcl_time_filter (fftcl_plan *plan, const fftcl_gain *gain,
                                const float *planes, size_t runs, double *ms,
                                fftcl_error *err)
{
  fftcl_status status = check_timing (plan, planes, runs, ms, err);
  if (status == FFTCL_OK)
    status = check_gain (plan, gain, err);
  if (status != FFTCL_OK)
    return status;
  plan->spectrum_loaded = 0;
  const fftcl_layout side = plan_side_by_side (plan);
  const call c = { .gain = gain, .input = planes, .layout = &side,
                   .runs = runs, .ms = ms };
  return with_fallback (plan, run_time_filter, NULL, &c, err);
}
