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
