/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A monotonic clock in milliseconds: for fftcl_timings, and for the
 * plug-in's core and the benchmarks, which time their own steps. Internal
 * to the project, not part of fftcl's public API. */
#ifndef FFTCL_CLOCK_H
#define FFTCL_CLOCK_H

double fftcl_now_ms (void);

#endif
