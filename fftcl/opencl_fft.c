/* SPDX-License-Identifier: GPL-3.0-or-later */
/* opencl_fft.h's plans: made and destroyed, and their transforms and
 * filter passes enqueued (opencl_fft_plan.h names the other files). */
#include "opencl_fft_plan.h"

#include <stdlib.h>

/* kernels/fft.cl's twiddle modes. */
enum { TWIDDLE_NONE, TWIDDLE_BEFORE, TWIDDLE_AFTER };

/* Planes up to this many values run their in-place stages two planes per
 * launch: small planes fill a GPU better two at a time, larger ones run
 * faster one per launch (docs/performance.md, "Rules in the code": two
 * planes per launch). */
#define LARGEST_PAIRED_PLANE (1024 * 1024)

static fftcl_status create (fftcl_ocl_device *device, size_t width,
                            size_t height, int lone, fftcl_ocl_fft **out,
                            fftcl_error *err)
{
  if ((cl_ulong) width * height > (cl_ulong) 1 << 31)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY,
                       "fftcl: %zu×%zu values are more than one plane can "
                       "index (2^31)",
                       width, height);
  fftcl_ocl_fft *fft = calloc (1, sizeof *fft);
  if (!fft)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fft->queue = device->queue;
  fft->pairs_planes = !lone && (size_t) width * height <= LARGEST_PAIRED_PLANE;
  axis x = ocl_fft_split_axis (device, (cl_uint) width, 1);
  axis y = ocl_fft_split_axis (device, (cl_uint) height, (cl_uint) width);
  /* A 1×1 plane still takes one stage (of length 1): it carries the
   * filter's gain. */
  if (!x.stage_count && !y.stage_count)
    x.stage_count = 1;
  fftcl_status status = ocl_fft_create_stages (fft, device, &x, &y, lone, err);
  if (status != FFTCL_OK)
    {
      fftcl_ocl_fft_destroy (fft);
      return status;
    }
  *out = fft;
  return FFTCL_OK;
}

fftcl_status fftcl_ocl_fft_create (fftcl_ocl_device *device, size_t width,
                                   size_t height, fftcl_ocl_fft **out,
                                   fftcl_error *err)
{
  return create (device, width, height, 0, out, err);
}

fftcl_status fftcl_ocl_fft_create_lone (fftcl_ocl_device *device,
                                        size_t width, size_t height,
                                        fftcl_ocl_fft **out, fftcl_error *err)
{
  return create (device, width, height, 1, out, err);
}

void fftcl_ocl_fft_destroy (fftcl_ocl_fft *fft)
{
  ocl_fft_release_stages (&fft->natural);
  ocl_fft_release_stages (&fft->in_place);
  ocl_fft_release_stage (&fft->filter_entry);
  ocl_fft_release_stage (&fft->round_trip);
  if (fft->twiddles)
    clReleaseMemObject (fft->twiddles);
  if (fft->pass_twiddles)
    clReleaseMemObject (fft->pass_twiddles);
  if (fft->frequencies)
    clReleaseMemObject (fft->frequencies);
  if (fft->mirrors)
    clReleaseMemObject (fft->mirrors);
  free (fft);
}

size_t fftcl_ocl_fft_planes_per_launch (const fftcl_ocl_fft *fft)
{
  return fft->pairs_planes ? 2 : 1;
}

int fftcl_ocl_fft_needs_spare (const fftcl_ocl_fft *fft)
{
  for (size_t i = 0; i < fft->natural.count; i++)
    if (fft->natural.items[i].out_of_place)
      return 1;
  return 0;
}

cl_mem fftcl_ocl_fft_frequencies (const fftcl_ocl_fft *fft)
{
  return fft->frequencies;
}

/* The inverse is the forward transform of the conjugate, conjugated: each
 * stage conjugates on load and store and scales by 1/length. With a
 * `second` plane (in-place stages only), one launch transforms it too. */
