/* SPDX-License-Identifier: GPL-3.0-or-later */
/* step-timings — the per-step table that FFT_BANDPASS_TIMINGS asks for. */
#ifndef STEP_TIMINGS_H
#define STEP_TIMINGS_H

#include <glib.h>

#include "filtered-image.h"

typedef struct
{
  gdouble       read_ms;
  gdouble       pad_ms;
  fftcl_timings fft;           /* upload, forward, mask, inverse, download */
  gdouble       crop_write_ms;
} StepTimings;

/* TRUE when FFT_BANDPASS_TIMINGS is set to anything non-empty. */
gboolean step_timings_wanted (void);

/* Milliseconds on the monotonic clock. */
gdouble  step_timings_now_ms (void);

/* Adds the steps of one core call: its padding, its FFT steps, and its
 * scatter into pixels to crop+write. */
void     step_timings_add    (StepTimings                *timings,
                              const FilteredImageTimings *call);

/* Starts the steps afresh after the read, with those of a load or a
 * filter in one pass. */
void     step_timings_restart (StepTimings                *timings,
                               const FilteredImageTimings *call);

/* Prints the table for one drawable to stderr. `geometry` is the planes'
 * as filtered: a mirrored plan's are the image's size and filtered at
 * twice it. */
void     step_timings_print  (const StepTimings   *timings,
                              const gchar         *drawable_name,
                              const gchar         *device_name,
                              const PlaneGeometry *geometry,
                              gboolean             mirrored);

#endif
