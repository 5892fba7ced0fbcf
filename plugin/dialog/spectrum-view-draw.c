/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-view-state.h"

#include <glib/gi18n-lib.h>

#include "bandpass-settings.h"
#include "found-notches.h"
#include "spectrum-picture.h"

static cairo_surface_t *
tint_picture (SpectrumView *view, gint side)
{
  BandpassSettings  settings = { 0 };
  cairo_surface_t  *tint;

  bandpass_settings_from_config (&settings, view->config, NULL);
  tint = spectrum_picture_tint (&settings.gain, &view->map, side);
  bandpass_settings_clear (&settings);
  return tint;
}

static void
draw_message (cairo_t *cr, GtkWidget *area, const gchar *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (area, text);
  gint         width, height;

  pango_layout_get_pixel_size (layout, &width, &height);
  cairo_set_source_rgb (cr, 0.85, 0.85, 0.85);
  cairo_move_to (cr,
                 (gtk_widget_get_allocated_width (area) - width) / 2.0,
                 (gtk_widget_get_allocated_height (area) - height) / 2.0);
  pango_cairo_show_layout (cr, layout);
  g_object_unref (layout);
}

static void
draw_pictures (cairo_t *cr, SpectrumView *view)
{
  gint side = (gint) view->map.size;

  cairo_save (cr);
  cairo_translate (cr, view->map.left, view->map.top);
  cairo_scale (cr, view->map.size / view->width,
               view->map.size / view->height);
  cairo_set_source_surface (cr, view->spectrum, 0, 0);
  cairo_pattern_set_filter (cairo_get_source (cr), CAIRO_FILTER_NEAREST);
  cairo_paint (cr);
  cairo_restore (cr);

  if (view->tint && cairo_image_surface_get_width (view->tint) != side)
    g_clear_pointer (&view->tint, cairo_surface_destroy);
  if (! view->tint)
    view->tint = tint_picture (view, side);
  cairo_set_source_surface (cr, view->tint, view->map.left, view->map.top);
  cairo_paint (cr);
}

static void
draw_ring (cairo_t *cr, SpectrumView *view, SpectrumRing ring)
{
  gdouble  period = spectrum_view_period (view, ring);
  gboolean active = ring == view->dragged_ring ||
                    (view->dragged_ring == SPECTRUM_RING_NONE &&
                     ring == view->hovered_ring);

  if (period <= 0)
    return;
  if (ring == SPECTRUM_RING_LARGE)
    cairo_set_source_rgb (cr, 0.3, 0.85, 1.0);
  else
    cairo_set_source_rgb (cr, 1.0, 0.9, 0.2);
  cairo_set_line_width (cr, active ? 3.0 : 1.5);
  cairo_new_sub_path (cr);
  cairo_arc (cr, view->map.origin_x, view->map.origin_y,
             view->map.scale / period, 0, 2 * G_PI);
  cairo_stroke (cr);
}

gboolean
spectrum_view_is_found (SpectrumView *view, const gdouble *notch)
{
  return found_notches_holds (view->found, view->found_count, notch);
}

/* A wave (a notch of radius 0, removed by a fitted cosine) as a cross. */
static void
draw_wave (cairo_t *cr, gdouble x, gdouble y)
{
  cairo_move_to (cr, x - NOTCH_TOLERANCE, y - NOTCH_TOLERANCE);
  cairo_line_to (cr, x + NOTCH_TOLERANCE, y + NOTCH_TOLERANCE);
  cairo_move_to (cr, x - NOTCH_TOLERANCE, y + NOTCH_TOLERANCE);
  cairo_line_to (cr, x + NOTCH_TOLERANCE, y - NOTCH_TOLERANCE);
  cairo_stroke (cr);
}

/* Green for the user's notches, orange for found ones; discs as circles,
 * waves as crosses. */
static void
draw_notches (cairo_t *cr, SpectrumView *view)
{
  gsize    count;
  gdouble *notches = spectrum_view_notches (view, &count);

  cairo_set_line_width (cr, 1.5);
  for (gsize i = 0; i < count; i += 3)
    for (gint side = -1; side <= 1; side += 2)
      {
        gdouble x, y;

        if (spectrum_view_is_found (view, notches + i))
          cairo_set_source_rgb (cr, 1.0, 0.6, 0.0);
        else
          cairo_set_source_rgb (cr, 0.2, 1.0, 0.4);
        spectrum_map_to_screen (&view->map, side * notches[i],
                                side * notches[i + 1], &x, &y);
        if (notches[i + 2] == 0.0)
          {
            draw_wave (cr, x, y);
            continue;
          }
        cairo_new_sub_path (cr);
        cairo_arc (cr, x, y,
                   MAX (notches[i + 2] * view->map.scale, NOTCH_TOLERANCE),
                   0, 2 * G_PI);
        cairo_stroke (cr);
      }
  g_free (notches);
}

gboolean
spectrum_view_draw (GtkWidget *area, cairo_t *cr, SpectrumView *view)
{
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_paint (cr);
  if (! view->amplitude)
    {
      draw_message (cr, area, _("Computing the spectrum…"));
      return TRUE;
    }

  spectrum_view_fit_map (view);
  draw_pictures (cr, view);

  cairo_rectangle (cr, view->map.left, view->map.top,
                   view->map.size, view->map.size);
  cairo_clip (cr);
  draw_ring (cr, view, SPECTRUM_RING_LARGE);
  draw_ring (cr, view, SPECTRUM_RING_SMALL);
  draw_notches (cr, view);
  return TRUE;
}
