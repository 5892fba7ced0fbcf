/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "op-filter.h"

#include <glib/gi18n-lib.h>

#include "filter-buffer.h"
#include "op-patterns.h"
#include "op-settings.h"
#include "op-spectrum-cache.h"

/* Inside GIMP's process the filter runs on FFTW only: an OpenCL driver's
 * crash there would take GIMP and the user's unsaved work down. */
#define DEVICE "cpu"

/* One call: where it filters, what, and where it tells how it went. */
typedef struct
{
  fftcl_context       *context;
  GeglBuffer          *input;
  GeglBuffer          *output;
  const GeglRectangle *area;
  FilterState         *state;
  gchar              **warning;
  gchar              **message;
} Filtering;

static gboolean
failed (Filtering *filtering,
        GError    *error)
{
  *filtering->message = g_strdup (error->message);
  g_error_free (error);
  return FALSE;
}

/* Whether `settings` suit the grid the area is padded to, with notches
 * that take no longer than the operation may. */
static gboolean
check_grid (const Filtering        *filtering,
            const BandpassSettings *settings)
{
  return op_settings_check_grid (settings, filtering->area->width,
                                 filtering->area->height,
                                 filtering->message) &&
         op_settings_check_work (settings, filtering->area->width,
                                 filtering->area->height,
                                 filtering->message);
}

/* The removed part replaces the result in the output, in the values
 * filtered; the output is float, so its offset is ½ of the full scale
 * (removed_part_offset). */
static RemovedPart
removed_part_of (const Filtering        *filtering,
                 const BandpassSettings *settings)
{
  const RenderFormat *format = &filtering->state->format;

  if (settings->output != BANDPASS_OUTPUT_REMOVED_PART)
    return (RemovedPart) { NULL };

  return (RemovedPart) { filtering->output, format->format,
                         format->layout.colour_planes,
                         removed_part_offset (format->format,
                                              format->format) };
}

/* The operation's input, for filter_buffer. */
static GeglBuffer *
input_of (gpointer input)
{
  return g_object_ref (input);
}

/* filter_buffer, keeping the spectrum for the next call. */
static gboolean
filter_state (Filtering              *filtering,
              const BandpassSettings *settings)
{
  FilterCall call  = { .context  = filtering->context,
                       .settings = settings,
                       .source   = input_of,
                       .source_data = filtering->input,
                       .result   = filtering->output,
                       .area     = filtering->area,
                       .removed  = removed_part_of (filtering, settings),
                       .name     = _("input"),
                       .keep     = TRUE };
  GError    *error = NULL;

  if (! check_grid (filtering, settings))
    return FALSE;

  if (! filter_buffer (&call, filtering->state, &error))
    return failed (filtering, error);

  if (call.served)
    g_debug ("the input's spectrum is kept: only the gain and the inverse "
             "transform run");
  *filtering->warning = g_steal_pointer (&call.warning);
  g_free (call.fallback_reason);
  return TRUE;
}

/* filter_state with the patterns found in the pixels added, which are
 * read for that first (checked against memory as filter_buffer would). */
static gboolean
filter_with_patterns (Filtering              *filtering,
                      const BandpassSettings *settings)
{
  FilterState        *state = filtering->state;
  RenderGeometry      asked = render_geometry_for (state->width, state->height,
                                                   &settings->gain,
                                                   settings->padding,
                                                   filtering->context);
  FilteredImageSource planes;
  BandpassSettings    with_found;
  GError             *error = NULL;
  gboolean            filtered;

  if (! state->pixels &&
      ! filter_state_make_room (state, filtering->input, filtering->area,
                                &asked, settings, _("input"), &planes,
                                &error))
    return failed (filtering, error);

  if (! op_patterns_add (filtering->context, state->pixels,
                         &state->format.layout, state->width, state->height,
                         settings, &with_found, filtering->message))
    return FALSE;

  filtered = filter_state (filtering, &with_found);
  op_settings_clear (&with_found);
  return filtered;
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
      *message = g_strdup (fft_error.message);
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
               GeglOperation          *operation,
               gchar                 **warning,
               gchar                 **message)
{
  Filtering filtering = { NULL, input, output, area, NULL, warning, message };
  gboolean  filtered  = FALSE;

  op_spectrum_cache_lock ();
  filtering.context = shared_context (message);
  if (filtering.context)
    {
      filtering.state = op_spectrum_cache_state (operation, input, area,
                                                 format);
      filtered = settings->find_patterns
                 ? filter_with_patterns (&filtering, settings)
                 : filter_state (&filtering, settings);
    }
  op_spectrum_cache_unlock ();
  return filtered;
}
