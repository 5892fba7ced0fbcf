/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "source.h"
#include "parallel.h"

#include <stdlib.h>

typedef struct {
  const fftcl_plan *plan;
  const fftcl_source *rows;
  float *planes;
  float *scratch;              /* the fill's, per thread */
} rows_job;

/* Rows [first, end) of every plane, side by side. */
static void fill_rows (const void *job_pointer, size_t first, size_t end)
{
  const rows_job *job = job_pointer;
  size_t width = job->plan->width, area = width * job->plan->height;
  float *scratch = job->scratch
                     ? job->scratch + fftcl_parallel_share ()
                                        * job->rows->scratch_floats
                     : NULL;
  for (size_t p = 0; p < job->plan->batch; p++)
    for (size_t y = first; y < end; y++)
      job->rows->fill (job->rows->job, p, y,
                       job->planes + p * area + y * width, scratch);
}

/* 0 when memory for the fill's scratch runs out. */
static int rows_into_planes (const fftcl_plan *plan,
                             const fftcl_source *rows, float *planes)
{
  size_t threads = fftcl_core_count ();
  float *scratch = rows->scratch_floats
                     ? malloc (threads * rows->scratch_floats
                               * sizeof *scratch)
                     : NULL;
  if (rows->scratch_floats && !scratch)
    return 0;
  const rows_job job = { plan, rows, planes, scratch };
  fftcl_in_parallel (threads, plan->height, fill_rows, &job);
  free (scratch);
  return 1;
}

float *fftcl_planes_of_rows (const fftcl_plan *plan,
                             const fftcl_source *rows)
{
  float *planes = malloc (plan->width * plan->height * plan->batch
                          * sizeof *planes);
  if (planes && !rows_into_planes (plan, rows, planes))
    {
      free (planes);
      planes = NULL;
    }
  return planes;
}

fftcl_status fftcl_check_source (const fftcl_plan *plan,
                                 const fftcl_source *source,
                                 fftcl_error *err)
{
  fftcl_status status = fftcl_check_call (plan, source, err);
  if (status == FFTCL_OK && !source->planes == !source->fill)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: a source needs planes or a fill, one of "
                       "them (planes %s, fill %s)",
                       source->planes ? "set" : "NULL",
                       source->fill ? "set" : "NULL");
  return status;
}

fftcl_status fftcl_with_planes (fftcl_plan *plan, const call *c,
                                planes_call run, int laid_out,
                                fftcl_error *err)
{
  if (!plan->expanded
      && (laid_out
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
