/* spectrum-crop — what the spectrum view shows of a whole drawable: the
 * spectrum (spectrum-source.h) of its centre, at most SPECTRUM_MAX_SIDE
 * pixels a side, so that peaks stay where they are, in cycles per pixel,
 * and a huge image needs no huge plan. */
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

/* A drawable's view, worked out once: values is NULL until then. */
typedef struct
{
  gfloat *values;
  gsize   width, height;
} SpectrumCropCache;

/* A copy of `cache`'s view, worked out by spectrum_crop_amplitude on the
 * first call; NULL, with a message, on failure. Free with g_free. */
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
