/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-view.h"

#include <glib/gi18n-lib.h>
#include <math.h>

#include "bandpass-settings.h"
#include "found-notches.h"
#include "spectrum-geometry.h"
#include "spectrum-picture.h"

#define VIEW_SIZE        320   /* px, the drawing's side */
#define RING_TOLERANCE   6.0   /* px from a ring that grabs it */
#define NOTCH_TOLERANCE  4.0   /* px: smaller notches are hit as this wide */
#define CLICK_SLOP       4.0   /* px a click may move and stay a click */
#define PEAK_REACH       3     /* data cells a click snaps across */
#define NOTCH_CELLS      1.5   /* a new notch's radius, in data cells */
#define NOTCH_MIN_RADIUS 0.002 /* cycles per pixel */
#define CUTOFF_GAP       1.01  /* how much larger large-structures stays */

/* About the drawing's width in characters: two lines of them hold every
 * message, and the label never asks for more room than that. */
#define LABEL_CHARS 42

struct _SpectrumView
{
  GtkBox               parent_instance;
  GimpProcedureConfig *config;
  GtkWidget           *area;
  GtkWidget           *label;
  gfloat              *amplitude;     /* NULL until a spectrum arrives */
  gint                 width, height;
  cairo_surface_t     *spectrum;      /* the grey picture, a pixel a cell */
  cairo_surface_t     *tint;          /* the gain over the drawn square */
  SpectrumMap          map;
  SpectrumRing         hovered_ring;
  SpectrumRing         dragged_ring;
  gboolean             clicking;      /* pressed, not yet moved away */
  gdouble              press_x, press_y;
  gdouble             *found;         /* spectrum_view_set_found's */
  gsize                found_count;
};

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

static gdouble
get_period (SpectrumView *view, SpectrumRing ring)
{
  gdouble period;

  g_object_get (view->config,
                ring == SPECTRUM_RING_LARGE ? "large-structures"
                                            : "small-structures",
                &period, NULL);
  return period;
}

/* The whole notch triples, with room for one more. */
static gdouble *
get_notches (SpectrumView *view, gsize *count)
{
  gdouble *notches = bandpass_settings_get_notches (view->config, count);

  *count -= *count % 3;
  return notches;
}

static cairo_surface_t *
tint_picture (SpectrumView *view, gint side)
{
  BandpassSettings  settings = { 0 };
  cairo_surface_t  *tint;

  bandpass_settings_from_config (&settings, view->config);
  tint = spectrum_picture_tint (&settings.gain, &view->map, side);
  bandpass_settings_clear (&settings);
  return tint;
}

/* ---- Drawing ----------------------------------------------------------- */

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
  gdouble  period = get_period (view, ring);
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

static gboolean
is_found (SpectrumView *view, const gdouble *notch)
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
  gdouble *notches = get_notches (view, &count);

  cairo_set_line_width (cr, 1.5);
  for (gsize i = 0; i < count; i += 3)
    for (gint side = -1; side <= 1; side += 2)
      {
        gdouble x, y;

        if (is_found (view, notches + i))
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

static void
fit_map (SpectrumView *view)
{
  spectrum_map_fit (&view->map, gtk_widget_get_allocated_width (view->area),
                    gtk_widget_get_allocated_height (view->area),
                    view->width, view->height);
}

static gboolean
draw (GtkWidget *area, cairo_t *cr, SpectrumView *view)
{
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_paint (cr);
  if (! view->amplitude)
    {
      draw_message (cr, area, _("Computing the spectrum…"));
      return TRUE;
    }

  fit_map (view);
  draw_pictures (cr, view);

  cairo_rectangle (cr, view->map.left, view->map.top,
                   view->map.size, view->map.size);
  cairo_clip (cr);
  draw_ring (cr, view, SPECTRUM_RING_LARGE);
  draw_ring (cr, view, SPECTRUM_RING_SMALL);
  draw_notches (cr, view);
  return TRUE;
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
      gdouble large = get_period (view, SPECTRUM_RING_LARGE);

      if (large > 0)
        period = MIN (period, large / CUTOFF_GAP);
    }
  else
    {
      period = MAX (period,
                    get_period (view, SPECTRUM_RING_SMALL) * CUTOFF_GAP);
    }

  g_object_set (view->config, name,
                CLAMP (period, range->minimum, range->maximum), NULL);
}

