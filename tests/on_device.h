/* A check that a plan stayed on its context's OpenCL device: the CPU
 * fallback gives the right answers too, so without this check a kernel
 * that fails to build or to run would pass every accuracy test. */
#ifndef ON_DEVICE_H
#define ON_DEVICE_H

#include "check.h"
#include "fftcl.h"

static void check_on_device (const fftcl_context *ctx,
                             const fftcl_plan *plan, const char *label,
                             size_t width, size_t height)
{
  const char *reason = fftcl_plan_fallback_reason (plan);
  if (!fftcl_context_is_cpu (ctx))
    check (!reason, "%s %zux%zu stayed on the device%s%s", label, width,
           height, reason ? ": " : "", reason ? reason : "");
}

#endif
