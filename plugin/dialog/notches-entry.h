/* SPDX-License-Identifier: GPL-3.0-or-later */
/* notches-entry — the dialog's field for the "notches" argument:
 * GimpProcedureDialog has no widget for double arrays, so the notches are
 * typed as numbers, three per notch. It follows the config both ways. */
#ifndef NOTCHES_ENTRY_H
#define NOTCHES_ENTRY_H

#include <libgimp/gimpui.h>

/* A labelled entry bound to `config`'s "notches". */
GtkWidget *notches_entry_new (GimpProcedureConfig *config);

#endif
