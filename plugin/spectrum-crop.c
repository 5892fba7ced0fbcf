#include "spectrum-crop.h"

#include "render-error.h"
#include "spectrum-source.h"

#define SPECTRUM_MAX_SIDE 4096

gfloat *
spectrum_crop_amplitude (fftcl_context              *context,
                         const FilteredImageSource  *image,
                         gsize                       max_cells,
                         gsize                      *cells_x,
                         gsize                      *cells_y,
                         GError                    **error)
{
  gsize        width       = image->geometry.width;
  gsize        height      = image->geometry.height;
  gsize        crop_width  = MIN (width, SPECTRUM_MAX_SIDE);
  gsize        crop_height = MIN (height, SPECTRUM_MAX_SIDE);
  gsize        corner      = (height - crop_height) / 2 * width +
                             (width - crop_width) / 2;
  fftcl_error  fft_error;
  gfloat      *amplitude;

  amplitude = spectrum_source_amplitude (context,
                                         image->pixels +
                                         corner * image->layout.components,
                                         &image->layout, width, crop_width,
                                         crop_height, max_cells, cells_x,
                                         cells_y, &fft_error);
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
  if (! cache->values)
    cache->values = spectrum_crop_amplitude (context, image, max_cells,
                                             &cache->width, &cache->height,
                                             error);
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
