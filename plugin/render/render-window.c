/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "render-window.h"

#include "filter-output.h"
#include "print-window.h"
#include "render-error.h"
#include "render-memory.h"
#include "renderer-state.h"

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

  if (coarse)
    {
      filter_output_stretch (&renderer->state.format, renderer->window, count,
                             renderer->window, count);
      return TRUE;
    }

  result = g_try_new (gfloat, pixel_count (renderer) *
                              renderer->state.format.layout.components);
  if (result == NULL)
    return render_error_memory (error);

  if (! print_window_render (renderer, settings, &whole, result, error))
    {
      g_free (result);
      return FALSE;
    }

  filter_output_stretch (&renderer->state.format, result,
                         pixel_count (renderer), renderer->window, count);
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
  gboolean rendered;

  if (! bandpass_renderer_prepare (renderer, settings, NULL, error) ||
      ! render_memory_grow (&renderer->window, &renderer->window_floats,
                            window->width * window->height *
                            renderer->state.format.layout.components, error))
    return FALSE;

  if (coarse)
    rendered = coarse_preview_copy (renderer->coarse, renderer->state.pixels,
                                    &renderer->state.format.layout, error) &&
               coarse_preview_render (renderer->coarse, renderer_context (renderer),
                                      settings, window, renderer->window,
                                      error);
  else
    rendered = print_window_render (renderer, settings, window,
                                    renderer->window, error);

  if (rendered && settings->autoscale)
    rendered = stretch_window (renderer, settings, window, coarse, error);
  if (rendered)
    babl_process (babl_fish (renderer->state.format.format,
                             bandpass_renderer_display_format (renderer)),
                  renderer->window, pixels, window->width * window->height);
  return rendered;
}
