/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-view.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "bandpass-settings.h"
#include "dialog-notches.h"
#include "spectrum-picture.h"
#include "spectrum-view-state.h"

enum
{
  PROP_0,
  PROP_CONFIG,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_TYPE (SpectrumView, spectrum_view, GTK_TYPE_BOX)

static const gchar *const gain_properties[] =
{
  "large-structures", "small-structures", "shape", "order", "mode",
  "keep-mean", "stripes", "stripe-tolerance", "notches", NULL
};

/* ---- Reading and writing the config ------------------------------------ */

gdouble
spectrum_view_period (SpectrumView *view, SpectrumRing ring)
{
  gdouble period;

  g_object_get (view->config,
                ring == SPECTRUM_RING_LARGE ? "large-structures"
                                            : "small-structures",
                &period, NULL);
  return period;
}

/* The whole notch triples, with room for one more. */
gdouble *
spectrum_view_notches (SpectrumView *view, gsize *count)
{
  gdouble *notches = bandpass_settings_get_notches (view->config, count);

  *count -= *count % 3;
  return notches;
}

gint
spectrum_view_notch_under (SpectrumView *view, gdouble x, gdouble y)
{
  gsize    count;
  gdouble *notches = spectrum_view_notches (view, &count);
  gint     index   = spectrum_notch_at (&view->map, notches, count / 3,
                                        x, y, NOTCH_TOLERANCE);

  g_free (notches);
  return index;
}

/* The data cell under (x, y); FALSE when that is the mean's cell. */
gboolean
spectrum_view_cell_under (SpectrumView *view, gdouble x, gdouble y, gint *u, gint *v)
{
  gdouble fx, fy;

  spectrum_map_to_frequency (&view->map, x, y, &fx, &fy);
  spectrum_map_cell (&view->map, fx, fy, u, v);
  return *u != view->width / 2 || *v != view->height / 2;
}

void
spectrum_view_fit_map (SpectrumView *view)
{
  spectrum_map_fit (&view->map, gtk_widget_get_allocated_width (view->area),
                    gtk_widget_get_allocated_height (view->area),
                    view->width, view->height);
}

/* ---- What the pointer does --------------------------------------------- */

static const gchar *
period_property (SpectrumRing ring)
{
  return ring == SPECTRUM_RING_LARGE ? "large-structures" : "small-structures";
}

/* The period at the pointer's radius, kept inside the property's range
 * and on its side of the other cut-off. */
static void
drag_ring (SpectrumView *view, gdouble x, gdouble y)
{
  const gchar       *name  = period_property (view->dragged_ring);
  GParamSpecDouble  *range = G_PARAM_SPEC_DOUBLE (
    g_object_class_find_property (G_OBJECT_GET_CLASS (view->config), name));
  gdouble radius = hypot (x - view->map.origin_x, y - view->map.origin_y);
  gdouble period = radius > 0 ? view->map.scale / radius : range->maximum;

  if (view->dragged_ring == SPECTRUM_RING_SMALL)
    {
      gdouble large = spectrum_view_period (view, SPECTRUM_RING_LARGE);

      if (large > 0)
        period = MIN (period, large / CUTOFF_GAP);
    }
  else
    {
      period = MAX (period,
                    spectrum_view_period (view, SPECTRUM_RING_SMALL) * CUTOFF_GAP);
    }

  g_object_set (view->config, name,
                CLAMP (period, range->minimum, range->maximum), NULL);
}

static void
add_notch_near (SpectrumView *view, gdouble x, gdouble y)
{
  gdouble  fx, fy, peak_u, peak_v;
  gint     u, v;
  gsize    count;
  gdouble *notches;

  if (! spectrum_view_cell_under (view, x, y, &u, &v) ||
      ! spectrum_snap_to_peak (view->amplitude, view->width, view->height,
                               u, v, PEAK_REACH, &peak_u, &peak_v))
    return;
  spectrum_map_cell_frequency (&view->map, peak_u, peak_v, &fx, &fy);

  notches = spectrum_view_notches (view, &count);
  count   = spectrum_notches_append (notches, count, fx, fy,
                                     MAX (NOTCH_CELLS /
                                            MIN (view->width, view->height),
                                          NOTCH_MIN_RADIUS));
  dialog_notches_set (view->config, notches, count);
  g_free (notches);
}

static void
click (SpectrumView *view, gdouble x, gdouble y)
{
  gint     index = spectrum_view_notch_under (view, x, y);
  gsize    count;
  gdouble *notches;

  if (index < 0)
    {
      add_notch_near (view, x, y);
      return;
    }

  notches = spectrum_view_notches (view, &count);
  dialog_notches_set (view->config, notches,
                                 spectrum_notches_remove (notches, count,
                                                          index));
  g_free (notches);
}

static void
show_pointer (SpectrumView *view, gdouble x, gdouble y, gboolean inside)
{
  SpectrumRing ring = SPECTRUM_RING_NONE;
  gchar       *text;

  inside = inside && view->amplitude &&
           spectrum_map_contains (&view->map, x, y);
  if (inside)
    ring = spectrum_ring_at (&view->map, x, y,
                             spectrum_view_period (view, SPECTRUM_RING_LARGE),
                             spectrum_view_period (view, SPECTRUM_RING_SMALL),
                             RING_TOLERANCE);

  if (view->dragged_ring != SPECTRUM_RING_NONE)
    text = spectrum_view_ring_text (view, view->dragged_ring);
  else if (! inside)
    text = spectrum_view_hint_text (view);
  else if (ring != SPECTRUM_RING_NONE)
    text = spectrum_view_ring_text (view, ring);
  else
    text = spectrum_view_frequency_text (view, x, y);

  gtk_label_set_text (GTK_LABEL (view->label), text);
  g_free (text);

  if (ring != view->hovered_ring)
    {
      view->hovered_ring = ring;
      gtk_widget_queue_draw (view->area);
    }
}

static gboolean
pressed (GtkWidget *area, GdkEventButton *event, SpectrumView *view)
{
  (void) area;
  if (event->button != 1 || event->type != GDK_BUTTON_PRESS ||
      ! view->amplitude || ! spectrum_map_contains (&view->map, event->x,
                                                    event->y))
    return FALSE;

  view->dragged_ring = spectrum_ring_at (&view->map, event->x, event->y,
                                         spectrum_view_period (view,
                                                     SPECTRUM_RING_LARGE),
                                         spectrum_view_period (view,
                                                     SPECTRUM_RING_SMALL),
                                         RING_TOLERANCE);
  view->clicking = view->dragged_ring == SPECTRUM_RING_NONE;
  view->press_x  = event->x;
  view->press_y  = event->y;
  gtk_widget_queue_draw (view->area);
  return TRUE;
}

static gboolean
moved (GtkWidget *area, GdkEventMotion *event, SpectrumView *view)
{
  (void) area;
  if (view->dragged_ring != SPECTRUM_RING_NONE)
    drag_ring (view, event->x, event->y);
  else if (view->clicking &&
           hypot (event->x - view->press_x,
                  event->y - view->press_y) > CLICK_SLOP)
    view->clicking = FALSE;

  show_pointer (view, event->x, event->y, TRUE);
  return TRUE;
}

static gboolean
released (GtkWidget *area, GdkEventButton *event, SpectrumView *view)
{
  (void) area;
  if (event->button != 1)
    return FALSE;

  if (view->clicking)
    click (view, view->press_x, view->press_y);
  view->clicking     = FALSE;
  view->dragged_ring = SPECTRUM_RING_NONE;
  gtk_widget_queue_draw (view->area);
  show_pointer (view, event->x, event->y, TRUE);
  return TRUE;
}

/* A pointer that jumps in (a warp, a window appearing under it) brings no
 * motion. */
static gboolean
crossed (GtkWidget *area, GdkEventCrossing *event, SpectrumView *view)
{
  (void) area;
  show_pointer (view, event->x, event->y, event->type == GDK_ENTER_NOTIFY);
  return FALSE;
}

/* ---- The widget -------------------------------------------------------- */

static void
config_changed (GimpProcedureConfig *config,
                GParamSpec          *pspec,
                SpectrumView        *view)
{
  (void) config;
  if (! g_strv_contains (gain_properties, pspec->name))
    return;
  g_clear_pointer (&view->tint, cairo_surface_destroy);
  gtk_widget_queue_draw (view->area);
}

/* Two lines tall whatever it says, so the dialog does not jump as the
 * pointer moves. */
static void
label_keep_two_lines (GtkWidget *label)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (label, "Ag\nAg");
  gint         height;

