/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The automatic choice of a context's device, by the rule fftcl.h states:
 * the faster of the fastest OpenCL GPU and the CPU backend, as measured
 * once (automatic_job.h) and recorded (automatic_record.h). */
#ifndef FFTCL_AUTOMATIC_H
#define FFTCL_AUTOMATIC_H

#include "context.h"

/* Opens the automatic choice into ctx, whose options are kept, and fills
 * ctx->choice. Fails only where the CPU backend cannot open. */
fftcl_status fftcl_open_automatic (fftcl_context *ctx, fftcl_error *err);

#endif
