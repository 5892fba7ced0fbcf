/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "op-filter.h"

#include <glib/gi18n-lib.h>

#include "buffer-pixels.h"
#include "filter-output.h"
#include "filtered-image.h"
#include "memory-estimate.h"
#include "op-patterns.h"
#include "op-settings.h"
#include "op-spectrum-cache.h"
#include "render-memory.h"
#include "settings-notches.h"

/* Inside GIMP's process the filter runs on FFTW only: an OpenCL driver's
 * crash there would take GIMP and the user's unsaved work down. */
#define DEVICE "cpu"

/* One call: where it filters, what, and where it tells how it went. */
typedef struct
{
  fftcl_context       *context;
  const GeglRectangle *area;
  const RenderFormat  *format;
  gconstpointer        owner;     /* the operation, for the cache */
  gchar              **warning;
  gchar              **message;
} Filtering;

static gsize
pixel_count (const Filtering *filtering)
{
  return (gsize) filtering->area->width * filtering->area->height;
}

/* The bytes of the area's pixels in the format filtered. */
static gsize
pixel_bytes (const Filtering *filtering)
{
  return pixel_count (filtering) *
         babl_format_get_bytes_per_pixel (filtering->format->format);
}

/* The whole image, in image pixels, at step 1. */
static fftcl_window
whole_image (const RenderGeometry *geometry)
{
  return (fftcl_window) { 0, 0, geometry->geometry.width,
                          geometry->geometry.height, 1 };
}

/* `geometry` where memory allows it (render-memory.h: the plug-in's
 * check and messages); FALSE, with a message, when not even the image
 * without a margin fits. */
static gboolean
fit_in_memory (const Filtering *filtering,
               RenderGeometry  *geometry,
               guint64          bytes_to_read)
{
  GError *error = NULL;

  if (render_memory_fit (&geometry->geometry, bytes_to_read,
                         filtering->format->layout.colour_planes, _("input"),
                         filtering->warning, &error))
    return TRUE;

  *filtering->message = g_strdup (error->message);
  g_error_free (error);
  return FALSE;
}

static gboolean
fft_failed (const fftcl_error  *fft_error,
            gchar             **message)
{
  *message = g_strdup (fft_error->message);
  return FALSE;
}

/* The geometry `settings` filter the area at, checked against the grid
 * and against memory (`bytes_to_read`: the pixels still to be read). */
static gboolean
geometry_for (const Filtering        *filtering,
              const BandpassSettings *settings,
              guint64                 bytes_to_read,
              RenderGeometry         *geometry)
{
  const GeglRectangle *area = filtering->area;

  *geometry = render_geometry_for (area->width, area->height,
                                   &settings->gain, settings->padding,
                                   filtering->context);
  g_clear_pointer (filtering->warning, g_free);
  return op_settings_check_grid (settings, area->width, area->height,
                                 filtering->message) &&
         fit_in_memory (filtering, geometry, bytes_to_read);
}

/* The core's view of `pixels`, with the settings' waves. */
static FilteredImageSource
source_of (const Filtering        *filtering,
           const BandpassSettings *settings,
           const RenderGeometry   *geometry,
           const gfloat           *pixels)
{
  FilteredImageSource source = render_geometry_source (geometry, pixels,
                                                       &filtering->format->layout);

  source.waves = settings_notches_waves (settings);
  return source;
}

/* Filters `pixels` in place in one call, keeping nothing. */
static gfloat *
filter_once (const Filtering        *filtering,
             const BandpassSettings *settings,
             const RenderGeometry   *geometry,
             gfloat                 *pixels)
{
  const fftcl_gain   *gain   = &settings->gain;
  FilteredImageSource source = source_of (filtering, settings, geometry,
                                          pixels);
  fftcl_window        whole  = whole_image (geometry);
  FilteredImage      *spent  = NULL;
  fftcl_error         fft_error;
  fftcl_status        status;

  status = filtered_image_filter_once (filtering->context, &source, gain,
                                       &whole, pixels, &spent, NULL,
                                       &fft_error);
  filtered_image_destroy (spent);
  if (status == FFTCL_OK)
    return pixels;

  g_free (pixels);
  fft_failed (&fft_error, filtering->message);
  return NULL;
}

