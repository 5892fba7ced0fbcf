/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend: single precision, threaded, for machines without a
 * usable OpenCL device and as the fallback when one fails. */
#include "backend.h"
#include "cpu_mirror.h"
#include "cpu_planes_fft.h"
#include "cpu_plan.h"
#include "layout.h"
#include "parallel.h"

#include <fftw3.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct cpu_device {
  int threads;
  pthread_mutex_t lock;     /* of the spare */
  fftwf_complex *spare;     /* planes a destroyed plan left; NULL: none */
  size_t spare_count;       /* their complex values */
};

static void unmap_complex (fftwf_complex *array, size_t count)
{
  if (array)
    munmap (array, count * sizeof (fftwf_complex));
}

/* Fresh pages cost a page fault each, about as much as the filter's
 * other passes together (docs/performance.md, "Rules in the code":
 * populated mappings), so the device keeps one array of complex planes
 * that a destroyed plan gave back, for the next plan that asks for as
 * many; one of another size frees it. Its values are stale: every user
 * writes all of them before reading any. */
static fftwf_complex *map_complex (const cpu_plan *plan, size_t count)
{
  cpu_device *cpu = plan->device;
  pthread_mutex_lock (&cpu->lock);
  fftwf_complex *spare = cpu->spare;
  size_t spare_count = cpu->spare_count;
  cpu->spare = NULL;
  pthread_mutex_unlock (&cpu->lock);
  if (spare && spare_count == count)
    return spare;
  unmap_complex (spare, spare_count);
  return fftcl_map_populated (count * sizeof (fftwf_complex),
                              (size_t) plan->threads);
}

/* `array` kept as the device's spare where it has none, else unmapped. */
static void give_back_complex (const cpu_plan *plan, fftwf_complex *array,
                               size_t count)
{
  cpu_device *cpu = plan->device;
  pthread_mutex_lock (&cpu->lock);
  int kept = array && !cpu->spare;
  if (kept)
    {
      cpu->spare = array;
      cpu->spare_count = count;
    }
  pthread_mutex_unlock (&cpu->lock);
  if (!kept)
    unmap_complex (array, count);
}

static pthread_mutex_t fftw_lock = PTHREAD_MUTEX_INITIALIZER;
static int fftw_ready, fftw_threads_ok;

/* FFTW's planner is process-global; making it thread-safe once lets
 * several contexts plan from several threads. */
static int init_fftw (void)
{
  pthread_mutex_lock (&fftw_lock);
  if (!fftw_ready)
    {
      fftw_threads_ok = fftwf_init_threads ();
      fftwf_make_planner_thread_safe ();
      fftw_ready = 1;
    }
  int threads_ok = fftw_threads_ok;
  pthread_mutex_unlock (&fftw_lock);
  return threads_ok;
}

/* The host's thread count, else one per core. */
static int thread_count (const fftcl_context_options *options, int threads_ok)
{
  int wanted = options->threads > 0 ? options->threads
                                    : (int) fftcl_core_count ();
  return threads_ok ? wanted : 1;
}

static fftcl_status cpu_open (const char *choice,
                              const fftcl_context_options *options,
                              void **device, char *name, size_t name_size,
                              fftcl_error *err)
{
  (void) choice;
  int threads_ok = init_fftw ();
  cpu_device *cpu = malloc (sizeof *cpu);
  if (!cpu)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  cpu->threads = thread_count (options, threads_ok);
  pthread_mutex_init (&cpu->lock, NULL);
  cpu->spare = NULL;
  cpu->spare_count = 0;
  snprintf (name, name_size, "CPU (FFTW, %d thread%s)", cpu->threads,
            cpu->threads == 1 ? "" : "s");
  *device = cpu;
  return FFTCL_OK;
}

static void cpu_close (void *device)
{
  cpu_device *cpu = device;
  unmap_complex (cpu->spare, cpu->spare_count);
  pthread_mutex_destroy (&cpu->lock);
  free (cpu);
}

