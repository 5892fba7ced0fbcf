/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The benchmarks' line on how their context's device was chosen
 * (fftcl_context_choice). */
#ifndef BENCH_CHOICE_H
#define BENCH_CHOICE_H

#include "fftcl.h"

/* Prints one line, "# choice: …", on stdout. */
void bench_print_choice (const fftcl_context *ctx);

#endif
