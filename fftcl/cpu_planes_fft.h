/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend's 2-D transform of its spectrum planes: complex
 * planes side by side, each transformed in place, unnormalised, as 1-D
 * transforms of each row and then of each column. The rows are done one
 * at a time by the caller, where a row has just been written (packed, or
 * times the gain) and is still in the cache; the columns here, gathered
 * a block at a time into a buffer where they lie contiguous. */
#ifndef FFTCL_CPU_PLANES_FFT_H
#define FFTCL_CPU_PLANES_FFT_H

#include <fftw3.h>
#include <stddef.h>

typedef struct {
  size_t width, height, planes, threads;
  fftwf_plan row;            /* one row; kept for the process */
  fftwf_plan columns;        /* column_block columns, gathered; kept */
  size_t column_block;
  fftwf_complex **gathered;  /* one column buffer per thread */
} cpu_planes_fft;

/* Plans the transform of `planes` width × height planes in the direction
 * `sign` (FFTW_FORWARD or FFTW_BACKWARD), for arrays aligned like
 * `array`, which it leaves unchanged. The 1-D plans are estimated, so
 * that a new size filters at once; they are faster than FFTW's measured
 * 2-D plans of the planes (docs/performance.md, "Rules in the code":
 * rows and columns). 0 when FFTW cannot plan or memory runs out, with
 * nothing left to clear. */
int cpu_planes_fft_make (cpu_planes_fft *fft, size_t width, size_t height,
                         size_t planes, size_t threads, fftwf_complex *array,
                         int sign);

/* The 1-D transform of one row, in place: a row of an array aligned as
 * the planned one. Any thread may call it. */
void cpu_planes_fft_row (const cpu_planes_fft *fft, fftwf_complex *row);

/* Column blocks per plane: block b of plane p holds columns
 * b · column_block onwards; column x lies in block x / column_block. */
size_t cpu_planes_fft_column_blocks (const cpu_planes_fft *fft);

/* The 1-D transforms of the columns of `count` column blocks of `array`,
 * in the plan's threads: the listed ones, entry i being block
 * blocks[i] % cpu_planes_fft_column_blocks of plane blocks[i] /
 * cpu_planes_fft_column_blocks, or, where `blocks` is NULL, every block of
 * every plane (count is then ignored). Once every row was transformed,
 * the values of those columns are the 2-D transform's. */
void cpu_planes_fft_columns (const cpu_planes_fft *fft, fftwf_complex *array,
                             const size_t *blocks, size_t count);

/* The 2-D plan of `planes` width × height complex planes side by side,
 * in place, in direction `sign`, made with `flags` for `threads` threads
 * (fftcl_transform's); NULL when FFTW cannot plan it. */
fftwf_plan cpu_plan_planes (size_t width, size_t height, size_t planes,
                            int threads, fftwf_complex *array, int sign,
                            unsigned flags);

/* Frees what cpu_planes_fft_make made; a zeroed one is left as it is. */
void cpu_planes_fft_clear (cpu_planes_fft *fft);

#endif
