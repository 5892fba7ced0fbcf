/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend: single precision, threaded, for machines without a
 * usable OpenCL device and as the fallback when one fails. Here its
 * device, the making of its plans, transforms, timing, and its table for
 * the device-neutral layer; cpu_plan.h lists the files of its other jobs. */
#include "cpu_mirror.h"
#include "cpu_plan.h"

#include <fftw3.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static pthread_mutex_t fftw_lock = PTHREAD_MUTEX_INITIALIZER;

static int fftw_ready, fftw_threads_ok;

/* FFTW's planner is process-global; making it thread-safe once lets
 * several contexts plan from several threads. */
static int init_fftw (void)
{
  pthread_mutex_lock (&fftw_lock);
  if (!fftw_ready)
    {
      fftw_threads_ok = fftwf_init_threads ();
      fftwf_make_planner_thread_safe ();
      fftw_ready = 1;
    }
  int threads_ok = fftw_threads_ok;
  pthread_mutex_unlock (&fftw_lock);
  return threads_ok;
}

/* The host's thread count, else one per core. */
static int thread_count (const fftcl_context_options *options, int threads_ok)
{
  int wanted = options->threads > 0 ? options->threads
                                    : (int) fftcl_core_count ();
  return threads_ok ? wanted : 1;
}

static fftcl_status cpu_open (const char *choice,
                              const fftcl_context_options *options,
                              void **device, char *name, size_t name_size,
                              fftcl_error *err)
{
  (void) choice;
  int threads_ok = init_fftw ();
  cpu_device *cpu = malloc (sizeof *cpu);
  if (!cpu)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  cpu->threads = thread_count (options, threads_ok);
  pthread_mutex_init (&cpu->lock, NULL);
  cpu->spare = NULL;
  cpu->spare_count = 0;
  snprintf (name, name_size, "CPU (FFTW, %d thread%s)", cpu->threads,
            cpu->threads == 1 ? "" : "s");
  *device = cpu;
  return FFTCL_OK;
}

static void cpu_identify (const void *device, char *out, size_t size)
{
  snprintf (out, size, "%s, %d threads", fftwf_version,
            fftcl_cpu_threads (device));
}

int fftcl_cpu_threads (const void *device)
{
  const cpu_device *cpu = device;
  return cpu->threads;
}

static void cpu_close (void *device)
{
  cpu_device *cpu = device;
  cpu_unmap_complex (cpu->spare, cpu->spare_count);
  pthread_mutex_destroy (&cpu->lock);
  free (cpu);
}

static fftcl_status make_plan (void *device, size_t width, size_t height,
                               size_t batch, int mirrored, void **out,
                               fftcl_error *err)
{
  cpu_plan *plan = calloc (1, sizeof *plan);
  if (!plan)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  const cpu_device *cpu = device;
  plan->device = device;
  plan->threads = cpu->threads;
  plan->width = width;
  plan->height = height;
  plan->batch = batch;
  plan->mirrored = mirrored;
  *out = plan;
  return FFTCL_OK;
}

static fftcl_status cpu_plan_create (void *device, size_t width,
                                     size_t height, size_t batch, void **out,
                                     fftcl_error *err)
{
  return make_plan (device, width, height, batch, 0, out, err);
}

static fftcl_status cpu_plan_create_mirrored (void *device, size_t width,
                                              size_t height, size_t batch,
                                              void **out, fftcl_error *err)
{
  return make_plan (device, width, height, batch, 1, out, err);
}

static void destroy_fftw_plan (fftwf_plan p)
{
  if (p)
    fftwf_destroy_plan (p);
}

static void cpu_plan_destroy (void *state)
{
  cpu_plan *plan = state;
  destroy_fftw_plan (plan->forward);
  destroy_fftw_plan (plan->inverse);
  cpu_release_filter (plan);
  free (plan);
}

