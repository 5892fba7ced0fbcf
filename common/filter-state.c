/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "filter-state.h"

#include <string.h>

#include "buffer-pixels.h"
#include "render-error.h"
#include "render-memory.h"

void
filter_state_drop_spectrum (FilterState *state)
{
  g_clear_pointer (&state->image, filtered_image_destroy);
  g_clear_pointer (&state->warning, g_free);
}

void
filter_state_clear (FilterState *state)
{
  filter_state_drop_spectrum (state);
  g_clear_pointer (&state->pixels, g_free);
  g_clear_pointer (&state->waves, g_free);
  state->wave_count = 0;
}

gboolean
filter_state_choose (FilterState        *state,
                     const RenderFormat *format,
                     gsize               width,
                     gsize               height)
{
  if (format->format == state->format.format && width == state->width &&
      height == state->height)
    return FALSE;

  filter_state_clear (state);
  state->format = *format;
  state->width  = width;
  state->height = height;
  return TRUE;
}

gboolean
filter_state_serves (const FilterState      *state,
                     const RenderGeometry   *asked,
                     const BandpassSettings *settings)
{
  return state->image && render_geometry_equal (asked, &state->asked) &&
         settings->wave_count == state->wave_count &&
         (settings->wave_count == 0 ||
          memcmp (settings->waves, state->waves,
                  2 * settings->wave_count * sizeof (gdouble)) == 0);
}

static gsize
pixel_count (const FilterState *state)
{
  return state->width * state->height;
}

gboolean
filter_state_convert (FilterState        *state,
                      const RenderFormat *to)
{
  /* The spectrum's plan may read its pixels until it goes. */
  filter_state_drop_spectrum (state);
  if (state->pixels &&
      ! render_format_convert (state->format.format, to->format,
                               state->pixels, pixel_count (state)))
    return FALSE;
  state->format = *to;
  return TRUE;
}

gboolean
filter_state_copy_converted (FilterState        *state,
                             const FilterState  *from,
                             const RenderFormat *to)
{
  gsize   bytes = pixel_count (from) *
                  babl_format_get_bytes_per_pixel (from->format.format);
  gfloat *copy;

  if (! filter_state_choose (state, to, from->width, from->height) &&
      state->pixels)
    return TRUE;

  copy = from->pixels ? g_try_malloc (bytes) : NULL;
  if (! copy)
    return FALSE;
  memcpy (copy, from->pixels, bytes);
  filter_state_clear (state);
  state->format = from->format;
  state->pixels = copy;
  state->unseen = from->unseen;
  if (filter_state_convert (state, to))
    return TRUE;
  filter_state_clear (state);
  state->format = *to;
  return FALSE;
}

/* Whether a pixel's colour is not finite in any component but alpha:
 * babl's conversions keep a NaN or inf in the colour of a pixel NaN or
 * inf in some component. Only float, half and double pixels hold
 * such. */
static gboolean
holds_unseen (const FilterState *state,
              const Babl        *source)
{
  PixelLayout colour = state->format.layout;

  if (! buffer_pixels_spreads_unseen (source, NULL))
    return FALSE;

  colour.colour_planes = colour.components - (colour.has_alpha ? 1 : 0);
  return pixel_planes_keep_unseen (&colour, state->pixels, NULL,
                                   pixel_count (state)) > 0;
}

void
filter_state_take_pixels (FilterState *state,
                          gfloat      *pixels,
                          const Babl  *source)
{
  filter_state_clear (state);
  state->pixels = pixels;
  state->unseen = holds_unseen (state, source);
}

static gboolean
read_pixels (FilterState          *state,
             GeglBuffer           *source,
             const GeglRectangle  *area,
             GError              **error)
{
  gint64  start  = g_get_monotonic_time ();
  gfloat *pixels = buffer_pixels_read_new (source, area, state->format.format,
                                           error);

  if (! pixels)
    return FALSE;

  filter_state_take_pixels (state, pixels, gegl_buffer_get_format (source));
  state->read_ms = (g_get_monotonic_time () - start) / 1000.0;
  return TRUE;
}

/* The bytes of the pixels still to be read. */
static guint64
unread_bytes (const FilterState *state)
{
  return state->pixels
         ? 0
         : (guint64) pixel_count (state) *
           babl_format_get_bytes_per_pixel (state->format.format);
}

gboolean
filter_state_make_room (FilterState             *state,
                        GeglBuffer              *source,
                        const GeglRectangle     *area,
                        const RenderGeometry    *asked,
                        const BandpassSettings  *settings,
                        const gchar             *name,
                        FilteredImageSource     *planes,
                        GError                 **error)
{
  RenderGeometry  fitting = *asked;
  gchar          *warning = NULL;

  filter_state_drop_spectrum (state);
  if (! render_memory_fit (&fitting.geometry, unread_bytes (state),
                           state->format.layout.colour_planes, name,
                           &warning, error) ||
      (! state->pixels && ! read_pixels (state, source, area, error)))
    {
      g_free (warning);
      return FALSE;
    }

  state->warning  = warning;
  state->asked    = *asked;
  state->filtered = fitting;
  g_free (state->waves);
  state->waves      = g_memdup2 (settings->waves,
                                 2 * settings->wave_count * sizeof (gdouble));
  state->wave_count = settings->wave_count;
  *planes = filter_state_planes (state);
  return TRUE;
}

gboolean
filter_state_load (FilterState             *state,
                   fftcl_context           *context,
                   GeglBuffer              *source,
                   const GeglRectangle     *area,
                   const RenderGeometry    *asked,
                   const BandpassSettings  *settings,
                   const gchar             *name,
                   FilteredImageTimings    *timings,
                   GError                 **error)
{
  FilteredImageSource planes;
  fftcl_error         fft_error;

  if (! filter_state_make_room (state, source, area, asked, settings, name,
                                &planes, error))
    return FALSE;

  if (filtered_image_load (context, &planes, 0, &state->image, timings,
                           &fft_error) == FFTCL_OK)
    return TRUE;

  filter_state_drop_spectrum (state);
  return render_error_fft (error, &fft_error);
}

FilteredImageSource
filter_state_planes (const FilterState *state)
{
  FilteredImageSource planes = render_geometry_source (&state->filtered,
                                                       state->pixels,
                                                       &state->format.layout);

  planes.waves = (FittedWaves) { state->waves, state->wave_count };
  return planes;
}

const gchar *
filter_state_fallback_reason (const FilterState *state)
{
  return state->image
         ? fftcl_plan_fallback_reason (filtered_image_plan (state->image))
         : NULL;
}
