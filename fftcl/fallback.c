/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "fallback.h"

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

fftcl_status fftcl_fall_back_on (fftcl_plan *plan, fftcl_status status,
                                 const fftcl_error *device_err,
                                 fftcl_error *err)
{
  if (device_failed (status) && !fftcl_runs_on_cpu (plan))
    return move_to_cpu (plan, device_err, err);
  if (status != FFTCL_OK)
    copy_error (err, device_err);
  return status;
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

fftcl_status fftcl_keep_input (fftcl_plan *plan, const float *input,
                               fftcl_error *err)
{
  size_t floats = 2 * plan->width * plan->height * plan->batch;
  if (fftcl_runs_on_cpu (plan))
    return FFTCL_OK;
  if (!plan->kept_input)
    plan->kept_input = malloc (floats * sizeof *input);
  if (!plan->kept_input)
    return fftcl_out_of_memory (err);
  memcpy (plan->kept_input, input, floats * sizeof *input);
  return FFTCL_OK;
}

const float *fftcl_kept_input (const fftcl_plan *plan)
{
  return plan->kept_input;
}