static void scale (float *data, size_t count, float factor)
{
  for (size_t i = 0; i < count; i++)
    data[i] *= factor;
}

/* Plans are made for the caller's array but run through FFTW's new-array
 * interface, so any later array (aligned or not) works. */
static fftcl_status cpu_transform (void *state, fftcl_direction direction,
                                   float *data, fftcl_error *err)
{
  cpu_plan *plan = state;
  fftwf_plan *p = direction == FFTCL_FORWARD ? &plan->forward : &plan->inverse;
  fftwf_complex *array = (fftwf_complex *) data;
  if (!*p)
    *p = cpu_plan_planes (plan->width, plan->height, plan->batch,
                          plan->threads, array,
                          direction == FFTCL_FORWARD ? FFTW_FORWARD
                                                     : FFTW_BACKWARD,
                          FFTW_ESTIMATE | FFTW_UNALIGNED);
  if (!*p)
    return fftcl_fail (err, FFTCL_ERROR_FFTW, "fftcl: FFTW could not plan a "
                       "%zu×%zu transform", plan->width, plan->height);
  fftwf_execute_dft (*p, array, array);
  if (direction == FFTCL_INVERSE)
    scale (data, 2 * plan->width * plan->height * plan->batch,
           1.0f / (float) (plan->width * plan->height));
  return FFTCL_OK;
}

static fftcl_status cpu_time_transform (void *state,
                                        fftcl_direction direction,
                                        const float *data, size_t runs,
                                        double *ms, fftcl_error *err)
{
  cpu_plan *plan = state;
  size_t floats = 2 * plan->width * plan->height * plan->batch;
  float *copy = fftwf_alloc_real (floats);
  if (!copy)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  memcpy (copy, data, floats * sizeof *copy);
  fftcl_status status = FFTCL_OK;
  for (size_t i = 0; i < runs && status == FFTCL_OK; i++)
    {
      double start = fftcl_now_ms ();
      status = cpu_transform (plan, direction, copy, err);
      ms[i] = fftcl_now_ms () - start;
    }
  fftwf_free (copy);
  return status;
}

static fftcl_status cpu_time_filter (void *state, const fftcl_gain *gain,
                                     const float *planes, size_t runs,
                                     double *ms, fftcl_error *err)
{
  cpu_plan *plan = state;
  size_t floats = plan->width * plan->height * plan->batch;
  float *out = fftwf_alloc_real (floats);
  if (!out)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  const fftcl_window whole = { 0, 0, plan->width, plan->height, 1 };
  const fftcl_strides planes_layout = fftcl_side_by_side (plan->width,
                                                         plan->height);
  fftcl_status status = FFTCL_OK;
  for (size_t i = 0; i < runs && status == FFTCL_OK; i++)
    {
      double start = fftcl_now_ms ();
      status = cpu_filter_load (plan, planes, &planes_layout, NULL, err);
      if (status == FFTCL_OK)
        status = cpu_filter_apply_window (plan, gain, &whole, out,
                                          &planes_layout, NULL, err);
      ms[i] = fftcl_now_ms () - start;
    }
  fftwf_free (out);
  return status;
}

const fftcl_backend fftcl_cpu_backend = {
  .open = cpu_open,
  .close = cpu_close,
  .identify = cpu_identify,
  .plan_create = cpu_plan_create,
  .plan_create_mirrored = cpu_plan_create_mirrored,
  .plan_destroy = cpu_plan_destroy,
  .transform = cpu_transform,
  .filter_load = cpu_filter_load,
  .filter_load_rows = cpu_filter_load_rows,
  .filter_apply_window = cpu_filter_apply_window,
  .lays_out = 1,
  .plane_notches = 1,
  .filter_finish = cpu_filter_finish,
  .filter_once = NULL,
  .filter_spectrum = cpu_filter_spectrum,
  .time_transform = cpu_time_transform,
  .time_filter = cpu_time_filter,
};
