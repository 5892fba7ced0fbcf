/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fallback.h"

#include <stdlib.h>
#include <string.h>

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
  status = fftcl_fall_back_on (
    plan, create_backend_plan (plan, ctx->device, &device_err), &device_err,
    err);
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

static fftcl_status run_transform (fftcl_plan *plan, const call *c,
                                   fftcl_error *err)
{
  return plan->backend->transform (plan->state, c->direction, c->data, err);
}

static fftcl_status restore_data (fftcl_plan *plan, const call *c,
                                  fftcl_error *err)
{
  (void) err;
  memcpy (c->data, fftcl_kept_input (plan),
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
  status = fftcl_keep_input (plan, data, err);
  if (status != FFTCL_OK)
    return status;
  const call c = { .direction = direction, .data = data };
  return fftcl_with_fallback (plan, run_transform, restore_data, &c, err);
}
