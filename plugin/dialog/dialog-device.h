/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dialog-device — the dialog's device chooser, bound to the config's
 * "device" aux argument. */
#ifndef DIALOG_DEVICE_H
#define DIALOG_DEVICE_H

#include <libgimp/gimpui.h>

/* A labelled combo of every device fftcl can open, automatic first. */
GtkWidget *dialog_device_chooser_new (GimpProcedureConfig *config);

#endif
