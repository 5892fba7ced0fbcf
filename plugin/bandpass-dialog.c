#include "bandpass-dialog.h"

#include <libgimp/gimpui.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "bandpass-preview.h"
#include "dialog-device.h"

#define PLUG_IN_BINARY "fft-bandpass"

/* The sliders cover the useful periods, logarithmically as periods are
 * felt; their entries take the whole range of the arguments. */
#define LARGE_STRUCTURES_SLIDER_MAX 1000.0
#define SMALL_STRUCTURES_SLIDER_MAX 100.0

#define SETTINGS_WIDTH 560

static void
period_slider (GimpProcedureDialog *dialog,
               const gchar         *property,
               gdouble              slider_max)
{
  GtkWidget *scale = gimp_procedure_dialog_get_scale_entry (dialog, property,
                                                            1.0);

  gimp_scale_entry_set_bounds (GIMP_SCALE_ENTRY (scale), 0.0, slider_max,
                               FALSE);
  gimp_scale_entry_set_logarithmic (GIMP_SCALE_ENTRY (scale), TRUE);
}

/* `property` is sensitive while the choice `choice_property` is `nick`
 * (or, with `when_equal` FALSE, while it is anything else). */
static void
sensitive_if_choice (GimpProcedureDialog *dialog,
                     const gchar         *property,
                     const gchar         *choice_property,
                     const gchar         *nick,
                     gboolean             when_equal)
{
  GimpValueArray *nicks = gimp_value_array_new (1);
  GValue          value = G_VALUE_INIT;

  g_value_init (&value, G_TYPE_STRING);
  g_value_set_static_string (&value, nick);
  gimp_value_array_append (nicks, &value);
  g_value_unset (&value);

  gimp_procedure_dialog_set_sensitive_if_in (dialog, property, NULL,
                                             choice_property, nicks,
                                             when_equal);
}

/* Packs `properties` (NULL-terminated) into a frame, or into a collapsed
 * expander, titled `title`. Returns the box that holds them. */
static GtkWidget *
fill_group (GimpProcedureDialog *dialog,
            const gchar         *group_id,
            const gchar         *title,
            gboolean             collapsed,
            const gchar *const  *properties)
{
  gchar     *box_id   = g_strconcat (group_id, "-box", NULL);
  gchar     *title_id = g_strconcat (group_id, "-title", NULL);
  GList     *list     = NULL;
  GtkWidget *box;

  for (gsize i = 0; properties[i] != NULL; i++)
    list = g_list_append (list, (gpointer) properties[i]);

  box = gimp_procedure_dialog_fill_box_list (dialog, box_id, list);
  gimp_procedure_dialog_get_label (dialog, title_id, title, FALSE, FALSE);

  if (collapsed)
    gimp_procedure_dialog_fill_expander (dialog, group_id, title_id, FALSE,
                                         box_id);
  else
    gimp_procedure_dialog_fill_frame (dialog, group_id, title_id, FALSE,
                                      box_id);

  g_list_free (list);
  g_free (title_id);
  g_free (box_id);

  return box;
}

static gchar *
notches_to_text (GimpProcedureConfig *config)
{
  GimpArray     *notches = NULL;
  GString       *text    = g_string_new (NULL);
  const gdouble *values;
  gsize          count   = 0;

  g_object_get (config, "notches", &notches, NULL);
  if (! notches)
    return g_string_free (text, FALSE);

  values = gimp_double_array_get_values (notches, &count);
  for (gsize i = 0; i < count; i++)
    {
      gchar number[G_ASCII_DTOSTR_BUF_SIZE];

      g_string_append_printf (text, "%s%s", i > 0 ? " " : "",
                              g_ascii_formatd (number, sizeof number,
                                               "%.6g", values[i]));
    }

  gimp_array_free (notches);
  return g_string_free (text, FALSE);
}

/* The numbers in `text`, separated by spaces, commas or semicolons, or
 * NULL when something else is there. */
