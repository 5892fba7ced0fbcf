/* SPDX-License-Identifier: GPL-3.0-or-later */
/* notches-list — the config's notches as a list a person reads: a row
 * per notch with its period in pixels, its angle in degrees (the
 * direction of its frequency, the mirror's the same), its kind (a wave,
 * the cosine fitted and subtracted, or a disc that the gain cuts out) and
 * the colour channels it filters, each editable, and a button that
 * removes it. It follows the "notches" and "notch-channels" arguments,
 * which scripts and the fields beside it set, and sets them in turn. */
#ifndef NOTCHES_LIST_H
#define NOTCHES_LIST_H

#include <libgimp/gimpui.h>

GtkWidget *notches_list_new (GimpProcedureConfig *config);

#endif
