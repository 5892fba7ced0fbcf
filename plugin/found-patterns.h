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

/* The search `settings` ask for: in band-pass mode only the frequencies
 * between the band's cut-offs (a cut-off of 0 sets no limit); in
 * band-reject mode every frequency above the finder's own floor. */
PatternSearch found_patterns_search     (const BandpassSettings *settings);

/* Whether `found`'s screen period becomes small-structures: where a
 * halftone was found, in band-pass mode, and small-structures is 0 (in
 * band-reject mode a small-structures would keep the dots). */
gboolean      found_patterns_set_small  (const BandpassSettings *settings,
                                         const PatternsFound    *found);

/* Makes `with_found` `settings` with `found` added: its notches after
 * the given ones and, where found_patterns_set_small, the screen's period
 * as small-structures. Free with bandpass_settings_clear. */
void          found_patterns_add        (BandpassSettings       *with_found,
                                         const BandpassSettings *settings,
                                         const PatternsFound    *found);

/* found_patterns_add with the patterns of `drawable`, read as the final
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
