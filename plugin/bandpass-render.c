/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bandpass-render.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "buffer-pixels.h"
#include "coarse-preview.h"
#include "drawable-pixels.h"
#include "filter-output.h"
#include "filtered-image.h"
#include "render-error.h"
#include "render-format.h"
#include "pulsing-worker.h"
#include "render-memory.h"
#include "spectrum-crop.h"
#include "step-timings.h"

struct _BandpassRenderer
{
  BandpassDevice *device;
  DrawablePixels  drawable;
  RenderFormat    format;         /* of `pixels`; format.format is NULL
                                     until they are read */
  gfloat         *pixels;         /* the whole drawable, interleaved */
  gboolean        unseen;         /* a pixel of `pixels` had a colour that
                                     is not finite when read, and the
                                     conversion back may spread it */
  FilteredImage  *image;          /* the loaded spectrum, or NULL */
  RenderGeometry  asked;          /* what `image` was loaded for */
  gdouble        *waves;          /* and the waves it subtracted */
  gsize           wave_count;
  RenderGeometry  filtered;       /* `asked`, or less where memory is
                                     short: the last filter's */
  gchar          *warning;        /* of `filtered`'s missing margin */
  gfloat         *window;         /* the last window's pixels */
  gsize           window_floats;
  SpectrumCropCache spectrum;     /* the view of `pixels` */
  CoarsePreview  *coarse;

  gboolean        timed;
  StepTimings     timings;
};

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

static void
drop_spectrum (BandpassRenderer *renderer)
{
  g_clear_pointer (&renderer->image, filtered_image_destroy);
  g_clear_pointer (&renderer->warning, g_free);
  coarse_preview_unload (renderer->coarse);
}

void
bandpass_renderer_free (BandpassRenderer *renderer)
{
  drop_spectrum (renderer);
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

  drop_spectrum (renderer);
  g_clear_pointer (&renderer->device, bandpass_device_unref);
  renderer->device = device;
  return TRUE;
}

BandpassDevice *
bandpass_renderer_get_device (BandpassRenderer *renderer)
{
  return renderer->device;
}

static fftcl_context *
context (const BandpassRenderer *renderer)
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

/* The format and geometry `settings` ask for. A change of channels or
 * linear light changes what is filtered: the pixels and all made of them
 * go. */
static RenderGeometry
choose (BandpassRenderer       *renderer,
        const BandpassSettings *settings)
{
  const DrawablePixels *drawable = &renderer->drawable;
  RenderFormat          chosen   = render_format_for (drawable->stored_format,
                                                      drawable->gray,
                                                      drawable->has_alpha,
                                                      settings);

  if (chosen.format != renderer->format.format)
    {
      drop_spectrum (renderer);
      coarse_preview_forget (renderer->coarse);
      g_clear_pointer (&renderer->pixels, g_free);
      spectrum_crop_forget (&renderer->spectrum);
      renderer->format = chosen;
    }

  return render_geometry_for (drawable->width, drawable->height,
                              &settings->gain, settings->padding,
                              context (renderer));
}

/* Whether the loaded spectrum serves `asked` and the settings' waves,
 * which change the planes before the transform. */
static gboolean
loaded_for (const BandpassRenderer *renderer,
            const RenderGeometry   *asked,
            const BandpassSettings *settings)
{
  return renderer->image && render_geometry_equal (asked, &renderer->asked) &&
         settings->wave_count == renderer->wave_count &&
         (settings->wave_count == 0 ||
          memcmp (settings->waves, renderer->waves,
                  2 * settings->wave_count * sizeof (gdouble)) == 0);
}

static void
report (const BandpassProgress *progress,
        gdouble                 fraction)
{
  if (progress)
    progress->update (fraction, progress->data);
}

/* Readies a filter at `asked` of `source`: drops the spectrum, checks
 * memory before anything is read (where it is short the planes lose
 * their margin, and the warning says so) and reads the pixels where they
 * are not yet. */
static gboolean
make_room (BandpassRenderer        *renderer,
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

  drop_spectrum (renderer);
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
  RenderGeometry       asked   = choose (renderer, settings);
  FilteredImageSource  source;
  FilteredImageTimings timings = { 0 };
  fftcl_error          fft_error;

  if (loaded_for (renderer, &asked, settings))
    return TRUE;

  if (! make_room (renderer, &asked, settings, &source, error))
    return FALSE;

  if (filtered_image_load (context (renderer), &source, &renderer->image,
                           renderer->timed ? &timings : NULL,
                           &fft_error) != FFTCL_OK)
    return render_error_fft (error, &fft_error);
  step_timings_restart (&renderer->timings, &timings);

  if (reloaded)
    *reloaded = TRUE;
  return TRUE;
}