static fftcl_status make_plan (void *device, size_t width, size_t height,
                               size_t batch, int mirrored, void **out,
                               fftcl_error *err)
{
  cpu_plan *plan = calloc (1, sizeof *plan);
  if (!plan)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  const cpu_device *cpu = device;
  plan->device = device;
  plan->threads = cpu->threads;
  plan->width = width;
  plan->height = height;
  plan->batch = batch;
  plan->mirrored = mirrored;
  *out = plan;
  return FFTCL_OK;
}

static fftcl_status cpu_plan_create (void *device, size_t width,
                                     size_t height, size_t batch, void **out,
                                     fftcl_error *err)
{
  return make_plan (device, width, height, batch, 0, out, err);
}

static fftcl_status cpu_plan_create_mirrored (void *device, size_t width,
                                              size_t height, size_t batch,
                                              void **out, fftcl_error *err)
{
  return make_plan (device, width, height, batch, 1, out, err);
}

static void destroy_fftw_plan (fftwf_plan p)
{
  if (p)
    fftwf_destroy_plan (p);
}

/* Frees what filtering allocated, leaving the plan as if it never filtered. */
static void release_filter (cpu_plan *plan)
{
  cpu_planes_fft_clear (&plan->spectrum_forward);
  cpu_planes_fft_clear (&plan->scratch_inverse);
  size_t area = plan->width * plan->height;
  give_back_complex (plan, plan->spectrum, area * cpu_spectrum_planes (plan));
  give_back_complex (plan, plan->scratch, area * cpu_spectrum_planes (plan));
  plan->spectrum = plan->scratch = NULL;
}

static void cpu_plan_destroy (void *state)
{
  cpu_plan *plan = state;
  destroy_fftw_plan (plan->forward);
  destroy_fftw_plan (plan->inverse);
  release_filter (plan);
  free (plan);
}

static void scale (float *data, size_t count, float factor)
{
  for (size_t i = 0; i < count; i++)
    data[i] *= factor;
}

/* Plans are made for the caller's array but run through FFTW's new-array
 * interface, so any later array (aligned or not) works. */
static fftcl_status cpu_transform (void *state, fftcl_direction direction,
                                   float *data, fftcl_error *err)
{
  cpu_plan *plan = state;
  fftwf_plan *p = direction == FFTCL_FORWARD ? &plan->forward : &plan->inverse;
  fftwf_complex *array = (fftwf_complex *) data;
  if (!*p)
    *p = cpu_plan_planes (plan->width, plan->height, plan->batch,
                          plan->threads, array,
                          direction == FFTCL_FORWARD ? FFTW_FORWARD
                                                     : FFTW_BACKWARD,
                          FFTW_ESTIMATE | FFTW_UNALIGNED);
  if (!*p)
    return fftcl_fail (err, FFTCL_ERROR_FFTW, "fftcl: FFTW could not plan a "
                       "%zu×%zu transform", plan->width, plan->height);
  fftwf_execute_dft (*p, array, array);
  if (direction == FFTCL_INVERSE)
    scale (data, 2 * plan->width * plan->height * plan->batch,
           1.0f / (float) (plan->width * plan->height));
  return FFTCL_OK;
}

/* The spectrum planes and both transforms. The inverse is planned on the
 * spectrum and runs through FFTW's new-array interface on whichever
 * array holds the filtered spectrum (the same alignment: both mapped). */