/* Loads `pixels`, keeps them with their spectrum for later calls and
 * returns the filtered image in a buffer of its own. */
static gfloat *
filter_and_keep (const Filtering        *filtering,
                 const BandpassSettings *settings,
                 const OpSpectrumKey    *key,
                 gfloat                 *pixels)
{
  const fftcl_gain   *gain   = &settings->gain;
  FilteredImageSource source = source_of (filtering, settings,
                                          &key->geometry, pixels);
  fftcl_window        whole  = whole_image (&key->geometry);
  FilteredImage      *image  = NULL;
  gfloat             *result;
  fftcl_error         fft_error;
  fftcl_status        status;

  result = g_try_malloc (pixel_bytes (filtering));
  if (! result)
    return filter_once (filtering, settings, &key->geometry, pixels);

  status = filtered_image_load (filtering->context, &source, &image, NULL,
                                &fft_error);
  if (status == FFTCL_OK)
    status = filtered_image_render (image, gain, &whole, result, NULL,
                                    &fft_error);
  if (status == FFTCL_OK)
    {
      op_spectrum_cache_keep (key, pixels, image, filtering->owner);
      return result;
    }

  filtered_image_destroy (image);
  g_free (result);
  g_free (pixels);
  fft_failed (&fft_error, filtering->message);
  return NULL;
}

/* Whether keeping the image's spectrum leaves as much memory again as
 * filtering it takes, counting the second buffer of pixels that
 * filter_and_keep writes the result to. */
static gboolean
room_to_keep (const Filtering      *filtering,
              const RenderGeometry *geometry)
{
  guint64 needed = memory_needed (&geometry->geometry, pixel_bytes (filtering),
                                  filtering->format->layout.colour_planes);

  return needed <= memory_available () / 2;
}

/* Filters `pixels` (taken): through the kept spectrum where it is theirs,
 * so that only the gain and the inverse transform run; else loaded and
 * kept where memory allows, or filtered once. Waves change the planes
 * before the transform, so a spectrum with them is never kept. The buffer that holds the
 * result (free with g_free); NULL, with a message, when it failed. */
static gfloat *
filter_pixels (const Filtering        *filtering,
               const BandpassSettings *settings,
               const RenderGeometry   *geometry,
               gfloat                 *pixels)
{
  const OpSpectrumKey key   = { filtering->area->width,
                                filtering->area->height,
                                filtering->format->format, *geometry };
  FilteredImage      *image = settings->wave_count > 0
                               ? NULL
                               : op_spectrum_cache_find (&key, pixels);
  fftcl_window        whole = whole_image (geometry);
  fftcl_error         fft_error;

  if (image)
    {
      g_debug ("the input's spectrum is kept: only the gain and the inverse "
               "transform run");
      if (filtered_image_render (image, &settings->gain, &whole, pixels, NULL,
                                 &fft_error) == FFTCL_OK)
        return pixels;

      op_spectrum_cache_drop ();
      g_free (pixels);
      fft_failed (&fft_error, filtering->message);
      return NULL;
    }

  op_spectrum_cache_drop ();
  if (settings->wave_count == 0 && room_to_keep (filtering, geometry))
    return filter_and_keep (filtering, settings, &key, pixels);

  return filter_once (filtering, settings, geometry, pixels);
}

/* filter_pixels, with the patterns found in the pixels added where
 * `settings` ask for that. */
static gfloat *
filter_read (const Filtering        *filtering,
             const BandpassSettings *settings,
             const RenderGeometry   *geometry,
             gfloat                 *pixels)
{
  BandpassSettings with_found;
  RenderGeometry   found_geometry;
  gfloat          *filtered = NULL;

  if (! settings->find_patterns)
    return filter_pixels (filtering, settings, geometry, pixels);

  if (! op_patterns_add (filtering->context, pixels,
                         &filtering->format->layout, filtering->area->width,
                         filtering->area->height, settings, &with_found,
                         filtering->message))
    {
      g_free (pixels);
      return NULL;
    }

  if (geometry_for (filtering, &with_found, 0, &found_geometry))
    filtered = filter_pixels (filtering, &with_found, &found_geometry,
                              pixels);
  else
    g_free (pixels);
  op_settings_clear (&with_found);
  return filtered;
}

