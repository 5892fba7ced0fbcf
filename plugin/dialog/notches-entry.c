/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "notches-entry.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "bandpass-settings.h"
#include "dialog-notches.h"
#include "notches-text.h"

/* Six significant digits: what the field shows, not what is kept. */
static gchar *
notches_to_text (GimpProcedureConfig *config)
{
  gsize    count;
  gdouble *notches = bandpass_settings_get_notches (config, &count);
  char    *written = notches_text_write (notches, count, 6);
  gchar   *text    = g_strdup (written ? written : "");

  free (written);
  g_free (notches);
  return text;
}

/* The numbers of `text`, or NULL when a word is not a number (or memory
 * runs out). Free with free. */
static double *
text_to_numbers (const gchar *text,
                 gsize       *count)
{
  double *numbers;

  if (notches_text_read (text, &numbers, count, NULL) != NOTCHES_TEXT_OK)
    return NULL;
  /* An empty text is an empty list, not a failure. */
  return numbers ? numbers : calloc (1, sizeof *numbers);
}

static void
text_changed (GtkEntry            *entry,
              GimpProcedureConfig *config)
{
  gsize   count;
  double *numbers = text_to_numbers (gtk_entry_get_text (entry), &count);

  gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY,
                                     numbers ? NULL
                                             : GIMP_ICON_DIALOG_WARNING);
  if (! numbers)
    return;

  dialog_notches_set (config, numbers, count);
  free (numbers);
}

/* Whether `text` holds the config's notches already. */
static gboolean
text_shows_notches (const gchar         *text,
                    GimpProcedureConfig *config)
{
  gsize     read;
  double   *numbers = text_to_numbers (text, &read);
  gsize     count;
  gdouble  *notches = bandpass_settings_get_notches (config, &count);
  gboolean  same;

  same = numbers && read == count &&
         (count == 0 || memcmp (numbers, notches,
                                count * sizeof (gdouble)) == 0);

  free (numbers);
  g_free (notches);
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
  g_signal_handlers_block_by_func (entry, text_changed, config);
  gtk_entry_set_text (entry, text);
  gtk_entry_set_icon_from_icon_name (entry, GTK_ENTRY_ICON_SECONDARY, NULL);
  g_signal_handlers_unblock_by_func (entry, text_changed, config);
  g_free (text);
}

GtkWidget *
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
  g_signal_connect (entry, "changed", G_CALLBACK (text_changed), config);
  g_signal_connect_object (config, "notify::notches",
                           G_CALLBACK (notches_changed), entry, 0);
  gtk_widget_show (labeled);

  return labeled;
}
