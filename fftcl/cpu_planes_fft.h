/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend's 2-D transform of its spectrum planes: complex
 * planes side by side, each transformed in place, unnormalised. */
#ifndef FFTCL_CPU_PLANES_FFT_H
#define FFTCL_CPU_PLANES_FFT_H

#include <fftw3.h>
#include <stddef.h>

typedef struct {
  size_t width, height, planes, threads;
  fftwf_plan whole;          /* measured, from wisdom; or NULL */
  fftwf_plan rows;           /* `row_block` rows of the planes at a time */
  fftwf_plan columns;        /* `column_block` columns, gathered; both
                                kept for the process, shared by plans */
  size_t row_block, column_block;
  fftwf_complex **gathered;  /* one column buffer per thread */
} cpu_planes_fft;

/* Plans the transform of `planes` width × height planes in the direction
 * `sign` (FFTW_FORWARD or FFTW_BACKWARD), for arrays aligned like
 * `array`, which it leaves unchanged: FFTW's measured plan where its
 * wisdom has one (cpu_wisdom_plan), and the rows-and-columns form, which
 * runs at once where it has none. 0 when FFTW cannot plan or memory runs
 * out, with nothing left to clear. */
int cpu_planes_fft_make (cpu_planes_fft *fft, size_t width, size_t height,
                         size_t planes, size_t threads, fftwf_complex *array,
                         int sign);

/* Transforms `array` in place, in the plan's threads. */
void cpu_planes_fft_run (const cpu_planes_fft *fft, fftwf_complex *array);

/* Transforms every row of `array` in place, then only the `count` column
 * blocks listed, block b being columns b % (width / column_block) ·
 * column_block onwards of plane b / (width / column_block): the values
 * of those columns come out as cpu_planes_fft_run gives them, the
 * others are half done. */
void cpu_planes_fft_run_columns (const cpu_planes_fft *fft,
                                 fftwf_complex *array, const size_t *blocks,
                                 size_t count);

/* Frees what cpu_planes_fft_make made; a zeroed one is left as it is. */
void cpu_planes_fft_clear (cpu_planes_fft *fft);

#endif
