/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bandpass-preview.h"

#include <glib/gi18n-lib.h>

#include "preview-dump.h"
#include "preview-refresh.h"
#include "preview-split.h"
#include "preview-view.h"

/* The view's longer side, in screen pixels: the dialog's largest part,
 * larger than the spectrum view below it. */
#define VIEW_SIZE 400

struct _BandpassPreview
{
  GimpProcedureConfig *config;
  BandpassRenderer    *renderer;      /* borrowed */
  gsize                width, height; /* the drawable's */
  GtkWidget           *column;
  GtkWidget           *view;          /* a GimpZoomPreview */
  GtkWidget           *spectrum;      /* a SpectrumView */
  GtkWidget           *original;      /* "Show the original" */
  GtkWidget           *spectrum_expander;
  GtkWidget           *go_button;     /* back to the found pattern */
  GtkGesture          *split_drag;
  fftcl_window         drawn_window;  /* the result the view shows */
  guchar              *drawn_pixels;  /* NULL until one is drawn */
  gint                 drawn_bytes;
  gboolean             placed;        /* a found pattern's place is known */
  gsize                place_x, place_y;
  GtkWidget           *device_label;
  GtkWidget           *status_label;
  PreviewRefresh      *refresh;       /* NULL until the drawable is read */
  guint                start_id;
  gulong               notify_id;
  BandpassPreviewFoundFunc on_found;  /* of the search under way, or NULL */
  gpointer                 found_data;
  PatternSearch            waiting;   /* asked for before the image was read */
  gboolean                 search_waits;
};

/* Long texts are cut short on the label and shown whole as its tip. */
static void
set_text (GtkWidget   *label,
          const gchar *text)
{
  gtk_label_set_text (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, text);
}

static void
set_status (BandpassPreview *preview,
            const gchar     *text)
{
  set_text (preview->status_label, text);
}

static gboolean
showing_original (BandpassPreview *preview)
{
  return gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (preview->original));
}

static gchar *
describe_refresh (const PreviewResult *result)
{
  gchar *text;

  if (result->coarse)
    text = g_strdup_printf (_("Coarse preview in %.0f ms; refining…"),
                            result->render_ms);
  else if (result->load_ms > 0.0)
    text = g_strdup_printf (_("Refreshed in %.0f ms, after a new forward "
                              "transform (%.0f ms)"),
                            result->render_ms, result->load_ms);
  else
    text = g_strdup_printf (_("Refreshed in %.0f ms"), result->render_ms);

  if (result->warning)
    {
      gchar *both = g_strconcat (text, "\n", result->warning, NULL);

      g_free (text);
      text = both;
    }

  return text;
}

static void
report_found (BandpassPreview     *preview,
              const PatternsFound *found,
              const GError        *error)
{
  BandpassPreviewFoundFunc on_found = preview->on_found;

  preview->on_found = NULL;
  if (on_found)
    on_found (found, error, preview->found_data);
}

/* The result the view shows, kept for redrawing it split otherwise. */
static void
keep_drawn (BandpassPreview     *preview,
            const PreviewResult *result)
{
  g_free (preview->drawn_pixels);
  preview->drawn_window = result->window;
  preview->drawn_bytes  = result->bytes_per_pixel;
  preview->drawn_pixels = g_memdup2 (result->pixels,
                                     result->window.width *
                                     result->window.height *
                                     result->bytes_per_pixel);
}

static void
redraw (BandpassPreview *preview)
{
  GimpPreview  *view = GIMP_PREVIEW (preview->view);
  fftcl_window  shown;
  PreviewSplit  split;

  if (showing_original (preview))
    {
      preview_view_draw_original (view);
      return;
    }
  shown = preview_view_window (view, preview->width, preview->height);
  if (! preview->drawn_pixels || ! gimp_preview_get_update (view) ||
      ! preview_view_same_window (&shown, &preview->drawn_window))
    return;
  split = preview_split_read (preview->config);
  preview_view_draw (view, &preview->drawn_window, preview->drawn_pixels,
                     preview->drawn_bytes, &split);
}

static void
go_to_place (BandpassPreview *preview)
{
  preview_view_one_to_one_at (GIMP_PREVIEW (preview->view), preview->place_x,
                              preview->place_y, preview->width);
}

/* Where a search found patterns the view goes to where they are
 * strongest, at 1:1, and the button can bring it back there. */
static void
found_place (BandpassPreview     *preview,
             const PreviewResult *result)
{
  preview->placed  = result->found.count > 0;
  preview->place_x = result->place_x;
  preview->place_y = result->place_y;
  gtk_widget_set_sensitive (preview->go_button, preview->placed);
  if (preview->placed)
    go_to_place (preview);
}

