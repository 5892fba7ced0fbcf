/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend's 2-D transform of its spectrum planes (complex planes
 * side by side, unnormalised) as 1-D transforms: of one row in place, and
 * of columns gathered `column_block` at a time into a buffer of the
 * thread's own where they lie contiguous. cpu_passes.c runs them, with
 * the packing, the gain and the unpacking fused into their passes. */
#ifndef FFTCL_CPU_PLANES_FFT_H
#define FFTCL_CPU_PLANES_FFT_H

#include <fftw3.h>
#include <stddef.h>

typedef struct {
  size_t width, height, planes, threads;
  fftwf_plan rows[2];        /* one row in place: forward, inverse */
  fftwf_plan columns[2];     /* `column_block` gathered columns in place:
                                forward, inverse; all four kept for the
                                process, shared by plans */
  size_t column_block;
  int measured;              /* all four are FFTW's measured plans, from
                                wisdom (cpu_wisdom.h), not estimated */
  fftwf_complex **gathered;  /* per thread: `planes` blocks of
                                column_block × height values */
} cpu_planes_fft;

/* Plans the transforms of `planes` width × height planes, for rows
 * aligned like those of `array`, which it leaves unchanged: FFTW's
 * measured 1-D plans where its wisdom has them, else estimated ones, at
 * once. 0 when FFTW cannot plan or memory runs out, with nothing left to
 * clear. */
int cpu_planes_fft_make (cpu_planes_fft *fft, size_t width, size_t height,
                         size_t planes, size_t threads,
                         const fftwf_complex *array);

/* Frees what cpu_planes_fft_make made; a zeroed one is left as it is. */
void cpu_planes_fft_clear (cpu_planes_fft *fft);

#endif
