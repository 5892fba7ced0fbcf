/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-crop.h"

#include <glib/gi18n-lib.h>

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
  gsize        width       = image->geometry.width;
  gsize        height      = image->geometry.height;
  gsize        crop_width  = MIN (width, SPECTRUM_CROP_MAX_SIDE);
  gsize        crop_height = MIN (height, SPECTRUM_CROP_MAX_SIDE);
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

/* The transform's side for a crop's side (spectrum-source.h): the power
 * of two that holds it. */
static gsize
grid_side (gsize crop_side)
{
  return crop_side > 1 ? (gsize) 1 << g_bit_storage (crop_side - 1) : 1;
}

gboolean
spectrum_crop_find_patterns (const gfloat              *amplitude,
                             gsize                      cells_x,
                             gsize                      cells_y,
                             const FilteredImageSource *image,
                             const PatternSearch       *search,
                             PatternsFound             *found,
                             GError                   **error)
{
  gsize       width       = image->geometry.width;
  gsize       height      = image->geometry.height;
  gsize       crop_width  = MIN (width, SPECTRUM_CROP_MAX_SIDE);
  gsize       crop_height = MIN (height, SPECTRUM_CROP_MAX_SIDE);
  fftcl_error fft_error;

  if (patterns_find_in_spectrum (amplitude, cells_x, cells_y,
                                 grid_side (crop_width),
                                 grid_side (crop_height), crop_width,
                                 crop_height, search, row_split_gegl, found,
                                 &fft_error) == FFTCL_OK &&
      patterns_confirm_waves (found, image->pixels, &image->layout, width,
                              width, height, row_split_gegl,
                              &fft_error) == FFTCL_OK)
    return TRUE;

  g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
               _("Finding patterns failed: %s"), fft_error.message);
  return FALSE;
}