static fftcl_status prepare_filter (cpu_plan *plan, fftcl_error *err)
{
  if (plan->spectrum)
    return FFTCL_OK;
  size_t area = plan->width * plan->height;
  plan->spectrum = map_complex (plan, area * cpu_spectrum_planes (plan));
  if (!plan->spectrum)
    {
      release_filter (plan);
      return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: no host memory "
                         "for a %zu×%zu spectrum", plan->width, plan->height);
    }
  size_t planes = cpu_spectrum_planes (plan), threads = (size_t) plan->threads;
  if (!cpu_planes_fft_make (&plan->spectrum_forward, plan->width,
                            plan->height, planes, threads, plan->spectrum,
                            FFTW_FORWARD)
      || !cpu_planes_fft_make (&plan->scratch_inverse, plan->width,
                               plan->height, planes, threads, plan->spectrum,
                               FFTW_BACKWARD))
    {
      release_filter (plan);
      return fftcl_fail (err, FFTCL_ERROR_FFTW, "fftcl: FFTW could not plan "
                         "a %zu×%zu transform", plan->width, plan->height);
    }
  return FFTCL_OK;
}

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
  atomic_size_t *next_space; /* the next thread's */
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
  float *re = job->space + atomic_fetch_add (job->next_space, 1)
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

/* The scratch planes, where a kept spectrum is filtered; a filter that
 * keeps nothing works in the spectrum planes and never needs them. */
static fftcl_status prepare_scratch (cpu_plan *plan, fftcl_error *err)
{
  if (!plan->scratch)
    plan->scratch = map_complex (plan, plan->width * plan->height
                                 * cpu_spectrum_planes (plan));
  if (!plan->scratch)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: no host memory "
                       "for a %zu×%zu spectrum", plan->width, plan->height);
  return FFTCL_OK;
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
  fftcl_status status = prepare_filter (plan, err);
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

static fftcl_status cpu_filter_load (void *state, const float *data,
                                     const fftcl_strides *layout,
                                     fftcl_timings *timings, fftcl_error *err)
{
  const pack_job job = { state, data, layout };
  return pack_and_transform (state, pack_rows, &job, timings, err);
}

static fftcl_status cpu_filter_load_rows (void *state,
                                          const fftcl_source *rows,
                                          fftcl_timings *timings,
                                          fftcl_error *err)
{
  cpu_plan *plan = state;
  atomic_size_t next_space = 0;
  float *space = malloc ((size_t) plan->threads * rows_space (plan, rows)
                         * sizeof *space);
  if (!space)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  const rows_job job = { plan, rows, space, &next_space };
  fftcl_status status = pack_and_transform (plan, pack_filled_rows, &job,
                                            timings, err);
  free (space);
  return status;
}

static double frequency (size_t k, size_t n)
{
  return (2 * k < n ? (double) k : (double) k - (double) n) / (double) n;
}

/* Row y and row −y of spectrum plane k, as read and as written to
 * `filtered`; `self_mirrored` where they are the same row (y = 0, and
 * y = height/2). */
typedef struct {
  const fftwf_complex *in, *mirror_in;
  fftwf_complex *out, *mirror_out;
  int self_mirrored;
} row_pair;

static row_pair row_pair_of (const cpu_gain_job *job, size_t k, size_t y)
{
  const cpu_plan *plan = job->plan;
  size_t width = plan->width, area = width * plan->height;
  size_t mirror_y = (plan->height - y) % plan->height;
  return (row_pair) { plan->spectrum + k * area + y * width,
                      plan->spectrum + k * area + mirror_y * width,
                      job->filtered + k * area + y * width,
                      job->filtered + k * area + mirror_y * width,
                      mirror_y == y };
}

/* Row y and row −y (backwards) of spectrum plane k times the gain, into
 * plane k of `filtered` (which may be the spectrum itself). */
static void multiply_row_pair (const cpu_gain_job *job, size_t k, size_t y,
                               const float *row_gain)
{
  size_t width = job->plan->width;
  const row_pair rows = row_pair_of (job, k, y);
  for (size_t x = 0; x < width; x++)
    {
      rows.out[x][0] = rows.in[x][0] * row_gain[x];
      rows.out[x][1] = rows.in[x][1] * row_gain[x];
    }
  if (rows.self_mirrored)
    return;
  for (size_t x = 0; x < width; x++)
    {
      size_t mirror_x = (width - x) % width;
      rows.mirror_out[mirror_x][0] = rows.mirror_in[mirror_x][0] * row_gain[x];
      rows.mirror_out[mirror_x][1] = rows.mirror_in[mirror_x][1] * row_gain[x];
    }
}

