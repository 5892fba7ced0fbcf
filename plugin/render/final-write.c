/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "final-write.h"

#include <glib/gi18n-lib.h>

#include "filter-output.h"
#include "pulsing-worker.h"
#include "render-error.h"
#include "renderer-state.h"

static void
report (const BandpassProgress *progress,
        gdouble                 fraction)
{
  if (progress)
    progress->update (fraction, progress->data);
}

/* The final filter: the whole drawable at step 1 into the pixels
 * themselves, from the loaded spectrum, which it uses up, or from
 * `source` in one pass. It makes no libgimp call, so it may run in a
 * thread of its own. */
typedef struct
{
  BandpassRenderer          *renderer;
  const fftcl_gain          *gain;
  const FilteredImageSource *source;    /* NULL: the loaded spectrum */
  FilteredImageTimings       timings;
  fftcl_error                fft_error;
  fftcl_status               status;
} FinalFilter;

static void
run_final_filter (gpointer filter_pointer)
{
  FinalFilter          *filter   = filter_pointer;
  BandpassRenderer     *renderer = filter->renderer;
  fftcl_window          whole    = { 0, 0, renderer->drawable.width,
                                     renderer->drawable.height, 1 };
  FilteredImageTimings *timed    = renderer->timed ? &filter->timings : NULL;

  filter->status = filter->source
                   ? filtered_image_filter_once (renderer_context (renderer),
                                                 filter->source, filter->gain,
                                                 &whole, renderer->pixels,
                                                 &renderer->image, timed,
                                                 &filter->fft_error)
                   : filtered_image_render_last (renderer->image,
                                                 filter->gain, &whole,
                                                 renderer->pixels, timed,
                                                 &filter->fft_error);
}

/* Filters the whole drawable into its pixels: from the loaded spectrum
 * where it is ready for `settings`, else read (here: the read calls
 * libgimp) and filtered in one pass. */
static gboolean
filter_whole (BandpassRenderer        *renderer,
              const BandpassSettings  *settings,
              const BandpassProgress  *progress,
              GError                 **error)
{
  RenderGeometry      asked  = renderer_choose (renderer, settings);
  gboolean            loaded = renderer_loaded_for (renderer, &asked, settings);
  FilteredImageSource source;
  FinalFilter         filter = { .renderer = renderer,
                                 .gain     = &settings->gain };

  if (! loaded)
    {
      if (! renderer_make_room (renderer, &asked, settings, &source, error))
        return FALSE;

      filter.source = &source;
      report (progress, 0.15);
    }

  pulsing_worker_run (run_final_filter, &filter,
                      progress ? progress->pulse : NULL,
                      progress ? progress->data : NULL);
  if (filter.status != FFTCL_OK)
    return render_error_fft (error, &filter.fft_error);

  if (loaded)
    step_timings_add (&renderer->timings, &filter.timings);
  else
    step_timings_restart (&renderer->timings, &filter.timings);
  return TRUE;
}

/* fftcl moves a plan whose GPU fails to the CPU and redoes the call, so
 * the result is right; the user is told. */
static void
tell_fallback (BandpassRenderer *renderer)
{
  const gchar *reason = renderer_fallback_reason (renderer);

  if (reason)
    g_message (_("Filtering on %s failed (%s); filtering on the CPU "
                 "instead."),
               fftcl_context_device_name (renderer_context (renderer)), reason);
}

/* filter_output_write of the filtered pixels, from the drawable as it
 * stores them. */
static void
write_output (BandpassRenderer       *renderer,
              const BandpassSettings *settings,
              GeglBuffer             *target,
              const RemovedPart      *removed)
{
  const GeglRectangle whole  = { 0, 0, renderer->drawable.width,
                                 renderer->drawable.height };
  GeglBuffer         *source = drawable_pixels_source (&renderer->drawable);

  filter_output_write (&(FilterOutput) { .source      = source,
                                         .result      = target,
                                         .area        = &whole,
                                         .format      = &renderer->format,
                                         .keep_unseen = renderer->unseen,
                                         .removed     = *removed },
                       settings, renderer->pixels);
  g_object_unref (source);
}

gboolean
bandpass_renderer_write (BandpassRenderer        *renderer,
                         const BandpassSettings  *settings,
                         GeglBuffer              *target,
                         const RemovedPart       *removed,
                         const BandpassProgress  *progress,
                         GError                 **error)
{
  gchar   *device_name;
  gdouble  start_ms;

  report (progress, 0.0);
  if (! filter_whole (renderer, settings, progress, error))
    return FALSE;
  report (progress, 0.85);

  if (renderer->warning)
    g_message ("%s", renderer->warning);
  tell_fallback (renderer);
  device_name = bandpass_renderer_describe_device (renderer);

  /* The spectrum is used up: its memory goes before the drawable's tiles
   * come, and the pixels' once they are written, so that a call holds
   * one drawable's at a time. */
  renderer_drop_spectrum (renderer);
  start_ms = step_timings_now_ms ();
  write_output (renderer, settings, target, removed);
  renderer->timings.crop_write_ms += step_timings_now_ms () - start_ms;
  g_clear_pointer (&renderer->pixels, g_free);
  g_clear_pointer (&renderer->drawable.stored, g_free);
  report (progress, 1.0);

  if (renderer->timed)
    step_timings_print (&renderer->timings, renderer->drawable.name,
                        device_name, &renderer->filtered.geometry,
                        renderer->filtered.mirrored);
  g_free (device_name);

  return TRUE;
}
