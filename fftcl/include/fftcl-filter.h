/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fftcl-filter — band-pass filtering of real planes on an fftcl plan: the
 * planes are transformed forward once and their spectrum kept; each apply
 * then multiplies it by a gain and transforms back, as often as wanted.
 *
 *   const fftcl_plan_desc desc = { .width = 1024, .height = 768, .batch = 3 };
 *   fftcl_plan_create (ctx, &desc, &plan, &err);
 *   fftcl_filter_load (plan, FFTCL_PLANES (planes), &err);   // forward
 *   fftcl_filter_apply (plan, &gain, NULL, out, 0, &err);     // mask, back
 *   fftcl_filter_apply (plan, &other, &window, out, 0, &err); // again
 *
 * The plan's `batch` counts real planes of width × height floats, read
 * and written as the plan's `in` and `out` layouts say. */
#ifndef FFTCL_FILTER_H
#define FFTCL_FILTER_H

#include "fftcl.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- The gain ---------------------------------------------------------- */

typedef enum {
  FFTCL_SHAPE_GAUSSIAN,    /* L(f; c) = exp(−ln2 · (f/c)²) */
  FFTCL_SHAPE_BUTTERWORTH, /* L(f; c) = 1 / (1 + (f/c)^(2·order)) */
  FFTCL_SHAPE_IDEAL        /* L(f; c) = 1 if f ≤ c, else 0 */
} fftcl_shape;

typedef enum {
  FFTCL_STRIPES_NONE,
  FFTCL_STRIPES_HORIZONTAL, /* remove the fx = 0 axis: horizontal stripes */
  FFTCL_STRIPES_VERTICAL    /* remove the fy = 0 axis: vertical stripes */
} fftcl_stripes;

/* A real gain G(fx, fy), even in (fx, fy), over frequencies in cycles per
 * pixel of the plan's grid (docs/contract.md). The pass band is
 * P(f) = L(f; 1/small_period) · (1 − L(f; 1/large_period)); a period of 0
 * leaves its factor out. Stripes and notches multiply in; keep_mean then
 * sets G(0, 0) = 1. */
typedef struct {
  double large_period; /* px: structures larger than this are removed */
  double small_period; /* px: structures smaller than this are removed */
  fftcl_shape shape;
  double order;        /* Butterworth order */
  int reject;          /* nonzero: G = 1 − P (band-reject) */
  int keep_mean;       /* nonzero: G(0, 0) = 1 */
  fftcl_stripes stripes;
  /* ImageJ's "tolerance of direction", 0 … 100 %: the stripe factor is
   * 1 − exp(−(k·(1 − tolerance/100))²) at bin k off the stripe axis. */
  double stripe_tolerance;
  /* notch_count triples (fx, fy, radius) in cycles/px: each rejects a disc
   * and its mirror (−fx, −fy), with the band's shape (½ at the radius);
   * frequencies repeat every cycle/px, so a disc near ±0.5 reaches on
   * across the edge. −0.5 ≤ fx, fy ≤ 0.5, and the radius is finite and
   * at least fftcl_notch_radius_min of the filter's grid; at most
   * FFTCL_MOST_NOTCHES notches. A notch costs only at the frequencies
   * within its reach, where its discs differ from 1 by more than 2^−30. */
  const double *notches;
  size_t notch_count;
  /* NULL: every notch filters every plane. Else notch_count masks, one
   * per notch: notch i filters plane p of the batch only where bit
   * (p mod 32) of notch_planes[i] is set (a halftone's screen is one ink's,
   * so it lies in some colour planes only). The band and the stripes
   * filter every plane. Planes of different notches cost one inverse
   * transform of the batch per distinct set of notches on a backend that
   * cannot filter them apart in one (fftcl_filter_apply). */
  const unsigned *notch_planes;
} fftcl_gain;

#define FFTCL_MOST_NOTCHES (1 << 24)

/* The smallest notch radius a width × height grid resolves: half a bin of
 * its longer axis, 1 / (2 · max(width, height)) cycles/px. The filter's
 * grid is the plan's size, doubled per axis for a plan made with
 * FFTCL_MIRRORED; a smaller radius is FFTCL_ERROR_ARGUMENT. */
