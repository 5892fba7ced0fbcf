/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The OpenCL plan's filter passes: the load, applies that keep the
 * spectrum or use it up, and fftcl_filter_once. */
#include "opencl_plan.h"

static fftcl_status lone_forward (const opencl_plan *plan, fftcl_error *err)
{
  if (!plan->lone_fft)
    return FFTCL_OK;
  return fftcl_ocl_fft_in_place (plan->lone_fft, FFTCL_FORWARD,
                                 &plan->spectra[plan->spectrum_count - 1], 1,
                                 err);
}

/* Uploads the input and transforms it forward into the kept spectrum. */
static fftcl_status load_input (opencl_plan *plan, const fftcl_input *in,
                                fftcl_timings *timings, fftcl_error *err)
{
  double *upload_ms = timings ? &timings->upload_ms : NULL;
  double *forward_ms = timings ? &timings->forward_ms : NULL;
  double start = fftcl_now_ms ();
  if (timings)
    timings->upload_ms = timings->forward_ms = 0;
  plan->spectrum_lost = 0;
  fftcl_status status = ocl_upload_pairs (plan, in, err);
  if (status == FFTCL_OK)
    status = ocl_time_step (plan, upload_ms, &start, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_fft_in_place (plan->fft, FFTCL_FORWARD, plan->spectra,
                                     paired_count (plan), err);
  if (status == FFTCL_OK)
    status = lone_forward (plan, err);
  if (status == FFTCL_OK)
    status = ocl_time_step (plan, forward_ms, &start, err);
  return ocl_finish (plan, status, err);
}

fftcl_status ocl_filter_load (void *state, const float *planes,
                              const fftcl_strides *layout,
                              fftcl_timings *timings, fftcl_error *err)
{
  const fftcl_input in = { planes, layout, NULL };
  return load_input (state, &in, timings, err);
}

fftcl_status ocl_filter_load_rows (void *state, const fftcl_source *rows,
                                   fftcl_timings *timings, fftcl_error *err)
{
  const fftcl_input in = { NULL, NULL, rows };
  return load_input (state, &in, timings, err);
}

fftcl_status ocl_filter_forward (opencl_plan *plan, fftcl_error *err)
{
  fftcl_status status = ocl_fill_gain (plan, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_fft_filter_forward (plan->fft, plan->spectra,
                                           paired_count (plan), err);
  if (status == FFTCL_OK)
    status = lone_forward (plan, err);
  return status;
}

fftcl_status ocl_check_spectrum (const opencl_plan *plan, fftcl_error *err)
{
  if (plan->spectrum_lost)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: a transform on this plan overwrote the "
                       "filter's spectrum; load it again");
  return FFTCL_OK;
}

typedef fftcl_status (*in_place_call) (const fftcl_ocl_fft *fft,
                                       const cl_mem *planes, size_t count,
                                       fftcl_error *err);

/* Filters the spectrum planes in place with `filter`, as many at a time
 * as one launch takes, and delivers the window from them. */
static fftcl_status deliver_in_place (opencl_plan *plan, in_place_call filter,
                                      const fftcl_window *window, float *out,
                                      const fftcl_strides *layout,
                                      fftcl_timings *timings, double *start,
                                      fftcl_error *err)
{
  fftcl_status status
    = filter (plan->fft, plan->spectra, paired_count (plan), err);
  if (status == FFTCL_OK)
    status = ocl_time_step (plan, timings ? &timings->inverse_ms : NULL, start,
                            err);
  if (status == FFTCL_OK)
    status = ocl_deliver_window (plan, NULL, window, out, layout, timings,
                                 start, err);
  return status;
}

/* An apply that keeps the spectrum, through the scratch plane, or the
 * last one (an apply with FFTCL_CONSUME), in the spectrum planes. */
static fftcl_status apply (opencl_plan *plan, const fftcl_gain *gain,
                           const fftcl_window *window, float *out,
                           const fftcl_strides *layout,
                           fftcl_timings *timings, int last,
                           fftcl_error *err)
{
  fftcl_status status = ocl_check_spectrum (plan, err);
  if (status != FFTCL_OK)
    return status;
  double start = fftcl_now_ms ();
  ocl_clear_timings (timings);
  plan->spectrum_lost = last;
  status = ocl_set_gain (plan, gain, err);
  if (status == FFTCL_OK && last)
    status = deliver_in_place (plan, fftcl_ocl_fft_filter_in_place, window,
                               out, layout, timings, &start, err);
  else if (status == FFTCL_OK)
    status = ocl_deliver_window (plan, fftcl_ocl_fft_filtered_inverse, window,
                                 out, layout, timings, &start, err);
  return ocl_finish (plan, status, err);
}

fftcl_status ocl_filter_apply_window (void *state, const fftcl_gain *gain,
                                      const fftcl_window *window, float *out,
                                      const fftcl_strides *layout,
                                      fftcl_timings *timings, fftcl_error *err)
{
  return apply (state, gain, window, out, layout, timings, 0, err);
}

fftcl_status ocl_filter_finish (void *state, const fftcl_gain *gain,
                                const fftcl_window *window, float *out,
                                const fftcl_strides *layout,
                                fftcl_timings *timings, fftcl_error *err)
{
  return apply (state, gain, window, out, layout, timings, 1, err);
}

fftcl_status ocl_filter_once (void *state, const fftcl_gain *gain,
                              const fftcl_input *in,
                              const fftcl_window *window, float *out,
                              const fftcl_strides *layout,
                              fftcl_timings *timings, fftcl_error *err)
{
  opencl_plan *plan = state;
  double start = fftcl_now_ms ();
  ocl_clear_timings (timings);
  plan->spectrum_lost = 1;
  fftcl_status status = ocl_upload_pairs (plan, in, err);
  if (status == FFTCL_OK)
    status = ocl_time_step (plan, timings ? &timings->upload_ms : NULL, &start,
                            err);
  if (status == FFTCL_OK)
    status = ocl_set_gain (plan, gain, err);
  if (status == FFTCL_OK)
    status = ocl_filter_forward (plan, err);
  if (status == FFTCL_OK)
    status = ocl_time_step (plan, timings ? &timings->forward_ms : NULL,
                            &start, err);
  if (status == FFTCL_OK)
    status = deliver_in_place (plan, fftcl_ocl_fft_filter_rest, window, out,
                               layout, timings, &start, err);
  return ocl_finish (plan, status, err);
}
