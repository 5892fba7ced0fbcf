/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A load's or a once's input handed to a backend as it came: planes as
 * the caller laid them out, or rows a source's fill makes (fftcl_source),
 * so that a backend that copies its input anyway (OpenCL, into its
 * staging slots) reads it once, with no planes made on the host first. */
#ifndef FFTCL_INPUT_ROWS_H
#define FFTCL_INPUT_ROWS_H

#include "layout.h"

#include <stdatomic.h>

/* Exactly one of `planes` (laid out as `layout` says) and `rows` is set. */
typedef struct {
  const float *planes;
  const fftcl_strides *layout;
  const fftcl_source *rows;
} fftcl_input;

/* Writes rows [first, end) of real plane `plane`, `width` floats each,
 * one after another at `to`. `scratch` is the fill's scratch_floats
 * floats of the calling thread (NULL where the input has no fill or asks
 * for none). */
void fftcl_input_rows (const fftcl_input *in, size_t width, size_t plane,
                       size_t first, size_t end, float *to,
                       float *scratch);

/* The scratch a thread's share of fftcl_input_rows needs, made for each
 * share: NULL with *failed set where the host is out of memory, NULL
 * without where none is needed. Free it with free. */
float *fftcl_input_scratch (const fftcl_input *in, atomic_int *failed);

#endif
