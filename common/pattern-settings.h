/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-settings — the rule of find-patterns (docs/contract.md,
 * "Patterns found"): which frequencies a drawable's search covers, and
 * the settings it is then filtered with. GLib only (no call into
 * libgimp): the plug-in and the GEGL operation follow it alike. */
#ifndef PATTERN_SETTINGS_H
#define PATTERN_SETTINGS_H

#include "filter-settings.h"
#include "pattern-finder.h"

/* The search `settings` ask for: in band-pass mode only the frequencies
 * between the band's cut-offs (a cut-off of 0 sets no limit); in
 * band-reject mode every frequency above the finder's own floor. */
PatternSearch pattern_settings_search    (const BandpassSettings *settings);

/* Whether `found`'s screen period becomes small-structures: where a
 * halftone was found, in band-pass mode, and small-structures is 0 (in
 * band-reject mode a small-structures would keep the dots). */
gboolean      pattern_settings_set_small (const BandpassSettings *settings,
                                          const PatternsFound    *found);

/* Makes `with_found` `settings` with `found` added: its notches after the
 * given ones and, where pattern_settings_set_small, the screen's period
 * as small-structures. Free its notches with g_free. FALSE, with
 * `with_found` empty, when memory runs out. */
gboolean      pattern_settings_add       (BandpassSettings       *with_found,
                                          const BandpassSettings *settings,
                                          const PatternsFound    *found);

/* How pattern_settings_find went. */
typedef enum
{
  PATTERN_SETTINGS_ADDED,
  PATTERN_SETTINGS_SEARCH_FAILED, /* fftcl's error says why */
  PATTERN_SETTINGS_NO_MEMORY      /* for the notches found */
} PatternSettingsOutcome;

/* find-patterns, the same in both front-ends: the search `settings` ask
 * for (pattern_settings_search) in width × height `pixels` of `layout`
 * on `context`, its row passes on GEGL's threads, and `with_found` made
 * with what it found (pattern_settings_add). Where it fails,
 * `with_found` is empty. */
PatternSettingsOutcome pattern_settings_find (fftcl_context          *context,
                                              const gfloat           *pixels,
                                              const PixelLayout      *layout,
                                              gsize                   width,
                                              gsize                   height,
                                              const BandpassSettings *settings,
                                              BandpassSettings       *with_found,
                                              fftcl_error            *fft_error);

#endif
