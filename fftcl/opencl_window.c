/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The window of each filtered pair delivered to the host: averaged on
 * the device, or read out of the split plane. */
#include "opencl_plan.h"
#include "parallel.h"

#include <stdlib.h>
#include <string.h>

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

/* A window's rows as they come from a plane through the staging slots:
 * a lone plane's rows are `width` values; a split plane's are 2 · width,
 * width / chunk chunks of the real parts' chunk values, then the
 * imaginary parts'. They go to the window's planes as `layout` lays them
 * out. */
typedef struct {
  const opencl_plan *plan;
  const fftcl_window *window;
  int split, has_imaginary;
  float *real, *imaginary; /* the window's planes */
  const fftcl_strides *layout;
} window_rows;

/* `count` values to `to`, `step` floats apart. */
static void put_values (float *to, size_t step, const float *from,
                        size_t count)
{
  if (step == 1)
    memcpy (to, from, count * sizeof *to);
  else
    for (size_t i = 0; i < count; i++)
      to[i * step] = from[i];
}

static void take_window_rows (const void *job, size_t first, size_t end,
                              const float *from)
{
  const window_rows *r = job;
  const fftcl_window *w = r->window;
  const fftcl_strides *l = r->layout;
  size_t chunk = r->plan->split_chunk, width = r->plan->width;
  size_t row_floats = r->split ? 2 * width : width, last = w->x + w->width;
  for (size_t j = first; j < end; j++, from += row_floats)
    {
      float *real = r->real + j * l->row_step;
      if (!r->split)
        {
          put_values (real, l->value_step, from + w->x, w->width);
          continue;
        }
      float *imaginary = r->has_imaginary ? r->imaginary + j * l->row_step
                                          : NULL;
      for (size_t c = w->x / chunk; c * chunk < last; c++)
        {
          size_t start = w->x > c * chunk ? w->x : c * chunk;
          size_t stop = last < (c + 1) * chunk ? last : (c + 1) * chunk;
          const float *at = from + 2 * c * chunk + (start - c * chunk);
          size_t offset = (start - w->x) * l->value_step;
          put_values (real + offset, l->value_step, at, stop - start);
          if (imaginary)
            put_values (imaginary + offset, l->value_step, at + chunk,
                        stop - start);
        }
    }
}

/* Whether the window of pair k is read through the staging slots: when
 * it fills at least one. */
static int staged (const opencl_plan *plan, size_t k, const fftcl_window *w)
{
  size_t parts = is_lone (plan, k) || 2 * k + 1 >= plan->batch ? 1 : 2;
  fftcl_ocl_device *device = plan->device;
  return parts * w->width * w->height * sizeof (float) >= FFTCL_OCL_SLOT_BYTES
         && fftcl_ocl_staging_ready (&device->staging, device->context,
                                     device->queue);
}

/* Reads the window of pair k, split or lone in `plane`, a slot at a time,
 * into `out` as `layout` lays it out. */
static fftcl_status read_staged_window (const opencl_plan *plan, cl_mem plane,
                                        size_t k, const fftcl_window *w,
                                        float *out,
                                        const fftcl_strides *layout,
                                        fftcl_error *err)
{
  int split = !is_lone (plan, k);
  const window_rows rows = { plan,
                             w,
                             split,
                             2 * k + 1 < plan->batch,
                             out + 2 * k * layout->plane_step,
                             out + (2 * k + 1) * layout->plane_step,
                             layout };
  size_t row_floats = (split ? 2 : 1) * plan->width;
  size_t threads = fftcl_threads_for (row_floats * w->height
                                      * sizeof (float));
  return fftcl_ocl_staged_read (&plan->device->staging, plan->device->queue,
                                plane, w->y * row_floats, w->height,
                                row_floats, take_window_rows, &rows, threads,
                                err);
}

/* Splits the filtered pair k, in `filtered`, where it is a pair. */
static fftcl_status split_pair (const opencl_plan *plan, cl_mem filtered,
                                size_t k, fftcl_error *err)
{
  if (is_lone (plan, k))
    return FFTCL_OK;
  size_t global = area_of (plan) / plan->split_chunk * plan->split_threads;
  const fftcl_ocl_arg args[] = { FFTCL_OCL_ARG (filtered) };
  fftcl_status status = fftcl_ocl_set_args (plan->split, 0, args, 1, err);
  if (status == FFTCL_OK)
    status = ocl_enqueue (plan, plan->split, 1, &global, &plan->split_threads,
                          "unpacking planes", err);
  return status;
}

/* Reads the window of the split pair k (a lone plane's, as it lies) in
 * one piece per part, to its planes side by side at `pair`. */
