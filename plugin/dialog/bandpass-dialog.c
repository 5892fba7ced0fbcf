/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bandpass-dialog.h"

#include <libgimp/gimpui.h>
#include <glib/gi18n-lib.h>

#include "bandpass-preview.h"
#include "dialog-device.h"
#include "dialog-jobs.h"
#include "notches-entry.h"
#include "notches-list.h"
#include "pattern-button.h"

#define PLUG_IN_BINARY "fft-bandpass"

/* The sliders cover the useful periods, logarithmically as periods are
 * felt; their entries take the whole range of the arguments. */
#define LARGE_STRUCTURES_SLIDER_MAX 1000.0
#define SMALL_STRUCTURES_SLIDER_MAX 100.0
#define PRINT_SCREEN_SLIDER_MAX     20.0

#define SETTINGS_WIDTH 560
/* The settings' least height, in pixels, under the open spectrum: the
 * spectrum and this stay within a 768-pixel screen. */
#define SETTINGS_MIN_HEIGHT 160

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

/* A scanned print's screen is a few pixels: the slider spans those
 * periods, linearly; its entry takes any. Made here, not by the
 * procedure dialog, which wants a mnemonic of every widget it makes:
 * none of this label's letters is free (Tab reaches it after the
 * notch channels' entry). */
static GtkWidget *
print_screen_slider (GimpProcedureConfig *config)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (config),
                                                    "print-screen");
  GtkWidget  *scale = gimp_prop_scale_entry_new (G_OBJECT (config),
                                                 "print-screen",
                                                 g_param_spec_get_nick (pspec),
                                                 1.0, FALSE, 0.0,
                                                 PRINT_SCREEN_SLIDER_MAX);

  gimp_help_set_help_data (scale, g_param_spec_get_blurb (pspec), NULL);
  gtk_widget_show (scale);
  return scale;
}

/* Every choice a combo box labelled by its nick, whose mnemonic
 * focuses it: GIMP 3.2 would make a choice of at most three values a
 * radio frame, which GimpProcedureDialog finds no mnemonic for. Before
 * the groups, which take the widgets made. */
static void
choice_combos (GimpProcedureDialog *dialog)
{
  static const gchar *const choices[] =
    { "mode", "shape", "stripes", "output", "padding", "channels" };

  for (gsize i = 0; i < G_N_ELEMENTS (choices); i++)
    gimp_procedure_dialog_get_widget (dialog, choices[i],
                                      GTK_TYPE_COMBO_BOX);
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

/* The settings scroll in their column, under the spectrum, so that the
 * dialog fits a 1366 × 768 screen with the spectrum open: the column is
 * never taller than the preview's beside it and the spectrum together. */
static GtkWidget *
settings_scroller (GtkWidget *settings)
{
  GtkWidget *scroller = gtk_scrolled_window_new (NULL, NULL);

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller),
                                              SETTINGS_MIN_HEIGHT);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_container_add (GTK_CONTAINER (scroller), settings);
  gtk_widget_show (settings);
  gtk_widget_show (scroller);
  return scroller;
}

/* The preview's column on the left; on the right the spectrum over the
 * settings. The columns go into empty frames: a box filled with no
 * properties would get every one not shown yet. */
static void
fill_columns (GimpProcedureDialog *dialog,
              BandpassPreview     *preview)
{
  GtkWidget *left  = gimp_procedure_dialog_fill_frame (dialog,
                                                       "preview-column",
                                                       NULL, FALSE, NULL);
  GtkWidget *right = gimp_procedure_dialog_fill_frame (dialog,
                                                       "settings-frame",
                                                       NULL, FALSE, NULL);
  GtkWidget *right_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *settings;
  GtkWidget *columns;

  gtk_container_add (GTK_CONTAINER (left),
                     bandpass_preview_widget (preview));
  settings = gimp_procedure_dialog_fill_box (dialog, "settings-column",
                                             "job", "band", "edge",
                                             "stripes-and-notches",
                                             "advanced", "output-group",
                                             NULL);
  /* Room for the period sliders beside the preview. */
  gtk_widget_set_size_request (settings, SETTINGS_WIDTH, -1);
  gtk_box_pack_start (GTK_BOX (right_box),
                      bandpass_preview_spectrum_widget (preview), FALSE,
                      FALSE, 0);
  gtk_box_pack_start (GTK_BOX (right_box), settings_scroller (settings), TRUE,
                      TRUE, 0);
  gtk_widget_show (right_box);
  gtk_container_add (GTK_CONTAINER (right), right_box);
  columns = gimp_procedure_dialog_fill_box (dialog, "columns",
                                            "preview-column",
                                            "settings-frame", NULL);
  gtk_orientable_set_orientation (GTK_ORIENTABLE (columns),
                                  GTK_ORIENTATION_HORIZONTAL);
  gtk_box_set_spacing (GTK_BOX (columns), 12);

  gimp_procedure_dialog_fill (dialog, "columns", NULL);
}

