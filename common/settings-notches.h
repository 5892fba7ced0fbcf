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
 * gain.notches to the discs. FALSE, with neither, when memory runs
 * out. */
gboolean    settings_notches_sort  (BandpassSettings       *settings);

/* Frees the notches, discs and waves and empties the gain's. */
void        settings_notches_clear (BandpassSettings       *settings);

#endif
