/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The OpenCL backend: its devices, the making and timing of its plans
 * (opencl_plan.h), transforms, and its table for the device-neutral
 * layer. */
#include "opencl_plan.h"

#include <stdio.h>
#include <stdlib.h>

/* Unpacking splits the scratch plane in chunks of this many values, or of
 * one row when rows are shorter; a row of a rectangular read lies within
 * one chunk. */
#define SPLIT_CHUNK 1024
#define SPLIT_THREADS 256

static fftcl_status open_device (const char *choice,
                                 const fftcl_context_options *options,
                                 void **device, char *name, size_t name_size,
                                 fftcl_error *err)
{
  return fftcl_ocl_device_open (choice, options->cache_folder,
                                (fftcl_ocl_device **) device, name,
                                name_size, err);
}

static void close_device (void *device)
{
  fftcl_ocl_device_close (device);
}

/* The driver's version, and the hash of everything the kernels' binary
 * depends on (opencl_device.h): the device, its driver, the platform and
 * fftcl's kernel source. */
static void identify_device (const void *device_pointer, char *out,
                             size_t size)
{
  const fftcl_ocl_device *device = device_pointer;
  char driver[256] = "";
  clGetDeviceInfo (device->id, CL_DRIVER_VERSION, sizeof driver, driver,
                   NULL);
  driver[sizeof driver - 1] = '\0';
  snprintf (out, size, "driver %s, kernels %016llx", driver,
            (unsigned long long) device->cache_key.check);
}

static fftcl_status create_kernel (cl_program program, const char *name,
                                   cl_kernel *out, fftcl_error *err)
{
  cl_int code;
  *out = clCreateKernel (program, name, &code);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, name);
  return FFTCL_OK;
}

static fftcl_status size_split (opencl_plan *plan, fftcl_error *err)
{
  size_t kernel_threads;
  fftcl_status status = ocl_group_limit (plan, plan->split, &kernel_threads,
                                         "querying the unpacking kernel", err);
  if (status != FFTCL_OK)
    return status;
  plan->split_chunk = plan->width < SPLIT_CHUNK ? plan->width : SPLIT_CHUNK;
  plan->split_threads = SPLIT_THREADS;
  while (plan->split_threads > kernel_threads
         || plan->split_threads > plan->split_chunk)
    plan->split_threads /= 2;
  cl_uint chunk = (cl_uint) plan->split_chunk;
  const fftcl_ocl_arg args[] = {
    { 2 * sizeof (float) * plan->split_chunk, NULL },
    FFTCL_OCL_ARG (chunk),
  };
  return fftcl_ocl_set_args (plan->split, 1, args, 2, err);
}

static fftcl_status create_factors (opencl_plan *plan, fftcl_error *err)
{
  cl_int code;
  plan->factors = clCreateBuffer (plan->device->context, CL_MEM_READ_WRITE,
                                  (plan->width + plan->height)
                                    * sizeof (cl_float4),
                                  NULL, &code);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "allocating the gain's factors");
  return FFTCL_OK;
}

