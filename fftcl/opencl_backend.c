/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The OpenCL backend: plans that own their device planes and kernels,
 * transforms and the band-pass filter on top of opencl_fft.h.
 *
 * Device memory of a plan is ceil(batch / 2) spectrum planes, two real
 * planes packed in each (the gain is real and even, so it filters both at
 * once), plus one scratch plane. Above the sizes whose in-place stages
 * take two planes per launch, an odd batch's last real plane lies in its
 * spectrum plane as the half-width complex plane of its even and odd
 * columns, whose transforms cost half a plane's (opencl_fft.h's lone
 * FFT); it is always filtered into the scratch plane. Transforms stream
 * one plane at a time through the scratch plane; when their long axes
 * need a spare plane they borrow the first spectrum plane, and the filter
 * must be loaded again.
 * An apply that keeps the spectrum transforms it back into the scratch
 * plane; the last apply (an apply with FFTCL_CONSUME) and
 * fftcl_filter_once filter the spectrum planes in place, fftcl_filter_once
 * with the gain tabled in the scratch plane for its round trip (a
 * separable gain as its factors per axis, in a small buffer of their own).
 * A gain with notches first tables their product over the grid, in half a
 * plane of its own. Windows of at most a quarter plane are averaged into a
 * buffer of their own; both are made when first needed. The spectrum view
 * works in the scratch plane. */
#include "backend.h"

#include "gain.h"
#include "notch_index.h"
#include "opencl_device.h"
#include "opencl_error.h"
#include "opencl_fft.h"

#include <stdlib.h>

/* Unpacking splits the scratch plane in chunks of this many values, or of
 * one row when rows are shorter; a row of a rectangular read lies within
 * one chunk. */
#define SPLIT_CHUNK 1024
#define SPLIT_THREADS 256

/* A buffer that the gain refills on every apply, grown when too small. */
typedef struct {
  cl_mem buffer;
  size_t bytes;
} grown_buffer;

typedef struct {
  fftcl_ocl_device *device;
  size_t width, height, batch;
  fftcl_ocl_fft *fft;
  fftcl_ocl_fft *lone_fft; /* the last spectrum plane's, when it holds one
                              real plane; else NULL */
  cl_mem *spectra; /* ceil(batch / 2) planes */
  size_t spectrum_count;
  cl_mem scratch;
  cl_kernel pack, split, window_means;
  cl_kernel invert_frequencies, amplitude_sums, spectrum_cells;
  cl_kernel gain_table; /* fills the round trip's table, in the scratch
                           plane */
  cl_kernel gain_factors; /* fills `factors` for a separable gain */
  cl_mem factors;         /* width + height float4s: gain.h's gain_args */
  int separable;          /* the gain set last is separable (gain.h) */
  cl_kernel notch_table;      /* fills notch_products */
  grown_buffer notches;       /* the gain's notch triples, as floats */
  grown_buffer notch_starts;  /* their index (notch_index.h) */
  grown_buffer notch_discs;
  grown_buffer notch_products; /* gain.h's notch table, width × height */
  size_t split_chunk, split_threads;
  cl_mem means;            /* window_means's output, made when needed */
  size_t means_capacity;   /* floats */
  cl_mem positions;        /* invert_frequencies's output, made when needed */
  cl_mem lone_positions;   /* the same for lone_fft */
  int spectrum_lost; /* a transform used spectra[0] as its spare */
} opencl_plan;

static size_t area_of (const opencl_plan *plan)
{
  return plan->width * plan->height;
}

/* Spectrum plane k holds one real plane for plan->lone_fft. */
static int is_lone (const opencl_plan *plan, size_t k)
{
  return plan->lone_fft && k + 1 == plan->spectrum_count;
}

/* The spectrum planes that plan->fft transforms, the first ones. */
static size_t paired_count (const opencl_plan *plan)
{
  return plan->spectrum_count - (plan->lone_fft != NULL);
}

static size_t plane_bytes (const opencl_plan *plan)
{
  return area_of (plan) * 2 * sizeof (float);
}

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

/* Refused up front: some runtimes only notice a buffer too large for the
 * device when the first kernel touches it. */
static fftcl_status check_memory (const opencl_plan *plan, fftcl_error *err)
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

