/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The OpenCL backend's plan, which its files share: a plan owns its
 * device planes and kernels, and runs transforms and the band-pass
 * filter on top of opencl_fft.h. opencl_backend.c makes it and times it,
 * opencl_buffers.c holds its memory and transfers, opencl_gain.c the
 * gain, opencl_passes.c the filter passes, opencl_window.c the windows
 * delivered, opencl_spectrum.c the spectrum view.
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
#ifndef FFTCL_OPENCL_PLAN_H
#define FFTCL_OPENCL_PLAN_H

#include "backend.h"
#include "input_rows.h"
#include "opencl_device.h"
#include "opencl_error.h"
#include "opencl_fft.h"

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

static inline size_t area_of (const opencl_plan *plan)
{
  return plan->width * plan->height;
}

/* Spectrum plane k holds one real plane for plan->lone_fft. */
static inline int is_lone (const opencl_plan *plan, size_t k)
{
  return plan->lone_fft && k + 1 == plan->spectrum_count;
}

/* The spectrum planes that plan->fft transforms, the first ones. */
static inline size_t paired_count (const opencl_plan *plan)
{
  return plan->spectrum_count - (plan->lone_fft != NULL);
}

static inline size_t plane_bytes (const opencl_plan *plan)
{
  return area_of (plan) * 2 * sizeof (float);
}

/* opencl_buffers.c */

/* Refused up front: some runtimes only notice a buffer too large for the
 * device when the first kernel touches it. */
fftcl_status ocl_check_memory (const opencl_plan *plan, fftcl_error *err);

fftcl_status ocl_create_planes (opencl_plan *plan, fftcl_error *err);

/* The most work-items `kernel` takes in one work-group on the device. */
fftcl_status ocl_group_limit (const opencl_plan *plan, cl_kernel kernel,
                              size_t *group, const char *what,
                              fftcl_error *err);

/* Ends a call: waits for what was enqueued, which still reads or writes the
 * caller's memory, even when enqueuing failed half-way. */
fftcl_status ocl_finish (const opencl_plan *plan, fftcl_status status,
                         fftcl_error *err);

/* When timings are asked for (total not NULL), waits for the step and adds
 * the milliseconds since *start to *total. */
fftcl_status ocl_time_step (const opencl_plan *plan, double *total,
                            double *start, fftcl_error *err);

fftcl_status ocl_write_plane (const opencl_plan *plan, cl_mem buffer,
                              const float *data, size_t floats,
                              fftcl_error *err);

fftcl_status ocl_read_plane (const opencl_plan *plan, cl_mem buffer,
                             float *data, fftcl_error *err);

/* The spare plane natural-order transforms need for long axes, if any. */
cl_mem ocl_borrow_spare (opencl_plan *plan);

fftcl_status ocl_enqueue (const opencl_plan *plan, cl_kernel kernel,
                          cl_uint dimensions, const size_t *global,
                          const size_t *local, const char *what,
                          fftcl_error *err);

/* Sets all `count` arguments of `kernel` and enqueues it. */
fftcl_status ocl_launch (const opencl_plan *plan, cl_kernel kernel,
                         const fftcl_ocl_arg *args, size_t count,
                         cl_uint dimensions, const size_t *global,
                         const size_t *local, const char *what,
                         fftcl_error *err);

/* Uploads the input's real planes into the spectrum planes, packed in
 * pairs, through the device's staging slots, which host threads fill
 * straight from the input. */
fftcl_status ocl_upload_pairs (const opencl_plan *plan, const fftcl_input *in,
                               fftcl_error *err);

/* ocl_upload_pairs of real planes side by side in `planes`. */
fftcl_status ocl_upload_side_by_side (const opencl_plan *plan,
                                      const float *planes, fftcl_error *err);

/* Makes `b` hold at least `bytes`; never empty, as a kernel argument may
 * not be an empty buffer. */
fftcl_status ocl_grow (const opencl_plan *plan, grown_buffer *b, size_t bytes,
                       const char *what, fftcl_error *err);

/* Fills `b` with `bytes` of `data`, growing it when needed. */
fftcl_status ocl_upload_grown (const opencl_plan *plan, grown_buffer *b,
                               const void *data, size_t bytes,
                               const char *what, fftcl_error *err);

/* Makes the means buffer hold at least `floats` floats. */
fftcl_status ocl_reserve_means (opencl_plan *plan, size_t floats,
                                fftcl_error *err);

void ocl_clear_timings (fftcl_timings *timings);

/* opencl_gain.c */

fftcl_status ocl_set_gain (opencl_plan *plan, const fftcl_gain *g,
                           fftcl_error *err);

/* What the round trip reads the gain set last from, in every call: a
 * separable gain's factors, else the gain at every position, evaluated
 * once for all planes into the scratch plane. Evaluating it inside the
 * round trip, twice per position of an RGB image, costs far more than the
 * table, and the table more than the factors (docs/performance.md, "Rules
 * in the code": gain table and factors). */
fftcl_status ocl_fill_gain (const opencl_plan *plan, fftcl_error *err);

/* opencl_passes.c */

/* The planes as `layout` lays them out (the backend `lays_out`). */
fftcl_status ocl_filter_load (void *state, const float *planes,
                              const fftcl_strides *layout,
                              fftcl_timings *timings, fftcl_error *err);

/* The rows a source's fill makes, read straight into the staging slots. */
fftcl_status ocl_filter_load_rows (void *state, const fftcl_source *rows,
                                   fftcl_timings *timings, fftcl_error *err);

/* fftcl_filter_once's first half on the device: what the round trip reads the
 * gain from, then the forward transform short of its last stage (a lone
 * plane's whole forward transform). */
fftcl_status ocl_filter_forward (opencl_plan *plan, fftcl_error *err);

fftcl_status ocl_check_spectrum (const opencl_plan *plan, fftcl_error *err);

fftcl_status ocl_filter_apply_window (void *state, const fftcl_gain *gain,
                                      const fftcl_window *window, float *out,
                                      const fftcl_strides *layout,
                                      fftcl_timings *timings,
                                      fftcl_error *err);

fftcl_status ocl_filter_finish (void *state, const fftcl_gain *gain,
                                const fftcl_window *window, float *out,
                                const fftcl_strides *layout,
                                fftcl_timings *timings, fftcl_error *err);

/* fftcl_filter_once: the forward transform stops short of its last stage,
 * which runs forward, with the gain and back in one pass, so each plane
 * makes one trip through memory less than a load and an apply. All of it
 * runs in place in the spectrum planes. */
fftcl_status ocl_filter_once (void *state, const fftcl_gain *gain,
                              const fftcl_input *in,
                              const fftcl_window *window, float *out,
                              const fftcl_strides *layout,
                              fftcl_timings *timings, fftcl_error *err);

/* opencl_window.c */

/* An inverse transform of a spectrum plane into `out`. */
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
 * with no copy on the device. The window's planes go to `out` as `layout`
 * lays them out: a window of at least a staging slot per pair straight
 * from the slots, a smaller one through planes side by side. */
fftcl_status ocl_deliver_window (opencl_plan *plan, inverse_call inverse,
                                 const fftcl_window *window, float *out,
                                 const fftcl_strides *layout,
                                 fftcl_timings *timings, double *start,
                                 fftcl_error *err);

/* opencl_spectrum.c */

fftcl_status ocl_filter_spectrum (void *state, size_t out_width,
                                  size_t out_height, float *out,
                                  fftcl_error *err);

#endif
