/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The OpenCL plan's spectrum view (fftcl_filter_spectrum). */
#include "opencl_plan.h"
#include "parallel.h"

#include <string.h>

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
    = ocl_launch (plan, plan->invert_frequencies, args, 4, 1, &count, NULL,
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
      status = ocl_launch (plan, plan->amplitude_sums, args,
                           sizeof args / sizeof *args, 2, global, NULL,
                           "summing amplitudes", err);
    }
  return status;
}

/* Where the view's rows go as the staging slots hand them over. */
typedef struct {
  float *out;
  size_t row_floats;
} cell_rows;

static void take_cell_rows (const void *job, size_t first, size_t end,
                            const float *from)
{
  const cell_rows *rows = job;
  memcpy (rows->out + first * rows->row_floats, from,
          (end - first) * rows->row_floats * sizeof *from);
}

/* The view, out_width × out_height floats at the scratch plane's
 * width · height, read to `out`: through the staging slots when it fills
 * one (and the device gave them), else straight. */
static fftcl_status read_cells (const opencl_plan *plan, size_t out_width,
                                size_t out_height, float *out,
                                fftcl_error *err)
{
  size_t bytes = out_width * out_height * sizeof *out;
  fftcl_ocl_device *device = plan->device;
  if (bytes >= FFTCL_OCL_SLOT_BYTES
      && fftcl_ocl_staging_ready (&device->staging, device->context,
                                  device->queue))
    {
      const cell_rows rows = { out, out_width };
      return fftcl_ocl_staged_read (&device->staging, device->queue,
                                    plan->scratch, area_of (plan), out_height,
                                    out_width, take_cell_rows, &rows,
                                    fftcl_threads_for (bytes), err);
    }
  cl_int code = clEnqueueReadBuffer (device->queue, plan->scratch, CL_FALSE,
                                     area_of (plan) * sizeof (float), bytes,
                                     out, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "downloading the spectrum view");
  return FFTCL_OK;
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
    = ocl_launch (plan, plan->spectrum_cells, args, sizeof args / sizeof *args,
                  2, global, NULL, "reducing the spectrum view", err);
  if (status != FFTCL_OK)
    return status;
  return read_cells (plan, out_width, out_height, out, err);
}

fftcl_status ocl_filter_spectrum (void *state, size_t out_width,
                                  size_t out_height, float *out,
                                  fftcl_error *err)
{
  opencl_plan *plan = state;
  fftcl_status status = ocl_check_spectrum (plan, err);
  if (status == FFTCL_OK)
    status = prepare_positions (plan, err);
  if (status == FFTCL_OK)
    status = sum_amplitudes (plan, err);
  if (status == FFTCL_OK)
    status = reduce_cells (plan, out_width, out_height, out, err);
  return ocl_finish (plan, status, err);
}