static fftcl_status enqueue_planes (cl_command_queue queue, const stage *st,
                                    cl_mem src, cl_mem dst, cl_mem second,
                                    int twiddle_mode,
                                    fftcl_direction direction,
                                    fftcl_error *err)
{
  int forward = direction == FFTCL_FORWARD;
  float conj_sign = forward ? 1.0f : -1.0f;
  float scale = forward ? 1.0f : 1.0f / (float) st->length;
  cl_mem second_arg = second ? second : dst;
  const fftcl_ocl_arg buffers[]
    = { FFTCL_OCL_ARG (src), FFTCL_OCL_ARG (dst) };
  const fftcl_ocl_arg modes[] = { FFTCL_OCL_ARG (twiddle_mode),
                                  FFTCL_OCL_ARG (conj_sign),
                                  FFTCL_OCL_ARG (scale),
                                  FFTCL_OCL_ARG (second_arg) };
  fftcl_status status = fftcl_ocl_set_args (st->kernel, 0, buffers, 2, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_set_args (st->kernel, PLANE_ARGS_FIRST - 3, modes,
                                 st->two_planes ? 4 : 3, err);
  if (status != FFTCL_OK)
    return status;
  const size_t global[] = { st->global_size, second ? 2 : 1 };
  const size_t local[] = { st->local_size, 1 };
  cl_int code = clEnqueueNDRangeKernel (queue, st->kernel, 2, NULL, global,
                                        local, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "running an FFT stage");
  return FFTCL_OK;
}

static fftcl_status enqueue_stage (cl_command_queue queue, const stage *st,
                                   cl_mem src, cl_mem dst, int twiddle_mode,
                                   fftcl_direction direction,
                                   fftcl_error *err)
{
  return enqueue_planes (queue, st, src, dst, NULL, twiddle_mode, direction,
                         err);
}

/* Forward stages twiddle their outputs; run backwards, the inverse stages
 * twiddle their inputs. */
static int in_place_twiddle_mode (const stage *st, fftcl_direction direction)
{
  if (!st->twiddled)
    return TWIDDLE_NONE;
  return direction == FFTCL_FORWARD ? TWIDDLE_AFTER : TWIDDLE_BEFORE;
}

/* One in-place stage over `count` planes, two per launch. */
static fftcl_status enqueue_in_place (cl_command_queue queue, const stage *st,
                                      const cl_mem *planes, size_t count,
                                      fftcl_direction direction,
                                      fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  for (size_t i = 0; i < count && status == FFTCL_OK; i += 2)
    status = enqueue_planes (queue, st, planes[i], planes[i],
                             i + 1 < count ? planes[i + 1] : NULL,
                             in_place_twiddle_mode (st, direction),
                             direction, err);
  return status;
}

fftcl_status fftcl_ocl_fft_natural (const fftcl_ocl_fft *fft,
                                    fftcl_direction direction, cl_mem data,
                                    cl_mem spare, cl_mem *result,
                                    fftcl_error *err)
{
  for (size_t i = 0; i < fft->natural.count; i++)
    {
      const stage *st = &fft->natural.items[i];
      cl_mem dst = st->out_of_place ? spare : data;
      fftcl_status status
        = enqueue_stage (fft->queue, st, data, dst,
                         st->twiddled ? TWIDDLE_BEFORE : TWIDDLE_NONE,
                         direction, err);
      if (status != FFTCL_OK)
        return status;
      spare = st->out_of_place ? data : spare;
      data = dst;
    }
  *result = data;
  return FFTCL_OK;
}

/* Inverse stages `stages` − 1 … 0, in place. */
static fftcl_status inverse_stages (const fftcl_ocl_fft *fft, size_t stages,
                                    const cl_mem *planes, size_t count,
                                    fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  for (size_t i = stages; i-- > 0 && status == FFTCL_OK;)
    status = enqueue_in_place (fft->queue, &fft->in_place.items[i], planes,
                               count, FFTCL_INVERSE, err);
  return status;
}

/* The in-place forward stages [0, end) over `count` planes. */
static fftcl_status forward_stages (const fftcl_ocl_fft *fft, size_t end,
                                    const cl_mem *planes, size_t count,
                                    fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  if (!fft->pairs_planes && count > 1)
    {
      for (size_t i = 0; i < count && status == FFTCL_OK; i++)
        status = forward_stages (fft, end, &planes[i], 1, err);
      return status;
    }
  for (size_t i = 0; i < end && status == FFTCL_OK; i++)
    status = enqueue_in_place (fft->queue, &fft->in_place.items[i], planes,
                               count, FFTCL_FORWARD, err);
  return status;
}

/* Over `count` planes, in place: `last`, a kernel of the last in-place
 * stage (plain, with the gain, or the round trip) run in `direction`, then
 * the inverse stages before it. */
static fftcl_status back_from_last (const fftcl_ocl_fft *fft,
                                    const stage *last,
                                    fftcl_direction direction,
                                    const cl_mem *planes, size_t count,
                                    fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  if (!fft->pairs_planes && count > 1)
    {
      for (size_t i = 0; i < count && status == FFTCL_OK; i++)
        status = back_from_last (fft, last, direction, &planes[i], 1, err);
      return status;
    }
  status = enqueue_in_place (fft->queue, last, planes, count, direction, err);
  if (status == FFTCL_OK)
    status = inverse_stages (fft, fft->in_place.count - 1, planes, count,
                             err);
  return status;
}

fftcl_status fftcl_ocl_fft_in_place (const fftcl_ocl_fft *fft,
                                     fftcl_direction direction,
                                     const cl_mem *planes, size_t count,
                                     fftcl_error *err)
{
  if (direction == FFTCL_FORWARD)
    return forward_stages (fft, fft->in_place.count, planes, count, err);
  return back_from_last (fft, &fft->in_place.items[fft->in_place.count - 1],
                         FFTCL_INVERSE, planes, count, err);
}

/* A stage's arguments from `after` past its planes on: the gain's, or
 * the round trip's table (0) and gain (1). */
static fftcl_status set_args_after_planes (const stage *st, cl_uint after,
                                           const fftcl_ocl_arg *args,
                                           size_t count, fftcl_error *err)
{
  return fftcl_ocl_set_args (st->kernel,
                             PLANE_ARGS_FIRST + st->two_planes + after, args,
                             count, err);
}

fftcl_status fftcl_ocl_fft_set_gain (const fftcl_ocl_fft *fft,
                                     const fftcl_ocl_arg *args, size_t count,
                                     fftcl_error *err)
{
  fftcl_status status
    = set_args_after_planes (&fft->filter_entry, 0, args, count, err);
  if (status == FFTCL_OK && fft->round_trip.kernel)
    status = set_args_after_planes (&fft->round_trip, 1, args, count, err);
  return status;
}

fftcl_status fftcl_ocl_fft_filtered_inverse (const fftcl_ocl_fft *fft,
                                             cl_mem spectrum, cl_mem out,
                                             fftcl_error *err)
{
  const stage *entry = &fft->filter_entry;
  fftcl_status status = enqueue_stage (
    fft->queue, entry, spectrum, out,
    in_place_twiddle_mode (entry, FFTCL_INVERSE), FFTCL_INVERSE, err);
  if (status != FFTCL_OK)
    return status;
  return inverse_stages (fft, fft->in_place.count - 1, &out, 1, err);
}

fftcl_status fftcl_ocl_fft_filter_forward (const fftcl_ocl_fft *fft,
                                           const cl_mem *planes, size_t count,
                                           fftcl_error *err)
{
  size_t stages = fft->in_place.count - (fft->round_trip.kernel ? 1 : 0);
  return forward_stages (fft, stages, planes, count, err);
}

fftcl_status fftcl_ocl_fft_filter_in_place (const fftcl_ocl_fft *fft,
                                            const cl_mem *spectra,
                                            size_t count, fftcl_error *err)
{
  return back_from_last (fft, &fft->filter_entry, FFTCL_INVERSE, spectra,
                         count, err);
}

int fftcl_ocl_fft_has_round_trip (const fftcl_ocl_fft *fft)
{
  return fft->round_trip.kernel != NULL;
}

fftcl_status fftcl_ocl_fft_set_gain_table (const fftcl_ocl_fft *fft,
                                          cl_mem gains, fftcl_error *err)
{
  const fftcl_ocl_arg args[] = { FFTCL_OCL_ARG (gains) };
  return set_args_after_planes (&fft->round_trip, 0, args, 1, err);
}

fftcl_status fftcl_ocl_fft_filter_rest (const fftcl_ocl_fft *fft,
                                        const cl_mem *planes, size_t count,
                                        fftcl_error *err)
{
  if (!fft->round_trip.kernel)
    return fftcl_ocl_fft_filter_in_place (fft, planes, count, err);
  return back_from_last (fft, &fft->round_trip, FFTCL_FORWARD, planes,
                         count, err);
}