double fftcl_notch_radius_min (size_t width, size_t height);

/* How far from its centre, in cycles/px, a notch disc of `radius`
 * reaches with the gain's shape: beyond, its factor lies within 2^−30 of
 * 1 (even where OpenCL rounds its centre and the distance in float), and
 * the notch costs nothing there: the backends' own rule, for a caller
 * that bounds what its notches cost before it filters. */
double fftcl_notch_reach (const fftcl_gain *gain, double radius);

/* The gain at (fx, fy) cycles/px on a width × height grid, as every
 * backend applies it (a backend leaves out the factors within 2^−30 of
 * 1 and rounds to float). */
double fftcl_gain_at (const fftcl_gain *gain, size_t width, size_t height,
                      double fx, double fy);

/* Nonzero when a plan made with FFTCL_MIRRORED can apply `gain`: the gain
 * is even in fx and in fy apart, which every notch off the axes breaks. */
int fftcl_gain_mirrors (const fftcl_gain *gain);

/* ---- Filtering --------------------------------------------------------- */

/* A rectangle of the filtered planes, and how coarsely to deliver it:
 * width × height values per plane, the one at (i, j) the mean of the
 * step × step block of filtered values whose top-left corner is
 * (x + i·step, y + j·step). Every block lies inside the plan's planes. */
typedef struct {
  size_t x, y;          /* top-left corner, in plane pixels */
  size_t width, height; /* values per row, rows per plane */
  size_t step;          /* ≥ 1; 1 delivers the pixels themselves */
} fftcl_window;

/* What a load or a once reads: the plan's `batch` real planes of
 * width × height, either as the plan's `in` layout lays them out at
 * `planes`, or (planes NULL) made row by row, for a caller whose planes
 * are computed from something else (padded from smaller pixels, say):
 * `fill` writes row y of real plane `plane`, the plan's width floats, to
 * `row`. fftcl calls it once for each row of each plane, from its
 * threads, rows of a plane in any order. `scratch` is scratch_floats
 * floats of the calling thread's own on the heap (NULL for 0), to work
 * in: what a fill leaves there the next may overwrite. On the CPU each
 * row goes straight into the spectrum, so the planes are never in memory
 * whole; elsewhere fftcl makes them, planes side by side
 * (4 · width · height · batch bytes while the call runs), and reads
 * those. Exactly one of `planes` and `fill` is set.
 *
 * A load's source stays the caller's promise until the plan's next load,
 * once or transform, or its destruction: where the device fails an apply
 * or a spectrum view, the plan redoes it on the CPU after reading the
 * source again, with no copy of its own (fftcl_plan_create). Until then
 * the planes, or whatever the fill reads, must stay readable and as they
 * were, and the job and its fill callable; the fftcl_source itself need
 * not (the plan copies it). A once's source is read only while it runs.
 * A filter call may write its window over its own source only where that
 * ends the source's use: a once, or an apply with FFTCL_CONSUME. The redo
 * of such a call reads the source as the call found it where the device
 * fails before the window comes back (a kernel that does not compile,
 * memory or resources running out); a device lost while the window is
 * read back into the source leaves part of it filtered, and the redo
 * filters that part again. A plan on the CPU backend never reads a
 * source again. */
typedef struct {
  const float *planes;
  void (*fill) (const void *job, size_t plane, size_t y, float *row,
                float *scratch);
  const void *job;
  size_t scratch_floats;
} fftcl_source;

/* The source of planes laid out at `p`, for a call's argument. */
#define FFTCL_PLANES(p) (&(const fftcl_source) { .planes = (p) })

/* Transforms the source's planes forward and keeps their spectrum in the
 * plan, for fftcl_filter_apply and fftcl_filter_spectrum.
 *
 * Memory on the CPU: the spectrum is ⌈batch / 2⌉ complex planes of
 * width × height (8 · width · height bytes each: two real planes packed
 * in one), made by the first load and kept until the plan is destroyed;
 * an apply without FFTCL_CONSUME (or a spectrum view of a mirrored plan)
 * adds as much again for the filtered copy; each of the plan's threads
 * also keeps up to 8 columns (8 · height complex values) per direction.
 * A 4096² RGB plan: 256 MiB, 512 MiB with applies that do not consume.
 * A destroyed plan's spectrum stays with its context for the next plan
 * of its size (fresh pages are slow to make), until the context is
 * destroyed or a plan of another size filters. */
