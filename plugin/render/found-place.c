/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "found-place.h"

#include "pattern-place.h"

gboolean
found_place_strongest (BandpassRenderer    *renderer,
                       const PatternsFound *found,
                       gsize               *x,
                       gsize               *y)
{
  FilteredImageSource image = bandpass_renderer_source (renderer);

  return pattern_place_strongest (image.pixels, &image.layout,
                                  image.geometry.width, image.geometry.width,
                                  image.geometry.height, found, x, y);
}
