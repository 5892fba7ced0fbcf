/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-button.h"

#include <glib/gi18n-lib.h>

#include "dialog-notches.h"
#include "found-notches.h"
#include "pattern-settings.h"

typedef struct
{
  GimpProcedureConfig *config;
  BandpassPreview     *preview;
  GtkWidget           *button;
  GtkWidget           *line;
  gdouble             *added;       /* the last search's notches */
  gsize                added_count;
} PatternButton;

static void
pattern_button_free (gpointer button_pointer)
{
  PatternButton *button = button_pointer;

  g_object_unref (button->config);
  g_free (button->added);
  g_free (button);
}

/* The user's notches, less the last search's that are still there as
 * they were, plus those found that no notch covers yet. Returns how many
 * were added. */
static gsize
merge_notches (PatternButton       *button,
               const PatternsFound *found)
{
  gsize    count, merged_count;
  gdouble *notches = bandpass_settings_get_notches (button->config, &count);
  gdouble *previous = g_steal_pointer (&button->added);
  gdouble *merged;

  merged = found_notches_merge (notches, count - count % 3, previous,
                                button->added_count, found->notches,
                                3 * found->count, &merged_count,
                                &button->added, &button->added_count);
  g_free (previous);
  g_free (notches);

  spectrum_view_set_found (bandpass_preview_spectrum_view (button->preview),
                           button->added, button->added_count);
  dialog_notches_set (button->config, merged, merged_count);
  dialog_notches_set_channels (button->config, found->notches, found->planes,
                               found->count);
  g_free (merged);
  return button->added_count / 3;
}

/* A halftone's dots lie between its notches: small-structures becomes
 * just under the screen's period where the find-patterns argument would
 * make it so (pattern_settings_add). Returns whether it changed. */
static gboolean
set_small_structures (PatternButton       *button,
                      const PatternsFound *found)
{
  BandpassSettings settings   = { 0 };
  gdouble          period;
  gboolean         changed;

  bandpass_settings_from_config (&settings, button->config, NULL);
  period  = pattern_settings_set_small (&settings, found) ?
            found->small_period : settings.gain.small_period;
  changed = period != settings.gain.small_period;
  bandpass_settings_clear (&settings);

  if (changed)
    g_object_set (button->config, "small-structures", period, NULL);
  return changed;
}

static gchar *
found_text (const PatternsFound *found,
            gsize                added,
            gboolean             small_set)
{
  gchar *text;
  gchar *with_small;

  if (found->count == 0)
    return g_strdup (_("No periodic pattern found; a higher sensitivity "
                       "finds weaker ones."));
  if (added == 0)
    text = g_strdup_printf (_("Patterns found: %zu, all covered by notches "
                              "already."), found->count);
  else
    text = g_strdup_printf (_("Patterns found: %zu; their notches are drawn "
                              "in orange."), found->count);
  if (! small_set)
    return text;

  with_small = g_strdup_printf (_("%s Small structures set to %.1f px, "
                                  "just under the screen's period, to "
                                  "remove its dots."), text,
                                found->small_period);
  g_free (text);
  return with_small;
}

static void
set_line (PatternButton *button,
          const gchar   *text)
{
  gtk_label_set_text (GTK_LABEL (button->line), text);
}

static void
found_patterns (const PatternsFound *found,
                const GError        *error,
                gpointer             button_pointer)
{
  PatternButton *button = button_pointer;
  gsize          added;
  gboolean       small_set;
  gchar         *text;

  gtk_widget_set_sensitive (button->button, TRUE);
  if (error)
    {
      set_line (button, error->message);
      return;
    }

  added     = merge_notches (button, found);
  small_set = set_small_structures (button, found);
  /* The screen found is the print's, as find-patterns takes it; a search
   * that finds none says the image is no print. */
  g_object_set (button->config, "print-screen",
                pattern_settings_screen (found), NULL);
  text      = found_text (found, added, small_set);
  set_line (button, text);
  g_free (text);
}

/* The line and the orange go with the last found notch the user removes
 * (in the spectrum view or the field): nothing found is left to tell of. */