static void
show_result (const PreviewResult *result,
             gpointer             preview_pointer)
{
  BandpassPreview *preview = preview_pointer;
  fftcl_window     shown;
  gchar           *text;

  if (result->searched)
    report_found (preview, &result->found, result->search_error);

  if (result->error)
    {
      set_status (preview, result->error->message);
      return;
    }

  text = g_strdup_printf (_("Device: %s"), result->device);
  set_text (preview->device_label, text);
  preview_dump (&result->window, result->pixels, result->bytes_per_pixel,
                result->coarse, text);
  g_free (text);

  text = describe_refresh (result);
  set_status (preview, text);
  g_free (text);

  if (result->spectrum)
    spectrum_view_set_spectrum (SPECTRUM_VIEW (preview->spectrum),
                                result->spectrum,
                                result->spectrum_width,
                                result->spectrum_height);

  /* A result for a view since scrolled away from is not drawn: the
   * request for the new view follows. */
  shown = preview_view_window (GIMP_PREVIEW (preview->view), preview->width,
                               preview->height);
  if (preview_view_same_window (&shown, &result->window))
    keep_drawn (preview, result);
  redraw (preview);
  if (result->searched && result->placed)
    found_place (preview, result);
}

/* Asks for the view filtered with the config's settings, searching for
 * patterns too where `search` is not NULL. FALSE, with a message, where
 * the settings are wrong. */
static gboolean
request (BandpassPreview      *preview,
         const PatternSearch  *search,
         GError              **error)
{
  BandpassSettings *settings = g_new0 (BandpassSettings, 1);
  fftcl_window      window;
  gchar            *choice;

  if (! bandpass_settings_from_config (settings, preview->config, error) ||
      ! bandpass_settings_check (settings, error))
    {
      bandpass_settings_clear (settings);
      g_free (settings);
      return FALSE;
    }

  window = preview_view_window (GIMP_PREVIEW (preview->view), preview->width,
                                preview->height);
  choice = bandpass_device_choice (preview->config);
  if (search)
    preview_refresh_search (preview->refresh, settings, choice, &window,
                            search);
  else
    preview_refresh_request (preview->refresh, settings, choice, &window);
  g_free (choice);
  return TRUE;
}

static void
request_refresh (BandpassPreview *preview)
{
  GError *error = NULL;

  if (preview->refresh && ! request (preview, NULL, &error))
    {
      set_status (preview, error->message);
      g_error_free (error);
    }
}

static void
original_toggled (BandpassPreview *preview)
{
  redraw (preview);
}

/* The dialog's own choices change no pixel; the split's redraw the
 * view. */
static void
config_changed (GimpProcedureConfig *config G_GNUC_UNUSED,
                GParamSpec          *pspec,
                BandpassPreview     *preview)
{
  if (preview_split_property (pspec->name))
    redraw (preview);
  else if (g_strcmp0 (pspec->name, "show-spectrum") != 0 &&
      g_strcmp0 (pspec->name, "job") != 0)
    request_refresh (preview);
}

/* The drawable is read here, in the main thread (libgimp's calls belong
 * to it), once the dialog shows; all else runs in a worker thread. */
/* A search asked for before the image was read ends with `error`, when
 * it cannot run. */
static void
end_waiting_search (BandpassPreview *preview,
                    const GError    *error)
{
  PatternsFound none = { 0 };

  preview->search_waits = FALSE;
  report_found (preview, &none, error);
}

static gboolean
start (gpointer preview_pointer)
{
  BandpassPreview *preview = preview_pointer;
  GError          *error   = NULL;

  preview->start_id = 0;
  if (! bandpass_renderer_read_source (preview->renderer, &error))
    {
      set_status (preview, error->message);
      if (preview->search_waits)
        end_waiting_search (preview, error);
      g_error_free (error);
      return G_SOURCE_REMOVE;
    }

  preview->refresh = preview_refresh_new (preview->renderer, show_result,
                                          preview);
  if (! preview->search_waits)
    request_refresh (preview);
  else if (! request (preview, &preview->waiting, &error))
    {
      end_waiting_search (preview, error);
      g_error_free (error);
    }
  preview->search_waits = FALSE;
  return G_SOURCE_REMOVE;
}

