/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "final-write.h"

#include <glib/gi18n-lib.h>

#include "renderer-state.h"

/* The filter's steps in the renderer's table: after the preview's
 * load, or afresh after the read. */
static void
note_timings (BandpassRenderer *renderer,
              const FilterCall *call)
{
  if (call->served)
    {
      step_timings_add (&renderer->timings, &call->timings);
    }
  else
    {
      renderer->timings.read_ms = renderer->state.read_ms;
      step_timings_restart (&renderer->timings, &call->timings);
    }
  renderer->timings.crop_write_ms += call->write_ms;
}

/* fftcl moves a plan whose GPU fails to the CPU and redoes the call, so
 * the result is right; the user is told. */
static void
tell_fallback (BandpassRenderer *renderer,
               const gchar      *reason)
{
  if (reason)
    g_message (_("Filtering on %s failed (%s); filtering on the CPU "
                 "instead."),
               fftcl_context_device_name (renderer_context (renderer)), reason);
}

/* The drawable's pixels as stored, fresh at each use: the tiles a
 * read brought over GIMP's protocol go before the result's come. */
static GeglBuffer *
drawable_source (gpointer renderer_pointer)
{
  BandpassRenderer *renderer = renderer_pointer;

  return drawable_pixels_source (&renderer->drawable);
}

gboolean
bandpass_renderer_write (BandpassRenderer        *renderer,
                         const BandpassSettings  *settings,
                         GeglBuffer              *target,
                         const RemovedPart       *removed,
                         const FilterHost        *host,
                         GError                 **error)
{
  const GeglRectangle whole  = { 0, 0, renderer->drawable.width,
                                 renderer->drawable.height };
  FilterCall          call   = { .context  = renderer_context (renderer),
                                 .settings = settings,
                                 .source   = drawable_source,
                                 .source_data = renderer,
                                 .result   = target,
                                 .area     = &whole,
                                 .removed  = *removed,
                                 .name     = renderer->drawable.name,
                                 .host     = host,
                                 .timed    = renderer->timed };
  gboolean            filtered;

  /* The final run holds one spectrum at a time: the coarse copy's and a
   * print's twin go. */
  coarse_preview_unload (renderer->coarse);
  filter_state_clear (&renderer->light);
  renderer_choose (renderer, settings);
  filtered = filter_buffer (&call, &renderer->state, error);
  g_clear_pointer (&renderer->drawable.stored, g_free);
  if (filtered)
    {
      gchar *device_name = bandpass_device_describe (renderer->device,
                                                     call.fallback_reason);

      if (call.warning)
        g_message ("%s", call.warning);
      tell_fallback (renderer, call.fallback_reason);
      note_timings (renderer, &call);
      if (renderer->timed)
        step_timings_print (&renderer->timings, renderer->drawable.name,
                            device_name, &renderer->state.filtered.geometry,
                            renderer->state.filtered.mirrored);
      g_free (device_name);
    }

  g_free (call.warning);
  g_free (call.fallback_reason);
  return filtered;
}