static void
notches_changed (GimpProcedureConfig *config,
                 GParamSpec          *pspec G_GNUC_UNUSED,
                 GObject             *box)
{
  PatternButton *button = g_object_get_data (box, "pattern-button");
  gsize    count;
  gdouble *notches;
  gboolean left = FALSE;

  if (button->added_count == 0)
    return;

  notches = bandpass_settings_get_notches (config, &count);
  for (gsize i = 0; i + 2 < button->added_count && ! left; i += 3)
    left = found_notches_holds (notches, count - count % 3,
                                button->added + i);
  g_free (notches);
  if (left)
    return;

  g_clear_pointer (&button->added, g_free);
  button->added_count = 0;
  spectrum_view_set_found (bandpass_preview_spectrum_view (button->preview),
                           NULL, 0);
  set_line (button, "");
}

static void
clicked (GtkButton     *widget G_GNUC_UNUSED,
         PatternButton *button)
{
  BandpassSettings settings = { 0 };
  PatternSearch    search;

  bandpass_settings_from_config (&settings, button->config, NULL);
  search = pattern_settings_search (&settings);
  bandpass_settings_clear (&settings);

  gtk_widget_set_sensitive (button->button, FALSE);
  set_line (button, _("Searching for patterns…"));
  bandpass_preview_find_patterns (button->preview, &search, found_patterns,
                                  button);
}

/* The slider is labelled for its place beside the button, with a
 * mnemonic the dialog does not use yet. */
static GtkWidget *
sensitivity_slider (GimpProcedureDialog *dialog)
{
  GtkWidget *slider = gimp_procedure_dialog_get_scale_entry (
                        dialog, "pattern-sensitivity", 1.0);

  gtk_label_set_text_with_mnemonic (
    GTK_LABEL (gimp_labeled_get_label (GIMP_LABELED (slider))),
    _("Sensitivit_y"));
  gtk_widget_set_hexpand (slider, TRUE);
  return slider;
}

static GtkWidget *
status_line (void)
{
  GtkWidget *line = gtk_label_new (NULL);

  gtk_label_set_xalign (GTK_LABEL (line), 0.0);
  gtk_label_set_line_wrap (GTK_LABEL (line), TRUE);
  gimp_label_set_attributes (GTK_LABEL (line),
                             PANGO_ATTR_SCALE, PANGO_SCALE_SMALL, -1);
  return line;
}

GtkWidget *
pattern_button_new (GimpProcedureDialog *dialog,
                    GimpProcedureConfig *config,
                    BandpassPreview     *preview)
{
  PatternButton *button = g_new0 (PatternButton, 1);
  GtkWidget     *box    = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget     *row    = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);

  button->config  = g_object_ref (config);
  button->preview = preview;
  button->button  = gtk_button_new_with_mnemonic (_("_Find patterns"));
  button->line    = status_line ();
  g_object_set_data_full (G_OBJECT (box), "pattern-button", button,
                          pattern_button_free);

  gimp_help_set_help_data (button->button,
                           _("Find periodic patterns (halftone, moiré, "
                             "interference, scan lines) where the band "
                             "leaves them and add notches that remove "
                             "them, drawn in orange in the spectrum; "
                             "pressing again replaces those you left as "
                             "they were. Where a halftone screen is found "
                             "and small structures is 0, it is set just "
                             "under the screen's period."),
                           NULL);
  g_signal_connect (button->button, "clicked", G_CALLBACK (clicked), button);
  g_signal_connect_object (config, "notify::notches",
                           G_CALLBACK (notches_changed), box, 0);

  gtk_box_pack_start (GTK_BOX (row), button->button, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), sensitivity_slider (dialog), TRUE, TRUE,
                      0);
  gtk_box_pack_start (GTK_BOX (box), row, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), button->line, FALSE, FALSE, 0);
  gtk_widget_show_all (box);
  return box;
}

void
pattern_button_find (GtkWidget *pattern_button)
{
  PatternButton *button = g_object_get_data (G_OBJECT (pattern_button),
                                             "pattern-button");

  clicked (NULL, button);
}