/* Z (the packed value at f) and M (at −f) of a plane packing two real
 * planes of gains ga and gb, both filtered (cpu_gain_job). */
static void filter_pair_value (const float *z, const float *m, float ga,
                               float gb, float *z_out, float *m_out)
{
  float sum = (ga + gb) / 2, difference = (ga - gb) / 2;
  float zr = z[0], zi = z[1], mr = m[0], mi = m[1];
  z_out[0] = sum * zr + difference * mr;
  z_out[1] = sum * zi - difference * mi;
  m_out[0] = sum * mr + difference * zr;
  m_out[1] = sum * mi - difference * zi;
}

/* multiply_row_pair where plane k's two real planes take the gains of
 * rows ga and gb: each value and its mirror are read before either is
 * written, as `filtered` may be the spectrum. */
static void filter_row_pair_apart (const cpu_gain_job *job, size_t k,
                                   size_t y, const float *ga,
                                   const float *gb)
{
  size_t width = job->plan->width;
  const row_pair rows = row_pair_of (job, k, y);
  size_t end = rows.self_mirrored ? width / 2 + 1 : width;
  for (size_t x = 0; x < end; x++)
    {
      size_t mirror_x = (width - x) % width;
      float z[2], m[2];
      filter_pair_value (rows.in[x], rows.mirror_in[mirror_x], ga[x], gb[x],
                         z, m);
      rows.out[x][0] = z[0];
      rows.out[x][1] = z[1];
      rows.mirror_out[mirror_x][0] = m[0];
      rows.mirror_out[mirror_x][1] = m[1];
    }
}

/* Rows y in [first, end) of 0 … height/2 of the gain pass, with their
 * mirrors −y: each gain row serves row y and row −y read backwards, in
 * every plane of its group. */
static void multiply_gain_rows (const void *job_pointer, size_t first,
                                size_t end)
{
  const cpu_gain_job *job = job_pointer;
  const cpu_plan *plan = job->plan;
  const cpu_plane_gains *gains = job->gains;
  size_t width = plan->width;
  float *row_gain = cpu_gain_thread_space (job);
  for (size_t y = first; y < end; y++)
    {
      for (size_t g = 0; g < gains->groups; g++)
        cpu_gain_row (&gains->rows[g], frequency (y, plan->height),
                      row_gain + g * width);
      for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
        {
          size_t a = cpu_plane_group (gains, 2 * k);
          size_t b = 2 * k + 1 < plan->batch
                       ? cpu_plane_group (gains, 2 * k + 1) : a;
          if (a == b)
            multiply_row_pair (job, k, y, row_gain + a * width);
          else
            filter_row_pair_apart (job, k, y, row_gain + a * width,
                                   row_gain + b * width);
        }
      cpu_gain_rows_back (job, y);
    }
}

/* The gains' rows over the plan's frequencies: its own grid's, or, for a
 * mirrored plan, the DCT's 0 … width on the doubled grid. *fx holds them;
 * the caller frees it and clears *gains. */
static fftcl_status prepare_gains (const cpu_plan *plan,
                                   const fftcl_gain *gain,
                                   cpu_plane_gains *gains, double **fx,
                                   fftcl_error *err)
{
  size_t grid = plan->mirrored ? 2 : 1;
  size_t count = plan->mirrored ? plan->width + 1 : plan->width;
  *fx = malloc (count * sizeof **fx);
  for (size_t i = 0; *fx && i < count; i++)
    (*fx)[i] = plan->mirrored ? (double) i / (double) (2 * plan->width)
                              : frequency (i, plan->width);
  if (!*fx || !cpu_plane_gains_init (gains, gain, plan->batch,
                                     grid * plan->width,
                                     grid * plan->height, *fx, count))
    {
      free (*fx);
      *fx = NULL;
      return fftcl_fail (err, FFTCL_ERROR_MEMORY,
                         "fftcl: out of host memory");
    }
  return FFTCL_OK;
}

