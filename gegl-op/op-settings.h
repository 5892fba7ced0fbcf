/* SPDX-License-Identifier: GPL-3.0-or-later */
/* op-settings — the operation's properties as the plug-in's settings
 * (BandpassSettings), checked as docs/contract.md §2 checks the
 * procedure's arguments. A failing check is a message: the operation
 * then passes its input through. */
#ifndef OP_SETTINGS_H
#define OP_SETTINGS_H

#include "filter-settings.h"

/* Reads the notches from `text` (notches-text.h) into settings->notches
 * (free with op_settings_clear) and gain.notch_count, and their colour
 * channels from `channels` (notch-channels-text.h). FALSE, with a
 * message (free with g_free), when the text holds what is not a number
 * or not three numbers per notch, or a notch out of range, or when the
 * channels do not read or name more notches than there are. */
gboolean op_settings_read_notches (BandpassSettings        *settings,
                                   const gchar             *text,
                                   const gchar             *channels,
                                   gchar                  **message);

/* FALSE, with a message, when the band is empty. */
gboolean op_settings_check_band   (const BandpassSettings  *settings,
                                   gchar                  **message);

/* The most values of the spectrum the notches may touch, summed over
 * them (settings_checks_work): the operation runs in GIMP's process,
 * where nothing can cancel it, and this many take a few seconds. */
#define OP_SETTINGS_MOST_NOTCH_WORK 0x1p28

void     op_settings_clear        (BandpassSettings        *settings);

#endif
