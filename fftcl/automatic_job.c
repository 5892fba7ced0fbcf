/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "automatic_job.h"

#include "fftcl-filter.h"

#include <stdlib.h>

#define JOB_VALUES \
  ((size_t) FFTCL_JOB_WIDTH * FFTCL_JOB_HEIGHT * FFTCL_JOB_PLANES)

/* The calls timed after the untimed first. */
#define TIMED_CALLS 2

int fftcl_job_init (fftcl_job *job)
{
  job->planes = malloc (JOB_VALUES * sizeof *job->planes);
  job->out = malloc (JOB_VALUES * sizeof *job->out);
  if (!job->planes || !job->out)
    {
      fftcl_job_clear (job);
      return 0;
    }
  /* A plain pattern: the times do not depend on the values. */
  for (size_t i = 0; i < JOB_VALUES; i++)
    job->planes[i] = (float) (i % 251) / 251.0f;
  return 1;
}

void fftcl_job_clear (fftcl_job *job)
{
  free (job->planes);
  free (job->out);
  *job = (fftcl_job) { NULL, NULL };
}

double fftcl_job_time (fftcl_context *ctx, const fftcl_job *job)
{
  const fftcl_plan_desc desc = { .width = FFTCL_JOB_WIDTH,
                                 .height = FFTCL_JOB_HEIGHT,
                                 .batch = FFTCL_JOB_PLANES };
  const fftcl_gain gain = { .large_period = 100,
                            .small_period = 3,
                            .shape = FFTCL_SHAPE_GAUSSIAN,
                            .keep_mean = 1 };
  fftcl_plan *plan = NULL;
  double best = -1;
  int ok = fftcl_plan_create (ctx, &desc, &plan, NULL) == FFTCL_OK;
  for (int call = 0; ok && call <= TIMED_CALLS; call++)
    {
      double start = fftcl_now_ms ();
      ok = fftcl_filter_once (plan, &gain, FFTCL_PLANES (job->planes), NULL,
                              job->out, NULL)
             == FFTCL_OK
           && !fftcl_plan_fallback_reason (plan);
      double ms = fftcl_now_ms () - start;
      if (call > 0 && (best < 0 || ms < best))
        best = ms;
    }
  fftcl_plan_destroy (plan);
  return ok ? best : -1;
}
