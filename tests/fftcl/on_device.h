/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The device tests' context and size limit, and a check that a plan
 * stayed on its context's OpenCL device: the CPU fallback gives the right
 * answers too, so without that check a kernel that fails to build or to
 * run would pass every accuracy test. */
#ifndef ON_DEVICE_H
#define ON_DEVICE_H

#include "check.h"
#include "fftcl.h"

#include <stdint.h>
#include <stdlib.h>

/* The context FFTCL_DEVICE names, its name printed; NULL after a failed
 * check. */
static inline fftcl_context *open_test_context (void)
{
  fftcl_context *ctx;
  fftcl_error err = { 0 };
  if (!check (fftcl_context_create (NULL, &ctx, &err) == FFTCL_OK,
              "open device: %s", err.message))
    return NULL;
  printf ("# device: %s\n", fftcl_context_device_name (ctx));
  return ctx;
}

/* The largest plane FFTCL_TEST_MAX_AREA lets a test take, in values:
 * under valgrind the largest sizes take too long. */
static inline size_t test_max_area (void)
{
  const char *limit = getenv ("FFTCL_TEST_MAX_AREA");
  return limit ? strtoul (limit, NULL, 10) : SIZE_MAX;
}

static inline void check_on_device (const fftcl_context *ctx,
                                    const fftcl_plan *plan,
                                    const char *label, size_t width,
                                    size_t height)
{
  const char *reason = fftcl_plan_fallback_reason (plan);
  if (!fftcl_context_is_cpu (ctx))
    check (!reason, "%s %zux%zu stayed on the device%s%s", label, width,
           height, reason ? ": " : "", reason ? reason : "");
}

#endif