typedef struct {
  const cpu_plan *plan;
  const fftwf_complex *filtered;
  const fftcl_window *window;
  float *out;
  const fftcl_strides *layout;
} window_job;

/* Row `top` of the window at step 1 from a filtered plane: each value is
 * read once, no block summed. */
static void write_pixel_row (const window_job *job,
                             const fftwf_complex *filtered, size_t top,
                             float *re, float *im)
{
  const cpu_plan *plan = job->plan;
  size_t width = plan->width, value_step = job->layout->value_step;
  float norm = 1.0f / ((float) width * (float) plan->height);
  const fftwf_complex *row
    = filtered + cpu_axis_position (plan, top, plan->height) * width;
  for (size_t i = 0; i < job->window->width; i++)
    {
      const float *value
        = row[cpu_axis_position (plan, job->window->x + i, width)];
      re[i * value_step] = value[0] * norm;
      if (im)
        im[i * value_step] = value[1] * norm;
    }
}

/* Row j of the window from filtered plane k: real parts into real plane
 * 2k, imaginary parts into 2k + 1 when it exists. */
static void write_window_row (const window_job *job, size_t k, size_t j)
{
  const cpu_plan *plan = job->plan;
  const fftcl_window *w = job->window;
  const fftcl_strides *layout = job->layout;
  size_t width = plan->width, area = width * plan->height;
  size_t step = w->step;
  float norm = 1.0f / ((float) area * (float) (step * step));
  const fftwf_complex *filtered = job->filtered + k * area;
  size_t top = w->y + j * step;
  float *re = job->out + 2 * k * layout->plane_step + j * layout->row_step;
  float *im = 2 * k + 1 < plan->batch ? re + layout->plane_step : NULL;
  if (step == 1)
    {
      write_pixel_row (job, filtered, top, re, im);
      return;
    }
  for (size_t i = 0; i < w->width; i++)
    {
      float sum_re = 0, sum_im = 0;
      for (size_t dy = 0; dy < step; dy++)
        for (size_t dx = 0; dx < step; dx++)
          {
            const float *value = filtered[cpu_plane_index (
              plan, w->x + i * step + dx, top + dy)];
            sum_re += value[0];
            sum_im += value[1];
          }
      re[i * layout->value_step] = sum_re * norm;
      if (im)
        im[i * layout->value_step] = sum_im * norm;
    }
}

/* Window rows [first, end) of every filtered plane, a row of each before
 * the next row, so that interleaved pixels are written to memory once. */
static void write_window_rows (const void *job_pointer, size_t first,
                               size_t end)
{
  const window_job *job = job_pointer;
  for (size_t j = first; j < end; j++)
    for (size_t k = 0; k < cpu_spectrum_planes (job->plan); k++)
      write_window_row (job, k, j);
}

/* The column blocks of every plane that hold a column of `window`, into
 * blocks[] (room for the plan's spectrum planes' blocks); their count. */
