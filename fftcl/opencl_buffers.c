/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The OpenCL plan's device memory and what moves it: planes, buffers
 * grown on demand, uploads and downloads, launches, and waiting. */
#include "opencl_plan.h"

#include "parallel.h"

#include <stdlib.h>
#include <string.h>

fftcl_status ocl_check_memory (const opencl_plan *plan, fftcl_error *err)
{
  const fftcl_ocl_device *device = plan->device;
  double mib = 1024.0 * 1024.0;
  size_t planes = plan->spectrum_count + 1;
  if (plane_bytes (plan) > device->max_alloc_bytes)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY,
                       "fftcl: a %zu×%zu plane needs %.0f MiB; the device "
                       "allows %.0f MiB per buffer",
                       plan->width, plan->height, plane_bytes (plan) / mib,
                       device->max_alloc_bytes / mib);
  if (planes * plane_bytes (plan) > device->global_bytes)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY,
                       "fftcl: %zu planes of %zu×%zu need %.0f MiB; the "
                       "device has %.0f MiB",
                       planes, plan->width, plan->height,
                       planes * plane_bytes (plan) / mib,
                       device->global_bytes / mib);
  return FFTCL_OK;
}

static fftcl_status create_plane (const opencl_plan *plan, cl_mem *out,
                                  fftcl_error *err)
{
  cl_int code;
  *out = clCreateBuffer (plan->device->context, CL_MEM_READ_WRITE,
                         plane_bytes (plan), NULL, &code);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "allocating a plane");
  return FFTCL_OK;
}

fftcl_status ocl_create_planes (opencl_plan *plan, fftcl_error *err)
{
  plan->spectra = calloc (plan->spectrum_count, sizeof *plan->spectra);
  if (!plan->spectra)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fftcl_status status = create_plane (plan, &plan->scratch, err);
  for (size_t i = 0; i < plan->spectrum_count && status == FFTCL_OK; i++)
    status = create_plane (plan, &plan->spectra[i], err);
  return status;
}

fftcl_status ocl_group_limit (const opencl_plan *plan, cl_kernel kernel,
                              size_t *group, const char *what,
                              fftcl_error *err)
{
  cl_int code = clGetKernelWorkGroupInfo (kernel, plan->device->id,
                                          CL_KERNEL_WORK_GROUP_SIZE,
                                          sizeof *group, group, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, what);
  return FFTCL_OK;
}

fftcl_status ocl_finish (const opencl_plan *plan, fftcl_status status,
                         fftcl_error *err)
{
  cl_int code = clFinish (plan->device->queue);
  if (status == FFTCL_OK && code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "waiting for the device");
  return status;
}

fftcl_status ocl_time_step (const opencl_plan *plan, double *total,
                            double *start, fftcl_error *err)
{
  if (!total)
    return FFTCL_OK;
  cl_int code = clFinish (plan->device->queue);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "waiting for the device");
  double now = fftcl_now_ms ();
  *total += now - *start;
  *start = now;
  return FFTCL_OK;
}

fftcl_status ocl_write_plane (const opencl_plan *plan, cl_mem buffer,
                              const float *data, size_t floats,
                              fftcl_error *err)
{
  cl_int code
    = clEnqueueWriteBuffer (plan->device->queue, buffer, CL_FALSE, 0,
                            floats * sizeof *data, data, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "uploading a plane");
  return FFTCL_OK;
}

fftcl_status ocl_read_plane (const opencl_plan *plan, cl_mem buffer,
                             float *data, fftcl_error *err)
{
  cl_int code = clEnqueueReadBuffer (plan->device->queue, buffer, CL_FALSE,
                                     0, plane_bytes (plan), data, 0, NULL,
                                     NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "downloading a plane");
  return FFTCL_OK;
}

cl_mem ocl_borrow_spare (opencl_plan *plan)
{
  if (!fftcl_ocl_fft_needs_spare (plan->fft))
    return NULL;
  plan->spectrum_lost = 1;
  return plan->spectra[0];
}

fftcl_status ocl_enqueue (const opencl_plan *plan, cl_kernel kernel,
                          cl_uint dimensions, const size_t *global,
                          const size_t *local, const char *what,
                          fftcl_error *err)
{
  cl_int code = clEnqueueNDRangeKernel (plan->device->queue, kernel,
                                        dimensions, NULL, global, local, 0,
                                        NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, what);
  return FFTCL_OK;
}

fftcl_status ocl_launch (const opencl_plan *plan, cl_kernel kernel,
                         const fftcl_ocl_arg *args, size_t count,
                         cl_uint dimensions, const size_t *global,
                         const size_t *local, const char *what,
                         fftcl_error *err)
{
  fftcl_status status = fftcl_ocl_set_args (kernel, 0, args, count, err);
  if (status != FFTCL_OK)
    return status;
  return ocl_enqueue (plan, kernel, dimensions, global, local, what, err);
}

/* The real planes' rows from the call's input; `first_plane` is the
 * pair's. A fill's scratch is made per share of a slot's rows: a failed
 * one sets `failed`, and the upload fails after its rows. */
typedef struct {
  const opencl_plan *plan;
  const fftcl_input *in;
  size_t first_plane;
  atomic_int failed;
} plane_rows;