/* GimpPreview takes its size from a style property. */
static void
enlarge (GtkWidget *view)
{
  GtkCssProvider *css = gtk_css_provider_new ();
  gchar          *rule = g_strdup_printf ("* { -GimpPreview-size: %d; }",
                                          VIEW_SIZE);

  gtk_css_provider_load_from_data (css, rule, -1, NULL);
  gtk_style_context_add_provider (gtk_widget_get_style_context (view),
                                  GTK_STYLE_PROVIDER (css),
                                  GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_free (rule);
  g_object_unref (css);
}

static GtkWidget *
small_label (const gchar *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  gimp_label_set_attributes (GTK_LABEL (label),
                             PANGO_ATTR_SCALE, PANGO_SCALE_SMALL, -1);
  return label;
}

/* The spectrum view folds away into an expander whose state the config
 * remembers ("show-spectrum"). */
static GtkWidget *
spectrum_expander (BandpassPreview *preview)
{
  GtkWidget *expander = gtk_expander_new (_("Spectrum"));

  gtk_container_add (GTK_CONTAINER (expander), preview->spectrum);
  g_object_bind_property (preview->config, "show-spectrum", expander,
                          "expanded",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  return expander;
}

/* The original as a whole, and the way back to the found pattern. */
static GtkWidget *
original_row (BandpassPreview *preview)
{
  GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  preview->original  = gtk_check_button_new_with_label (
                         _("Show the original (before)"));
  preview->go_button = gtk_button_new_with_label (_("Go to the pattern"));
  gtk_widget_set_sensitive (preview->go_button, FALSE);
  gimp_help_set_help_data (preview->go_button,
                           _("Show the place where the found pattern is "
                             "strongest at full resolution"), NULL);
  g_signal_connect_swapped (preview->go_button, "clicked",
                            G_CALLBACK (go_to_place), preview);
  gtk_box_pack_start (GTK_BOX (row), preview->original, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), preview->go_button, FALSE, FALSE, 0);
  return row;
}

static void
build_column (BandpassPreview *preview,
              GimpDrawable    *drawable)
{
  GtkBox *column;

  preview->view         = gimp_zoom_preview_new_from_drawable (drawable);
  preview->device_label = small_label (NULL);
  preview->status_label = small_label (_("Computing…"));
  preview->spectrum     = spectrum_view_new (preview->config);
  preview->column       = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  enlarge (preview->view);
  /* The view's frame asks to expand; the spectrum needs the room. */
  gtk_widget_set_vexpand (preview->view, FALSE);

  column = GTK_BOX (preview->column);
  gtk_box_pack_start (column, preview->view, FALSE, FALSE, 0);
  gtk_box_pack_start (column, preview->device_label, FALSE, FALSE, 0);
  gtk_box_pack_start (column, preview->status_label, FALSE, FALSE, 0);
  gtk_box_pack_start (column, preview_split_controls (preview->config),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (column, original_row (preview), FALSE, FALSE, 0);
  gtk_widget_show_all (preview->column);
  preview->spectrum_expander = spectrum_expander (preview);
  gtk_widget_show_all (preview->spectrum_expander);
  preview->split_drag = preview_split_drag_new (GIMP_PREVIEW (preview->view),
                                                preview->config);
}

BandpassPreview *
bandpass_preview_new (GimpProcedureConfig *config,
                      BandpassRenderer    *renderer)
{
  BandpassPreview *preview  = g_new0 (BandpassPreview, 1);
  GimpDrawable    *drawable = bandpass_renderer_get_drawable (renderer);

  preview->config   = g_object_ref (config);
  preview->renderer = renderer;
  preview->width    = gimp_drawable_get_width (drawable);
  preview->height   = gimp_drawable_get_height (drawable);
  build_column (preview, drawable);

  g_signal_connect_swapped (preview->view, "invalidated",
                            G_CALLBACK (request_refresh), preview);
  g_signal_connect_swapped (preview->original, "toggled",
                            G_CALLBACK (original_toggled), preview);
  preview->notify_id = g_signal_connect (config, "notify",
                                         G_CALLBACK (config_changed), preview);
  preview->start_id  = g_idle_add (start, preview);

  return preview;
}

GtkWidget *
bandpass_preview_widget (BandpassPreview *preview)
{
  return preview->column;
}

GtkWidget *
bandpass_preview_spectrum_widget (BandpassPreview *preview)
{
  return preview->spectrum_expander;
}

SpectrumView *
bandpass_preview_spectrum_view (BandpassPreview *preview)
{
  return SPECTRUM_VIEW (preview->spectrum);
}

void
bandpass_preview_find_patterns (BandpassPreview          *preview,
                                const PatternSearch      *search,
                                BandpassPreviewFoundFunc  on_found,
                                gpointer                  user_data)
{
  PatternsFound  none  = { 0 };
  GError        *error = NULL;

  preview->on_found   = on_found;
  preview->found_data = user_data;
  if (! preview->refresh && preview->start_id)
    {
      preview->waiting      = *search;
      preview->search_waits = TRUE;
      return;
    }
  if (! preview->refresh)
    g_set_error (&error, GIMP_PLUG_IN_ERROR, 0,
                 _("The image is not read yet: try again once the preview "
                   "shows"));
  else
    request (preview, search, &error);

  if (error)
    {
      report_found (preview, &none, error);
      g_error_free (error);
    }
}

void
bandpass_preview_finish (BandpassPreview *preview)
{
  g_signal_handler_disconnect (preview->config, preview->notify_id);
  g_signal_handlers_disconnect_by_data (preview->view, preview);
  g_signal_handlers_disconnect_by_data (preview->original, preview);
  g_signal_handlers_disconnect_by_data (preview->go_button, preview);
  g_object_unref (preview->split_drag);
  if (preview->start_id)
    g_source_remove (preview->start_id);
  if (preview->refresh)
    preview_refresh_finish (preview->refresh);

  g_object_unref (preview->config);
  g_free (preview->drawn_pixels);
  g_free (preview);
}
