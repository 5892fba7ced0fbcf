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

/* The period in pixels of the coarsest halftone screen `found` holds,
 * 0 where it holds none: a print's print-screen. */
gdouble       pattern_settings_screen    (const PatternsFound    *found);

/* Makes `with_found` `settings` with `found` added: its notches after the
 * given ones and, where pattern_settings_set_small, the screen's period
 * as small-structures. Free its notches with g_free. FALSE, with
 * `with_found` empty, when memory runs out. */
gboolean      pattern_settings_add       (BandpassSettings       *with_found,
                                          const BandpassSettings *settings,
                                          const PatternsFound    *found);

/* The patterns of width × height `pixels` of `layout` that `search`
 * asks for (patterns_find, its row passes on GEGL's threads), on
 * `context`: the one search of both front-ends, the preview's and the
 * final run's. FALSE, with the message of a failed search naming `name`
 * (the source), when it fails; `found` is then empty. */
gboolean      pattern_settings_search_pixels (fftcl_context       *context,
                                              const gfloat        *pixels,
                                              const PixelLayout   *layout,
                                              gsize                width,
                                              gsize                height,
                                              const PatternSearch *search,
                                              const gchar         *name,
                                              PatternsFound       *found,
                                              GError             **error);

/* find-patterns (filter_buffer's first step): the search `settings` ask
 * for (pattern_settings_search) in the pixels, and `with_found` made with
 * what it found (pattern_settings_add); *screen the period of a halftone
 * screen found (pattern_settings_screen), else 0. FALSE, with a
 * message, when the search fails or memory runs out; `with_found` is
 * then empty. */
gboolean      pattern_settings_find          (fftcl_context          *context,
                                              const gfloat           *pixels,
                                              const PixelLayout      *layout,
                                              gsize                   width,
                                              gsize                   height,
                                              const BandpassSettings *settings,
                                              const gchar            *name,
                                              BandpassSettings       *with_found,
                                              gdouble                *screen,
                                              GError                **error);

#endif
