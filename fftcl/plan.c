/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int fftcl_runs_on_cpu (const fftcl_plan *plan)
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

fftcl_status fftcl_out_of_memory (fftcl_error *err)
{
  return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
}

fftcl_status fftcl_check_call (const fftcl_plan *plan, const void *data,
                               fftcl_error *err)
{
  if (!plan || !data)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: plan or data is NULL");
  return FFTCL_OK;
}

fftcl_status fftcl_check_plain (const fftcl_plan *plan, const char *caller,
                                fftcl_error *err)
{
  if (plan->mirrored)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: %s on a plan made with FFTCL_MIRRORED, which "
                       "only filters",
                       caller);
  return FFTCL_OK;
}

/* Gives the plan a CPU plan of its shape in place of the failed one. */
static fftcl_status move_to_cpu (fftcl_plan *plan, const fftcl_error *cause,
                                 fftcl_error *err)
{
  char name[256];
  void *device = NULL, *state = NULL;
  fftcl_error cpu_err = { 0 };
  fftcl_status status
    = fftcl_cpu_backend.open (NULL, &plan->context->options, &device, name,
                              sizeof name, &cpu_err);
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

fftcl_status fftcl_with_fallback (fftcl_plan *plan, backend_call run,
                                  backend_call restore, const call *c,
                                  fftcl_error *err)
{
  fftcl_error device_err = { 0 };
  fftcl_status status = run (plan, c, &device_err);
  if (!device_failed (status) || fftcl_runs_on_cpu (plan))
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
 * mirror, else a plain one of the doubled size, whose planes
 * fftcl_with_planes extends with their mirror images. */
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

/* A zeroed value step is 1; a zeroed plane step stays 0 (planes whole,
 * one after another), which fftcl_strides_of resolves per array. */
static fftcl_layout with_defaults (fftcl_layout layout)
{
  if (!layout.value_step)
    layout.value_step = 1;
  return layout;
}

static fftcl_status check_desc (const fftcl_plan_desc *desc,
                                fftcl_error *err)
{
  if (!fftcl_is_power_of_two (desc->width) || !fftcl_is_power_of_two (desc->height))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: size %zu×%zu is not a power of two per axis",
                       desc->width, desc->height);
  if (desc->batch == 0)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: batch is 0");
  if (desc->flags & ~(unsigned) (FFTCL_MIRRORED | FFTCL_TIMINGS))
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: unknown plan flags 0x%x", desc->flags);
  return FFTCL_OK;
}

fftcl_status fftcl_plan_create (fftcl_context *ctx,
                                const fftcl_plan_desc *desc,
                                fftcl_plan **out, fftcl_error *err)
{
  if (out)
    *out = NULL;
  if (!ctx || !desc || !out)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: context, desc or out is NULL");
  fftcl_status status = check_desc (desc, err);
  if (status != FFTCL_OK)
    return status;

  fftcl_plan *plan = calloc (1, sizeof *plan);
  if (!plan)
    return fftcl_out_of_memory (err);
  *plan = (fftcl_plan) { .context = ctx, .backend = ctx->backend,
                         .width = desc->width,
                         .height = desc->height,
                         .batch = desc->batch,
                         .in = with_defaults (desc->in),
                         .out = with_defaults (desc->out),
                         .mirrored = (desc->flags & FFTCL_MIRRORED) != 0,
                         .timed = (desc->flags & FFTCL_TIMINGS) != 0 };
  fftcl_error device_err = { 0 };
  status = create_backend_plan (plan, ctx->device, &device_err);
  if (device_failed (status) && !fftcl_runs_on_cpu (plan))
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

fftcl_timings *fftcl_plan_step_timings (fftcl_plan *plan)
{
  if (!plan->timed)
    return NULL;
  plan->timings = (fftcl_timings) { 0 };
  return &plan->timings;
}

/* The kept copy of the input, made on the first call that keeps one. */
static float *kept_input (fftcl_plan *plan)
{
  if (!plan->kept_input)
    plan->kept_input
      = malloc (2 * plan->width * plan->height * plan->batch * sizeof (float));
  return plan->kept_input;
}

fftcl_status fftcl_keep_input (fftcl_plan *plan, const float *input,
                               const fftcl_strides *layout, fftcl_error *err)
{
  if (fftcl_runs_on_cpu (plan))
    return FFTCL_OK;
  if (!kept_input (plan))
    return fftcl_out_of_memory (err);
  if (layout)
    fftcl_strides_gather (input, layout, plan->width, plan->height,
                          plan->batch, 0, plan->kept_input);
  else
    memcpy (plan->kept_input, input,
            2 * plan->width * plan->height * plan->batch * sizeof *input);
  return FFTCL_OK;
}

const float *fftcl_kept_input (const fftcl_plan *plan)
{
  return plan->kept_input;
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
  fftcl_status status = fftcl_check_call (plan, data, err);
  if (status == FFTCL_OK)
    status = fftcl_check_plain (plan, "fftcl_transform", err);
  if (status != FFTCL_OK)
    return status;
  if (direction != FFTCL_FORWARD && direction != FFTCL_INVERSE)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: direction %d is neither forward nor inverse",
                       (int) direction);
  plan->spectrum_loaded = 0;
  status = fftcl_keep_input (plan, data, NULL, err);
  if (status != FFTCL_OK)
    return status;
  const call c = { .direction = direction, .data = data };
  return fftcl_with_fallback (plan, run_transform, restore_data, &c, err);
}

fftcl_status fftcl_with_planes (fftcl_plan *plan, const call *c,
                                planes_call run, int laid_out,
                                fftcl_error *err)
{
  if (!plan->expanded
      && ((laid_out && plan->backend->lays_out)
          || fftcl_is_side_by_side (c->in, plan->width, plan->height)))
    return run (plan, c, c->input, c->in, err);
  size_t times = plan->expanded ? 2 : 1;
  float *planes = malloc (times * plan->width * times * plan->height
                          * plan->batch * sizeof *planes);
  if (!planes)
    return fftcl_out_of_memory (err);
  fftcl_strides_gather (c->input, c->in, plan->width, plan->height,
                        plan->batch, plan->expanded, planes);
  const fftcl_strides side
    = fftcl_side_by_side (times * plan->width, times * plan->height);
  fftcl_status status = run (plan, c, planes, &side, err);
  free (planes);
  return status;
}
