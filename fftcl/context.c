/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "context.h"
#include "automatic.h"
#include "opencl_select.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

fftcl_status fftcl_context_open_backend (fftcl_context *ctx,
                                         const fftcl_backend *backend,
                                         const char *choice, fftcl_error *err)
{
  ctx->backend = backend;
  return backend->open (choice, &ctx->options, &ctx->device, ctx->name,
                        sizeof ctx->name, err);
}

static void free_context (fftcl_context *ctx)
{
  free ((char *) ctx->options.cache_folder);
  free (ctx);
}

/* The context with `options` (NULL: the defaults) kept, its cache folder
 * copied. */
static fftcl_status keep_options (fftcl_context *ctx,
                                  const fftcl_context_options *options,
                                  fftcl_error *err)
{
  fftcl_context_options kept = options ? *options
                                       : (fftcl_context_options) { 0 };
  if (kept.threads < 0)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: %d threads; 0 is one per core", kept.threads);
  if (kept.cache_folder && !(kept.cache_folder = strdup (kept.cache_folder)))
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  ctx->options = kept;
  return FFTCL_OK;
}

/* Without an explicit choice, the automatic one (automatic.h), which a
 * machine without a usable OpenCL device passes on FFTW. An explicit
 * choice that does not exist is an error, so a typo never silently runs
 * elsewhere. */
static fftcl_status open_device (fftcl_context *ctx, const char *choice,
                                 fftcl_error *err)
{
  if (!choice)
    return fftcl_open_automatic (ctx, err);
  ctx->choice = (fftcl_choice) { .kind = FFTCL_CHOSEN_BY_NAME };
  if (strcasecmp (choice, "cpu") == 0)
    return fftcl_context_open_backend (ctx, &fftcl_cpu_backend, NULL, err);
  return fftcl_context_open_backend (ctx, &fftcl_opencl_backend, choice, err);
}

const char *fftcl_forced_device (void)
{
  const char *forced = getenv ("FFTCL_DEVICE");
  return forced && *forced ? forced : NULL;
}

fftcl_status fftcl_context_create_with_options (
  const char *device, const fftcl_context_options *options,
  fftcl_context **out, fftcl_error *err)
{
  if (!out)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: out is NULL");
  *out = NULL;
  const char *choice = device && *device ? device : fftcl_forced_device ();

  fftcl_context *ctx = calloc (1, sizeof *ctx);
  if (!ctx)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");

  fftcl_status status = keep_options (ctx, options, err);
  if (status == FFTCL_OK)
    status = open_device (ctx, choice, err);
  if (status != FFTCL_OK)
    {
      free_context (ctx);
      return status;
    }
  *out = ctx;
  return FFTCL_OK;
}

fftcl_status fftcl_context_create (const char *device, fftcl_context **out,
                                   fftcl_error *err)
{
  return fftcl_context_create_with_options (device, NULL, out, err);
}

void fftcl_context_destroy (fftcl_context *ctx)
{
  if (!ctx)
    return;
  ctx->backend->close (ctx->device);
  free_context (ctx);
}

const char *fftcl_context_device_name (const fftcl_context *ctx)
{
  return ctx->name;
}

int fftcl_context_is_cpu (const fftcl_context *ctx)
{
  return ctx->backend == &fftcl_cpu_backend;
}

const fftcl_choice *fftcl_context_choice (const fftcl_context *ctx)
{
  return &ctx->choice;
}

size_t fftcl_list_devices (fftcl_device_info *devices, size_t max)
{
  if (!devices)
    max = 0;
  if (max > 0)
    {
      void *cpu;
      const fftcl_context_options defaults = { 0 };
      devices[0] = (fftcl_device_info) { .choice = "cpu", .is_gpu = 0 };
      if (fftcl_cpu_backend.open (NULL, &defaults, &cpu, devices[0].name,
                                  sizeof devices[0].name, NULL)
          == FFTCL_OK)
        fftcl_cpu_backend.close (cpu);
    }
  return 1 + fftcl_ocl_list (devices ? devices + 1 : NULL,
                             max > 0 ? max - 1 : 0);
}
