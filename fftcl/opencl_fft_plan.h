/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The plan of an OpenCL FFT (opencl_fft.h) and what its files share:
 * opencl_fft_shape.c splits each axis into stages and shapes their
 * work-groups, opencl_fft_tables.c fills the twiddle, mirror and
 * frequency tables, opencl_fft_stages.c builds the stages' kernels, and
 * opencl_fft.c makes the plan and enqueues its transforms. */
#ifndef FFTCL_OPENCL_FFT_PLAN_H
#define FFTCL_OPENCL_FFT_PLAN_H

#include "opencl_error.h"
#include "opencl_fft.h"

/* fft_stage's arguments after `scale`: the second plane, when the kernel
 * takes one, then the gain's, or the round trip's gain table and the
 * gain's. */
#define PLANE_ARGS_FIRST 11

/* A stage is at least radix 2, and plane sizes stay below 2^32. */
#define MAX_AXIS_STAGES 32

typedef struct {
  cl_uint length; /* N */
  cl_uint unit;   /* distance between neighbours: 1 for rows, width for
                     columns */
  unsigned stage_count;
  unsigned log_lengths[MAX_AXIS_STAGES]; /* log2 of each stage's factor */
  int cross; /* stages 0 and 1, radix 2 and L, run as one cross stage
               (natural order only) */
} axis;

/* One stage of kernels/fft.cl, as planned. */
typedef struct {
  cl_uint length;
  cl_uint inner_in, inner_out;
  cl_uint unit;
  cl_uint twiddle_step; /* table entries per unit of n · e; 0: no twiddle */
  size_t lanes;
  int cross; /* a cross stage (kernels/fft.cl) */
} stage_shape;

/* How a work-group of a stage is laid out (see kernels/fft.cl). */
typedef struct {
  cl_uint tile;
  cl_uint lane_groups;
  int split_components;
} group_layout;

typedef struct {
  cl_kernel kernel;
  size_t global_size, local_size;
  cl_uint length; /* of the FFTs it runs (a cross stage's 2L) */
  int twiddled, out_of_place, two_planes;
  cl_mem element_twiddles; /* its own twiddle table, or NULL */
} stage;

typedef struct {
  stage items[2 * MAX_AXIS_STAGES];
  size_t count;
} stage_list;

struct fftcl_ocl_fft {
  cl_command_queue queue;
  stage_list natural, in_place;
  stage filter_entry; /* the first inverse in-place stage, with the gain */
  stage round_trip;   /* the last in-place stage forward, the gain and back;
                         made when there are at least two stages */
  cl_mem twiddles, pass_twiddles, frequencies;
  cl_mem mirrors; /* a lone real plane's: the position of −k per position
                     of k, x then y */
  int pairs_planes; /* in-place stages take two planes per launch */
};

/* opencl_fft_shape.c */

unsigned ocl_fft_log2_of (size_t power_of_two);

cl_uint ocl_fft_max_u (cl_uint a, cl_uint b);

/* The longest stage of an axis, for a tile of the narrowest width. Rows
 * (narrowest 1) may exchange their real and imaginary parts one after the
 * other, which keeps longer rows in one stage (docs/performance.md, "Rules
 * in the code": rows in one stage). Strided lanes do so only when
 * `split_strided` says (natural_columns). */
cl_uint ocl_fft_stage_length_limit (const fftcl_ocl_device *device,
                                    cl_uint narrowest, int split_strided);

cl_uint ocl_fft_narrowest_tile (cl_uint unit);

axis ocl_fft_split_axis (const fftcl_ocl_device *device, cl_uint length,
                         cl_uint unit);

/* Product of the factors of stages [0, end). */
cl_uint ocl_fft_factors_before (const axis *a, unsigned end);

/* Stage i of decimation in frequency: FFTs of length R_i over sub-blocks of
 * length N_i = N / (R_0 ⋯ R_(i−1)), lanes strided by N_i / R_i, each output
 * e of lane n times W_(N_i)^(n · e). */
