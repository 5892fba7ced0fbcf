/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "print-window.h"

#include "print-tone.h"
#include "render-error.h"
#include "row-split-gegl.h"

/* Whether `settings` ask for a print's join of the renderer's pixels:
 * pixels filtered in linear light average the screen already, as
 * filter_buffer decides. */
static gboolean
joins (const BandpassRenderer *renderer,
       const BandpassSettings *settings)
{
  return settings->print_screen > 0.0 &&
         ! render_format_is_light (&renderer->state.format);
}

gboolean
print_window_prepare (BandpassRenderer        *renderer,
                      const BandpassSettings  *settings,
                      const RenderGeometry    *asked,
                      GError                 **error)
{
  FilterState   *light = &renderer->light;
  RenderFormat   to    = render_format_in_light (&renderer->state.format);
  GeglRectangle  whole = { 0, 0, renderer->drawable.width,
                           renderer->drawable.height };

  if (! joins (renderer, settings))
    {
      filter_state_clear (light);
      return TRUE;
    }
  if (! filter_state_copy_converted (light, &renderer->state, &to))
    return render_error_memory (error);
  if (filter_state_serves (light, asked, settings))
    return TRUE;
  return filter_state_load (light, renderer_context (renderer), NULL, &whole,
                            asked, settings, renderer->drawable.name, NULL,
                            error);
}

static gboolean
render_from (const FilterState       *state,
             const BandpassSettings  *settings,
             const fftcl_window      *window,
             gfloat                  *pixels,
             GError                 **error)
{
  fftcl_error fft_error;

  return filtered_image_render (state->image, &settings->gain, window,
                                pixels, 0, NULL, &fft_error) == FFTCL_OK ||
         render_error_fft (error, &fft_error);
}

/* How many blocks of `step` fit beside a window's side, up to `wanted`:
 * `room` pixels lie beyond it in the image. */
static gsize
margin_blocks (gsize wanted,
               gsize room,
               gsize step)
{
  return MIN (wanted, room / step);
}

/* The joined window inside `wide` (its margins `left` and `top` blocks)
 * copied to `pixels`. */
static void
copy_inside (const gfloat       *wide,
             const fftcl_window *outer,
             const fftcl_window *window,
             gsize               left,
             gsize               top,
             gsize               components,
             gfloat             *pixels)
{
  gsize row_floats = window->width * components;

  for (gsize y = 0; y < window->height; y++)
    memcpy (pixels + y * row_floats,
            wide + ((y + top) * outer->width + left) * components,
            row_floats * sizeof *pixels);
}

gboolean
print_window_render (BandpassRenderer        *renderer,
                     const BandpassSettings  *settings,
                     const fftcl_window      *window,
                     gfloat                  *pixels,
                     GError                 **error)
{
  const FilterState *state      = &renderer->state;
  gsize              components = state->format.layout.components;
  gsize              step       = window->step;
  gdouble            sigma      = PRINT_TONE_PERIODS * settings->print_screen /
                                  step;
  gsize              reach      = print_tone_reach (sigma);
  gsize              left, top, right, bottom;
  fftcl_window       outer;
  gfloat            *stored, *light;
  gboolean           rendered;

  if (! joins (renderer, settings) || ! renderer->light.image)
    return render_from (state, settings, window, pixels, error);

  left   = margin_blocks (reach, window->x, step);
  top    = margin_blocks (reach, window->y, step);
  right  = margin_blocks (reach, renderer->drawable.width -
                                 window->x - window->width * step, step);
  bottom = margin_blocks (reach, renderer->drawable.height -
                                 window->y - window->height * step, step);
  outer  = (fftcl_window) { window->x - left * step, window->y - top * step,
                            window->width + left + right,
                            window->height + top + bottom, step };

  stored = g_try_new (gfloat, outer.width * outer.height * components);
  light  = g_try_new (gfloat, outer.width * outer.height * components);
  rendered = stored && light;
  if (! rendered)
    render_error_memory (error);
  rendered = rendered &&
             render_from (state, settings, &outer, stored, error) &&
             render_from (&renderer->light, settings, &outer, light, error);
  rendered = rendered &&
             ((render_format_convert (renderer->light.format.format,
                                      state->format.format, light,
                                      outer.width * outer.height) &&
               print_tone_join (stored, light, &state->format.layout,
                                outer.width, outer.height, sigma,
                                row_split_gegl)) ||
              render_error_memory (error));
  if (rendered)
    copy_inside (stored, &outer, window, left, top, components, pixels);
  g_free (stored);
  g_free (light);
  return rendered;
}
