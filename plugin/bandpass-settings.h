/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bandpass-settings — the procedure's arguments (docs/contract.md): how they
 * are registered, read back from a config into the settings both
 * front-ends filter with (filter-settings.h), and checked before a call
 * touches the image. */
#ifndef BANDPASS_SETTINGS_H
#define BANDPASS_SETTINGS_H

#include <libgimp/gimp.h>

#include "filter-settings.h"

/* Adds the arguments that follow run-mode, image and drawables. */
void     bandpass_settings_add_arguments (GimpProcedure          *procedure);

/* FALSE, with a message for the user, where the notch channels do not
 * read (the settings then filter every channel with every notch). */
gboolean bandpass_settings_from_config   (BandpassSettings       *settings,
                                          GimpProcedureConfig    *config,
                                          GError                **error);

/* Frees what bandpass_settings_from_config allocated. */
void     bandpass_settings_clear         (BandpassSettings       *settings);

/* The config's "notches" numbers, however many it holds (*count), with
 * room after them for one more notch. Free with g_free. */
gdouble *bandpass_settings_get_notches   (GimpProcedureConfig    *config,
                                          gsize                  *count);

/* Sets the config's "notches" to `count` numbers. */
void     bandpass_settings_set_notches   (GimpProcedureConfig    *config,
                                          const gdouble          *notches,
                                          gsize                   count);

/* FALSE, with a message for the user, when the call must not run. */
gboolean bandpass_settings_check         (const BandpassSettings *settings,
                                          GError                **error);

/* FALSE, with a message naming `drawable`, when a notch is narrower than
 * the grid `drawable` is padded to resolves. */
gboolean bandpass_settings_check_drawable (const BandpassSettings *settings,
                                           GimpDrawable           *drawable,
                                           GError                **error);

#endif