static fftcl_status read_split_pair (const opencl_plan *plan, cl_mem filtered,
                                     size_t k, const fftcl_window *w,
                                     float *pair, fftcl_error *err)
{
  size_t window_area = w->width * w->height;
  if (is_lone (plan, k))
    return read_rect (plan, filtered, w->x, w->y, w->width, w->height,
                      plan->width, w->width, pair, err);
  fftcl_status status = read_split_window (plan, filtered, 0, w, pair, err);
  if (status == FFTCL_OK && 2 * k + 1 < plan->batch)
    status = read_split_window (plan, filtered, 1, w, pair + window_area,
                                err);
  return status;
}

/* Runs a 2-D kernel over columns × rows items, in work-groups of one row
 * of up to 64 items, the range rounded up to whole groups. */
static fftcl_status enqueue_rows (const opencl_plan *plan, cl_kernel kernel,
                                  size_t columns, size_t rows,
                                  const char *what, fftcl_error *err)
{
  size_t group;
  fftcl_status status = ocl_group_limit (plan, kernel, &group, what, err);
  if (status != FFTCL_OK)
    return status;
  size_t local[] = { 64, 1 };
  while (local[0] > group || local[0] >= 2 * columns)
    local[0] /= 2;
  size_t global[] = { (columns + local[0] - 1) / local[0] * local[0], rows };
  return ocl_enqueue (plan, kernel, 2, global, local, what, err);
}

/* Averages the window of the filtered pair k, in `filtered`, into the
 * means buffer and reads it. */
static fftcl_status download_window_means (const opencl_plan *plan,
                                           cl_mem filtered, size_t k,
                                           const fftcl_window *w, float *pair,
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
    (has_imaginary ? 2 : 1) * window_area * sizeof (float), pair, 0, NULL,
    NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "downloading a window");
  return FFTCL_OK;
}

/* Delivers the window of the filtered pair k, in `filtered`: through the
 * slots into `out` as laid out, or to its planes side by side, straight
 * into `out` where it is laid out so, else into `side` and from there. */
static fftcl_status deliver_pair (const opencl_plan *plan, cl_mem filtered,
                                  size_t k, const fftcl_window *w,
                                  int averaged, float *out,
                                  const fftcl_strides *layout, float *side,
                                  fftcl_error *err)
{
  int direct = fftcl_is_side_by_side (layout, w->width, w->height);
  fftcl_status status = averaged ? FFTCL_OK : split_pair (plan, filtered, k,
                                                          err);
  if (status != FFTCL_OK)
    return status;
  if (!averaged && staged (plan, k, w))
    return read_staged_window (plan, filtered, k, w, out, layout, err);
  float *pair = direct ? out + 2 * k * w->width * w->height : side;
  status = averaged ? download_window_means (plan, filtered, k, w, pair, err)
                    : read_split_pair (plan, filtered, k, w, pair, err);
  if (status != FFTCL_OK || direct)
    return status;
  status = ocl_finish (plan, status, err);
  if (status == FFTCL_OK)
    fftcl_strides_scatter (side, w->width, w->height,
                           2 * k + 1 < plan->batch ? 2 : 1,
                           out + 2 * k * layout->plane_step, layout);
  return status;
}

fftcl_status ocl_deliver_window (opencl_plan *plan, inverse_call inverse,
                                 const fftcl_window *window, float *out,
                                 const fftcl_strides *layout,
                                 fftcl_timings *timings, double *start,
                                 fftcl_error *err)
{
  double *inverse_ms = timings ? &timings->inverse_ms : NULL;
  double *download_ms = timings ? &timings->download_ms : NULL;
  size_t window_area = window->width * window->height;
  int averaged = 4 * window_area <= area_of (plan);
  float *side = NULL;
  fftcl_status status
    = averaged ? ocl_reserve_means (plan, 2 * window_area, err) : FFTCL_OK;
  int through_side = 0;
  for (size_t k = 0; k < plan->spectrum_count; k++)
    through_side |= averaged || !staged (plan, k, window);
  if (status == FFTCL_OK && through_side
      && !fftcl_is_side_by_side (layout, window->width, window->height)
      && !(side = malloc (2 * window_area * sizeof *side)))
    status = fftcl_out_of_memory (err);
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
        status = ocl_time_step (plan, inverse_ms, start, err);
      if (status == FFTCL_OK)
        status = deliver_pair (plan, filtered, k, window, averaged, out,
                               layout, side, err);
      if (status == FFTCL_OK)
        status = ocl_time_step (plan, download_ms, start, err);
    }
  free (side);
  return status;
}