fftcl_status fftcl_filter_load (fftcl_plan *plan, const fftcl_source *in,
                                fftcl_error *err);

typedef enum {
  /* The last apply of a load: it filters the kept spectrum where it lies
   * and uses it up (on the CPU that saves a second spectrum: half the
   * memory of a load and an apply). Another apply needs a new load. */
  FFTCL_CONSUME = 1 << 0
} fftcl_apply_flags;

/* Multiplies the kept spectrum by `gain`, transforms it back and writes
 * `window` of each filtered plane to `out` (NULL: the whole planes at step
 * 1). A preview redoes only this on every change; a final run asks for
 * the image without its padding. On OpenCL the inverse transforms cost
 * the same for every window, only the transfer to the host shrinks; on
 * the CPU a window over at most half the columns has only those
 * transformed back after the rows. Where the
 * gain's notch_planes give planes different notches and the backend
 * filters every plane of a pair alike (OpenCL), each distinct set of
 * notches costs an inverse transform of the batch and a host buffer of
 * the window's size. A step of 0,
 * an empty window, one whose blocks reach past the planes, or a call
 * without a kept spectrum is FFTCL_ERROR_ARGUMENT. `flags` are
 * fftcl_apply_flags, or-ed. */
fftcl_status fftcl_filter_apply (fftcl_plan *plan, const fftcl_gain *gain,
                                 const fftcl_window *window, float *out,
                                 unsigned flags, fftcl_error *err);

/* A load and a consuming apply in one call, for planes filtered once:
 * nothing is kept. On OpenCL it is faster than the two calls: the forward
 * transform's last stage, the gain and the inverse's first stage are one
 * pass through memory. */
fftcl_status fftcl_filter_once (fftcl_plan *plan, const fftcl_gain *gain,
                                const fftcl_source *in,
                                const fftcl_window *window, float *out,
                                fftcl_error *err);

/* The loaded spectrum, for people to look at: out_width × out_height
 * floats, row after row, centred (zero frequency at (out_width / 2,
 * out_height / 2), fx growing to the right, fy downward). Each value is
 * the largest amplitude |X(fx, fy)| / (width · height), summed over the
 * real planes, among the frequencies its cell covers, so that narrow
 * peaks survive the reduction: cell (u, v) covers the width / out_width
 * frequency indices from kx = (u − out_width / 2) · (width / out_width)
 * on, taken modulo width, and likewise in y. A real plane's cosine of
 * amplitude a at (kx, ky) shows a / 2 in the cells of (kx, ky) and
 * (−kx, −ky). out_width and out_height are powers of two no larger than
 * the filter's grid (twice the plan's size when mirrored). It may be
 * called between applies, as often as wanted; without a kept spectrum it
 * is FFTCL_ERROR_ARGUMENT. */
fftcl_status fftcl_filter_spectrum (fftcl_plan *plan, size_t out_width,
                                    size_t out_height, float *out,
                                    fftcl_error *err);

/* ---- Timings ----------------------------------------------------------- */

/* Wall-clock milliseconds of each step of a filter call. Where the mask
 * is fused into the inverse transform (OpenCL), mask_ms is 0 and
 * inverse_ms holds both. On the CPU, where each row is transformed as
 * soon as it is written: upload_ms is the packing of the planes into the
 * spectrum arrays with the forward transforms of their rows (and the
 * first load's making of those arrays), forward_ms the forward transforms
 * of the columns, mask_ms the gain with the inverse transforms of the
 * rows, inverse_ms those of the columns. */
typedef struct {
  double upload_ms, forward_ms, mask_ms, inverse_ms, download_ms;
} fftcl_timings;

/* The steps of the plan's last filter call (zeroes before the first).
 * FFTCL_ERROR_ARGUMENT unless the plan was made with FFTCL_TIMINGS. */
fftcl_status fftcl_filter_timings (const fftcl_plan *plan,
                                   fftcl_timings *out, fftcl_error *err);

#ifdef __cplusplus
}
#endif

#endif
