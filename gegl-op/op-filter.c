/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "op-filter.h"

#include <glib/gi18n-lib.h>

#include "filter-buffer.h"
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
                                              format->format),
                         format->format };
}

/* The operation's input, for filter_buffer. */
static GeglBuffer *
input_of (gpointer input)
{
  return g_object_ref (input);
}

/* filter_buffer, keeping the spectrum for the next call, the notches
 * held to the work nothing can cancel in GIMP's process. */
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
                       .most_notch_work = OP_SETTINGS_MOST_NOTCH_WORK,
                       .keep     = TRUE };
  GError    *error = NULL;

  if (! filter_buffer (&call, filtering->state, &error))
    return failed (filtering, error);

  if (call.served)
    g_debug ("the input's spectrum is kept: only the gain and the inverse "
             "transform run");
  *filtering->warning = g_steal_pointer (&call.warning);
  g_free (call.fallback_reason);
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
      filtered = filter_state (&filtering, settings);
    }
  op_spectrum_cache_unlock ();
  return filtered;
}
