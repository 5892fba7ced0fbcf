/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "context.h"
#include "opencl_select.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

static fftcl_status open_backend (fftcl_context *ctx,
                                  const fftcl_backend *backend,
                                  const char *choice, fftcl_error *err)
{
  ctx->backend = backend;
  return backend->open (choice, &ctx->device, ctx->name, sizeof ctx->name,
                        err);
}

const char *fftcl_forced_device (void)
{
  const char *forced = getenv ("FFTCL_DEVICE");
  return forced && *forced ? forced : NULL;
}

/* Without an explicit choice, a machine with no usable OpenCL device still
 * works: it falls back to FFTW. An explicit choice that does not exist is an
 * error, so a typo never silently runs elsewhere. */
fftcl_status fftcl_context_create (const char *device, fftcl_context **out,
                                   fftcl_error *err)
{
  if (!out)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: out is NULL");
  *out = NULL;
  const char *choice = device && *device ? device : fftcl_forced_device ();

  fftcl_context *ctx = calloc (1, sizeof *ctx);
  if (!ctx)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");

  fftcl_status status;
  if (choice && strcasecmp (choice, "cpu") == 0)
    status = open_backend (ctx, &fftcl_cpu_backend, NULL, err);
  else
    {
      status = open_backend (ctx, &fftcl_opencl_backend, choice, err);
      if (status != FFTCL_OK && !choice)
        status = open_backend (ctx, &fftcl_cpu_backend, NULL, err);
    }
  if (status != FFTCL_OK)
    {
      free (ctx);
      return status;
    }
  *out = ctx;
  return FFTCL_OK;
}

void fftcl_context_destroy (fftcl_context *ctx)
{
  if (!ctx)
    return;
  ctx->backend->close (ctx->device);
  free (ctx);
}

const char *fftcl_context_device_name (const fftcl_context *ctx)
{
  return ctx->name;
}

int fftcl_context_is_cpu (const fftcl_context *ctx)
{
  return ctx->backend == &fftcl_cpu_backend;
}

size_t fftcl_list_devices (fftcl_device_info *devices, size_t max)
{
  if (!devices)
    max = 0;
  if (max > 0)
    {
      void *cpu;
      devices[0] = (fftcl_device_info) { .choice = "cpu", .is_gpu = 0 };
      if (fftcl_cpu_backend.open (NULL, &cpu, devices[0].name,
                                  sizeof devices[0].name, NULL)
          == FFTCL_OK)
        fftcl_cpu_backend.close (cpu);
    }
  return 1 + fftcl_ocl_list (devices ? devices + 1 : NULL,
                             max > 0 ? max - 1 : 0);
}
