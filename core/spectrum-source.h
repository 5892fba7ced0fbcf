/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-source — what the spectrum view shows: the amplitude spectrum
 * of the image alone. The filter's own spectrum is of the padded image,
 * and mirror padding repeats every pattern reflected, so each peak would
 * show with reflections that a notch cannot remove; this one is of the
 * image's mean colour plane, tapered to zero at its edges so that they
 * draw no cross, and zero-padded. */
#ifndef SPECTRUM_SOURCE_H
#define SPECTRUM_SOURCE_H

#include <stddef.h>

#include "fftcl.h"
#include "pixel-planes.h"
#include "row-split.h"

/* The view of width × height pixels of `layout` (rows `stride` pixels
 * apart; colours weighted by their alpha, so that hidden colour shows
 * nothing) on `context`: at most max_cells × max_cells cells, their count
 * written to *cells_x and *cells_y; the caller frees it. Its passes over
 * the pixels run on `split` (NULL: the calling thread) and on fftcl's
 * threads. NULL, with *err filled, when fftcl fails or memory runs
 * out. */
float *spectrum_source_amplitude (fftcl_context     *context,
                                  const float       *pixels,
                                  const PixelLayout *layout,
                                  size_t             stride,
                                  size_t             width,
                                  size_t             height,
                                  size_t             max_cells,
                                  size_t            *cells_x,
                                  size_t            *cells_y,
                                  RowSplit           split,
                                  fftcl_error       *err);

/* The part of an image that the spectrum view and the pattern search
 * transform: its centre, at most SPECTRUM_SOURCE_MOST_SIDE pixels a side,
 * so that peaks stay where they are in cycles per pixel and a huge image
 * needs no huge plan. */
#define SPECTRUM_SOURCE_MOST_SIDE 4096

/* The view (spectrum_source_amplitude) of that centre of width × height
 * pixels of `layout`, rows `stride` pixels apart, its crop's size written
 * to *crop_width and *crop_height (either may be NULL). At most
 * max_cells × max_cells cells; SPECTRUM_SOURCE_MOST_SIDE cells hold
 * every frequency of the crop. */
float *spectrum_source_centre    (fftcl_context     *context,
                                  const float       *pixels,
                                  const PixelLayout *layout,
                                  size_t             stride,
                                  size_t             width,
                                  size_t             height,
                                  size_t             max_cells,
                                  size_t            *cells_x,
                                  size_t            *cells_y,
                                  size_t            *crop_width,
                                  size_t            *crop_height,
                                  RowSplit           split,
                                  fftcl_error       *err);

/* The value of one pixel the view reads: the mean of its colours times
 * its alpha, 0 where that is not finite (NaN or ±inf colour, NaN alpha),
 * as for a transparent pixel. */
float  spectrum_source_value     (const float       *pixel,
                                  const PixelLayout *layout);

#endif
