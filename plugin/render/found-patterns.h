/* SPDX-License-Identifier: GPL-3.0-or-later */
/* found-patterns — find-patterns (docs/contract.md): the periodic
 * patterns of one drawable (pattern-finder.h), searched for where the
 * band leaves them, added to the settings that drawable is filtered
 * with. */
#ifndef FOUND_PATTERNS_H
#define FOUND_PATTERNS_H

#include <libgimp/gimp.h>

#include "bandpass-settings.h"
#include "pattern-finder.h"
#include "pulsing-worker.h"

/* pattern_settings_add with the patterns of `drawable`, read as the final
 * run filters it with `settings` and searched on `context` in a worker
 * thread while pulse (pulse_data) is called every 0.1 s. FALSE, with a
 * message, when memory runs out or the search fails; `with_found` is
 * then empty. */
gboolean      found_patterns_in_drawable (BandpassSettings       *with_found,
                                          const BandpassSettings *settings,
                                          GimpDrawable           *drawable,
                                          fftcl_context          *context,
                                          PulsingWorkerFunc       pulse,
                                          gpointer                pulse_data,
                                          GError                **error);

#endif
