/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-crop.h"

#include "render-error.h"
#include "row-split-gegl.h"
#include "spectrum-source.h"

gfloat *
spectrum_crop_amplitude (fftcl_context              *context,
                         const FilteredImageSource  *image,
                         gsize                       max_cells,
                         gsize                      *cells_x,
                         gsize                      *cells_y,
                         GError                    **error)
{
  fftcl_error  fft_error;
  gfloat      *amplitude;

  amplitude = spectrum_source_centre (context, image->pixels, &image->layout,
                                      image->geometry.width,
                                      image->geometry.width,
                                      image->geometry.height, max_cells,
                                      cells_x, cells_y, NULL, NULL,
                                      row_split_gegl, &fft_error);
  if (! amplitude)
    render_error_fft (error, &fft_error);
  return amplitude;
}

gfloat *
spectrum_crop_cached (SpectrumCropCache          *cache,
                      fftcl_context              *context,
                      const FilteredImageSource  *image,
                      gsize                       max_cells,
                      gint                       *width,
                      gint                       *height,
                      GError                    **error)
{
  if (cache->values && cache->max_cells != max_cells)
    spectrum_crop_forget (cache);
  if (! cache->values)
    cache->values = spectrum_crop_amplitude (context, image, max_cells,
                                             &cache->width, &cache->height,
                                             error);
  cache->max_cells = max_cells;
  if (! cache->values)
    return NULL;

  *width  = cache->width;
  *height = cache->height;
  return g_memdup2 (cache->values,
                    cache->width * cache->height * sizeof (gfloat));
}

void
spectrum_crop_forget (SpectrumCropCache *cache)
{
  g_clear_pointer (&cache->values, g_free);
}
