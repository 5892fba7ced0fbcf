/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "found-patterns.h"

#include <glib/gi18n-lib.h>

#include "drawable-pixels.h"
#include "pattern-settings.h"
#include "render-error.h"
#include "render-format.h"

/* The search of one drawable's pixels (pattern_settings_find). It makes
 * no libgimp call, so it may run in a thread of its own. */
typedef struct
{
  fftcl_context          *context;
  const gfloat           *pixels;
  PixelLayout             layout;
  gsize                   width, height;
  const BandpassSettings *settings;
  BandpassSettings       *with_found;
  fftcl_error             fft_error;
  PatternSettingsOutcome  outcome;
} PatternJob;

static void
run_search (gpointer job_pointer)
{
  PatternJob *job = job_pointer;

  job->outcome = pattern_settings_find (job->context, job->pixels,
                                        &job->layout, job->width, job->height,
                                        job->settings, job->with_found,
                                        &job->fft_error);
}

/* Reads `drawable` as the final run does and searches it. */
static gboolean
search_drawable (PatternJob        *job,
                 GimpDrawable      *drawable,
                 PulsingWorkerFunc  pulse,
                 gpointer           pulse_data,
                 GError           **error)
{
  DrawablePixels source;
  RenderFormat   format;
  gfloat        *pixels;
  gboolean       searched = FALSE;

  drawable_pixels_init (&source, drawable);
  format = render_format_for (source.stored_format, source.gray,
                              source.has_alpha, job->settings);
  pixels = drawable_pixels_get (&source, format.format, error);
  if (pixels)
    {
      job->pixels = pixels;
      job->layout = format.layout;
      job->width  = source.width;
      job->height = source.height;
      pulsing_worker_run (run_search, job, pulse, pulse_data);
      g_free (pixels);

      searched = job->outcome == PATTERN_SETTINGS_ADDED;
      if (job->outcome == PATTERN_SETTINGS_SEARCH_FAILED)
        g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                     _("Finding patterns in \"%s\" failed: %s"),
                     source.name, job->fft_error.message);
      else if (job->outcome == PATTERN_SETTINGS_NO_MEMORY)
        render_error_memory (error);
    }

  drawable_pixels_clear (&source);
  return searched;
}

gboolean
found_patterns_in_drawable (BandpassSettings       *with_found,
                            const BandpassSettings *settings,
                            GimpDrawable           *drawable,
                            fftcl_context          *context,
                            PulsingWorkerFunc       pulse,
                            gpointer                pulse_data,
                            GError                **error)
{
  PatternJob job = { .context    = context,
                     .settings   = settings,
                     .with_found = with_found };

  *with_found = (BandpassSettings) { 0 };
  return search_drawable (&job, drawable, pulse, pulse_data, error);
}
