/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A caller's fftcl_layout made concrete for an array of known size, and
 * copies between such strides and the planes side by side that backends
 * without `lays_out` take. */
#ifndef FFTCL_LAYOUT_H
#define FFTCL_LAYOUT_H

#include "fftcl-filter.h"

/* Value (x, y) of plane p at data[p · plane_step + y · row_step +
 * x · value_step]. */
typedef struct {
  size_t value_step, row_step, plane_step;
} fftcl_strides;

/* `layout` (already defaulted: value_step ≥ 1) over planes of
 * width × height; every step SIZE_MAX where a step overflows. */
fftcl_strides fftcl_strides_of (const fftcl_layout *layout, size_t width,
                                size_t height);

fftcl_strides fftcl_side_by_side (size_t width, size_t height);

int fftcl_is_side_by_side (const fftcl_strides *layout, size_t width,
                           size_t height);

/* `count` planes of width × height, as `layout` lays them out in `data`,
 * into `out` side by side; with `mirrored`, each extended with its mirror
 * images to 2·width × 2·height. */
void fftcl_strides_gather (const float *data, const fftcl_strides *layout,
                           size_t width, size_t height, size_t count,
                           int mirrored, float *out);

/* `count` planes of width × height, side by side in `planes`, into `out`
 * as `layout` lays them out. */
void fftcl_strides_scatter (const float *planes, size_t width,
                            size_t height, size_t count, float *out,
                            const fftcl_strides *layout);

#endif
