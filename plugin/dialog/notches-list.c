/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "notches-list.h"

#include <glib/gi18n-lib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bandpass-settings.h"
#include "dialog-notches.h"
#include "notch-channels-text.h"
#include "preview-dump.h"

/* The list's tallest, in pixels, before it scrolls, and its least while
 * it holds a notch: two rows. */
#define LIST_HEIGHT     150
#define LIST_MIN_HEIGHT 90
/* A wave made a disc gets a radius of this share of its frequency. */
#define DISC_SHARE 0.1

typedef struct
{
  GimpProcedureConfig *config;
  GtkWidget           *rows;     /* a GtkListBox */
  GtkWidget           *scroller; /* around it */
  gboolean             setting;  /* the list's own change: no rebuild */
} NotchesList;

static void
notches_list_free (gpointer list_pointer)
{
  NotchesList *list = list_pointer;

  g_object_unref (list->config);
  g_free (list);
}

/* The config's channel words, one per notch of `notch_count` ("rgb"
 * where the text has none). Free with g_strfreev. */
static gchar **
channel_words (GimpProcedureConfig *config,
               gsize                notch_count)
{
  gchar   *text  = NULL;
  gchar  **words = g_new0 (gchar *, notch_count + 1);
  gchar  **given;
  gsize    given_count;

  g_object_get (config, "notch-channels", &text, NULL);
  if (! text)
    text = g_strdup ("");
  given       = g_regex_split_simple ("[\\s,;]+", g_strstrip (text), 0, 0);
  given_count = g_strv_length (given);
  for (gsize i = 0; i < notch_count; i++)
    words[i] = g_strdup (i < given_count && *given[i] ? given[i] : "rgb");
  g_strfreev (given);
  g_free (text);
  return words;
}

static void
set_words (NotchesList *list,
           gchar      **words)
{
  gchar *text = g_strjoinv (" ", words);

  list->setting = TRUE;
  g_object_set (list->config, "notch-channels", text, NULL);
  list->setting = FALSE;
  g_free (text);
}

static void
set_notches (NotchesList   *list,
             const gdouble *notches,
             gsize          count,
             gboolean       rebuild)
{
  list->setting = ! rebuild;
  dialog_notches_set (list->config, notches, count);
  list->setting = FALSE;
}

static gint
row_index (GtkWidget *widget)
{
  return GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), "notch"));
}

/* Period, angle and kind of a row, back into its triple. */
static void
row_edited (GtkWidget   *widget,
            NotchesList *list)
{
  GtkWidget *row    = gtk_widget_get_parent (widget);
  GList     *fields = gtk_container_get_children (GTK_CONTAINER (row));
  gdouble    period = gtk_spin_button_get_value (g_list_nth_data (fields, 0));
  gdouble    angle  = gtk_spin_button_get_value (g_list_nth_data (fields, 2)) *
                      G_PI / 180.0;
  gboolean   wave   = gtk_combo_box_get_active (g_list_nth_data (fields, 4)) == 0;
  gint       i      = row_index (row);
  gsize      count;
  gdouble   *notches = bandpass_settings_get_notches (list->config, &count);
  gdouble   *notch   = notches + 3 * i;

  if (3 * (gsize) i + 3 <= count)
    {
      notch[0] = cos (angle) / period;
      notch[1] = sin (angle) / period;
      if (wave)
        notch[2] = 0.0;
      else if (notch[2] <= 0.0)
        notch[2] = DISC_SHARE / period;
      set_notches (list, notches, count, FALSE);
    }
  g_free (notches);
  g_list_free (fields);
}

static void
channels_edited (GtkEntry    *entry,
                 NotchesList *list)
{
  const gchar *word = gtk_entry_get_text (entry);
  unsigned    *masks = NULL;
  size_t       read  = 0;
  gsize        count;
  gint         i = row_index (gtk_widget_get_parent (GTK_WIDGET (entry)));
  gdouble     *notches = bandpass_settings_get_notches (list->config, &count);
  gchar      **words   = channel_words (list->config, count / 3);
  gboolean     valid   = notch_channels_text_read (word, &masks, &read, NULL) ==
                         NOTCH_CHANNELS_TEXT_OK && read == 1;

  gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY,
                                     valid ? NULL : GIMP_ICON_DIALOG_WARNING);
  if (valid && (gsize) i < count / 3)
    {
      g_free (words[i]);
      words[i] = g_strdup (word);
      set_words (list, words);
    }
  free (masks);
  g_strfreev (words);
  g_free (notches);
}

