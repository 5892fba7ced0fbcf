/* SPDX-License-Identifier: GPL-3.0-or-later */
/* coarse-copy — a small copy of an image, with the gain and the windows
 * that match it, so that where every full refresh is slow (the CPU) a
 * preview shows a coarse result at once and refines it after. Plain C. */
#ifndef COARSE_COPY_H
#define COARSE_COPY_H

#include <stddef.h>

#include "fftcl-filter.h"

typedef struct
{
  size_t factor;        /* image pixels per copy pixel, along each axis */
  size_t width, height; /* the copy */
} CoarseScale;

/* The smallest whole factor that brings width × height down to at most
 * max_area pixels. */
CoarseScale  coarse_scale_for   (size_t             width,
                                 size_t             height,
                                 size_t             max_area);

/* Box-downscales width × height pixels of `components` floats: each copy
 * pixel is the mean of its factor × factor block (of what remains of it
 * at the right and bottom edges). */
void         coarse_copy_pixels (const CoarseScale *scale,
                                 const float       *pixels,
                                 size_t             width,
                                 size_t             height,
                                 size_t             components,
                                 float             *copy);

/* The gain that does on the copy what `gain` does on the image: periods
 * divided by the factor, notch frequencies and radii multiplied by it;
 * notches beyond the copy's Nyquist frequency are left out. `notches`
 * has room for gain->notch_count triples and `planes` for as many masks
 * (their notch_planes, where the gain has them); the result points into
 * them. */
fftcl_gain   coarse_gain        (const CoarseScale *scale,
                                 const fftcl_gain  *gain,
                                 double            *notches,
                                 unsigned          *planes);

/* The window of the copy that covers `window` of the image, no finer
 * than the copy allows. */
fftcl_window coarse_window      (const CoarseScale  *scale,
                                 const fftcl_window *window);

/* Fills `window` of the image (window->width × window->height pixels of
 * `components` floats) from `coarse`, the pixels of `coarse_window`: each
 * pixel takes the copy pixel under the centre of its block. */
void         coarse_expand      (const CoarseScale  *scale,
                                 const fftcl_window *coarse_window,
                                 const float        *coarse,
                                 const fftcl_window *window,
                                 size_t              components,
                                 float              *pixels);

#endif