stage_shape ocl_fft_in_place_shape (const axis *a, unsigned i, size_t area,
                                    cl_uint table_length);

/* Stockham pass i: span Ns = R_0 ⋯ R_(i−1); lane j reads j + r · N/R_i,
 * multiplies input r by W_(Ns · R_i)^((j mod Ns) · r), writes output r to
 * (j / Ns) · Ns · R_i + j mod Ns + r · Ns. */
stage_shape ocl_fft_natural_shape (const axis *a, unsigned i, size_t area,
                                   cl_uint table_length);

/* Stages 0 and 1 of an axis that has a cross stage, as one: stage 1's FFTs
 * on the rows as they are before stage 0, with stage 0's twiddles. */
stage_shape ocl_fft_cross_shape (const axis *a, size_t area,
                                 cl_uint table_length);

/* kernels/fft.cl's TABLE_FIRST_RADIX for a stage of `length`. */
cl_uint ocl_fft_first_radix (cl_uint length, cl_uint radix);

cl_uint ocl_fft_radix_of (const fftcl_ocl_device *device, size_t area);

/* One butterfly of the stage's radix R per work-item, or, where the length
 * leaves a first pass of radix 2 before radix-8 passes, 16 values: the
 * first pass then takes radix 16 (kernels/fft.cl), one exchange fewer
 * (docs/performance.md, "Rules in the code": 16 values per work-item). */
cl_uint ocl_fft_per_thread_of (const fftcl_ocl_device *device,
                               const stage_shape *s);

/* Windows for a work-group of `tile` lanes: one holding everything when
 * it fits, else the real then the imaginary parts, of fewer lanes at a
 * time when even that is too much (only for lanes strided on both sides,
 * each work-item staying within one lane). Returns 0 when nothing fits. */
int ocl_fft_choose_windows (const fftcl_ocl_device *device,
                            const stage_shape *s, cl_uint tile,
                            cl_uint per_thread, group_layout *out);

/* The widest tile worth a try. */
cl_uint ocl_fft_preferred_tile (const fftcl_ocl_device *device,
                                const stage_shape *s);

/* opencl_fft_tables.c */

/* Twiddled row stages, whose neighbouring work-items hold neighbouring
 * lanes n, read W^(n·e) from a table of their own laid out element by
 * element, so that neighbours read neighbouring entries rather than
 * entries e apart (docs/performance.md, "Rules in the code": element
 * twiddles). */
int ocl_fft_has_element_twiddles (const stage_shape *s);

/* has_element_twiddles' table: entry e · inner + n holds W^(n·e), the
 * entry n · e · twiddle_step of the table of `table_length`. */
fftcl_status ocl_fft_create_element_twiddles (const fftcl_ocl_device *device,
                                              const stage_shape *s,
                                              cl_uint table_length,
                                              cl_mem *out, fftcl_error *err);

/* The stage twiddles for axes up to `length` and the pass twiddles for
 * stages up to `longest_stage` with passes of `radix`. */
fftcl_status ocl_fft_create_twiddles (fftcl_ocl_fft *fft,
                                      const fftcl_ocl_device *device,
                                      cl_uint length, cl_uint longest_stage,
                                      cl_uint radix, fftcl_error *err);

fftcl_status ocl_fft_create_mirrors (const fftcl_ocl_device *device,
                                     const axis *x, const axis *y, cl_mem *out,
                                     fftcl_error *err);

fftcl_status ocl_fft_create_frequencies (const fftcl_ocl_device *device,
                                         const axis *x, const axis *y,
                                         cl_mem *out, fftcl_error *err);

/* opencl_fft_stages.c */

void ocl_fft_release_stage (stage *st);

fftcl_status ocl_fft_create_stages (fftcl_ocl_fft *fft,
                                    fftcl_ocl_device *device, const axis *x,
                                    const axis *y, int lone, fftcl_error *err);

void ocl_fft_release_stages (stage_list *list);

#endif
