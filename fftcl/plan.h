/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The plan structure, and the checks every public call on a plan makes,
 * for plan.c, filter.c, timing.c and the fallback (fallback.h). */
#ifndef FFTCL_PLAN_H
#define FFTCL_PLAN_H

#include "context.h"

/* A plan runs on its context's backend until an OpenCL call fails; then
 * it moves to the CPU backend for good (fallback.h). */
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
  float *kept_input;     /* a transform's data, 2 · width · height · batch
                            floats, made lazily */
  fftcl_source source;   /* the last load's or once's, which a fallback
                            reads again (fftcl-filter.h) */
  void *cpu_device;      /* opened when the plan fell back */
  char fallback_reason[sizeof ((fftcl_error *) 0)->message];
};

static inline int fftcl_is_power_of_two (size_t n)
{
  return n && !(n & (n - 1));
}

/* FFTCL_ERROR_ARGUMENT when plan or data is NULL. */
fftcl_status fftcl_check_call (const fftcl_plan *plan, const void *data,
                               fftcl_error *err);

/* FFTCL_ERROR_ARGUMENT for a mirrored plan, which only filters. */
fftcl_status fftcl_check_plain (const fftcl_plan *plan, const char *caller,
                                fftcl_error *err);

/* The gain's arguments, and whether the plan can apply it (gain_check.c). */
fftcl_status fftcl_check_gain (const fftcl_plan *plan, const fftcl_gain *gain,
                               fftcl_error *err);

/* Where the plan's next filter call records its steps, cleared: NULL
 * when untimed. */
fftcl_timings *fftcl_plan_step_timings (fftcl_plan *plan);

#endif