/* geometry_for the whole area, with the pixels still to be read; what
 * the cache keeps is freed first where it cannot serve this input, or
 * where memory is short with it kept. */
static gboolean
geometry_to_read (const Filtering        *filtering,
                  const BandpassSettings *settings,
                  RenderGeometry         *geometry)
{
  guint64 bytes = pixel_bytes (filtering);

  op_spectrum_cache_drop_unless (filtering->area->width,
                                 filtering->area->height,
                                 filtering->format->format);
  if (geometry_for (filtering, settings, bytes, geometry))
    return TRUE;

  op_spectrum_cache_drop ();
  g_clear_pointer (filtering->message, g_free);
  return geometry_for (filtering, settings, bytes, geometry);
}

/* The removed part replaces the result in `output`, in the values
 * filtered; the output is float, so its offset is ½ of the full scale
 * (removed_part_offset). */
static RemovedPart
removed_part_of (const Filtering        *filtering,
                 GeglBuffer             *output,
                 const BandpassSettings *settings)
{
  const RenderFormat *format = filtering->format;

  if (settings->output != BANDPASS_OUTPUT_REMOVED_PART)
    return (RemovedPart) { NULL };

  return (RemovedPart) { output, format->format, format->layout.colour_planes,
                         removed_part_offset (format->format,
                                              format->format) };
}

static gboolean
filter_buffers (const Filtering        *filtering,
                const BandpassSettings *settings,
                GeglBuffer             *input,
                GeglBuffer             *output)
{
  const GeglRectangle *area   = filtering->area;
  const Babl          *format = filtering->format->format;
  RenderGeometry       geometry;
  PixelLimits          limits;
  gfloat              *pixels;

  if (! geometry_to_read (filtering, settings, &geometry))
    return FALSE;

  pixels = g_try_malloc_n (pixel_count (filtering),
                           babl_format_get_bytes_per_pixel (format));
  if (! pixels)
    {
      *filtering->message = g_strdup ("out of memory for the pixels");
      return FALSE;
    }

  limits = pixel_limits_for_reading (gegl_buffer_get_format (input), format);
  buffer_pixels_read (input, area, format, pixels, &limits);
  pixels = filter_read (filtering, settings, &geometry, pixels);
  if (! pixels)
    return FALSE;

  filter_output_write (&(FilterOutput) {
                         .source      = input,
                         .result      = output,
                         .area        = area,
                         .format      = filtering->format,
                         .keep_unseen = TRUE,
                         .removed     = removed_part_of (filtering, output,
                                                         settings) },
                       settings, pixels);
  g_free (pixels);
  return TRUE;
}

/* GEGL's thread setting (GIMP's number of processors inside GIMP). */
static gint
gegl_threads (void)
{
  gint threads = 1;

  g_object_get (gegl_config (), "threads", &threads, NULL);
  return MAX (threads, 1);
}

/* The process's FFTW context, made on first use with GEGL's thread
 * setting then, and kept: the kept spectrum's plan belongs to it. Called
 * with the cache locked. */
static fftcl_context *
shared_context (gchar **message)
{
  static fftcl_context  *context;
  fftcl_context_options  options;
  fftcl_error            fft_error;

  if (context)
    return context;

  options = (fftcl_context_options) { .threads = gegl_threads () };
  if (fftcl_context_create_with_options (DEVICE, &options, &context,
                                         &fft_error) != FFTCL_OK)
    {
      fft_failed (&fft_error, message);
      return NULL;
    }

  return context;
}

gboolean
op_filter_run (GeglBuffer             *input,
               GeglBuffer             *output,
               const GeglRectangle    *area,
               const RenderFormat     *format,
               const BandpassSettings *settings,
               gconstpointer           owner,
               gchar                 **warning,
               gchar                 **message)
{
  Filtering filtering = { NULL, area, format, owner, warning, message };
  gboolean  filtered  = FALSE;

  op_spectrum_cache_lock ();
  filtering.context = shared_context (message);
  if (filtering.context)
    filtered = filter_buffers (&filtering, settings, input, output);
  op_spectrum_cache_unlock ();
  return filtered;
}