static fftcl_status create_filter_kernels (opencl_plan *plan,
                                           fftcl_error *err)
{
  cl_program program;
  fftcl_status status
    = fftcl_ocl_device_program (plan->device, "", &program, err);
  if (status == FFTCL_OK)
    status = create_kernel (program, "pack_planes", &plan->pack, err);
  if (status == FFTCL_OK)
    status = create_kernel (program, "split_chunks", &plan->split, err);
  if (status == FFTCL_OK)
    status = create_kernel (program, "window_means", &plan->window_means,
                            err);
  if (status == FFTCL_OK)
    status = create_kernel (program, "invert_frequencies",
                            &plan->invert_frequencies, err);
  if (status == FFTCL_OK)
    status = create_kernel (program, "amplitude_sums", &plan->amplitude_sums,
                            err);
  if (status == FFTCL_OK)
    status = create_kernel (program, "spectrum_cells", &plan->spectrum_cells,
                            err);
  if (status == FFTCL_OK)
    status = create_kernel (program, "gain_table", &plan->gain_table, err);
  if (status == FFTCL_OK)
    status = create_kernel (program, "gain_factors", &plan->gain_factors,
                            err);
  if (status == FFTCL_OK)
    status = create_kernel (program, "notch_table", &plan->notch_table, err);
  if (status == FFTCL_OK)
    status = size_split (plan, err);
  if (status == FFTCL_OK)
    status = create_factors (plan, err);
  const fftcl_ocl_arg table[] = { FFTCL_OCL_ARG (plan->scratch) };
  const fftcl_ocl_arg factors[] = { FFTCL_OCL_ARG (plan->factors) };
  if (status == FFTCL_OK)
    status = fftcl_ocl_set_args (plan->gain_table, 0, table, 1, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_set_args (plan->gain_factors, 0, factors, 1, err);
  if (status == FFTCL_OK && fftcl_ocl_fft_has_round_trip (plan->fft))
    status = fftcl_ocl_fft_set_gain_table (plan->fft, plan->scratch, err);
  return status;
}

static void destroy_plan (void *state)
{
  opencl_plan *plan = state;
  if (plan->fft)
    fftcl_ocl_fft_destroy (plan->fft);
  if (plan->lone_fft)
    fftcl_ocl_fft_destroy (plan->lone_fft);
  for (size_t i = 0; plan->spectra && i < plan->spectrum_count; i++)
    if (plan->spectra[i])
      clReleaseMemObject (plan->spectra[i]);
  free (plan->spectra);
  if (plan->scratch)
    clReleaseMemObject (plan->scratch);
  cl_mem buffers[]
    = { plan->notches.buffer,        plan->notch_starts.buffer,
        plan->notch_discs.buffer,    plan->notch_products.buffer,
        plan->means,                 plan->positions,
        plan->factors,               plan->lone_positions };
  for (size_t i = 0; i < sizeof buffers / sizeof *buffers; i++)
    if (buffers[i])
      clReleaseMemObject (buffers[i]);
  cl_kernel kernels[] = { plan->pack,
                          plan->split,
                          plan->window_means,
                          plan->invert_frequencies,
                          plan->amplitude_sums,
                          plan->spectrum_cells,
                          plan->gain_table,
                          plan->gain_factors,
                          plan->notch_table };
  for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++)
    if (kernels[i])
      clReleaseKernel (kernels[i]);
  free (plan);
}

/* An odd batch's last plane is lone where the in-place stages take one
 * plane per launch. Where they take two, small planes, the time goes to
 * launches rather than to work, and a lone plane, which needs launches of
 * its own, costs more than it saves (docs/performance.md, "Rules in the
 * code": lone plane). */
static int takes_lone_plane (const opencl_plan *plan)
{
  return plan->batch % 2 && plan->width >= 2
         && fftcl_ocl_fft_planes_per_launch (plan->fft) == 1;
}

