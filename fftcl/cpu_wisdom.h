/* SPDX-License-Identifier: GPL-3.0-or-later */
/* FFTW's wisdom for the FFTW backend: the measured 2-D plans of spectrum
 * planes, measured in the background and kept in a cache folder (NULL:
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

/* The measured cpu_plan_planes plan from wisdom, for arrays aligned like
 * `array` (unchanged); NULL when wisdom has none, or while a measurement
 * runs (FFTW's planner would wait for it). */
fftwf_plan cpu_wisdom_plan (size_t width, size_t height, size_t planes,
                            int threads, fftwf_complex *array, int sign);

/* Measures both directions' cpu_plan_planes plans in a thread of their own
 * (one size at a time, on memory of its own, starting a few seconds
 * later) and saves them to the wisdom file of `cache_folder` for later
 * plans and processes. A size asked for while another is measured is left
 * for a later call. Planes larger than 8192² are never measured. */
void cpu_wisdom_measure (size_t width, size_t height, size_t planes,
                         int threads, const char *cache_folder);

#endif
