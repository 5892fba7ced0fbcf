/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The plan structure and the fallback machinery that plan.c, filter.c and
 * timing.c share. */
#ifndef FFTCL_PLAN_H
#define FFTCL_PLAN_H

#include "context.h"

/* A plan runs on its context's backend until an OpenCL call fails (out of
 * resources, device lost, a kernel that does not compile); then it moves
 * to the CPU backend for good and redoes the failed call there. To redo a
 * call it must still have the call's input, so while on OpenCL it keeps a
 * host copy of what the device may have overwritten: the data of a
 * transform, the planes of the last load (apply and the spectrum view have
 * no input of their own: the CPU plan loads those planes first). */
struct fftcl_plan {
  const fftcl_context *context; /* whose options a fallback takes */
  const fftcl_backend *backend;
  void *state;
  size_t width, height, batch;
  fftcl_layout in, out;  /* with their defaults filled in */
  int mirrored;          /* FFTCL_MIRRORED */
  int timed;             /* FFTCL_TIMINGS */
  int expanded;          /* the backend's plan is the doubled plane's */
  int spectrum_loaded;
  fftcl_timings timings; /* of the last filter call, when timed */
  float *kept_input;     /* 2 · width · height · batch floats, made lazily */
  void *cpu_device;      /* opened when the plan fell back */
  char fallback_reason[sizeof ((fftcl_error *) 0)->message];
};

/* The arguments of one public call, for redoing it. */
typedef struct {
  fftcl_direction direction;
  float *data;
  const float *input;
  const fftcl_strides *in;  /* of `input` */
  const fftcl_strides *out; /* of `data`, where a filter writes it */
  const fftcl_gain *gain;
  const fftcl_window *window;
  size_t out_width, out_height;
  fftcl_timings *timings;
  size_t runs;
  double *ms;
} call;

static inline int fftcl_is_power_of_two (size_t n)
{
  return n && !(n & (n - 1));
}

typedef fftcl_status (*backend_call) (fftcl_plan *plan, const call *c,
                                      fftcl_error *err);

/* Runs `run` on the plan's backend; when that is OpenCL and the device
 * fails, moves to the CPU, lets `restore` (if not NULL) put back the input
 * the device may have spoilt, and runs `run` again. */
fftcl_status fftcl_with_fallback (fftcl_plan *plan, backend_call run,
                                  backend_call restore, const call *c,
                                  fftcl_error *err);

int fftcl_runs_on_cpu (const fftcl_plan *plan);

fftcl_status fftcl_out_of_memory (fftcl_error *err);

/* FFTCL_ERROR_ARGUMENT when plan or data is NULL. */
fftcl_status fftcl_check_call (const fftcl_plan *plan, const void *data,
                               fftcl_error *err);

/* FFTCL_ERROR_ARGUMENT for a mirrored plan, which only filters. */
fftcl_status fftcl_check_plain (const fftcl_plan *plan, const char *caller,
                                fftcl_error *err);

/* The gain's arguments, and whether the plan can apply it. */
fftcl_status fftcl_check_gain (const fftcl_plan *plan, const fftcl_gain *gain,
                               fftcl_error *err);

typedef fftcl_status (*planes_call) (fftcl_plan *plan, const call *c,
                                     const float *planes,
                                     const fftcl_strides *layout,
                                     fftcl_error *err);

/* Runs `run` with the call's input as the backend can take it: as laid
 * out where `run` takes any layout (`laid_out`) and the backend does, else
 * copied side by side, each plane extended with its mirror images where
 * the backend's plan is of the doubled size. */
fftcl_status fftcl_with_planes (fftcl_plan *plan, const call *c,
                                planes_call run, int laid_out,
                                fftcl_error *err);

/* Keeps a host copy of the call's input while on OpenCL: the planes
 * `layout` names, side by side, or (layout NULL) the 2 · width · height ·
 * batch floats of a transform. */
fftcl_status fftcl_keep_input (fftcl_plan *plan, const float *input,
                               const fftcl_strides *layout, fftcl_error *err);

/* The kept copy, or NULL before the first. */
const float *fftcl_kept_input (const fftcl_plan *plan);

/* Where the plan's next filter call records its steps, cleared: NULL
 * when untimed. */
fftcl_timings *fftcl_plan_step_timings (fftcl_plan *plan);

#endif
