/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "dialog-device.h"

#include <glib/gi18n-lib.h>

#include "fftcl.h"

/* More devices than any machine has; the list is cut there. */
#define MAX_DEVICES 32

static void
append_devices (GtkComboBoxText *combo)
{
  fftcl_device_info devices[MAX_DEVICES];
  gsize             count = fftcl_list_devices (devices, MAX_DEVICES);

  gtk_combo_box_text_append (combo, "",
                             _("Automatic (the faster of GPU and CPU, "
                               "measured)"));

  for (gsize i = 0; i < MIN (count, MAX_DEVICES); i++)
    gtk_combo_box_text_append (combo, devices[i].choice, devices[i].name);
}

/* FFTCL_DEVICE wins over the dialog's choice, so the combo says so
 * rather than offering a choice that would be ignored. */
static void
mark_overridden (GtkWidget *combo)
{
  const gchar *forced = fftcl_forced_device ();
  gchar       *tip;

  if (! forced)
    return;

  tip = g_strdup_printf (_("The environment variable FFTCL_DEVICE=%s "
                           "picks the device"), forced);
  gimp_help_set_help_data (combo, tip, NULL);
  gtk_widget_set_sensitive (combo, FALSE);
  g_free (tip);
}

GtkWidget *
dialog_device_chooser_new (GimpProcedureConfig *config)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (config),
                                                    "device");
  GtkWidget  *box   = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget  *label = gtk_label_new_with_mnemonic (g_param_spec_get_nick (pspec));
  GtkWidget  *combo = gtk_combo_box_text_new ();

  append_devices (GTK_COMBO_BOX_TEXT (combo));
  g_object_bind_property (config, "device", combo, "active-id",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  /* A remembered device that is gone now matches no entry. */
  if (gtk_combo_box_get_active (GTK_COMBO_BOX (combo)) < 0)
    gtk_combo_box_set_active (GTK_COMBO_BOX (combo), 0);

  gtk_label_set_mnemonic_widget (GTK_LABEL (label), combo);
  gtk_widget_set_hexpand (combo, TRUE);
  gimp_help_set_help_data (combo, g_param_spec_get_blurb (pspec), NULL);
  mark_overridden (combo);

  gtk_box_pack_start (GTK_BOX (box), label, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (box), combo, TRUE, TRUE, 0);
  gtk_widget_show_all (box);

  return box;
}