/* Rows [first, end) of the pair's planes one after the other. */
static void fill_plane_rows (const void *job, size_t first, size_t end,
                             float *to)
{
  plane_rows *r = (plane_rows *) job;
  size_t width = r->plan->width, height = r->plan->height;
  float *scratch = fftcl_input_scratch (r->in, &r->failed);
  if (!scratch && atomic_load (&r->failed))
    return;
  while (first < end)
    {
      size_t plane = first / height, y = first % height;
      size_t stop = end - first < height - y ? y + (end - first) : height;
      fftcl_input_rows (r->in, width, r->first_plane + plane, y, stop, to,
                        scratch);
      to += (stop - y) * width;
      first += stop - y;
    }
  free (scratch);
}

/* Real planes 2k and 2k + 1 go one after the other to the scratch plane,
 * from where they are packed into spectrum plane k. A lone plane goes to
 * its spectrum plane as it is. */
static fftcl_status upload_pair (const opencl_plan *plan, size_t k,
                                 plane_rows *rows, size_t threads,
                                 fftcl_error *err)
{
  int lone = is_lone (plan, k);
  cl_int has_imaginary = 2 * k + 1 < plan->batch;
  size_t count = (lone || !has_imaginary ? 1 : 2) * plan->height;
  rows->first_plane = 2 * k;
  fftcl_status status = fftcl_ocl_staged_write (
    &plan->device->staging, plan->device->queue,
    lone ? plan->spectra[k] : plan->scratch, count, plan->width,
    fill_plane_rows, rows, threads, err);
  if (status == FFTCL_OK && atomic_load (&rows->failed))
    status = fftcl_out_of_memory (err);
  if (lone || status != FFTCL_OK)
    return status;
  size_t area = area_of (plan);
  cl_uint area_arg = (cl_uint) area;
  const fftcl_ocl_arg args[] = {
    FFTCL_OCL_ARG (plan->scratch), FFTCL_OCL_ARG (plan->spectra[k]),
    FFTCL_OCL_ARG (area_arg), FFTCL_OCL_ARG (has_imaginary),
  };
  status = fftcl_ocl_set_args (plan->pack, 0, args, 4, err);
  if (status == FFTCL_OK)
    status
      = ocl_enqueue (plan, plan->pack, 1, &area, NULL, "packing planes", err);
  return status;
}

fftcl_status ocl_upload_pairs (const opencl_plan *plan, const fftcl_input *in,
                               fftcl_error *err)
{
  fftcl_ocl_device *device = plan->device;
  plane_rows rows = { plan, in, 0, 0 };
  size_t threads = fftcl_threads_for (2 * plane_bytes (plan));
  fftcl_status status = FFTCL_OK;
  if (!fftcl_ocl_staging_ready (&device->staging, device->context,
                                device->queue))
    status = fftcl_out_of_memory (err);
  for (size_t k = 0; k < plan->spectrum_count && status == FFTCL_OK; k++)
    status = upload_pair (plan, k, &rows, threads, err);
  return status;
}

fftcl_status ocl_upload_side_by_side (const opencl_plan *plan,
                                      const float *planes, fftcl_error *err)
{
  const fftcl_strides side = fftcl_side_by_side (plan->width, plan->height);
  const fftcl_input in = { planes, &side, NULL };
  return ocl_upload_pairs (plan, &in, err);
}

fftcl_status ocl_grow (const opencl_plan *plan, grown_buffer *b, size_t bytes,
                       const char *what, fftcl_error *err)
{
  if (b->buffer && bytes <= b->bytes)
    return FFTCL_OK;
  if (b->buffer)
    clReleaseMemObject (b->buffer);
  cl_int code;
  b->bytes = bytes ? bytes : sizeof (cl_float4);
  b->buffer = clCreateBuffer (plan->device->context, CL_MEM_READ_WRITE,
                              b->bytes, NULL, &code);
  if (code == CL_SUCCESS)
    return FFTCL_OK;
  *b = (grown_buffer) { NULL, 0 };
  return fftcl_ocl_fail (err, code, what);
}

fftcl_status ocl_upload_grown (const opencl_plan *plan, grown_buffer *b,
                               const void *data, size_t bytes,
                               const char *what, fftcl_error *err)
{
  fftcl_status status = ocl_grow (plan, b, bytes, what, err);
  if (status != FFTCL_OK || !bytes)
    return status;
  cl_int code = clEnqueueWriteBuffer (plan->device->queue, b->buffer,
                                      CL_TRUE, 0, bytes, data, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, what);
  return FFTCL_OK;
}

fftcl_status ocl_reserve_means (opencl_plan *plan, size_t floats,
                                fftcl_error *err)
{
  if (floats <= plan->means_capacity)
    return FFTCL_OK;
  if (plan->means)
    clReleaseMemObject (plan->means);
  plan->means_capacity = 0;
  cl_int code;
  plan->means = clCreateBuffer (plan->device->context, CL_MEM_READ_WRITE,
                                floats * sizeof (float), NULL, &code);
  if (code != CL_SUCCESS)
    {
      plan->means = NULL;
      return fftcl_ocl_fail (err, code, "allocating the window buffer");
    }
  plan->means_capacity = floats;
  return FFTCL_OK;
}

void ocl_clear_timings (fftcl_timings *timings)
{
  if (timings)
    *timings = (fftcl_timings) { 0 };
}
