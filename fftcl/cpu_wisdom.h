/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FFTW's wisdom for the FFTW backend: the measured 1-D plans of its
 * spectrum planes' rows and columns, measured in the background and kept in a cache folder (NULL:
 * the user's, fftcl_cache_path) for later plans and processes. */
#ifndef FFTCL_CPU_WISDOM_H
#define FFTCL_CPU_WISDOM_H

#include <fftw3.h>
#include <stddef.h>

/* Loads the wisdom file; once, after FFTW's planner is made thread-safe. */
void cpu_wisdom_load (const char *cache_folder);

/* The 2-D plan of `planes` width × height complex planes side by side,
 * in place, in direction `sign`, made with `flags` for `threads` threads;
 * NULL when FFTW cannot plan it. */
fftwf_plan cpu_plan_planes (size_t width, size_t height, size_t planes,
                            int threads, fftwf_complex *array, int sign,
                            unsigned flags);

/* The 1-D plan of `howmany` transforms of n values, in place, in
 * direction `sign`, single-threaded, made with `flags`: with a stride of
 * 1 lines of contiguous values one after another, else lines side by
 * side, value i of line j at i · stride + j (columns of rows `stride`
 * long). NULL when FFTW cannot plan it. */
fftwf_plan cpu_wisdom_line (size_t n, size_t howmany, size_t stride,
                            fftwf_complex *array, int sign, unsigned flags);

/* The flags a row plan of width values needs for rows one after another
 * from an aligned start: FFTW's new-array execution needs each row to
 * start aligned as the planned array does. */
unsigned cpu_wisdom_row_flags (size_t width);

/* The flags that make cpu_wisdom_line take a measured plan from wisdom
 * only, for planes of width × height; 0 where none is to be looked up:
 * planes larger than 8192², which are never measured, or while a
 * measurement runs (FFTW's planner would wait for it). */
unsigned cpu_wisdom_lookup (size_t width, size_t height);

/* Measures the 1-D plans of width × height planes' transforms
 * (cpu_planes_fft.h: a row, and `column_block` columns in place; both
 * directions)
 * in a thread of their own (one size at a time, on memory of its own,
 * starting a few seconds later) and saves them to the wisdom file of
 * `cache_folder` for later plans and processes. A size asked for while
 * another is measured is left for a later call. Planes larger than 8192²
 * are never measured. */
void cpu_wisdom_measure (size_t width, size_t height, size_t column_block,
                         const char *cache_folder);

#endif