/* Non-destructive filtering runs the GEGL operation, always on the CPU:
 * the device chooser is greyed out while it is on. */
static GtkWidget *
device_chooser_new (GimpProcedureConfig *config)
{
  GtkWidget *chooser = dialog_device_chooser_new (config);

  g_object_bind_property (config, "non-destructive", chooser, "sensitive",
                          G_BINDING_SYNC_CREATE | G_BINDING_INVERT_BOOLEAN);
  return chooser;
}

/* The entry of "notch-channels". GimpLabelEntry takes the property's
 * text as its buffer's, which must not be NULL: a script's nil, kept as
 * the last value, reads as no channels named. */
static GtkWidget *
notch_channels_entry (GimpProcedureDialog *dialog,
                      GimpProcedureConfig *config)
{
  gchar *channels = NULL;

  g_object_get (config, "notch-channels", &channels, NULL);
  if (! channels)
    g_object_set (config, "notch-channels", "", NULL);
  g_free (channels);
  return gimp_procedure_dialog_get_widget (dialog, "notch-channels",
                                           GIMP_TYPE_LABEL_ENTRY);
}

/* Found patterns become ordinary notches through the button (OK then
 * writes what the preview shows): the find-patterns argument is off here
 * and not shown. Returns the job choice. */
static GtkWidget *
fill_settings (GimpProcedureDialog *dialog,
               GimpProcedureConfig *config,
               BandpassPreview     *preview,
               GimpDrawable        *drawable,
               gboolean             layers)
{
  static const gchar *const band[] =
    { "large-structures", "small-structures", "mode", "keep-mean", NULL };
  static const gchar *const edge[] = { "shape", "order", NULL };
  static const gchar *const stripes_and_notches[] =
    { "stripes", "stripe-tolerance", NULL };
  static const gchar *const output[] = { "output", "autoscale", NULL };
  static const gchar *const output_of_layers[] =
    { "output", "autoscale", "non-destructive", NULL };
  static const gchar *const advanced[] =
    { "padding", "channels", "linear", NULL };
  GtkWidget *stripes_box;
  GtkWidget *advanced_box;
  GtkWidget *patterns;

  period_slider (dialog, "large-structures", LARGE_STRUCTURES_SLIDER_MAX);
  period_slider (dialog, "small-structures", SMALL_STRUCTURES_SLIDER_MAX);
  choice_combos (dialog);

  fill_group (dialog, "band", _("Band"), FALSE, band);
  fill_group (dialog, "edge", _("Edge"), FALSE, edge);
  stripes_box = fill_group (dialog, "stripes-and-notches",
                            _("Stripes and notches"), FALSE,
                            stripes_and_notches);
  patterns = pattern_button_new (dialog, config, preview);
  gtk_box_pack_start (GTK_BOX (stripes_box), patterns, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (stripes_box), notches_list_new (config),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (stripes_box), notches_entry_new (config),
                      FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (stripes_box),
                      notch_channels_entry (dialog, config), FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (stripes_box), print_screen_slider (config),
                      FALSE, FALSE, 0);
  fill_group (dialog, "output-group", _("Output"), FALSE,
              layers ? output_of_layers : output);
  advanced_box = fill_group (dialog, "advanced", _("Advanced"), TRUE,
                             advanced);
  gtk_box_pack_start (GTK_BOX (advanced_box),
                      device_chooser_new (config), FALSE, FALSE, 0);

  /* Only once the groups have created the widgets. */
  sensitive_if_choice (dialog, "order", "shape", "butterworth", TRUE);
  sensitive_if_choice (dialog, "stripe-tolerance", "stripes", "none", FALSE);

  return dialog_jobs_new (dialog, config,
                          gimp_drawable_get_width (drawable),
                          gimp_drawable_get_height (drawable),
                          (DialogJobsFindFunc) pattern_button_find, patterns);
}

gboolean
bandpass_dialog_run (GimpProcedure       *procedure,
                     GimpProcedureConfig *config,
                     BandpassRenderer    *renderer,
                     gboolean             layers,
                     gboolean             start_job)
{
  GtkWidget       *dialog;
  GtkWidget       *jobs;
  BandpassPreview *preview;
  gboolean         run;

  gimp_ui_init (PLUG_IN_BINARY);

  dialog  = gimp_procedure_dialog_new (procedure, config, _("Band-pass"));
  preview = bandpass_preview_new (config, renderer);
  g_object_set (config, "find-patterns", FALSE, NULL);
  if (! layers)
    g_object_set (config, "non-destructive", FALSE, NULL);
  jobs = fill_settings (GIMP_PROCEDURE_DIALOG (dialog), config, preview,
                        bandpass_renderer_get_drawable (renderer), layers);
  fill_columns (GIMP_PROCEDURE_DIALOG (dialog), preview);
  if (start_job)
    dialog_jobs_apply (jobs);

  run = gimp_procedure_dialog_run (GIMP_PROCEDURE_DIALOG (dialog));
  bandpass_preview_finish (preview);
  gtk_widget_destroy (dialog);

  return run;
}
