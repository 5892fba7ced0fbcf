/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend's 2-D transform of its spectrum planes (complex planes
 * side by side, unnormalised) as 1-D transforms in place: of one row, and
 * of `column_block` columns side by side. cpu_passes.c runs them, with
 * the packing, the gain and the unpacking fused into their passes. */
#ifndef FFTCL_CPU_PLANES_FFT_H
#define FFTCL_CPU_PLANES_FFT_H

#include <fftw3.h>
#include <stddef.h>

typedef struct {
  size_t width, height;
  fftwf_plan rows[2];        /* one row in place: forward, inverse */
  fftwf_plan columns[2];     /* `column_block` columns in place, where they
                                lie in the plane: forward, inverse; all
                                four kept for the process, shared by plans */
  size_t column_block;
  int measured;              /* all four are FFTW's measured plans, from
                                wisdom (cpu_wisdom.h), not estimated */
} cpu_planes_fft;

/* Plans the transforms of width × height planes laid out as `array`'s
 * (unchanged) and aligned like it: FFTW's measured 1-D plans where its
 * wisdom has them, else estimated ones, at once. 0 when FFTW cannot
 * plan. The plans belong to the process: nothing is to be freed. */
int cpu_planes_fft_make (cpu_planes_fft *fft, size_t width, size_t height,
                         const fftwf_complex *array);

#endif