  pango_layout_get_pixel_size (layout, NULL, &height);
  g_object_unref (layout);
  gtk_widget_set_size_request (label, -1, height);
  gtk_label_set_line_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_lines (GTK_LABEL (label), 2);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gtk_label_set_width_chars (GTK_LABEL (label), LABEL_CHARS);
  gtk_label_set_max_width_chars (GTK_LABEL (label), LABEL_CHARS);
  gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
}

static GtkWidget *
drawing_area_new (SpectrumView *view)
{
  GtkWidget *area = gtk_drawing_area_new ();

  gtk_widget_set_size_request (area, VIEW_SIZE, VIEW_SIZE);
  gtk_widget_add_events (area, GDK_BUTTON_PRESS_MASK |
                               GDK_BUTTON_RELEASE_MASK |
                               GDK_POINTER_MOTION_MASK |
                               GDK_ENTER_NOTIFY_MASK |
                               GDK_LEAVE_NOTIFY_MASK);
  g_signal_connect (area, "draw", G_CALLBACK (spectrum_view_draw), view);
  g_signal_connect (area, "button-press-event", G_CALLBACK (pressed), view);
  g_signal_connect (area, "motion-notify-event", G_CALLBACK (moved), view);
  g_signal_connect (area, "button-release-event", G_CALLBACK (released),
                    view);
  g_signal_connect (area, "enter-notify-event", G_CALLBACK (crossed), view);
  g_signal_connect (area, "leave-notify-event", G_CALLBACK (crossed), view);
  return area;
}