static size_t window_blocks (const cpu_plan *plan, const fftcl_window *w,
                             size_t *blocks)
{
  const cpu_planes_fft *fft = &plan->scratch_inverse;
  size_t per_plane = cpu_planes_fft_column_blocks (fft);
  size_t count = 0;
  unsigned char *needed = calloc (per_plane, 1);
  if (!needed)
    return 0;
  for (size_t x = w->x; x < w->x + w->width * w->step; x++)
    needed[cpu_plane_index (plan, x, 0) / fft->column_block] = 1;
  for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
    for (size_t b = 0; b < per_plane; b++)
      if (needed[b])
        blocks[count++] = k * per_plane + b;
  free (needed);
  return count;
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
  size_t count = blocks ? window_blocks (plan, window, blocks) : 0;
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
  fftcl_status status = prepare_gains (plan, gain, &gains, &fx, err);
  if (status != FFTCL_OK)
    return status;
  atomic_size_t next_space = 0;
  float *space = malloc ((size_t) plan->threads
                         * cpu_gain_space (plan, &gains) * sizeof *space);
  const cpu_gain_job gain_job = { plan, &gains, filtered, space,
                                  &next_space };
  if (space)
    cpu_in_parallel (plan, plan->height / 2 + 1,
                     plan->mirrored ? cpu_mirror_gain_rows
                                    : multiply_gain_rows,
                     &gain_job);
  cpu_plane_gains_clear (&gains);
  free (fx);
  free (space);
  if (!space)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  double t1 = fftcl_now_ms ();
  columns_back (plan, filtered, window);
  double t2 = fftcl_now_ms ();
  const window_job job = { plan, filtered, window, out, layout };
  cpu_in_parallel (plan, window->height, write_window_rows, &job);
  if (timings)
    {
      timings->mask_ms = t1 - t0;
      timings->inverse_ms = t2 - t1;
      timings->download_ms = fftcl_now_ms () - t2;
    }
  return FFTCL_OK;
}

static fftcl_status cpu_filter_apply_window (void *state,
                                             const fftcl_gain *gain,
                                             const fftcl_window *window,
                                             float *out,
                                             const fftcl_strides *layout,
                                             fftcl_timings *timings,
                                             fftcl_error *err)
{
  cpu_plan *plan = state;
  fftcl_status status = prepare_scratch (plan, err);
  if (status != FFTCL_OK)
    return status;
  return filter_into (plan, gain, plan->scratch, window, out, layout,
                      timings, err);
}

/* The kept spectrum is filtered where it lies, for an apply with FFTCL_CONSUME
 * and for fftcl_filter_once (a load, then this): the scratch planes are never
 * made (half the memory). */
static fftcl_status cpu_filter_finish (void *state, const fftcl_gain *gain,
                                       const fftcl_window *window, float *out,
                                       const fftcl_strides *layout,
                                       fftcl_timings *timings,
                                       fftcl_error *err)
{
  cpu_plan *plan = state;
  return filter_into (plan, gain, plan->spectrum, window, out, layout,
                      timings, err);
}

/* |re + i·im| by sqrt: the parts come from floats, whose squares cannot
 * overflow a double, and hypot ()'s guard against that costs most of the
 * view's time (docs/performance.md, "Rules in the code": magnitude). */
static double magnitude (double re, double im)
{
  return sqrt (re * re + im * im);
}

/* Σ over the real planes of |X_c(kx, ky)|. A packed plane holds
 * Z = A + iB; with M = conj Z(−k), |A| = |Z + M| / 2, |B| = |Z − M| / 2. */
static double amplitude_sum (const cpu_plan *plan, size_t kx, size_t ky)
{
  size_t width = plan->width, height = plan->height, area = width * height;
  size_t at = ky * width + kx;
  size_t mirror = (height - ky) % height * width + (width - kx) % width;
  double sum = 0;
  for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
    {
      const float *z = plan->spectrum[k * area + at];
      const float *m = plan->spectrum[k * area + mirror];
      if (2 * k + 1 < plan->batch)
        sum += (magnitude (z[0] + m[0], z[1] - m[1])
                + magnitude (z[0] - m[0], z[1] + m[1])) / 2;
      else
        sum += magnitude (z[0], z[1]);
    }
  return sum;
}

