/* SPDX-License-Identifier: GPL-3.0-or-later */
/* settings-notches — the two kinds of notch in the settings' list
 * (docs/contract.md, `notches`): discs (radius > 0), which the gain
 * rejects, and waves (radius 0), cosines fitted to the image and
 * subtracted before its transform (fitted-waves.h). GLib only: the
 * plug-in and the GEGL operation sort them alike. */
#ifndef SETTINGS_NOTCHES_H
#define SETTINGS_NOTCHES_H

#include "filter-settings.h"

/* Sets settings->discs and settings->waves from settings->notches, and
 * gain.notches to the discs; with notch_channels, the discs' channels
 * too (gain.notch_planes). FALSE, with none, when memory runs out. */
gboolean    settings_notches_sort  (BandpassSettings       *settings);

/* Reads `text` (the `notch-channels` argument; NULL or empty: every
 * notch filters every channel) into settings->notch_channels, a mask per
 * notch (those without a word every channel), and sorts the notches
 * again. FALSE, with a message, when a word is no set of r, g and b,
 * when there are more words than notches, or when memory runs out. */
gboolean    settings_notches_read_channels (BandpassSettings  *settings,
                                            const gchar       *text,
                                            GError           **error);

/* Frees the notches, their channels, discs and waves and empties the
 * gain's. */
void        settings_notches_clear (BandpassSettings       *settings);

#endif