static fftcl_status create_planes (opencl_plan *plan, fftcl_error *err)
{
  plan->spectra = calloc (plan->spectrum_count, sizeof *plan->spectra);
  if (!plan->spectra)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fftcl_status status = create_plane (plan, &plan->scratch, err);
  for (size_t i = 0; i < plan->spectrum_count && status == FFTCL_OK; i++)
    status = create_plane (plan, &plan->spectra[i], err);
  return status;
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

/* The most work-items `kernel` takes in one work-group on the device. */
static fftcl_status group_limit (const opencl_plan *plan, cl_kernel kernel,
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

static fftcl_status size_split (opencl_plan *plan, fftcl_error *err)
{
  size_t kernel_threads;
  fftcl_status status = group_limit (plan, plan->split, &kernel_threads,
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
  fftcl_status status = check_memory (plan, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_fft_create (device, width, height, &plan->fft, err);
  if (status == FFTCL_OK && takes_lone_plane (plan))
    status = fftcl_ocl_fft_create_lone (device, width / 2, height,
                                        &plan->lone_fft, err);
  if (status == FFTCL_OK)
    status = create_planes (plan, err);
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

/* Ends a call: waits for what was enqueued, which still reads or writes the
 * caller's memory, even when enqueuing failed half-way. */
static fftcl_status finish (const opencl_plan *plan, fftcl_status status,
                            fftcl_error *err)
{
  cl_int code = clFinish (plan->device->queue);
  if (status == FFTCL_OK && code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "waiting for the device");
  return status;
}

/* When timings are asked for (total not NULL), waits for the step and adds
 * the milliseconds since *start to *total. */
static fftcl_status time_step (const opencl_plan *plan, double *total,
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

static fftcl_status write_plane (const opencl_plan *plan, cl_mem buffer,
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

static fftcl_status read_plane (const opencl_plan *plan, cl_mem buffer,
                                float *data, fftcl_error *err)
{
  cl_int code = clEnqueueReadBuffer (plan->device->queue, buffer, CL_FALSE,
                                     0, plane_bytes (plan), data, 0, NULL,
                                     NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "downloading a plane");
  return FFTCL_OK;
}

/* The spare plane natural-order transforms need for long axes, if any. */
static cl_mem borrow_spare (opencl_plan *plan)
{
  if (!fftcl_ocl_fft_needs_spare (plan->fft))
    return NULL;
  plan->spectrum_lost = 1;
  return plan->spectra[0];
}

static fftcl_status transform (void *state, fftcl_direction direction,
                               float *data, fftcl_error *err)
{
  opencl_plan *plan = state;
  cl_mem spare = borrow_spare (plan);
  size_t floats = 2 * area_of (plan);
  fftcl_status status = FFTCL_OK;
  for (size_t b = 0; b < plan->batch && status == FFTCL_OK; b++)
    {
      float *plane = data + b * floats;
      cl_mem result;
      status = write_plane (plan, plan->scratch, plane, floats, err);
      if (status == FFTCL_OK)
        status = fftcl_ocl_fft_natural (plan->fft, direction, plan->scratch,
                                        spare, &result, err);
      if (status == FFTCL_OK)
        status = read_plane (plan, result, plane, err);
    }
  return finish (plan, status, err);
}

static fftcl_status enqueue (const opencl_plan *plan, cl_kernel kernel,
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

/* Sets all `count` arguments of `kernel` and enqueues it. */
static fftcl_status launch (const opencl_plan *plan, cl_kernel kernel,
                            const fftcl_ocl_arg *args, size_t count,
                            cl_uint dimensions, const size_t *global,
                            const size_t *local, const char *what,
                            fftcl_error *err)
{
  fftcl_status status = fftcl_ocl_set_args (kernel, 0, args, count, err);
  if (status != FFTCL_OK)
    return status;
  return enqueue (plan, kernel, dimensions, global, local, what, err);
}

/* Real planes 2k and 2k + 1 lie one after the other in `planes`: one
 * upload brings both to the scratch plane, from where they are packed into
 * spectrum plane k. A lone plane is uploaded as it is. */
static fftcl_status upload_pair (const opencl_plan *plan, size_t k,
                                 const float *planes, fftcl_error *err)
{
  size_t area = area_of (plan);
  if (is_lone (plan, k))
    return write_plane (plan, plan->spectra[k], planes + 2 * k * area, area,
                        err);
  cl_int has_imaginary = 2 * k + 1 < plan->batch;
  cl_uint area_arg = (cl_uint) area;
  const fftcl_ocl_arg args[] = {
    FFTCL_OCL_ARG (plan->scratch), FFTCL_OCL_ARG (plan->spectra[k]),
    FFTCL_OCL_ARG (area_arg), FFTCL_OCL_ARG (has_imaginary),
  };
  fftcl_status status
    = write_plane (plan, plan->scratch, planes + 2 * k * area,
                   (has_imaginary ? 2 : 1) * area, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_set_args (plan->pack, 0, args, 4, err);
  if (status == FFTCL_OK)
    status = enqueue (plan, plan->pack, 1, &area, NULL, "packing planes", err);
  return status;
}

static fftcl_status upload_pairs (const opencl_plan *plan,
                                  const float *planes, fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  for (size_t k = 0; k < plan->spectrum_count && status == FFTCL_OK; k++)
    status = upload_pair (plan, k, planes, err);
  return status;
}

static fftcl_status lone_forward (const opencl_plan *plan, fftcl_error *err)
{
  if (!plan->lone_fft)
    return FFTCL_OK;
  return fftcl_ocl_fft_in_place (plan->lone_fft, FFTCL_FORWARD,
                                 &plan->spectra[plan->spectrum_count - 1], 1,
                                 err);
}

/* Without `lays_out`, the planes come side by side. */
static fftcl_status filter_load (void *state, const float *planes,
                                 const fftcl_strides *layout,
                                 fftcl_timings *timings, fftcl_error *err)
{
  opencl_plan *plan = state;
  (void) layout;
  double *upload_ms = timings ? &timings->upload_ms : NULL;
  double *forward_ms = timings ? &timings->forward_ms : NULL;
  double start = fftcl_now_ms ();
  if (timings)
    timings->upload_ms = timings->forward_ms = 0;
  plan->spectrum_lost = 0;
  fftcl_status status = upload_pairs (plan, planes, err);
  if (status == FFTCL_OK)
    status = time_step (plan, upload_ms, &start, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_fft_in_place (plan->fft, FFTCL_FORWARD, plan->spectra,
                                     paired_count (plan), err);
  if (status == FFTCL_OK)
    status = lone_forward (plan, err);
  if (status == FFTCL_OK)
    status = time_step (plan, forward_ms, &start, err);
  return finish (plan, status, err);
}

static fftcl_status enqueue_gain_kernel (const opencl_plan *plan,
                                         cl_kernel kernel, size_t items,
                                         const char *what, fftcl_error *err)
{
  cl_int code = clEnqueueNDRangeKernel (plan->device->queue, kernel, 1, NULL,
                                        &items, NULL, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, what);
  return FFTCL_OK;
}

/* Makes `b` hold at least `bytes`; never empty, as a kernel argument may
 * not be an empty buffer. */
static fftcl_status grow (const opencl_plan *plan, grown_buffer *b,
                          size_t bytes, const char *what, fftcl_error *err)
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

/* Fills `b` with `bytes` of `data`, growing it when needed. */
static fftcl_status upload_grown (const opencl_plan *plan, grown_buffer *b,
                                  const void *data, size_t bytes,
                                  const char *what, fftcl_error *err)
{
  fftcl_status status = grow (plan, b, bytes, what, err);
  if (status != FFTCL_OK || !bytes)
    return status;
  cl_int code = clEnqueueWriteBuffer (plan->device->queue, b->buffer,
                                      CL_TRUE, 0, bytes, data, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, what);
  return FFTCL_OK;
}

/* The notch triples as floats, and their index. */
static fftcl_status upload_notches (opencl_plan *plan, const fftcl_gain *g,
                                    const fftcl_notch_index *index,
                                    fftcl_error *err)
{
  size_t values = 3 * g->notch_count;
  float *floats = malloc ((values ? values : 1) * sizeof *floats);
  if (!floats)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  for (size_t i = 0; i < values; i++)
    floats[i] = (float) g->notches[i];
  size_t cells = (size_t) index->index.cells * (size_t) index->index.cells;
  fftcl_status status
    = upload_grown (plan, &plan->notches, floats, values * sizeof *floats,
                    "uploading the notch table", err);
  free (floats);
  if (status == FFTCL_OK)
    status = upload_grown (plan, &plan->notch_starts, index->starts,
                           (cells + 1) * sizeof *index->starts,
                           "uploading the notch index", err);
  if (status == FFTCL_OK)
    status = upload_grown (plan, &plan->notch_discs, index->discs,
                           index->entries * sizeof *index->discs,
                           "uploading the notch index", err);
  return status;
}

/* Cells per axis of the notch index on a device: fine enough that a
 * frequency takes few discs beyond those that reach it, fewer where a
 * cell would not hold a whole work-group of notch_table. */
enum { NOTCH_CELLS = 64 };

/* Work-groups of notch_table: tiles of up to 16 × 16 bins. */
static fftcl_status notch_tile (const opencl_plan *plan, size_t *tile,
                                fftcl_error *err)
{
  size_t group;
  fftcl_status status = group_limit (plan, plan->notch_table, &group,
                                     "querying the notch table kernel", err);
  if (status != FFTCL_OK)
    return status;
  tile[0] = plan->width < 16 ? plan->width : 16;
  tile[1] = plan->height < 16 ? plan->height : 16;
  while (tile[0] * tile[1] > group)
    tile[tile[1] > 1] /= 2;
  return FFTCL_OK;
}

/* The gain's notches' product over the plan's grid into
 * plan->notch_products, from an index of cells that each hold whole
 * work-groups. */
static fftcl_status fill_notch_table (opencl_plan *plan, const fftcl_gain *g,
                                      fftcl_error *err)
{
  size_t tile[2], global[] = { plan->width, plan->height };
  fftcl_status status = notch_tile (plan, tile, err);
  int cells = NOTCH_CELLS;
  while (cells > 1
         && (plan->width / (size_t) cells < tile[0]
             || plan->height / (size_t) cells < tile[1]))
    cells /= 2;
  fftcl_notch_index index = { 0 };
  if (status == FFTCL_OK)
    status = fftcl_notch_index_make (g, cells, &index, err);
  if (status == FFTCL_OK)
    status = upload_notches (plan, g, &index, err);
  cl_int index_cells = index.index.cells, shape = g->shape;
  float order = (float) g->order;
  fftcl_notch_index_clear (&index);
  if (status != FFTCL_OK)
    return status;
  /* Half the local memory for the Gaussian discs' axis factors. */
  size_t per_disc = (tile[0] + tile[1]) * sizeof (float);
  size_t most = plan->device->local_bytes / 2 / per_disc;
  cl_uint chunk = (cl_uint) (most < 1 ? 1 : most > 64 ? 64 : most);
  const fftcl_ocl_arg args[] = {
    FFTCL_OCL_ARG (plan->notch_products.buffer),
    FFTCL_OCL_ARG (plan->notches.buffer),
    FFTCL_OCL_ARG (plan->notch_starts.buffer),
    FFTCL_OCL_ARG (plan->notch_discs.buffer),
    FFTCL_OCL_ARG (index_cells),
    FFTCL_OCL_ARG (shape),
    FFTCL_OCL_ARG (order),
    { chunk * tile[0] * sizeof (float), NULL },
    { chunk * tile[1] * sizeof (float), NULL },
    FFTCL_OCL_ARG (chunk),
  };
  return launch (plan, plan->notch_table, args, sizeof args / sizeof *args,
                 2, global, tile, "filling the notch table", err);
}

static fftcl_status set_gain (opencl_plan *plan, const fftcl_gain *g,
                              fftcl_error *err)
{
  cl_int notched = g->notch_count > 0;
  fftcl_status status = grow (
    plan, &plan->notch_products,
    notched ? area_of (plan) * sizeof (float) : 0,
    "allocating the notch table", err);
  if (status == FFTCL_OK && notched)
    status = fill_notch_table (plan, g, err);
  if (status != FFTCL_OK)
    return status;
  cl_mem frequencies = fftcl_ocl_fft_frequencies (plan->fft);
  cl_uint width = (cl_uint) plan->width, height = (cl_uint) plan->height;
  float large = (float) g->large_period, small = (float) g->small_period;
  float order = (float) g->order;
  float stripe_scale
    = (float) fftcl_stripe_scale (g, plan->width, plan->height);
  cl_int shape = g->shape, reject = g->reject, keep_mean = g->keep_mean;
  cl_int stripes = g->stripes;
  cl_int separable = gain_is_separable (shape);
  fftcl_ocl_arg args[] = {
    FFTCL_OCL_ARG (frequencies),   FFTCL_OCL_ARG (width),
    FFTCL_OCL_ARG (large),         FFTCL_OCL_ARG (small),
    FFTCL_OCL_ARG (shape),         FFTCL_OCL_ARG (order),
    FFTCL_OCL_ARG (reject),        FFTCL_OCL_ARG (keep_mean),
    FFTCL_OCL_ARG (stripes),       FFTCL_OCL_ARG (stripe_scale),
    FFTCL_OCL_ARG (plan->notch_products.buffer),
    FFTCL_OCL_ARG (width),         FFTCL_OCL_ARG (height),
    FFTCL_OCL_ARG (notched),       FFTCL_OCL_ARG (plan->factors),
    FFTCL_OCL_ARG (separable),
  };
  size_t count = sizeof args / sizeof *args;
  plan->separable = separable;
  status = fftcl_ocl_set_args (plan->gain_table, 1, args, count, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_set_args (plan->gain_factors, 1, args, count, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_fft_set_gain (plan->fft, args, count, err);
  if (status != FFTCL_OK || !plan->lone_fft)
    return status;
  cl_mem lone_frequencies = fftcl_ocl_fft_frequencies (plan->lone_fft);
  cl_uint lone_width = width / 2;
  args[0] = (fftcl_ocl_arg) FFTCL_OCL_ARG (lone_frequencies);
  args[1] = (fftcl_ocl_arg) FFTCL_OCL_ARG (lone_width);
  return fftcl_ocl_fft_set_gain (plan->lone_fft, args, count, err);
}

/* What the round trip reads the gain set last from, in every call: a
 * separable gain's factors, else the gain at every position, evaluated
 * once for all planes into the scratch plane. Evaluating it inside the
 * round trip, twice per position of an RGB image, costs far more than the
 * table, and the table more than the factors (docs/performance.md, "Rules
 * in the code": gain table and factors). */
static fftcl_status fill_gain (const opencl_plan *plan, fftcl_error *err)
{
  if (!fftcl_ocl_fft_has_round_trip (plan->fft) || !paired_count (plan))
    return FFTCL_OK;
  if (plan->separable)
    return enqueue_gain_kernel (plan, plan->gain_factors,
                                plan->width + plan->height,
                                "computing the gain's factors", err);
  return enqueue_gain_kernel (plan, plan->gain_table, area_of (plan),
                              "filling the gain table", err);
}

/* fftcl_filter_once's first half on the device: what the round trip reads the
 * gain from, then the forward transform short of its last stage (a lone
 * plane's whole forward transform). */
static fftcl_status filter_forward (opencl_plan *plan, fftcl_error *err)
{
  fftcl_status status = fill_gain (plan, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_fft_filter_forward (plan->fft, plan->spectra,
                                           paired_count (plan), err);
  if (status == FFTCL_OK)
    status = lone_forward (plan, err);
  return status;
}

/* Reads a rectangle of floats of `plane`, `columns` × `rows` from
 * (column, row) with rows `pitch` floats apart, to `host` with rows
 * `host_pitch` floats apart. */
static fftcl_status read_rect (const opencl_plan *plan, cl_mem plane,
                               size_t column, size_t row, size_t columns,
                               size_t rows, size_t pitch, size_t host_pitch,
                               float *host, fftcl_error *err)
{
  size_t f = sizeof (float);
  size_t origin[] = { column * f, row, 0 };
  size_t host_origin[] = { 0, 0, 0 };
  size_t region[] = { columns * f, rows, 1 };
  cl_int code = clEnqueueReadBufferRect (
    plan->device->queue, plane, CL_FALSE, origin, host_origin, region,
    pitch * f, 0, host_pitch * f, 0, host, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "downloading a window");
  return FFTCL_OK;
}

/* Reads the window of one real plane out of the split plane `split`:
 * `part` 0 for the real parts, 1 for the imaginary parts. A row of the
 * plane is width / chunk chunks, 2 · width floats: chunk c starts 2·c·chunk
 * floats in, with its real parts, then its imaginary parts. A window of
 * whole rows is read as one rectangle of chunks. */
static fftcl_status read_split_window (const opencl_plan *plan, cl_mem split,
                                       size_t part, const fftcl_window *w,
                                       float *plane, fftcl_error *err)
{
  size_t chunk = plan->split_chunk, width = plan->width;
  size_t chunks_per_row = width / chunk;
  if (w->x == 0 && w->width == width)
    return read_rect (plan, split, part * chunk, w->y * chunks_per_row,
                      chunk, w->height * chunks_per_row, 2 * chunk, chunk,
                      plane, err);
  fftcl_status status = FFTCL_OK;
  size_t end = w->x + w->width;
  for (size_t c = w->x / chunk; c * chunk < end && status == FFTCL_OK; c++)
    {
      size_t first = w->x > c * chunk ? w->x : c * chunk;
      size_t last = end < (c + 1) * chunk ? end : (c + 1) * chunk;
      status = read_rect (plan, split,
                          2 * c * chunk + part * chunk + (first - c * chunk),
                          w->y, last - first, w->height, 2 * width,
                          w->width, plane + (first - w->x), err);
    }
  return status;
}

/* Splits the filtered pair k, in `filtered`, and reads the window of its
 * real planes (a lone plane's, as it lies). */
static fftcl_status download_split_window (const opencl_plan *plan,
                                           cl_mem filtered, size_t k,
                                           const fftcl_window *w, float *out,
                                           fftcl_error *err)
{
  size_t global = area_of (plan) / plan->split_chunk * plan->split_threads;
  size_t window_area = w->width * w->height;
  if (is_lone (plan, k))
    return read_rect (plan, filtered, w->x, w->y, w->width, w->height,
                      plan->width, w->width, out + 2 * k * window_area, err);
  const fftcl_ocl_arg args[] = { FFTCL_OCL_ARG (filtered) };
  fftcl_status status = fftcl_ocl_set_args (plan->split, 0, args, 1, err);
  if (status == FFTCL_OK)
    status = enqueue (plan, plan->split, 1, &global, &plan->split_threads,
                      "unpacking planes", err);
  if (status == FFTCL_OK)
    status = read_split_window (plan, filtered, 0, w,
                                out + 2 * k * window_area, err);
  if (status == FFTCL_OK && 2 * k + 1 < plan->batch)
    status = read_split_window (plan, filtered, 1, w,
                                out + (2 * k + 1) * window_area, err);
  return status;
}

/* Runs a 2-D kernel over columns × rows items, in work-groups of one row
 * of up to 64 items, the range rounded up to whole groups. */
static fftcl_status enqueue_rows (const opencl_plan *plan, cl_kernel kernel,
                                  size_t columns, size_t rows,
                                  const char *what, fftcl_error *err)
{
  size_t group;
  fftcl_status status = group_limit (plan, kernel, &group, what, err);
  if (status != FFTCL_OK)
    return status;
  size_t local[] = { 64, 1 };
  while (local[0] > group || local[0] >= 2 * columns)
    local[0] /= 2;
  size_t global[] = { (columns + local[0] - 1) / local[0] * local[0], rows };
  return enqueue (plan, kernel, 2, global, local, what, err);
}

/* Makes the means buffer hold at least `floats` floats. */
static fftcl_status reserve_means (opencl_plan *plan, size_t floats,
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

/* Averages the window of the filtered pair k, in `filtered`, into the
 * means buffer and reads it. */
static fftcl_status download_window_means (const opencl_plan *plan,
                                           cl_mem filtered, size_t k,
                                           const fftcl_window *w, float *out,
                                           fftcl_error *err)
{
  size_t window_area = w->width * w->height;
  cl_int has_imaginary = 2 * k + 1 < plan->batch;
  cl_uint value_floats = is_lone (plan, k) ? 1 : 2;
  cl_uint row_floats = value_floats * (cl_uint) plan->width;
  cl_uint x = (cl_uint) w->x;
  cl_uint y = (cl_uint) w->y, step = (cl_uint) w->step;
  cl_uint window_width = (cl_uint) w->width;
  cl_uint window_height = (cl_uint) w->height;
  const fftcl_ocl_arg args[] = {
    FFTCL_OCL_ARG (filtered),      FFTCL_OCL_ARG (plan->means),
    FFTCL_OCL_ARG (row_floats),    FFTCL_OCL_ARG (value_floats),
    FFTCL_OCL_ARG (x),
    FFTCL_OCL_ARG (y),             FFTCL_OCL_ARG (step),
    FFTCL_OCL_ARG (window_width),  FFTCL_OCL_ARG (window_height),
    FFTCL_OCL_ARG (has_imaginary),
  };
  fftcl_status status = fftcl_ocl_set_args (plan->window_means, 0, args,
                                            sizeof args / sizeof *args, err);
  if (status == FFTCL_OK)
    status = enqueue_rows (plan, plan->window_means, w->width, w->height,
                           "averaging a window", err);
  if (status != FFTCL_OK)
    return status;
  cl_int code = clEnqueueReadBuffer (
    plan->device->queue, plan->means, CL_FALSE, 0,
    (has_imaginary ? 2 : 1) * window_area * sizeof (float),
    out + 2 * k * window_area, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "downloading a window");
  return FFTCL_OK;
}

static fftcl_status check_spectrum (const opencl_plan *plan,
                                    fftcl_error *err)
{
  if (plan->spectrum_lost)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: a transform on this plan overwrote the "
                       "filter's spectrum; load it again");
  return FFTCL_OK;
}

typedef fftcl_status (*inverse_call) (const fftcl_ocl_fft *fft,
                                      cl_mem spectrum, cl_mem out,
                                      fftcl_error *err);

/* Delivers the window of each filtered pair. With `inverse`, each
 * spectrum plane is transformed back into the scratch plane first and
 * delivered from there, and the spectrum stays; without, the spectrum
 * planes hold the filtered pairs already. A lone plane is always
 * transformed back into the scratch plane. A window of at most a quarter
 * plane (every step but 1 gives one) is averaged on the device and read
 * in one piece; a larger one is read row by row out of the split plane,
 * with no copy on the device. */
static fftcl_status deliver_window (opencl_plan *plan, inverse_call inverse,
                                    const fftcl_window *window, float *out,
                                    fftcl_timings *timings, double *start,
                                    fftcl_error *err)
{
  double *inverse_ms = timings ? &timings->inverse_ms : NULL;
  double *download_ms = timings ? &timings->download_ms : NULL;
  size_t window_area = window->width * window->height;
  int averaged = 4 * window_area <= area_of (plan);
  fftcl_status status = averaged
                          ? reserve_means (plan, 2 * window_area, err)
                          : FFTCL_OK;
  for (size_t k = 0; k < plan->spectrum_count && status == FFTCL_OK; k++)
    {
      int lone = is_lone (plan, k);
      cl_mem filtered
        = inverse || lone ? plan->scratch : plan->spectra[k];
      if (lone)
        status = fftcl_ocl_fft_filtered_inverse (
          plan->lone_fft, plan->spectra[k], plan->scratch, err);
      else if (inverse)
        status = inverse (plan->fft, plan->spectra[k], plan->scratch, err);
      if (status == FFTCL_OK && (inverse || lone))
        status = time_step (plan, inverse_ms, start, err);
      if (status == FFTCL_OK)
        status = averaged ? download_window_means (plan, filtered, k, window,
                                                   out, err)
                          : download_split_window (plan, filtered, k, window,
                                                   out, err);
      if (status == FFTCL_OK)
        status = time_step (plan, download_ms, start, err);
    }
  return status;
}

typedef fftcl_status (*in_place_call) (const fftcl_ocl_fft *fft,
                                       const cl_mem *planes, size_t count,
                                       fftcl_error *err);

/* Filters the spectrum planes in place with `filter`, as many at a time
 * as one launch takes, and delivers the window from them. */
static fftcl_status deliver_in_place (opencl_plan *plan, in_place_call filter,
                                      const fftcl_window *window, float *out,
                                      fftcl_timings *timings, double *start,
                                      fftcl_error *err)
{
  fftcl_status status
    = filter (plan->fft, plan->spectra, paired_count (plan), err);
  if (status == FFTCL_OK)
    status = time_step (plan, timings ? &timings->inverse_ms : NULL, start,
                        err);
  if (status == FFTCL_OK)
    status = deliver_window (plan, NULL, window, out, timings, start, err);
  return status;
}

static void clear_timings (fftcl_timings *timings)
{
  if (timings)
    *timings = (fftcl_timings) { 0 };
}

/* An apply that keeps the spectrum, through the scratch plane, or the
 * last one (an apply with FFTCL_CONSUME), in the spectrum planes. */
static fftcl_status apply (opencl_plan *plan, const fftcl_gain *gain,
                           const fftcl_window *window, float *out,
                           fftcl_timings *timings, int last,
                           fftcl_error *err)
{
  fftcl_status status = check_spectrum (plan, err);
  if (status != FFTCL_OK)
    return status;
  double start = fftcl_now_ms ();
  clear_timings (timings);
  plan->spectrum_lost = last;
  status = set_gain (plan, gain, err);
  if (status == FFTCL_OK && last)
    status = deliver_in_place (plan, fftcl_ocl_fft_filter_in_place, window,
                               out, timings, &start, err);
  else if (status == FFTCL_OK)
    status = deliver_window (plan, fftcl_ocl_fft_filtered_inverse, window,
                             out, timings, &start, err);
  return finish (plan, status, err);
}

static fftcl_status filter_apply_window (void *state, const fftcl_gain *gain,
                                         const fftcl_window *window,
                                         float *out,
                                         const fftcl_strides *layout,
                                         fftcl_timings *timings,
                                         fftcl_error *err)
{
  (void) layout;
  return apply (state, gain, window, out, timings, 0, err);
}

static fftcl_status filter_finish (void *state, const fftcl_gain *gain,
                                   const fftcl_window *window, float *out,
                                   const fftcl_strides *layout,
                                   fftcl_timings *timings, fftcl_error *err)
{
  (void) layout;
  return apply (state, gain, window, out, timings, 1, err);
}

/* fftcl_filter_once: the forward transform stops short of its last stage,
 * which runs forward, with the gain and back in one pass, so each plane
 * makes one trip through memory less than a load and an apply. All of it
 * runs in place in the spectrum planes. */
static fftcl_status filter_once (void *state, const fftcl_gain *gain,
                                 const float *planes,
                                 const fftcl_window *window, float *out,
                                 fftcl_timings *timings, fftcl_error *err)
{
  opencl_plan *plan = state;
  double start = fftcl_now_ms ();
  clear_timings (timings);
  plan->spectrum_lost = 1;
  fftcl_status status = upload_pairs (plan, planes, err);
  if (status == FFTCL_OK)
    status = time_step (plan, timings ? &timings->upload_ms : NULL, &start,
                        err);
  if (status == FFTCL_OK)
    status = set_gain (plan, gain, err);
  if (status == FFTCL_OK)
    status = filter_forward (plan, err);
  if (status == FFTCL_OK)
    status = time_step (plan, timings ? &timings->forward_ms : NULL, &start,
                        err);
  if (status == FFTCL_OK)
    status = deliver_in_place (plan, fftcl_ocl_fft_filter_rest, window, out,
                               timings, &start, err);
  return finish (plan, status, err);
}

/* The position of each frequency index in the in-place spectrum order of
 * `fft`, a width × height plane's, worked out from its frequency table. */
static fftcl_status invert_frequencies (const opencl_plan *plan,
                                        const fftcl_ocl_fft *fft,
                                        size_t width, cl_mem *out,
                                        fftcl_error *err)
{
  size_t count = width + plan->height;
  cl_int code;
  cl_mem positions = clCreateBuffer (plan->device->context, CL_MEM_READ_WRITE,
                                     count * sizeof (cl_uint), NULL, &code);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "allocating the position table");
  cl_mem frequencies = fftcl_ocl_fft_frequencies (fft);
  cl_uint width_arg = (cl_uint) width, height = (cl_uint) plan->height;
  const fftcl_ocl_arg args[] = {
    FFTCL_OCL_ARG (frequencies), FFTCL_OCL_ARG (positions),
    FFTCL_OCL_ARG (width_arg), FFTCL_OCL_ARG (height),
  };
  fftcl_status status
    = launch (plan, plan->invert_frequencies, args, 4, 1, &count, NULL,
              "inverting the frequency table", err);
  if (status == FFTCL_OK)
    *out = positions;
  else
    clReleaseMemObject (positions);
  return status;
}

/* The position tables of the spectrum planes, made once. */
static fftcl_status prepare_positions (opencl_plan *plan, fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  if (!plan->positions)
    status = invert_frequencies (plan, plan->fft, plan->width,
                                 &plan->positions, err);
  if (status == FFTCL_OK && plan->lone_fft && !plan->lone_positions)
    status = invert_frequencies (plan, plan->lone_fft, plan->width / 2,
                                 &plan->lone_positions, err);
  return status;
}

/* The amplitudes of every spectrum plane, summed per frequency in the
 * scratch plane's first width · height floats. */
static fftcl_status sum_amplitudes (const opencl_plan *plan,
                                    fftcl_error *err)
{
  cl_uint width = (cl_uint) plan->width, height = (cl_uint) plan->height;
  const size_t global[] = { plan->width, plan->height };
  fftcl_status status = FFTCL_OK;
  for (size_t k = 0; k < plan->spectrum_count && status == FFTCL_OK; k++)
    {
      cl_int has_imaginary = 2 * k + 1 < plan->batch, first = k == 0;
      cl_int lone = is_lone (plan, k);
      cl_mem positions = lone ? plan->lone_positions : plan->positions;
      const fftcl_ocl_arg args[] = {
        FFTCL_OCL_ARG (plan->spectra[k]), FFTCL_OCL_ARG (plan->scratch),
        FFTCL_OCL_ARG (positions),        FFTCL_OCL_ARG (width),
        FFTCL_OCL_ARG (height),           FFTCL_OCL_ARG (has_imaginary),
        FFTCL_OCL_ARG (lone),             FFTCL_OCL_ARG (first),
      };
      status = launch (plan, plan->amplitude_sums, args,
                       sizeof args / sizeof *args, 2, global, NULL,
                       "summing amplitudes", err);
    }
  return status;
}

/* The cells of the view, after the sums in the scratch plane, read to
 * `out`. */
static fftcl_status reduce_cells (const opencl_plan *plan, size_t out_width,
                                  size_t out_height, float *out,
                                  fftcl_error *err)
{
  cl_uint width = (cl_uint) plan->width, height = (cl_uint) plan->height;
  cl_uint cells_x = (cl_uint) out_width, cells_y = (cl_uint) out_height;
  float norm = 1.0f / (float) area_of (plan);
  const fftcl_ocl_arg args[] = {
    FFTCL_OCL_ARG (plan->scratch), FFTCL_OCL_ARG (width),
    FFTCL_OCL_ARG (height),        FFTCL_OCL_ARG (cells_x),
    FFTCL_OCL_ARG (cells_y),       FFTCL_OCL_ARG (norm),
  };
  const size_t global[] = { out_width, out_height };
  fftcl_status status
    = launch (plan, plan->spectrum_cells, args, sizeof args / sizeof *args,
              2, global, NULL, "reducing the spectrum view", err);
  if (status != FFTCL_OK)
    return status;
  cl_int code = clEnqueueReadBuffer (
    plan->device->queue, plan->scratch, CL_FALSE,
    area_of (plan) * sizeof (float), out_width * out_height * sizeof *out,
    out, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "downloading the spectrum view");
  return FFTCL_OK;
}

static fftcl_status filter_spectrum (void *state, size_t out_width,
                                     size_t out_height, float *out,
                                     fftcl_error *err)
{
  opencl_plan *plan = state;
  fftcl_status status = check_spectrum (plan, err);
  if (status == FFTCL_OK)
    status = prepare_positions (plan, err);
  if (status == FFTCL_OK)
    status = sum_amplitudes (plan, err);
  if (status == FFTCL_OK)
    status = reduce_cells (plan, out_width, out_height, out, err);
  return finish (plan, status, err);
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
      status = finish (plan, run (plan, what, err), err);
      ms[i] = fftcl_now_ms () - start;
    }
  return status;
}

static fftcl_status run_transform (opencl_plan *plan, const void *direction,
                                   fftcl_error *err)
{
  cl_mem spare = borrow_spare (plan), result;
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
  fftcl_status status = finish (
    plan, write_plane (plan, plan->scratch, data, 2 * area_of (plan), err),
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
  fftcl_status status = set_gain (plan, gain, err);
  if (status == FFTCL_OK)
    status = filter_forward (plan, err);
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
  fftcl_status status = finish (plan, upload_pairs (plan, planes, err), err);
  if (status != FFTCL_OK)
    return status;
  plan->spectrum_lost = 1;
  return time_runs (plan, run_filter, gain, runs, ms, err);
}

const fftcl_backend fftcl_opencl_backend = {
  .open = open_device,
  .close = close_device,
  .plan_create = create_plan,
  .plan_create_mirrored = NULL,
  .plan_destroy = destroy_plan,
  .transform = transform,
  .filter_load = filter_load,
  .filter_load_rows = NULL,
  .filter_apply_window = filter_apply_window,
  .lays_out = 0,
  .filter_finish = filter_finish,
  .filter_once = filter_once,
  .filter_spectrum = filter_spectrum,
  .time_transform = time_transform,
  .time_filter = time_filter,
};
