/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The job the automatic choice measures on each device (fftcl.h states
 * it): fftcl_filter_once of JOB_WIDTH × JOB_HEIGHT × JOB_PLANES real
 * planes, host to host. */
#ifndef FFTCL_AUTOMATIC_JOB_H
#define FFTCL_AUTOMATIC_JOB_H

#include "context.h"

#define FFTCL_JOB_WIDTH 2048
#define FFTCL_JOB_HEIGHT 2048
#define FFTCL_JOB_PLANES 3

/* The job's input and output, made once for both devices. */
typedef struct {
  float *planes, *out;
} fftcl_job;

/* Nonzero when the host had the memory. */
int fftcl_job_init (fftcl_job *job);
void fftcl_job_clear (fftcl_job *job);

/* The lesser wall-clock time of two calls of the job on `ctx`, in ms,
 * after an untimed one; −1 when a call fails or its plan leaves the
 * context's device for the CPU. */
double fftcl_job_time (fftcl_context *ctx, const fftcl_job *job);

#endif
