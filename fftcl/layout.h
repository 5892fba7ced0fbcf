/* Copies between a caller's fftcl_layout and the planes side by side
 * that backends without `lays_out` take. */
#ifndef FFTCL_LAYOUT_H
#define FFTCL_LAYOUT_H

#include "fftcl.h"

fftcl_layout fftcl_side_by_side (size_t width, size_t height);

int fftcl_is_side_by_side (const fftcl_layout *layout, size_t width,
                           size_t height);

/* `count` planes of width × height, as `layout` lays them out in `data`,
 * into `out` side by side; with `mirrored`, each extended with its mirror
 * images to 2·width × 2·height. */
void fftcl_layout_gather (const float *data, const fftcl_layout *layout,
                          size_t width, size_t height, size_t count,
                          int mirrored, float *out);

/* `count` planes of width × height, side by side in `planes`, into `out`
 * as `layout` lays them out. */
void fftcl_layout_scatter (const float *planes, size_t width, size_t height,
                           size_t count, float *out,
                           const fftcl_layout *layout);

#endif
