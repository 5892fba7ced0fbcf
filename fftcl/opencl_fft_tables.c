/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The tables an OpenCL FFT's stages read: twiddles, mirror positions
 * and frequencies, computed on the host and copied to the device. */
#include "opencl_fft_plan.h"

#include <math.h>
#include <stdlib.h>

int ocl_fft_has_element_twiddles (const stage_shape *s)
{
  return s->unit == 1 && s->twiddle_step && !s->cross;
}

static void set_twiddle (float *table, size_t index, double turns)
{
  table[2 * index] = (float) cos (-2 * M_PI * turns);
  table[2 * index + 1] = (float) sin (-2 * M_PI * turns);
}

/* A read-only device copy of `bytes` of `table`; `what` names it in the
 * error. */
static fftcl_status copy_to_device (const fftcl_ocl_device *device,
                                    const void *table, size_t bytes,
                                    const char *what, cl_mem *out,
                                    fftcl_error *err)
{
  cl_int code;
  *out = clCreateBuffer (device->context,
                         CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                         (void *) table, &code);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, what);
  return FFTCL_OK;
}

static fftcl_status upload_table (const fftcl_ocl_device *device,
                                  const float *table, size_t values,
                                  cl_mem *out, fftcl_error *err)
{
  return copy_to_device (device, table, 2 * sizeof (float) * values,
                         "creating a twiddle table", out, err);
}

fftcl_status ocl_fft_create_element_twiddles (const fftcl_ocl_device *device,
                                              const stage_shape *s,
                                              cl_uint table_length,
                                              cl_mem *out, fftcl_error *err)
{
  size_t count = (size_t) s->length * s->inner_out;
  float *table = malloc (2 * count * sizeof *table);
  if (!table)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  for (cl_uint e = 0; e < s->length; e++)
    for (cl_uint n = 0; n < s->inner_out; n++)
      {
        cl_ulong m = (cl_ulong) n * e * s->twiddle_step % table_length;
        set_twiddle (table, (size_t) e * s->inner_out + n,
                     (double) m / table_length);
      }
  fftcl_status status = upload_table (device, table, count, out, err);
  free (table);
  return status;
}

/* exp(−2πi m / length) for m < length, computed in double. */
static void fill_stage_twiddles (float *table, cl_uint length)
{
  for (cl_uint m = 0; m < length; m++)
    set_twiddle (table, m, (double) m / length);
}

/* For every stage length L = 2, 4, … < 2 · `longest`, from entry L on: the
 * twiddles of its passes after the first, as twiddle_pass in
 * kernels/fft.cl reads them. */
static void fill_pass_twiddles (float *table, cl_uint longest, cl_uint radix)
{
  for (cl_uint length = 2; length <= longest; length *= 2)
    {
      cl_uint first = ocl_fft_first_radix (length, radix);
      for (cl_uint span = first; span < length; span *= radix)
        for (cl_uint r = 1; r < radix; r++)
          for (cl_uint k = 0; k < span; k++)
            set_twiddle (table,
                         length + span - first + (r - 1) * span + k,
                         (double) k * r / ((double) radix * span));
    }
}

fftcl_status ocl_fft_create_twiddles (fftcl_ocl_fft *fft,
                                      const fftcl_ocl_device *device,
                                      cl_uint length, cl_uint longest_stage,
                                      cl_uint radix, fftcl_error *err)
{
  size_t values = ocl_fft_max_u (length, 2 * longest_stage);
  float *table = calloc (2 * values, sizeof *table);
  if (!table)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fill_stage_twiddles (table, length);
  fftcl_status status = upload_table (device, table, length, &fft->twiddles,
                                      err);
  fill_pass_twiddles (table, longest_stage, radix);
  if (status == FFTCL_OK)
    status = upload_table (device, table, 2 * longest_stage,
                           &fft->pass_twiddles, err);
  free (table);
  return status;
}

/* In decimation in frequency, the digits of a frequency k = d_0 + R_0 d_1
 * + R_0 R_1 d_2 + … come out in reverse order: position p = d_last
 * + R_last d_(last−1) + …. */
static cl_uint frequency_at (const axis *a, cl_uint position)
{
  cl_uint k = 0;
  for (unsigned i = a->stage_count; i-- > 0;)
    {
      cl_uint radix = 1u << a->log_lengths[i];
      k += (position % radix) * ocl_fft_factors_before (a, i);
      position /= radix;
    }
  return k;
}

/* mirrors[p]: the position of frequency −k, for k at position p;
 * `position_of` has room for the axis. */
static void fill_mirrors (const axis *a, cl_uint *position_of,
                          cl_uint *mirrors)
{
  for (cl_uint p = 0; p < a->length; p++)
    position_of[frequency_at (a, p)] = p;
  for (cl_uint p = 0; p < a->length; p++)
    mirrors[p]
      = position_of[(a->length - frequency_at (a, p)) & (a->length - 1)];
}

fftcl_status ocl_fft_create_mirrors (const fftcl_ocl_device *device,
                                     const axis *x, const axis *y, cl_mem *out,
                                     fftcl_error *err)
{
  size_t count = (size_t) x->length + y->length;
  cl_uint *table
    = malloc ((count + ocl_fft_max_u (x->length, y->length)) * sizeof *table);
  if (!table)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fill_mirrors (x, table + count, table);
  fill_mirrors (y, table + count, table + x->length);
  fftcl_status status
    = copy_to_device (device, table, count * sizeof *table,
                      "creating the mirror table", out, err);
  free (table);
  return status;
}

/* k/N with k taken in [−N/2, N/2): an axis of length 1 has frequency 0. */
static void fill_frequencies (const axis *a, float *out)
{
  for (cl_uint p = 0; p < a->length; p++)
    {
      cl_uint k = frequency_at (a, p);
      double signed_k = 2 * (cl_ulong) k < a->length ? (double) k
                                                    : (double) k - a->length;
      out[p] = (float) (signed_k / a->length);
    }
}

fftcl_status ocl_fft_create_frequencies (const fftcl_ocl_device *device,
                                         const axis *x, const axis *y,
                                         cl_mem *out, fftcl_error *err)
{
  size_t count = (size_t) x->length + y->length;
  float *table = malloc (count * sizeof *table);
  if (!table)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fill_frequencies (x, table);
  fill_frequencies (y, table + x->length);
  fftcl_status status
    = copy_to_device (device, table, count * sizeof *table,
                      "creating the frequency table", out, err);
  free (table);
  return status;
}