static void
remove_clicked (GtkWidget   *button,
                NotchesList *list)
{
  gint     i = row_index (gtk_widget_get_parent (button));
  gsize    count;
  gdouble *notches = bandpass_settings_get_notches (list->config, &count);

  if (3 * (gsize) i + 3 <= count)
    {
      memmove (notches + 3 * i, notches + 3 * i + 3,
               (count - 3 * i - 3) * sizeof *notches);
      set_notches (list, notches, count - 3, TRUE);
    }
  g_free (notches);
}

static GtkWidget *
spin (gdouble      value,
      gdouble      lower,
      gdouble      upper,
      const gchar *tip)
{
  GtkWidget *button = gtk_spin_button_new_with_range (lower, upper, 0.1);

  gtk_spin_button_set_digits (GTK_SPIN_BUTTON (button), 1);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (button), value);
  gtk_entry_set_width_chars (GTK_ENTRY (button), 6);
  gimp_help_set_help_data (button, tip, NULL);
  return button;
}

/* The row of notch i: period, "px", angle, "°", kind, channels, remove. */
static GtkWidget *
notch_row (NotchesList   *list,
           const gdouble *notch,
           const gchar   *channels,
           gint           i)
{
  GtkWidget *row    = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  gdouble    angle  = atan2 (notch[1], notch[0]) * 180.0 / G_PI;
  GtkWidget *kind   = gtk_combo_box_text_new ();
  GtkWidget *word   = gtk_entry_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name (GIMP_ICON_EDIT_DELETE,
                                                     GTK_ICON_SIZE_MENU);
  GtkWidget *fields[2];

  /* A notch stands for its mirror: angles within (−90°, 90°]. */
  angle = angle > 90.0 ? angle - 180.0 : angle <= -90.0 ? angle + 180.0 : angle;
  fields[0] = spin (1.0 / hypot (notch[0], notch[1]), 2.0, 1e6,
                    _("The pattern's period, in pixels"));
  fields[1] = spin (angle, -90.0, 90.0,
                    _("The direction of the pattern's waves, in degrees "
                      "from the horizontal"));
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (kind), _("wave"));
  gtk_combo_box_text_append_text (GTK_COMBO_BOX_TEXT (kind), _("disc"));
  gtk_combo_box_set_active (GTK_COMBO_BOX (kind), notch[2] > 0.0);
  gimp_help_set_help_data (kind,
                           _("A wave subtracts the cosine fitted to the "
                             "image; a disc cuts the frequencies around "
                             "it out of the spectrum"), NULL);
  gtk_entry_set_text (GTK_ENTRY (word), channels);
  gtk_entry_set_width_chars (GTK_ENTRY (word), 4);
  gimp_help_set_help_data (word, _("The channels the notch filters: "
                                   "letters r, g and b"), NULL);
  gimp_help_set_help_data (remove, _("Remove this notch"), NULL);

  gtk_box_pack_start (GTK_BOX (row), fields[0], FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), gtk_label_new (_("px")), FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), fields[1], FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), gtk_label_new ("°"), FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), kind, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), word, FALSE, FALSE, 0);
  gtk_box_pack_end (GTK_BOX (row), remove, FALSE, FALSE, 0);
  g_object_set_data (G_OBJECT (row), "notch", GINT_TO_POINTER (i));

  for (gint f = 0; f < 2; f++)
    g_signal_connect (fields[f], "value-changed", G_CALLBACK (row_edited),
                      list);
  g_signal_connect (kind, "changed", G_CALLBACK (row_edited), list);
  g_signal_connect (word, "changed", G_CALLBACK (channels_edited), list);
  g_signal_connect (remove, "clicked", G_CALLBACK (remove_clicked), list);
  return row;
}