static void
spectrum_view_constructed (GObject *object)
{
  SpectrumView *view = SPECTRUM_VIEW (object);
  gchar        *hint = spectrum_view_hint_text (view);

  G_OBJECT_CLASS (spectrum_view_parent_class)->constructed (object);

  view->area  = drawing_area_new (view);
  view->label = gtk_label_new (hint);
  g_free (hint);
  label_keep_two_lines (view->label);

  gtk_box_pack_start (GTK_BOX (view), view->area, TRUE, TRUE, 0);
  gtk_box_pack_start (GTK_BOX (view), view->label, FALSE, FALSE, 0);
  g_signal_connect (view->config, "notify", G_CALLBACK (config_changed),
                    view);
}

static void
spectrum_view_set_property (GObject      *object,
                            guint         property_id,
                            const GValue *value,
                            GParamSpec   *pspec)
{
  SpectrumView *view = SPECTRUM_VIEW (object);

  switch (property_id)
    {
    case PROP_CONFIG:
      view->config = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, property_id, pspec);
      break;
    }
}

/* The config may outlive the dialog: the view lets go of it as it goes. */
static void
spectrum_view_dispose (GObject *object)
{
  SpectrumView *view = SPECTRUM_VIEW (object);

  if (view->config)
    g_signal_handlers_disconnect_by_data (view->config, view);
  g_clear_object (&view->config);

  G_OBJECT_CLASS (spectrum_view_parent_class)->dispose (object);
}

static void
spectrum_view_finalize (GObject *object)
{
  SpectrumView *view = SPECTRUM_VIEW (object);

  g_free (view->amplitude);
  g_free (view->found);
  g_clear_pointer (&view->spectrum, cairo_surface_destroy);
  g_clear_pointer (&view->tint, cairo_surface_destroy);

  G_OBJECT_CLASS (spectrum_view_parent_class)->finalize (object);
}

static void
spectrum_view_class_init (SpectrumViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  properties[PROP_CONFIG] =
    g_param_spec_object ("config", NULL, NULL, GIMP_TYPE_PROCEDURE_CONFIG,
                         G_PARAM_WRITABLE | G_PARAM_CONSTRUCT_ONLY |
                         G_PARAM_STATIC_STRINGS);

  object_class->constructed  = spectrum_view_constructed;
  object_class->set_property = spectrum_view_set_property;
  object_class->dispose      = spectrum_view_dispose;
  object_class->finalize     = spectrum_view_finalize;
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
spectrum_view_init (SpectrumView *view)
{
  gtk_orientable_set_orientation (GTK_ORIENTABLE (view),
                                  GTK_ORIENTATION_VERTICAL);
  gtk_box_set_spacing (GTK_BOX (view), 4);
}

GtkWidget *
spectrum_view_new (GimpProcedureConfig *config)
{
  GtkWidget *view = g_object_new (SPECTRUM_TYPE_VIEW, "config", config,
                                  NULL);

  gtk_widget_show_all (view);
  return view;
}

void
spectrum_view_set_spectrum (SpectrumView *view,
                            const gfloat *amplitude,
                            gint          width,
                            gint          height)
{
  g_return_if_fail (SPECTRUM_IS_VIEW (view));
  g_return_if_fail (amplitude != NULL && width > 0 && height > 0);

  g_free (view->amplitude);
  view->amplitude = g_memdup2 (amplitude,
                               (gsize) width * height * sizeof (gfloat));
  view->width  = width;
  view->height = height;
  g_clear_pointer (&view->spectrum, cairo_surface_destroy);
  g_clear_pointer (&view->tint, cairo_surface_destroy);
  view->spectrum = spectrum_picture_grey (amplitude, width, height);
  spectrum_view_fit_map (view);
  gtk_widget_queue_draw (view->area);
}

void
spectrum_view_set_found (SpectrumView  *view,
                         const gdouble *found,
                         gsize          count)
{
  gchar *hint;

  g_return_if_fail (SPECTRUM_IS_VIEW (view));

  g_free (view->found);
  view->found       = g_memdup2 (found, count * sizeof (gdouble));
  view->found_count = count;
  hint = spectrum_view_hint_text (view);
  gtk_label_set_text (GTK_LABEL (view->label), hint);
  g_free (hint);
  gtk_widget_queue_draw (view->area);
}