static gsize
pixel_count (const BandpassRenderer *renderer)
{
  return renderer->drawable.width * renderer->drawable.height;
}

/* A full preview window is stretched with the range of the whole result,
 * as the final run stretches it; a coarse one, which only stands in
 * until the full one comes, with its own. */
static gboolean
stretch_window (BandpassRenderer        *renderer,
                const BandpassSettings  *settings,
                const fftcl_window      *window,
                gboolean                 coarse,
                GError                 **error)
{
  gsize        count  = window->width * window->height;
  fftcl_window whole  = { 0, 0, renderer->drawable.width,
                          renderer->drawable.height, 1 };
  gfloat      *result;
  fftcl_error  fft_error;

  if (coarse)
    {
      filter_output_stretch (&renderer->format, renderer->window, count,
                             renderer->window, count);
      return TRUE;
    }

  result = g_try_new (gfloat, pixel_count (renderer) *
                              renderer->format.layout.components);
  if (result == NULL)
    return render_error_memory (error);

  if (filtered_image_render (renderer->image, &settings->gain, &whole,
                             result, NULL, &fft_error) != FFTCL_OK)
    {
      g_free (result);
      return render_error_fft (error, &fft_error);
    }

  filter_output_stretch (&renderer->format, result, pixel_count (renderer),
                         renderer->window, count);
  g_free (result);
  return TRUE;
}

gboolean
bandpass_renderer_render_window (BandpassRenderer        *renderer,
                                 const BandpassSettings  *settings,
                                 const fftcl_window      *window,
                                 gboolean                 coarse,
                                 guchar                  *pixels,
                                 GError                 **error)
{
  fftcl_error fft_error;
  gboolean    rendered;

  if (! bandpass_renderer_prepare (renderer, settings, NULL, error) ||
      ! render_memory_grow (&renderer->window, &renderer->window_floats,
                            window->width * window->height *
                            renderer->format.layout.components, error))
    return FALSE;

  if (coarse)
    rendered = coarse_preview_copy (renderer->coarse, renderer->pixels,
                                    &renderer->format.layout, error) &&
               coarse_preview_render (renderer->coarse, context (renderer),
                                      settings, window, renderer->window,
                                      error);
  else
    rendered = filtered_image_render (renderer->image, &settings->gain,
                                      window, renderer->window, NULL,
                                      &fft_error) == FFTCL_OK ||
               render_error_fft (error, &fft_error);

  if (rendered && settings->autoscale)
    rendered = stretch_window (renderer, settings, window, coarse, error);
  if (rendered)
    babl_process (babl_fish (renderer->format.format,
                             bandpass_renderer_display_format (renderer)),
                  renderer->window, pixels, window->width * window->height);
  return rendered;
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

  return spectrum_crop_cached (&renderer->spectrum, context (renderer),
                               &image, max_size, width, height, error);
}

static const gchar *
fallback_reason (BandpassRenderer *renderer)
{
  return renderer->image
         ? fftcl_plan_fallback_reason (filtered_image_plan (renderer->image))
         : NULL;
}

gboolean
bandpass_renderer_coarse_first (BandpassRenderer *renderer)
{
  gboolean on_cpu = fftcl_context_is_cpu (context (renderer)) ||
                    fallback_reason (renderer) != NULL;

  return on_cpu && coarse_preview_shrinks (renderer->coarse);
}

gchar *
bandpass_renderer_describe_device (BandpassRenderer *renderer)
{
  return bandpass_device_describe (renderer->device,
                                   fallback_reason (renderer));
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
                   ? filtered_image_filter_once (context (renderer),
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
  RenderGeometry      asked  = choose (renderer, settings);
  gboolean            loaded = loaded_for (renderer, &asked, settings);
  FilteredImageSource source;
  FinalFilter         filter = { .renderer = renderer,
                                 .gain     = &settings->gain };

  if (! loaded)
    {
      if (! make_room (renderer, &asked, settings, &source, error))
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
  const gchar *reason = fallback_reason (renderer);

  if (reason)
    g_message (_("Filtering on %s failed (%s); filtering on the CPU "
                 "instead."),
               fftcl_context_device_name (context (renderer)), reason);
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
  drop_spectrum (renderer);
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
