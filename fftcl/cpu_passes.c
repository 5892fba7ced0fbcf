/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW plan's filter passes: the load (rows packed and transformed
 * forward), and the applies that transform the gained spectrum back. */
#include "cpu_mirror.h"
#include "cpu_plan.h"

#include <stdlib.h>
#include <string.h>

/* Real planes 2k and 2k+1 become the real and imaginary parts of complex
 * plane k: the gain is real and even, so their filtered results stay
 * apart in the real and imaginary parts of the inverse. Row y of plane k
 * from the rows `re` and `im` (NULL: zeroes) of its real planes, their
 * values `step` floats apart, each where cpu_plane_index puts it; the
 * spectrum's row it wrote. */
static fftwf_complex *pack_row (const cpu_plan *plan, size_t k, size_t y,
                                const float *re, const float *im,
                                size_t step)
{
  size_t width = plan->width;
  fftwf_complex *out = plan->spectrum + k * width * plan->height
                       + cpu_axis_position (plan, y, plan->height) * width;
  if (!plan->mirrored || width == 1)
    for (size_t x = 0; x < width; x++)
      {
        out[x][0] = re[x * step];
        out[x][1] = im ? im[x * step] : 0.0f;
      }
  else
    /* mirror_position: even x from the start on, odd x from the end
     * back (a single column is in its order already). */
    for (size_t i = 0; i < width / 2; i++)
      {
        size_t even = 2 * i * step, odd = even + step;
        out[i][0] = re[even];
        out[i][1] = im ? im[even] : 0.0f;
        out[width - 1 - i][0] = re[odd];
        out[width - 1 - i][1] = im ? im[odd] : 0.0f;
      }
  return out;
}

typedef struct {
  const cpu_plan *plan;
  const float *data;
  const fftcl_strides *layout;
} pack_job;

/* Rows [first, end) of every pair of real planes, each transformed along
 * x while it is in the cache: a row of every plane before the next row,
 * so that interleaved pixels are read from memory once. */
static void pack_rows (const void *job_pointer, size_t first, size_t end)
{
  const pack_job *job = job_pointer;
  const cpu_plan *plan = job->plan;
  const fftcl_strides *layout = job->layout;
  for (size_t y = first; y < end; y++)
    for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
      {
        const float *re = job->data + 2 * k * layout->plane_step
                          + y * layout->row_step;
        const float *im = 2 * k + 1 < plan->batch ? re + layout->plane_step
                                                  : NULL;
        cpu_planes_fft_row (&plan->spectrum_forward,
                            pack_row (plan, k, y, re, im,
                                      layout->value_step));
      }
}

typedef struct {
  const cpu_plan *plan;
  const fftcl_source *rows;
  float *space;              /* two rows and the fill's scratch per
                                thread */
} rows_job;

/* The floats of a thread's space for the rows: two rows and the fill's
 * scratch. */
static size_t rows_space (const cpu_plan *plan, const fftcl_source *rows)
{
  return 2 * plan->width + rows->scratch_floats;
}

/* Rows [first, end) of every pair of real planes as the caller's `fill`
 * writes them, each row packed and transformed along x while it is in
 * the cache. */
static void pack_filled_rows (const void *job_pointer, size_t first,
                              size_t end)
{
  const rows_job *job = job_pointer;
  const cpu_plan *plan = job->plan;
  size_t width = plan->width;
  float *re = job->space + fftcl_parallel_share ()
                             * rows_space (plan, job->rows);
  float *im = re + width;
  float *scratch = job->rows->scratch_floats ? im + width : NULL;
  for (size_t y = first; y < end; y++)
    for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
      {
        int paired = 2 * k + 1 < plan->batch;
        job->rows->fill (job->rows->job, 2 * k, y, re, scratch);
        if (paired)
          job->rows->fill (job->rows->job, 2 * k + 1, y, im, scratch);
        cpu_planes_fft_row (&plan->spectrum_forward,
                            pack_row (plan, k, y, re, paired ? im : NULL,
                                      1));
      }
}

/* The spectrum planes made where needed, their rows packed (and
 * transformed along x) by `pack` in the plan's threads, and the columns
 * transformed forward. */
static fftcl_status pack_and_transform (cpu_plan *plan, row_work pack,
                                        const void *job,
                                        fftcl_timings *timings,
                                        fftcl_error *err)
{
  double start = fftcl_now_ms ();
  fftcl_status status = cpu_prepare_filter (plan, err);
  if (status != FFTCL_OK)
    return status;
  cpu_in_parallel (plan, plan->height, pack, job);
  double packed = fftcl_now_ms ();
  cpu_planes_fft_columns (&plan->spectrum_forward, plan->spectrum, NULL, 0);
  if (timings)
    {
      timings->upload_ms = packed - start;
      timings->forward_ms = fftcl_now_ms () - packed;
    }
  return FFTCL_OK;
}

