/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-view-state.h"

#include <glib/gi18n-lib.h>

gchar *
spectrum_view_hint_text (SpectrumView *view)
{
  if (view->found_count > 0)
    return g_strdup (_("Orange: patterns found, green: your notches "
                       "(circles: discs, crosses: fitted waves); click one "
                       "to remove it"));
  return g_strdup (_("Drag a ring to change a cut-off; click a bright spot "
                     "to remove that pattern"));
}

gchar *
spectrum_view_ring_text (SpectrumView *view, SpectrumRing ring)
{
  gdouble period = spectrum_view_period (view, ring);

  if (ring == SPECTRUM_RING_LARGE)
    return g_strdup_printf (_("Large structures: %.1f px\n"
                              "Drag to change this cut-off"), period);
  return g_strdup_printf (_("Small structures: %.1f px\n"
                            "Drag to change this cut-off"), period);
}

/* What a click on notch `index` does, for the line below. */
static const gchar *
notch_click_text (SpectrumView *view, gint index)
{
  gsize        count;
  gdouble     *notches = spectrum_view_notches (view, &count);
  const gchar *text    = spectrum_view_is_found (view, notches + 3 * index)
                         ? _("A pattern found: click to remove this notch")
                         : _("Click to remove this notch");

  g_free (notches);
  return text;
}

gchar *
spectrum_view_frequency_text (SpectrumView *view, gdouble x, gdouble y)
{
  gint     index    = spectrum_view_notch_under (view, x, y);
  gboolean on_notch = index >= 0;
  gdouble  fx, fy, period, angle;
  gint     u, v;

  if (! on_notch && ! spectrum_view_cell_under (view, x, y, &u, &v))
    return g_strdup (_("The mean brightness: it has no period"));

  spectrum_map_to_frequency (&view->map, x, y, &fx, &fy);
  period = spectrum_period (fx, fy);
  angle  = spectrum_stripe_angle (fx, fy);
  if (on_notch)
    return g_strdup_printf (_("Period %.1f px, stripes at %.0f° from "
                              "horizontal\n%s"),
                            period, angle, notch_click_text (view, index));
  return g_strdup_printf (_("Period %.1f px, stripes at %.0f° from "
                            "horizontal\nClick to remove the brightest spot "
                            "near here"),
                          period, angle);
}
