/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend's plan and what its files share: cpu_backend.c (the
 * device, plans, transforms, timing), cpu_buffers.c (the planes' memory),
 * cpu_passes.c (load and apply), cpu_gains.c (the gain applied to the
 * spectrum's rows), cpu_window.c (the window delivered), cpu_spectrum.c
 * (the spectrum view), cpu_mirror.c and cpu_gain.c. The helpers live
 * here, so that the files depend one way. */
#ifndef FFTCL_CPU_PLAN_H
#define FFTCL_CPU_PLAN_H

#include "backend.h"
#include "cpu_notches.h"
#include "cpu_planes_fft.h"
#include "fftcl-filter.h"
#include "mirror.h"
#include "parallel.h"

#include <fftw3.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>

typedef struct cpu_device cpu_device;

typedef struct {
  cpu_device *device;                   /* which lends it its planes */
  int threads;
  size_t width, height, batch;
  int mirrored;                         /* see FFTCL_MIRRORED */
  fftwf_plan forward, inverse;          /* fftcl_transform, planned lazily */
  fftwf_complex *spectrum, *scratch;    /* filtering, allocated lazily */
  cpu_planes_fft spectrum_forward, scratch_inverse;
} cpu_plan;

/* Complex planes of the spectrum: two real planes packed in each. */
static inline size_t cpu_spectrum_planes (const cpu_plan *plan)
{
  return (plan->batch + 1) / 2;
}

typedef fftcl_row_work row_work;

/* Splits rows 0 … rows − 1 over the plan's threads and waits for them. */
static inline void cpu_in_parallel (const cpu_plan *plan, size_t rows,
                                    row_work work, const void *job)
{
  fftcl_in_parallel ((size_t) plan->threads, rows, work, job);
}

/* First frequency index of cell c of `cells` over an axis of length n:
 * (c − cells/2) · (n/cells), modulo n. */
static inline size_t cpu_first_bin (size_t c, size_t cells, size_t n)
{
  size_t bins = n / cells;
  return (c * bins + n - cells / 2 * bins) % n;
}

/* The gain along rows of a grid_width × grid_height grid, as
 * fftcl_gain_at gives it, at the `count` frequencies fx[i] of a row. */
typedef struct {
  const fftcl_gain *gain;
  size_t grid_width, grid_height;
  const double *fx;
  size_t count;
  int symmetric;                         /* fx[count − i] = −fx[i] */
  double *stripes_x;                     /* the stripes' per-column
                                            factors, NULL without stripes
                                            unless the band is separable */
  double *small_x, *large_x;             /* a separable band's per-column
                                            factors (in stripes_x's block),
                                            or NULL: evaluated value by
                                            value */
  cpu_notches *notches;                  /* NULL without notches */
} cpu_gain_rows;

/* 0 when memory runs out. `gain` and `fx` must outlive `rows`. */
int cpu_gain_rows_init (cpu_gain_rows *rows, const fftcl_gain *gain,
                        size_t grid_width, size_t grid_height,
                        const double *fx, size_t count);
/* The row at frequency fy into out[count]. */
void cpu_gain_row (const cpu_gain_rows *rows, double fy, float *out);
void cpu_gain_rows_clear (cpu_gain_rows *rows);

/* The gains of a batch's planes: one per distinct set of notches
 * (fftcl_gain.notch_planes), each plane's group, and their rows. */
typedef struct {
  size_t groups;
  size_t *group;       /* group[p] for each plane p; NULL: one group */
  fftcl_gain *gains;   /* per group, notch_planes NULL */
  double *notches;     /* their notches' triples */
  cpu_gain_rows *rows; /* per group */
} cpu_plane_gains;

/* The rows of `gain` for the `batch` planes over fx[count] of a
 * grid_width × grid_height grid; 0 when memory runs out, with nothing
 * left to clear. `gain` and `fx` must outlive `gains`. */
int cpu_plane_gains_init (cpu_plane_gains *gains, const fftcl_gain *gain,
                          size_t batch, size_t grid_width,
                          size_t grid_height, const double *fx,
                          size_t count);
void cpu_plane_gains_clear (cpu_plane_gains *gains);

/* Plane p's group. */
static inline size_t cpu_plane_group (const cpu_plane_gains *gains,
                                      size_t p)
{
  return gains->group ? gains->group[p] : 0;
}

/* The gain's pass over the spectrum: plan->spectrum times the gain, into
 * `filtered` (which may be the spectrum itself), by rows 0 … height/2 in
 * threads, each row then transformed back along x (cpu_gain_rows_back).
 * The gain is even, G(−fx, −fy) = G(fx, fy), so the work on a row also
 * does its mirror, and each gain row is evaluated once per
 * group of planes. Where the two real planes packed in a complex plane
 * take different gains Ga and Gb, with Z the packed transform and
 * M = conj Z(−f), the filtered packed value is
 * (Ga + Gb)/2 · Z + (Ga − Gb)/2 · M (the real planes' transforms are
 * (Z + M)/2 and (Z − M)/(2i)). */
typedef struct {
  const cpu_plan *plan;
  const cpu_plane_gains *gains;
  fftwf_complex *filtered;
  float *space;              /* per thread, cpu_gain_space floats */
  const mirror_complex *phi; /* a mirrored plan's twiddles of its width/2 + 1
                                columns (cpu_mirror_twiddles), else NULL */
} cpu_gain_job;

/* Rows y and −y of every plane of job->filtered, which the gain's pass
 * has finished, transformed back along x while they are in the cache. */
static inline void cpu_gain_rows_back (const cpu_gain_job *job, size_t y)
{
  const cpu_plan *plan = job->plan;
  size_t width = plan->width, area = width * plan->height;
  size_t mirror_y = (plan->height - y) % plan->height;
  for (size_t k = 0; k < cpu_spectrum_planes (plan); k++)
    {
      fftwf_complex *plane = job->filtered + k * area;
      cpu_planes_fft_row (&plan->scratch_inverse, plane + y * width);
      if (mirror_y != y)
        cpu_planes_fft_row (&plan->scratch_inverse, plane + mirror_y * width);
    }
}

/* Floats of a thread's space in the gain's pass, the rows it evaluates
 * at a time: two rows of width + 1 per group (on the heap: a wide
 * plane's would not fit a GEGL thread's stack). */
static inline size_t cpu_gain_space (const cpu_plan *plan,
                                     const cpu_plane_gains *gains)
{
  return 2 * (plan->width + 1) * gains->groups;
}

/* The calling thread's share of job->space. */
static inline float *cpu_gain_thread_space (const cpu_gain_job *job)
{
  return job->space + fftcl_parallel_share ()
                        * cpu_gain_space (job->plan, job->gains);
}

/* fftcl_filter_spectrum's call, for the rows of its view in threads. */
typedef struct {
  const cpu_plan *plan;
  size_t out_width, out_height;
  float *out;
} cpu_view_job;

/* Where value n of an axis of `length` lies along that axis of the
 * transformed planes. */
static inline size_t cpu_axis_position (const cpu_plan *plan, size_t n,
                                        size_t length)
{
  return plan->mirrored ? mirror_position ((unsigned) n, (unsigned) length)
                        : n;
}

/* Where pixel (x, y) of a plane lies in the transformed planes. */
static inline size_t cpu_plane_index (const cpu_plan *plan, size_t x,
                                      size_t y)
{
  return cpu_axis_position (plan, y, plan->height) * plan->width
         + cpu_axis_position (plan, x, plan->width);
}

struct cpu_device {
  int threads;
  pthread_mutex_t lock;     /* of the spare */
  fftwf_complex *spare;     /* planes a destroyed plan left; NULL: none */
  size_t spare_count;       /* their complex values */
};

typedef struct {
  const cpu_plan *plan;
  const fftwf_complex *filtered;
  const fftcl_window *window;
  float *out;
  const fftcl_strides *layout;
} window_job;

/* cpu_buffers.c */

/* Frees what filtering allocated, leaving the plan as if it never filtered. */
void cpu_release_filter (cpu_plan *plan);

void cpu_unmap_complex (fftwf_complex *array, size_t count);

/* `array` kept as the device's spare where it has none, else unmapped. */
void cpu_give_back_complex (const cpu_plan *plan, fftwf_complex *array,
                            size_t count);

/* The spectrum planes and both transforms. The inverse is planned on the
 * spectrum and runs through FFTW's new-array interface on whichever
 * array holds the filtered spectrum (the same alignment: both mapped). */
fftcl_status cpu_prepare_filter (cpu_plan *plan, fftcl_error *err);

/* The scratch planes, where a kept spectrum is filtered; a filter that
 * keeps nothing works in the spectrum planes and never needs them. */
fftcl_status cpu_prepare_scratch (cpu_plan *plan, fftcl_error *err);

/* cpu_passes.c */

fftcl_status cpu_filter_load (void *state, const float *data,
                              const fftcl_strides *layout,
                              fftcl_timings *timings, fftcl_error *err);

fftcl_status cpu_filter_load_rows (void *state, const fftcl_source *rows,
                                   fftcl_timings *timings, fftcl_error *err);

fftcl_status cpu_filter_apply_window (void *state, const fftcl_gain *gain,
                                      const fftcl_window *window, float *out,
                                      const fftcl_strides *layout,
                                      fftcl_timings *timings,
                                      fftcl_error *err);

/* The kept spectrum is filtered where it lies, for an apply with FFTCL_CONSUME
 * and for fftcl_filter_once (a load, then this): the scratch planes are never
 * made (half the memory). */
fftcl_status cpu_filter_finish (void *state, const fftcl_gain *gain,
                                const fftcl_window *window, float *out,
                                const fftcl_strides *layout,
                                fftcl_timings *timings, fftcl_error *err);

/* cpu_gains.c */

/* Rows y in [first, end) of 0 … height/2 of the gain pass, with their
 * mirrors −y: each gain row serves row y and row −y read backwards, in
 * every plane of its group. */
void cpu_multiply_gain_rows (const void *job_pointer, size_t first,
                             size_t end);

/* The gains' rows over the plan's frequencies: its own grid's, or, for a
 * mirrored plan, the DCT's 0 … width on the doubled grid. *fx holds them;
 * the caller frees it and clears *gains. */
fftcl_status cpu_prepare_gains (const cpu_plan *plan, const fftcl_gain *gain,
                                cpu_plane_gains *gains, double **fx,
                                fftcl_error *err);

/* cpu_window.c */

/* Window rows [first, end) of every filtered plane, a row of each before
 * the next row, so that interleaved pixels are written to memory once. */
void cpu_write_window_rows (const void *job_pointer, size_t first, size_t end);

/* The column blocks of every plane that hold a column of `window`, into
 * blocks[] (room for the plan's spectrum planes' blocks); their count. */
size_t cpu_window_blocks (const cpu_plan *plan, const fftcl_window *w,
                          size_t *blocks);

/* cpu_spectrum.c */

fftcl_status cpu_filter_spectrum (void *state, size_t out_width,
                                  size_t out_height, float *out,
                                  fftcl_error *err);

#endif