fftcl_status cpu_filter_load (void *state, const float *data,
                              const fftcl_strides *layout,
                              fftcl_timings *timings, fftcl_error *err)
{
  const pack_job job = { state, data, layout };
  return pack_and_transform (state, pack_rows, &job, timings, err);
}

fftcl_status cpu_filter_load_rows (void *state, const fftcl_source *rows,
                                   fftcl_timings *timings, fftcl_error *err)
{
  cpu_plan *plan = state;
  float *space = malloc ((size_t) plan->threads * rows_space (plan, rows)
                         * sizeof *space);
  if (!space)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  const rows_job job = { plan, rows, space };
  fftcl_status status = pack_and_transform (plan, pack_filled_rows, &job,
                                            timings, err);
  free (space);
  return status;
}

/* The columns of the filtered spectrum transformed back, its rows being
 * done: only those of the window's columns (a 1:1 preview's, say), or
 * all where memory for their list runs out. */
static void columns_back (const cpu_plan *plan, fftwf_complex *filtered,
                          const fftcl_window *window)
{
  const cpu_planes_fft *fft = &plan->scratch_inverse;
  size_t *blocks
    = malloc (fft->planes * cpu_planes_fft_column_blocks (fft)
              * sizeof *blocks);
  size_t count = blocks ? cpu_window_blocks (plan, window, blocks) : 0;
  cpu_planes_fft_columns (fft, filtered, count ? blocks : NULL, count);
  free (blocks);
}

/* The kept spectrum times the gain into `filtered`, each row transformed
 * back along x as soon as the gain is done with it, then the columns, and
 * the window out of it. */
static fftcl_status filter_into (cpu_plan *plan, const fftcl_gain *gain,
                                 fftwf_complex *filtered,
                                 const fftcl_window *window, float *out,
                                 const fftcl_strides *layout,
                                 fftcl_timings *timings, fftcl_error *err)
{
  double t0 = fftcl_now_ms ();
  cpu_plane_gains gains;
  double *fx;
  fftcl_status status = cpu_prepare_gains (plan, gain, &gains, &fx, err);
  if (status != FFTCL_OK)
    return status;
  float *space = malloc ((size_t) plan->threads
                         * cpu_gain_space (plan, &gains) * sizeof *space);
  mirror_complex *phi = plan->mirrored
                          ? malloc ((plan->width / 2 + 1) * sizeof *phi)
                          : NULL;
  int made = space && (phi || !plan->mirrored);
  if (phi)
    cpu_mirror_twiddles (plan, phi);
  const cpu_gain_job gain_job = { plan, &gains, filtered, space, phi };
  if (made)
    cpu_in_parallel (plan, plan->height / 2 + 1,
                     plan->mirrored ? cpu_mirror_gain_rows
                                    : cpu_multiply_gain_rows,
                     &gain_job);
  cpu_plane_gains_clear (&gains);
  free (fx);
  free (space);
  free (phi);
  if (!made)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  double t1 = fftcl_now_ms ();
  columns_back (plan, filtered, window);
  double t2 = fftcl_now_ms ();
  const window_job job = { plan, filtered, window, out, layout };
  cpu_in_parallel (plan, window->height, cpu_write_window_rows, &job);
  if (timings)
    {
      timings->mask_ms = t1 - t0;
      timings->inverse_ms = t2 - t1;
      timings->download_ms = fftcl_now_ms () - t2;
    }
  return FFTCL_OK;
}

fftcl_status cpu_filter_apply_window (void *state, const fftcl_gain *gain,
                                      const fftcl_window *window, float *out,
                                      const fftcl_strides *layout,
                                      fftcl_timings *timings, fftcl_error *err)
{
  cpu_plan *plan = state;
  fftcl_status status = cpu_prepare_scratch (plan, err);
  if (status != FFTCL_OK)
    return status;
  return filter_into (plan, gain, plan->scratch, window, out, layout,
                      timings, err);
}

fftcl_status cpu_filter_finish (void *state, const fftcl_gain *gain,
                                const fftcl_window *window, float *out,
                                const fftcl_strides *layout,
                                fftcl_timings *timings, fftcl_error *err)
{
  cpu_plan *plan = state;
  return filter_into (plan, gain, plan->spectrum, window, out, layout,
                      timings, err);
}
