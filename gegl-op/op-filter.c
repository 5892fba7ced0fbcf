#include "op-filter.h"

#include "autoscale.h"
#include "filtered-image.h"
#include "memory-estimate.h"
#include "op-patterns.h"
#include "op-settings.h"

/* Inside GIMP's process the filter runs on FFTW only: an OpenCL driver's
 * crash there would take GIMP and the user's unsaved work down. */
#define DEVICE "cpu"

/* One call: where it filters, what, and where it tells how it went. */
typedef struct
{
  fftcl_context       *context;
  const GeglRectangle *area;
  const RenderFormat  *format;
  gchar              **warning;
  gchar              **message;
} Filtering;

static gdouble
gibibytes (guint64 bytes)
{
  return bytes / (gdouble) (1u << 30);
}

/* `geometry` where memory allows it; FALSE, with a message, when not
 * even the image without a margin fits. */
static gboolean
fit_in_memory (const Filtering *filtering,
               RenderGeometry  *geometry,
               guint64          pixel_bytes)
{
  guint64 available = memory_available ();
  guint64 needed;

  switch (memory_fit (&geometry->geometry, pixel_bytes,
                      filtering->format->layout.colour_planes, available,
                      &needed))
    {
    case MEMORY_FITS:
      return TRUE;
    case MEMORY_FITS_WITHOUT_MARGIN:
      *filtering->warning
        = g_strdup_printf ("not enough memory (%.1f GiB needed, %.1f GiB "
                           "available) to pad the image with a margin; it "
                           "is filtered without one, so its opposite edges "
                           "may blend within the filter's reach",
                           gibibytes (needed), gibibytes (available));
      return TRUE;
    case MEMORY_SHORT:
      break;
    }

  *filtering->message
    = g_strdup_printf ("the %d×%d image needs about %.1f GiB of memory to "
                       "filter, but only %.1f GiB are available",
                       filtering->area->width, filtering->area->height,
                       gibibytes (needed), gibibytes (available));
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
 * and against memory (`pixel_bytes`: the pixels still to be read). */
static gboolean
geometry_for (const Filtering        *filtering,
              const BandpassSettings *settings,
              guint64                 pixel_bytes,
              RenderGeometry         *geometry)
{
  const GeglRectangle *area = filtering->area;

  *geometry = render_geometry_for (area->width, area->height,
                                   &settings->gain, settings->padding,
                                   filtering->context);
  g_clear_pointer (filtering->warning, g_free);
  return op_settings_check_grid (settings, area->width, area->height,
                                 filtering->message) &&
         fit_in_memory (filtering, geometry, pixel_bytes);
}

/* Filters `pixels` in place. */
static gboolean
filter_pixels (const Filtering        *filtering,
               const BandpassSettings *settings,
               const RenderGeometry   *geometry,
               gfloat                 *pixels)
{
  FilteredImageSource source = render_geometry_source (geometry, pixels,
                                                       &filtering->format->layout);
  fftcl_window        whole  = { 0, 0, geometry->geometry.width,
                                 geometry->geometry.height, 1 };
  FilteredImage      *spent  = NULL;
  fftcl_error         fft_error;
  fftcl_status        status;

  status = filtered_image_filter_once (filtering->context, &source,
                                       &settings->gain, &whole, pixels,
                                       &spent, NULL, &fft_error);
  filtered_image_destroy (spent);
  return status == FFTCL_OK || fft_failed (&fft_error, filtering->message);
}

/* filter_pixels, with the patterns found in the pixels added where
 * `settings` ask for that. */
static gboolean
filter_read (const Filtering        *filtering,
             const BandpassSettings *settings,
             const RenderGeometry   *geometry,
             gfloat                 *pixels)
{
  BandpassSettings with_found;
  RenderGeometry   found_geometry;
  gboolean         filtered;

  if (! settings->find_patterns)
    return filter_pixels (filtering, settings, geometry, pixels);

  if (! op_patterns_add (filtering->context, pixels,
                         &filtering->format->layout, filtering->area->width,
                         filtering->area->height, settings, &with_found,
                         filtering->message))
    return FALSE;

  filtered = geometry_for (filtering, &with_found, 0, &found_geometry) &&
             filter_pixels (filtering, &with_found, &found_geometry, pixels);
  op_settings_clear (&with_found);
  return filtered;
}

/* The whole scale of the filtered components: 100 for CIE L*, else 1. */
static gfloat
full_scale (const RenderFormat *format)
{
  const Babl *model = babl_format_get_model (format->format);

  return (babl_get_model_flags (model) & BABL_MODEL_FLAG_CIE) ? 100.0f
                                                              : 1.0f;
}

/* Turns the result in `output` into input − result + half the full
 * scale in the filtered components. */
static void
write_removed_part (const Filtering *filtering,
                    GeglBuffer      *input,
                    GeglBuffer      *output)
{
  const RenderFormat *format  = filtering->format;
  gsize               floats  = format->layout.components;
  gsize               planes  = format->layout.colour_planes;
  gfloat              offset  = full_scale (format) / 2.0f;
  GeglBufferIterator *iterator;

  iterator = gegl_buffer_iterator_new (output, filtering->area, 0,
                                       format->format, GEGL_ACCESS_READWRITE,
                                       GEGL_ABYSS_NONE, 2);
  gegl_buffer_iterator_add (iterator, input, filtering->area, 0,
                            format->format, GEGL_ACCESS_READ,
                            GEGL_ABYSS_NONE);

  while (gegl_buffer_iterator_next (iterator))
    {
      gfloat       *result = iterator->items[0].data;
      const gfloat *was    = iterator->items[1].data;

      for (gsize p = 0; p < (gsize) iterator->length; p++)
        for (gsize c = 0; c < planes; c++)
          result[p * floats + c] = was[p * floats + c] -
                                   result[p * floats + c] + offset;
    }
}

static gboolean
filter_buffers (const Filtering        *filtering,
                const BandpassSettings *settings,
                GeglBuffer             *input,
                GeglBuffer             *output)
{
  const GeglRectangle *area        = filtering->area;
  const Babl          *format      = filtering->format->format;
  gsize                pixel_bytes = babl_format_get_bytes_per_pixel (format);
  RenderGeometry       geometry;
  gfloat              *pixels;

  if (! geometry_for (filtering, settings,
                      (guint64) area->width * area->height * pixel_bytes,
                      &geometry))
    return FALSE;

  pixels = g_try_malloc_n ((gsize) area->width * area->height, pixel_bytes);
  if (! pixels)
    {
      *filtering->message = g_strdup ("out of memory for the pixels");
      return FALSE;
    }

  gegl_buffer_get (input, area, 1.0, format, pixels, GEGL_AUTO_ROWSTRIDE,
                   GEGL_ABYSS_NONE);
  if (! filter_read (filtering, settings, &geometry, pixels))
    {
      g_free (pixels);
      return FALSE;
    }

  if (settings->autoscale)
    autoscale_stretch (pixels, (gsize) area->width * area->height, pixels,
                       (gsize) area->width * area->height,
                       &filtering->format->layout,
                       full_scale (filtering->format));

  gegl_buffer_set (output, area, 0, format, pixels, GEGL_AUTO_ROWSTRIDE);
  g_free (pixels);
  if (settings->output == BANDPASS_OUTPUT_REMOVED_PART)
    write_removed_part (filtering, input, output);
  return TRUE;
}

gboolean
op_filter_run (GeglBuffer             *input,
               GeglBuffer             *output,
               const GeglRectangle    *area,
               const RenderFormat     *format,
               const BandpassSettings *settings,
               gchar                 **warning,
               gchar                 **message)
{
  Filtering   filtering = { NULL, area, format, warning, message };
  fftcl_error fft_error;
  gboolean    filtered;

  if (fftcl_context_create (DEVICE, &filtering.context, &fft_error) !=
      FFTCL_OK)
    return fft_failed (&fft_error, message);

  filtered = filter_buffers (&filtering, settings, input, output);
  fftcl_context_destroy (filtering.context);
  return filtered;
}