static gint
notch_under (SpectrumView *view, gdouble x, gdouble y)
{
  gsize    count;
  gdouble *notches = get_notches (view, &count);
  gint     index   = spectrum_notch_at (&view->map, notches, count / 3,
                                        x, y, NOTCH_TOLERANCE);

  g_free (notches);
  return index;
}

/* The data cell under (x, y); FALSE when that is the mean's cell. */
static gboolean
cell_under (SpectrumView *view, gdouble x, gdouble y, gint *u, gint *v)
{
  gdouble fx, fy;

  spectrum_map_to_frequency (&view->map, x, y, &fx, &fy);
  spectrum_map_cell (&view->map, fx, fy, u, v);
  return *u != view->width / 2 || *v != view->height / 2;
}

static void
add_notch_near (SpectrumView *view, gdouble x, gdouble y)
{
  gdouble  fx, fy, peak_u, peak_v;
  gint     u, v;
  gsize    count;
  gdouble *notches;

  if (! cell_under (view, x, y, &u, &v) ||
      ! spectrum_snap_to_peak (view->amplitude, view->width, view->height,
                               u, v, PEAK_REACH, &peak_u, &peak_v))
    return;
  spectrum_map_cell_frequency (&view->map, peak_u, peak_v, &fx, &fy);

  notches = get_notches (view, &count);
  count   = spectrum_notches_append (notches, count, fx, fy,
                                     MAX (NOTCH_CELLS /
                                            MIN (view->width, view->height),
                                          NOTCH_MIN_RADIUS));
  bandpass_settings_set_notches (view->config, notches, count);
  g_free (notches);
}

static void
click (SpectrumView *view, gdouble x, gdouble y)
{
  gint     index = notch_under (view, x, y);
  gsize    count;
  gdouble *notches;

  if (index < 0)
    {
      add_notch_near (view, x, y);
      return;
    }

  notches = get_notches (view, &count);
  bandpass_settings_set_notches (view->config, notches,
                                 spectrum_notches_remove (notches, count,
                                                          index));
  g_free (notches);
}

static gchar *
hint_text (SpectrumView *view)
{
  if (view->found_count > 0)
    return g_strdup (_("Orange: patterns found, green: your notches "
                       "(circles: discs, crosses: fitted waves); click one "
                       "to remove it"));
  return g_strdup (_("Drag a ring to change a cut-off; click a bright spot "
                     "to remove that pattern"));
}

static gchar *
ring_text (SpectrumView *view, SpectrumRing ring)
{
  gdouble period = get_period (view, ring);

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
  gdouble     *notches = get_notches (view, &count);
  const gchar *text    = is_found (view, notches + 3 * index)
                         ? _("A pattern found: click to remove this notch")
                         : _("Click to remove this notch");

  g_free (notches);
  return text;
}

static gchar *
frequency_text (SpectrumView *view, gdouble x, gdouble y)
{
  gint     index    = notch_under (view, x, y);
  gboolean on_notch = index >= 0;
  gdouble  fx, fy, period, angle;
  gint     u, v;

  if (! on_notch && ! cell_under (view, x, y, &u, &v))
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

static void
show_pointer (SpectrumView *view, gdouble x, gdouble y, gboolean inside)
{
  SpectrumRing ring = SPECTRUM_RING_NONE;
  gchar       *text;

  inside = inside && view->amplitude &&
           spectrum_map_contains (&view->map, x, y);
  if (inside)
    ring = spectrum_ring_at (&view->map, x, y,
                             get_period (view, SPECTRUM_RING_LARGE),
                             get_period (view, SPECTRUM_RING_SMALL),
                             RING_TOLERANCE);

  if (view->dragged_ring != SPECTRUM_RING_NONE)
    text = ring_text (view, view->dragged_ring);
  else if (! inside)
    text = hint_text (view);
  else if (ring != SPECTRUM_RING_NONE)
    text = ring_text (view, ring);
  else
    text = frequency_text (view, x, y);

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
                                         get_period (view,
                                                     SPECTRUM_RING_LARGE),
                                         get_period (view,
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
  g_signal_connect (area, "draw", G_CALLBACK (draw), view);
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
  gchar        *hint = hint_text (view);

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
  fit_map (view);
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
  hint = hint_text (view);
  gtk_label_set_text (GTK_LABEL (view->label), hint);
  g_free (hint);
  gtk_widget_queue_draw (view->area);
}
