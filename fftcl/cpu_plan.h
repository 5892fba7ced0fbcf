/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend's plan and what its files share, for cpu_backend.c,
 * cpu_mirror.c and cpu_gain.c. The helpers live here, so that the files
 * depend one way: cpu_backend.c on cpu_mirror.c, both on cpu_gain.c. */
#ifndef FFTCL_CPU_PLAN_H
#define FFTCL_CPU_PLAN_H

#include "cpu_notches.h"
#include "cpu_planes_fft.h"
#include "fftcl-filter.h"
#include "mirror.h"
#include "parallel.h"

#include <fftw3.h>
#include <stddef.h>

typedef struct {
  int threads;
  const char *cache_folder;             /* its context's; NULL: the user's */
  int measures;                         /* has new sizes measured */
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
  double *small_x, *large_x, *stripes_x; /* the band's per-column factors,
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

/* The gain's pass over the spectrum: plan->spectrum times the gain, into
 * `filtered` (which may be the spectrum itself), by rows 0 … height/2 in
 * threads. The gain is even, G(−fx, −fy) = G(fx, fy), so the work on a
 * row also does its mirror, and each gain row is evaluated once. */
typedef struct {
  const cpu_plan *plan;
  const cpu_gain_rows *rows;
  fftwf_complex *filtered;
} cpu_gain_job;

/* fftcl_filter_spectrum's call, for the rows of its view in threads. */
typedef struct {
  const cpu_plan *plan;
  size_t out_width, out_height;
  float *out;
} cpu_view_job;

/* Where pixel (x, y) of a plane lies in the transformed planes. */
static inline size_t cpu_plane_index (const cpu_plan *plan, size_t x,
                                      size_t y)
{
  if (!plan->mirrored)
    return y * plan->width + x;
  return (size_t) mirror_position ((unsigned) y, (unsigned) plan->height)
           * plan->width
         + mirror_position ((unsigned) x, (unsigned) plan->width);
}

#endif
