/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-crop — what the spectrum view shows of a whole drawable: the
 * spectrum (spectrum-source.h) of its centre, at most
 * SPECTRUM_CROP_MAX_SIDE pixels a side, so that peaks stay where they
 * are, in cycles per pixel, and a huge image needs no huge plan; and the
 * patterns found in it. */
#ifndef SPECTRUM_CROP_H
#define SPECTRUM_CROP_H

#include <libgimp/gimp.h>

#include "filtered-image.h"
#include "pattern-finder.h"

/* The largest crop, in pixels a side. */
#define SPECTRUM_CROP_MAX_SIDE 4096

/* The view of `image`'s pixels on `context`, at most max_cells ×
 * max_cells cells, their count written to *cells_x and *cells_y. NULL,
 * with a message, when fftcl fails or memory runs out. Free with
 * g_free. */
gfloat *spectrum_crop_amplitude (fftcl_context              *context,
                                 const FilteredImageSource  *image,
                                 gsize                       max_cells,
                                 gsize                      *cells_x,
                                 gsize                      *cells_y,
                                 GError                    **error);

/* The cells along each axis that hold every frequency of the crop: a
 * view this fine loses no peak to the reduction. */
#define SPECTRUM_CROP_ALL_CELLS SPECTRUM_CROP_MAX_SIDE

/* A drawable's view at one resolution, worked out once: values is NULL
 * until then. */
typedef struct
{
  gfloat *values;
  gsize   max_cells;
  gsize   width, height;
} SpectrumCropCache;

/* A copy of `cache`'s view, worked out by spectrum_crop_amplitude on the
 * first call for max_cells (a call for another resolution works it out
 * anew); NULL, with a message, on failure. Free with g_free. */
gfloat *spectrum_crop_cached    (SpectrumCropCache          *cache,
                                 fftcl_context              *context,
                                 const FilteredImageSource  *image,
                                 gsize                       max_cells,
                                 gint                       *width,
                                 gint                       *height,
                                 GError                    **error);

/* Forgets the view, for pixels that changed. */
void    spectrum_crop_forget    (SpectrumCropCache          *cache);

/* The patterns (pattern-finder.h) in `amplitude`, the view of cells_x ×
 * cells_y cells that spectrum_crop_amplitude made of `image`, their waves
 * confirmed by its pixels, as a call with find-patterns finds them.
 * FALSE, with a message, on failure. */
gboolean spectrum_crop_find_patterns (const gfloat              *amplitude,
                                      gsize                      cells_x,
                                      gsize                      cells_y,
                                      const FilteredImageSource *image,
                                      const PatternSearch       *search,
                                      PatternsFound             *found,
                                      GError                   **error);

#endif