static GArray *
text_to_numbers (const gchar *text)
{
  gchar  **words   = g_strsplit_set (text, " \t,;", -1);
  GArray  *numbers = g_array_new (FALSE, FALSE, sizeof (gdouble));

  for (gsize i = 0; words[i] != NULL && numbers != NULL; i++)
    {
      gchar   *end;
      gdouble  number = g_ascii_strtod (words[i], &end);

      if (words[i][0] == '\0')
        continue;

      if (*end == '\0')
        g_array_append_val (numbers, number);
      else
        g_clear_pointer (&numbers, g_array_unref);
    }

  g_strfreev (words);
  return numbers;
}

static void
notches_text_changed (GtkEntry            *entry,
                      GimpProcedureConfig *config)
{
  GArray *numbers = text_to_numbers (gtk_entry_get_text (entry));
  GValue  value   = G_VALUE_INIT;

  gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY,
                                     numbers ? NULL
                                             : GIMP_ICON_DIALOG_WARNING);
  if (! numbers)
    return;

  /* GIMP refuses an empty array given with a pointer. */
  g_value_init (&value, GIMP_TYPE_DOUBLE_ARRAY);
  gimp_value_set_double_array (&value,
                               numbers->len ? (const gdouble *) numbers->data
                                            : NULL,
                               numbers->len);
  g_object_set_property (G_OBJECT (config), "notches", &value);

  g_value_unset (&value);
  g_array_unref (numbers);
}

/* Whether `text` holds the config's notches already. */
static gboolean
text_shows_notches (const gchar         *text,
                    GimpProcedureConfig *config)
{
  GArray        *numbers = text_to_numbers (text);
  GimpArray     *notches = NULL;
  const gdouble *values  = NULL;
  gsize          count   = 0;
  gboolean       same;

  g_object_get (config, "notches", &notches, NULL);
  if (notches)
    values = gimp_double_array_get_values (notches, &count);

  same = numbers && numbers->len == count &&
         (count == 0 || memcmp (numbers->data, values,
                                count * sizeof (gdouble)) == 0);

  g_clear_pointer (&numbers, g_array_unref);
  if (notches)
    gimp_array_free (notches);
  return same;
}

/* The spectrum view adds and removes notches through the config: the
 * entry follows, without echoing the change back. */
static void
notches_changed (GimpProcedureConfig *config,
                 GParamSpec          *pspec G_GNUC_UNUSED,
                 GtkEntry            *entry)
{
  gchar *text;

  if (text_shows_notches (gtk_entry_get_text (entry), config))
    return;

  text = notches_to_text (config);
  g_signal_handlers_block_by_func (entry, notches_text_changed, config);
  gtk_entry_set_text (entry, text);
  gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY, NULL);
  g_signal_handlers_unblock_by_func (entry, notches_text_changed, config);
  g_free (text);
}

/* GimpProcedureDialog has no widget for double arrays: the notches are
 * typed as numbers, three per notch. */
static GtkWidget *
notches_entry_new (GimpProcedureConfig *config)
{
  GParamSpec *pspec   = g_object_class_find_property (G_OBJECT_GET_CLASS (config),
                                                      "notches");
  GtkWidget  *labeled = gimp_label_entry_new (g_param_spec_get_nick (pspec));
  GtkWidget  *entry   = gimp_label_entry_get_entry (GIMP_LABEL_ENTRY (labeled));
  gchar      *text    = notches_to_text (config);

  gimp_label_entry_set_value (GIMP_LABEL_ENTRY (labeled), text);
  g_free (text);

  gtk_widget_set_hexpand (entry, TRUE);
  gimp_help_set_help_data (entry,
                           _("Three numbers per notch: fx fy radius, in "
                             "cycles per pixel; leave empty for none"),
                           NULL);
  g_signal_connect (entry, "changed",
                    G_CALLBACK (notches_text_changed), config);
  g_signal_connect_object (config, "notify::notches",
                           G_CALLBACK (notches_changed), entry, 0);
  gtk_widget_show (labeled);

  return labeled;
}

