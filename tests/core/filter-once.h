/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The final run's whole filter as the core tests call it: a load with
 * FILTERED_IMAGE_ONCE and its one render (filtered-image.h). */
#ifndef TESTS_FILTER_ONCE_H
#define TESTS_FILTER_ONCE_H

#include "filtered-image.h"

/* `window` of the image `source` describes, filtered with `gain`, into
 * `pixels`. *spent is the image (left as it was where the load fails),
 * which cannot render again; destroy it. */
static inline fftcl_status
filter_once (fftcl_context             *context,
             const FilteredImageSource *source,
             const fftcl_gain          *gain,
             const fftcl_window        *window,
             float                     *pixels,
             FilteredImage            **spent,
             FilteredImageTimings      *timings,
             fftcl_error               *err)
{
  fftcl_status status = filtered_image_load (context, source,
                                             FILTERED_IMAGE_ONCE, spent,
                                             timings, err);

  return status == FFTCL_OK
         ? filtered_image_render (*spent, gain, window, pixels,
                                  FILTERED_IMAGE_LAST, timings, err)
         : status;
}

#endif