static fftcl_status create_plan (void *device, size_t width, size_t height,
                                 size_t batch, void **out, fftcl_error *err)
{
  opencl_plan *plan = calloc (1, sizeof *plan);
  if (!plan)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  *plan = (opencl_plan) { .device = device,
                          .width = width,
                          .height = height,
                          .batch = batch,
                          .spectrum_count = (batch + 1) / 2 };
  fftcl_status status = ocl_check_memory (plan, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_fft_create (device, width, height, &plan->fft, err);
  if (status == FFTCL_OK && takes_lone_plane (plan))
    status = fftcl_ocl_fft_create_lone (device, width / 2, height,
                                        &plan->lone_fft, err);
  if (status == FFTCL_OK)
    status = ocl_create_planes (plan, err);
  if (status == FFTCL_OK)
    status = create_filter_kernels (plan, err);
  if (status != FFTCL_OK)
    {
      destroy_plan (plan);
      return status;
    }
  *out = plan;
  return FFTCL_OK;
}

static fftcl_status transform (void *state, fftcl_direction direction,
                               float *data, fftcl_error *err)
{
  opencl_plan *plan = state;
  cl_mem spare = ocl_borrow_spare (plan);
  size_t floats = 2 * area_of (plan);
  fftcl_status status = FFTCL_OK;
  for (size_t b = 0; b < plan->batch && status == FFTCL_OK; b++)
    {
      float *plane = data + b * floats;
      cl_mem result;
      status = ocl_write_plane (plan, plan->scratch, plane, floats, err);
      if (status == FFTCL_OK)
        status = fftcl_ocl_fft_natural (plan->fft, direction, plan->scratch,
                                        spare, &result, err);
      if (status == FFTCL_OK)
        status = ocl_read_plane (plan, result, plane, err);
    }
  return ocl_finish (plan, status, err);
}

/* Runs `runs` times, each run waited for and timed. */
typedef fftcl_status (*timed_run) (opencl_plan *plan, const void *what,
                                   fftcl_error *err);

static fftcl_status time_runs (opencl_plan *plan, timed_run run,
                               const void *what, size_t runs, double *ms,
                               fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  for (size_t i = 0; i < runs && status == FFTCL_OK; i++)
    {
      double start = fftcl_now_ms ();
      status = ocl_finish (plan, run (plan, what, err), err);
      ms[i] = fftcl_now_ms () - start;
    }
  return status;
}

static fftcl_status run_transform (opencl_plan *plan, const void *direction,
                                   fftcl_error *err)
{
  cl_mem spare = ocl_borrow_spare (plan), result;
  fftcl_status status = FFTCL_OK;
  for (size_t b = 0; b < plan->batch && status == FFTCL_OK; b++)
    status = fftcl_ocl_fft_natural (plan->fft,
                                    *(const fftcl_direction *) direction,
                                    plan->scratch, spare, &result, err);
  return status;
}

/* Every plane goes through the scratch plane, so the data is uploaded once
 * there and each run transforms it `batch` times. */
static fftcl_status time_transform (void *state, fftcl_direction direction,
                                    const float *data, size_t runs,
                                    double *ms, fftcl_error *err)
{
  opencl_plan *plan = state;
  fftcl_status status = ocl_finish (
    plan, ocl_write_plane (plan, plan->scratch, data, 2 * area_of (plan), err),
    err);
  if (status != FFTCL_OK)
    return status;
  return time_runs (plan, run_transform, &direction, runs, ms, err);
}

/* fftcl_filter_once's work without its transfers: setting the gain (its
 * notches' table too), its table or factors, the forward transform, then
 * the round trip and the inverse, as many planes at a time as one launch
 * takes. */
static fftcl_status run_filter (opencl_plan *plan, const void *gain,
                                fftcl_error *err)
{
  fftcl_status status = ocl_set_gain (plan, gain, err);
  if (status == FFTCL_OK)
    status = ocl_filter_forward (plan, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_fft_filter_rest (plan->fft, plan->spectra,
                                        paired_count (plan), err);
  if (status == FFTCL_OK && plan->lone_fft)
    status = fftcl_ocl_fft_filtered_inverse (
      plan->lone_fft, plan->spectra[plan->spectrum_count - 1], plan->scratch,
      err);
  return status;
}

static fftcl_status time_filter (void *state, const fftcl_gain *gain,
                                 const float *planes, size_t runs,
                                 double *ms, fftcl_error *err)
{
  opencl_plan *plan = state;
  fftcl_status status
    = ocl_finish (plan, ocl_upload_side_by_side (plan, planes, err), err);
  if (status != FFTCL_OK)
    return status;
  plan->spectrum_lost = 1;
  return time_runs (plan, run_filter, gain, runs, ms, err);
}

const fftcl_backend fftcl_opencl_backend = {
  .open = open_device,
  .close = close_device,
  .identify = identify_device,
  .plan_create = create_plan,
  .plan_create_mirrored = NULL,
  .plan_destroy = destroy_plan,
  .transform = transform,
  .filter_load = ocl_filter_load,
  .filter_load_rows = ocl_filter_load_rows,
  .filter_apply_window = ocl_filter_apply_window,
  .lays_out = 1,
  .filter_finish = ocl_filter_finish,
  .filter_once = ocl_filter_once,
  .filter_spectrum = ocl_filter_spectrum,
  .time_transform = time_transform,
  .time_filter = time_filter,
};
