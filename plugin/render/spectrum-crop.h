/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-crop — what the spectrum view shows of a whole drawable: the
 * spectrum of its centre (spectrum_source_centre, spectrum-source.h),
 * worked out once per resolution. */
#ifndef SPECTRUM_CROP_H
#define SPECTRUM_CROP_H

#include <libgimp/gimp.h>

#include "filtered-image.h"

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

#endif
