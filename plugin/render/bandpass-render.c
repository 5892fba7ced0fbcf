/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bandpass-render.h"

#include <string.h>

#include "buffer-pixels.h"
#include "render-error.h"
#include "render-memory.h"
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
  g_clear_pointer (&renderer->image, filtered_image_destroy);
  g_clear_pointer (&renderer->warning, g_free);
  coarse_preview_unload (renderer->coarse);
}

void
bandpass_renderer_free (BandpassRenderer *renderer)
{
  renderer_drop_spectrum (renderer);
  coarse_preview_free (renderer->coarse);
  g_free (renderer->window);
  spectrum_crop_forget (&renderer->spectrum);
  g_free (renderer->pixels);
  g_free (renderer->waves);
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
  return renderer->warning;
}

const Babl *
bandpass_renderer_display_format (BandpassRenderer *renderer)
{
  return render_format_display (renderer->drawable.stored_format,
                                renderer->drawable.gray,
                                renderer->drawable.has_alpha);
}

/* Whether a pixel's colour is not finite in any component but alpha:
 * babl's conversions keep a NaN or inf in the colour of a pixel NaN or
 * inf in some component. */
static gboolean
holds_unseen (const BandpassRenderer *renderer)
{
  PixelLayout colour = renderer->format.layout;

  colour.colour_planes = colour.components - (colour.has_alpha ? 1 : 0);
  return pixel_planes_keep_unseen (&colour, renderer->pixels, NULL,
                                   renderer->drawable.width *
                                   renderer->drawable.height) > 0;
}

static gboolean
read_pixels (BandpassRenderer  *renderer,
             GError           **error)
{
  gdouble start_ms = step_timings_now_ms ();

  renderer->pixels = drawable_pixels_get (&renderer->drawable,
                                          renderer->format.format, error);
  renderer->unseen = renderer->pixels &&
                     buffer_pixels_spreads_unseen (renderer->drawable.stored_format,
                                                   renderer->format.format) &&
                     holds_unseen (renderer);

  renderer->timings.read_ms = step_timings_now_ms () - start_ms;
  return renderer->pixels != NULL;
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

  if (chosen.format != renderer->format.format)
    {
      renderer_drop_spectrum (renderer);
      coarse_preview_forget (renderer->coarse);
      g_clear_pointer (&renderer->pixels, g_free);
      spectrum_crop_forget (&renderer->spectrum);
      renderer->format = chosen;
    }

  return render_geometry_for (drawable->width, drawable->height,
                              &settings->gain, settings->padding,
                              renderer_context (renderer));
}

gboolean
renderer_loaded_for (const BandpassRenderer *renderer,
            const RenderGeometry   *asked,
            const BandpassSettings *settings)
{
  return renderer->image && render_geometry_equal (asked, &renderer->asked) &&
         settings->wave_count == renderer->wave_count &&
         (settings->wave_count == 0 ||
          memcmp (settings->waves, renderer->waves,
                  2 * settings->wave_count * sizeof (gdouble)) == 0);
}

gboolean
renderer_make_room (BandpassRenderer        *renderer,
           const RenderGeometry    *asked,
           const BandpassSettings  *settings,
           FilteredImageSource     *source,
           GError                 **error)
{
  RenderGeometry  fitting = *asked;
  gchar          *warning = NULL;
  guint64         unread  = renderer->pixels
                            ? 0
                            : (guint64) asked->geometry.width *
                              asked->geometry.height *
                              babl_format_get_bytes_per_pixel (renderer->format.format);

  renderer_drop_spectrum (renderer);
  if (! render_memory_fit (&fitting.geometry, unread,
                           renderer->format.layout.colour_planes,
                           renderer->drawable.name, &warning, error) ||
      (! renderer->pixels && ! read_pixels (renderer, error)))
    {
      g_free (warning);
      return FALSE;
    }

  renderer->warning  = warning;
  renderer->asked    = *asked;
  renderer->filtered = fitting;
  g_free (renderer->waves);
  renderer->waves      = g_memdup2 (settings->waves,
                                    2 * settings->wave_count * sizeof (gdouble));
  renderer->wave_count = settings->wave_count;
  *source = render_geometry_source (&fitting, renderer->pixels,
                                    &renderer->format.layout);
  source->waves = (FittedWaves) { renderer->waves, renderer->wave_count };
  return TRUE;
}

gboolean
bandpass_renderer_prepare (BandpassRenderer        *renderer,
                           const BandpassSettings  *settings,
                           gboolean                *reloaded,
                           GError                 **error)
{
  RenderGeometry       asked   = renderer_choose (renderer, settings);
  FilteredImageSource  source;
  FilteredImageTimings timings = { 0 };
  fftcl_error          fft_error;

  if (renderer_loaded_for (renderer, &asked, settings))
    return TRUE;

  if (! renderer_make_room (renderer, &asked, settings, &source, error))
    return FALSE;

  if (filtered_image_load (renderer_context (renderer), &source, &renderer->image,
                           renderer->timed ? &timings : NULL,
                           &fft_error) != FFTCL_OK)
    return render_error_fft (error, &fft_error);
  step_timings_restart (&renderer->timings, &timings);

  if (reloaded)
    *reloaded = TRUE;
  return TRUE;
}

FilteredImageSource
bandpass_renderer_source (BandpassRenderer *renderer)
{
  return render_geometry_source (&renderer->filtered, renderer->pixels,
                                 &renderer->format.layout);
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

const gchar *
renderer_fallback_reason (BandpassRenderer *renderer)
{
  return renderer->image
         ? fftcl_plan_fallback_reason (filtered_image_plan (renderer->image))
         : NULL;
}

gboolean
bandpass_renderer_coarse_first (BandpassRenderer *renderer)
{
  gboolean on_cpu = fftcl_context_is_cpu (renderer_context (renderer)) ||
                    renderer_fallback_reason (renderer) != NULL;

  return on_cpu && coarse_preview_shrinks (renderer->coarse);
}

gchar *
bandpass_renderer_describe_device (BandpassRenderer *renderer)
{
  return bandpass_device_describe (renderer->device,
                                   renderer_fallback_reason (renderer));
}