/* The preview's column on the left, the settings on the right. The
 * preview goes into an empty frame: a box filled with no properties would
 * get every one not shown yet. */
static void
fill_columns (GimpProcedureDialog *dialog,
              BandpassPreview     *preview)
{
  GtkWidget *frame = gimp_procedure_dialog_fill_frame (dialog,
                                                       "preview-column",
                                                       NULL, FALSE, NULL);
  GtkWidget *settings;
  GtkWidget *columns;

  gtk_container_add (GTK_CONTAINER (frame),
                     bandpass_preview_widget (preview));
  settings = gimp_procedure_dialog_fill_box (dialog, "settings-column",
                                             "band", "edge",
                                             "stripes-and-notches",
                                             "advanced", NULL);
  /* Room for the period sliders beside the preview. */
  gtk_widget_set_size_request (settings, SETTINGS_WIDTH, -1);
  columns = gimp_procedure_dialog_fill_box (dialog, "columns",
                                            "preview-column",
                                            "settings-column", NULL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (columns),
                                  GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (columns), 12);

  gimp_procedure_dialog_fill (dialog, "columns", NULL);
}

static void
fill_settings (GimpProcedureDialog *dialog,
               GimpProcedureConfig *config)
{
  static const gchar *const band[] =
    { "large-structures", "small-structures", "mode", "keep-mean", NULL };
  static const gchar *const edge[] = { "shape", "order", NULL };
  static const gchar *const stripes_and_notches[] =
    { "stripes", "stripe-tolerance", NULL };
  static const gchar *const advanced[] =
    { "padding", "channels", "linear", NULL };
  GtkWidget *stripes_box;
  GtkWidget *advanced_box;

  period_slider (dialog, "large-structures", LARGE_STRUCTURES_SLIDER_MAX);
  period_slider (dialog, "small-structures", SMALL_STRUCTURES_SLIDER_MAX);

  fill_group (dialog, "band", _("Band"), FALSE, band);
  fill_group (dialog, "edge", _("Edge"), FALSE, edge);
  stripes_box = fill_group (dialog, "stripes-and-notches",
                            _("Stripes and notches"), FALSE,
                            stripes_and_notches);
  gtk_box_pack_start (GTK_BOX (stripes_box), notches_entry_new (config),
                      FALSE, FALSE, 0);
  advanced_box = fill_group (dialog, "advanced", _("Advanced"), TRUE,
                             advanced);
  gtk_box_pack_start (GTK_BOX (advanced_box),
                      dialog_device_chooser_new (config), FALSE, FALSE, 0);

  /* Only once the groups have created the widgets. */
  sensitive_if_choice (dialog, "order", "shape", "butterworth", TRUE);
  sensitive_if_choice (dialog, "stripe-tolerance", "stripes", "none", FALSE);
}

gboolean
bandpass_dialog_run (GimpProcedure        *procedure,
                     GimpProcedureConfig  *config,
                     GimpDrawable         *drawable,
                     BandpassRenderer    **renderer)
{
  GtkWidget        *dialog;
  BandpassPreview  *preview;
  BandpassRenderer *prepared;
  gboolean          run;

  gimp_ui_init (PLUG_IN_BINARY);

  dialog  = gimp_procedure_dialog_new (procedure, config, _("Band-pass"));
  preview = bandpass_preview_new (config, drawable);
  fill_settings (GIMP_PROCEDURE_DIALOG (dialog), config);
  fill_columns (GIMP_PROCEDURE_DIALOG (dialog), preview);

  run      = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
  prepared = bandpass_preview_finish (preview);
  gtk_widget_destroy (dialog);

  if (run)
    *renderer = prepared;
  else if (prepared)
    bandpass_renderer_free (prepared);

  return run;
}