static void
rebuild (GimpProcedureConfig *config,
         NotchesList         *list)
{
  GList   *old = gtk_container_get_children (GTK_CONTAINER (list->rows));
  gsize    count;
  gdouble *notches;
  gchar  **words;

  if (list->setting)
    return;
  for (GList *l = old; l; l = l->next)
    gtk_widget_destroy (l->data);
  g_list_free (old);

  notches = bandpass_settings_get_notches (config, &count);
  words   = channel_words (config, count / 3);
  for (gsize i = 0; i < count / 3; i++)
    gtk_list_box_insert (GTK_LIST_BOX (list->rows),
                         notch_row (list, notches + 3 * i, words[i], i), -1);
  gtk_widget_show_all (list->rows);
  /* A scrolled window in the scrolling settings is given its least. */
  gtk_scrolled_window_set_min_content_height (
    GTK_SCROLLED_WINDOW (list->scroller),
    count >= 3 ? LIST_MIN_HEIGHT : -1);
  g_strfreev (words);
  g_free (notches);
}

/* The rows as their fields show them, a line each, for the tests' dump. */
static void
dump_rows (NotchesList *list)
{
  GList   *rows = gtk_container_get_children (GTK_CONTAINER (list->rows));
  GString *text = g_string_new (NULL);

  for (GList *r = rows; r; r = r->next)
    {
      GtkWidget *row    = gtk_bin_get_child (GTK_BIN (r->data));
      GList     *fields = gtk_container_get_children (GTK_CONTAINER (row));
      gchar     *kind   = gtk_combo_box_text_get_active_text (
                            g_list_nth_data (fields, 4));

      g_string_append_printf (text, "%s px %s° %s %s\n",
                              gtk_entry_get_text (g_list_nth_data (fields, 0)),
                              gtk_entry_get_text (g_list_nth_data (fields, 2)),
                              kind,
                              gtk_entry_get_text (g_list_nth_data (fields, 5)));
      g_free (kind);
      g_list_free (fields);
    }
  preview_dump_notches (text);
  g_string_free (text, TRUE);
  g_list_free (rows);
}

/* Scripts, the fields and the spectrum view change the notches too. */
static void
config_changed (GimpProcedureConfig *config,
                GParamSpec          *pspec G_GNUC_UNUSED,
                GtkWidget           *rows)
{
  NotchesList *list = g_object_get_data (G_OBJECT (rows), "notches-list");

  rebuild (config, list);
  dump_rows (list);
}

GtkWidget *
notches_list_new (GimpProcedureConfig *config)
{
  NotchesList *list     = g_new0 (NotchesList, 1);
  GtkWidget   *box      = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget   *caption  = gtk_label_new (_("Notches: period, angle, kind, "
                                           "channels"));
  GtkWidget   *scroller = gtk_scrolled_window_new (NULL, NULL);

  list->config = g_object_ref (config);
  list->rows   = gtk_list_box_new ();
  list->scroller = scroller;
  gtk_label_set_xalign (GTK_LABEL (caption), 0.0);
  gtk_list_box_set_selection_mode (GTK_LIST_BOX (list->rows),
                                   GTK_SELECTION_NONE);
  gtk_list_box_set_placeholder (GTK_LIST_BOX (list->rows),
                                gtk_label_new (_("No notches")));
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller),
                                  GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_scrolled_window_set_propagate_natural_height (
    GTK_SCROLLED_WINDOW (scroller), TRUE);
  gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scroller),
                                              LIST_HEIGHT);
  gtk_container_add (GTK_CONTAINER (scroller), list->rows);
  g_object_set_data_full (G_OBJECT (list->rows), "notches-list", list,
                          notches_list_free);
  g_signal_connect_object (config, "notify::notches",
                           G_CALLBACK (config_changed), list->rows, 0);
  g_signal_connect_object (config, "notify::notch-channels",
                           G_CALLBACK (config_changed), list->rows, 0);
  rebuild (config, list);
  dump_rows (list);
  gtk_box_pack_start (GTK_BOX (box), caption, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), scroller, FALSE, FALSE, 0);
  gtk_widget_show_all (box);
  return box;
}