static void write_spectrum_rows (const void *job_pointer, size_t first,
                                 size_t end)
{
  const cpu_view_job *job = job_pointer;
  const cpu_plan *plan = job->plan;
  size_t bins_x = plan->width / job->out_width;
  size_t bins_y = plan->height / job->out_height;
  double norm = 1.0 / (double) (plan->width * plan->height);
  for (size_t v = first; v < end; v++)
    for (size_t u = 0; u < job->out_width; u++)
      {
        size_t kx = cpu_first_bin (u, job->out_width, plan->width);
        size_t ky = cpu_first_bin (v, job->out_height, plan->height);
        double largest = 0;
        for (size_t dy = 0; dy < bins_y; dy++)
          for (size_t dx = 0; dx < bins_x; dx++)
            largest = fmax (largest, amplitude_sum (plan, kx + dx, ky + dy));
        job->out[v * job->out_width + u] = (float) (largest * norm);
      }
}

static fftcl_status cpu_filter_spectrum (void *state, size_t out_width,
                                         size_t out_height, float *out,
                                         fftcl_error *err)
{
  cpu_plan *plan = state;
  const cpu_view_job job = { plan, out_width, out_height, out };
  if (!plan->mirrored)
    {
      cpu_in_parallel (plan, out_height, write_spectrum_rows, &job);
      return FFTCL_OK;
    }
  fftcl_status status = prepare_scratch (plan, err);
  if (status == FFTCL_OK)
    cpu_mirror_spectrum (plan, out_width, out_height, out);
  return status;
}

static fftcl_status cpu_time_transform (void *state,
                                        fftcl_direction direction,
                                        const float *data, size_t runs,
                                        double *ms, fftcl_error *err)
{
  cpu_plan *plan = state;
  size_t floats = 2 * plan->width * plan->height * plan->batch;
  float *copy = fftwf_alloc_real (floats);
  if (!copy)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  memcpy (copy, data, floats * sizeof *copy);
  fftcl_status status = FFTCL_OK;
  for (size_t i = 0; i < runs && status == FFTCL_OK; i++)
    {
      double start = fftcl_now_ms ();
      status = cpu_transform (plan, direction, copy, err);
      ms[i] = fftcl_now_ms () - start;
    }
  fftwf_free (copy);
  return status;
}

static fftcl_status cpu_time_filter (void *state, const fftcl_gain *gain,
                                     const float *planes, size_t runs,
                                     double *ms, fftcl_error *err)
{
  cpu_plan *plan = state;
  size_t floats = plan->width * plan->height * plan->batch;
  float *out = fftwf_alloc_real (floats);
  if (!out)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  const fftcl_window whole = { 0, 0, plan->width, plan->height, 1 };
  const fftcl_strides planes_layout = fftcl_side_by_side (plan->width,
                                                         plan->height);
  fftcl_status status = FFTCL_OK;
  for (size_t i = 0; i < runs && status == FFTCL_OK; i++)
    {
      double start = fftcl_now_ms ();
      status = cpu_filter_load (plan, planes, &planes_layout, NULL, err);
      if (status == FFTCL_OK)
        status = cpu_filter_apply_window (plan, gain, &whole, out,
                                          &planes_layout, NULL, err);
      ms[i] = fftcl_now_ms () - start;
    }
  fftwf_free (out);
  return status;
}

const fftcl_backend fftcl_cpu_backend = {
  .open = cpu_open,
  .close = cpu_close,
  .plan_create = cpu_plan_create,
  .plan_create_mirrored = cpu_plan_create_mirrored,
  .plan_destroy = cpu_plan_destroy,
  .transform = cpu_transform,
  .filter_load = cpu_filter_load,
  .filter_load_rows = cpu_filter_load_rows,
  .filter_apply_window = cpu_filter_apply_window,
  .lays_out = 1,
  .plane_notches = 1,
  .filter_finish = cpu_filter_finish,
  .filter_once = NULL,
  .filter_spectrum = cpu_filter_spectrum,
  .time_transform = cpu_time_transform,
  .time_filter = cpu_time_filter,
};
