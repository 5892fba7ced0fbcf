/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bandpass-render.h"

#include "pattern-settings.h"
#include "print-window.h"
#include "renderer-state.h"

BandpassRenderer *
bandpass_renderer_new (GimpDrawable   *drawable,
                       BandpassDevice *device)
{
  BandpassRenderer *renderer = g_new0 (BandpassRenderer, 1);

  drawable_pixels_init (&renderer->drawable, drawable);
  renderer->device = device ? bandpass_device_ref (device) : NULL;
  renderer->timed  = step_timings_wanted ();
  renderer->coarse = coarse_preview_new (renderer->drawable.width,
                                         renderer->drawable.height);
  return renderer;
}

void
renderer_drop_spectrum (BandpassRenderer *renderer)
{
  filter_state_drop_spectrum (&renderer->state);
  filter_state_drop_spectrum (&renderer->light);
  coarse_preview_unload (renderer->coarse);
}

void
bandpass_renderer_free (BandpassRenderer *renderer)
{
  renderer_drop_spectrum (renderer);
  coarse_preview_free (renderer->coarse);
  g_free (renderer->window);
  spectrum_crop_forget (&renderer->spectrum);
  filter_state_clear (&renderer->state);
  filter_state_clear (&renderer->light);
  drawable_pixels_clear (&renderer->drawable);
  g_clear_pointer (&renderer->device, bandpass_device_unref);
  g_free (renderer);
}

GimpDrawable *
bandpass_renderer_get_drawable (BandpassRenderer *renderer)
{
  return renderer->drawable.drawable;
}

gboolean
bandpass_renderer_read_source (BandpassRenderer  *renderer,
                               GError           **error)
{
  return drawable_pixels_read_ahead (&renderer->drawable, error);
}

gboolean
bandpass_renderer_use_device (BandpassRenderer  *renderer,
                              const gchar       *choice,
                              GError           **error)
{
  BandpassDevice *device;

  if (renderer->device && bandpass_device_is (renderer->device, choice))
    return TRUE;

  device = bandpass_device_open (choice, error);
  if (! device)
    return FALSE;

  renderer_drop_spectrum (renderer);
  g_clear_pointer (&renderer->device, bandpass_device_unref);
  renderer->device = device;
  return TRUE;
}

BandpassDevice *
bandpass_renderer_get_device (BandpassRenderer *renderer)
{
  return renderer->device;
}

fftcl_context *
renderer_context (const BandpassRenderer *renderer)
{
  return bandpass_device_context (renderer->device);
}

const gchar *
bandpass_renderer_warning (BandpassRenderer *renderer)
{
  return renderer->state.warning;
}

const Babl *
bandpass_renderer_display_format (BandpassRenderer *renderer)
{
  return render_format_display (renderer->drawable.stored_format,
                                renderer->drawable.gray,
                                renderer->drawable.has_alpha);
}

RenderGeometry
renderer_choose (BandpassRenderer       *renderer,
                 const BandpassSettings *settings)
{
  const DrawablePixels *drawable = &renderer->drawable;
  RenderFormat          chosen   = render_format_for (drawable->stored_format,
                                                      drawable->gray,
                                                      drawable->has_alpha,
                                                      settings);

  if (chosen.format != renderer->state.format.format)
    {
      renderer_drop_spectrum (renderer);
      coarse_preview_forget (renderer->coarse);
      spectrum_crop_forget (&renderer->spectrum);
      filter_state_clear (&renderer->light);
      filter_state_choose (&renderer->state, &chosen, drawable->width,
                           drawable->height);
    }

  return render_geometry_for (drawable->width, drawable->height,
                              &settings->gain, settings->padding,
                              renderer_context (renderer));
}

gboolean
bandpass_renderer_prepare (BandpassRenderer        *renderer,
                           const BandpassSettings  *settings,
                           gboolean                *reloaded,
                           GError                 **error)
{
  RenderGeometry       asked   = renderer_choose (renderer, settings);
  GeglRectangle        whole   = { 0, 0, renderer->drawable.width,
                                   renderer->drawable.height };
  FilteredImageTimings timings = { 0 };
  GeglBuffer          *source;
  gboolean             loaded;

  if (filter_state_serves (&renderer->state, &asked, settings))
    return print_window_prepare (renderer, settings, &asked, error);

  renderer_drop_spectrum (renderer);
  source = drawable_pixels_source (&renderer->drawable);
  loaded = filter_state_load (&renderer->state, renderer_context (renderer),
                              source, &whole, &asked, settings,
                              renderer->drawable.name,
                              renderer->timed ? &timings : NULL, error);
  g_object_unref (source);
  if (! loaded)
    return FALSE;

  renderer->timings.read_ms = renderer->state.read_ms;
  step_timings_restart (&renderer->timings, &timings);
  if (reloaded)
    *reloaded = TRUE;
  return print_window_prepare (renderer, settings, &asked, error);
}

FilteredImageSource
bandpass_renderer_source (BandpassRenderer *renderer)
{
  return render_geometry_source (&renderer->state.filtered,
                                 renderer->state.pixels,
                                 &renderer->state.format.layout);
}

gboolean
bandpass_renderer_find_patterns (BandpassRenderer     *renderer,
                                 const PatternSearch  *search,
                                 PatternsFound        *found,
                                 GError              **error)
{
  const FilterState *state = &renderer->state;

  return pattern_settings_search_pixels (renderer_context (renderer),
                                         state->pixels, &state->format.layout,
                                         state->width, state->height, search,
                                         renderer->drawable.name, found,
                                         error);
}

gfloat *
bandpass_renderer_spectrum (BandpassRenderer  *renderer,
                            gint               max_size,
                            gint              *width,
                            gint              *height,
                            GError           **error)
{
  FilteredImageSource image = bandpass_renderer_source (renderer);

  return spectrum_crop_cached (&renderer->spectrum, renderer_context (renderer),
                               &image, max_size, width, height, error);
}

gboolean
bandpass_renderer_coarse_first (BandpassRenderer *renderer)
{
  gboolean on_cpu = fftcl_context_is_cpu (renderer_context (renderer)) ||
                    filter_state_fallback_reason (&renderer->state) != NULL;

  return on_cpu && coarse_preview_shrinks (renderer->coarse);
}

gchar *
bandpass_renderer_describe_device (BandpassRenderer *renderer)
{
  const FilterState *state = &renderer->state;

  return bandpass_device_describe (renderer->device,
                                   filter_state_fallback_reason (state));
}
