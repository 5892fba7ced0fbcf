/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-confirm — the finder's waves and candidates judged by the
 * pixels (patterns_confirm_waves, pattern-finder.h; the constancy of
 * pattern-waves.h), and what the finder's files share about a result.
 * Internal to the core. */
#ifndef PATTERN_CONFIRM_H
#define PATTERN_CONFIRM_H

#include "pattern-finder.h"

/* Periods longer than a sixth of the image are its own large structures,
 * not a pattern. */
#define PATTERN_FLOOR_CYCLES 6.0

/* The most candidate waves a search keeps. */
#define PATTERN_MOST_CANDIDATES 16

/* Fills *err and returns `status`. */
fftcl_status pattern_search_fail (fftcl_error         *err,
                                  fftcl_status         status,
                                  const char          *message);

/* Two notches within this many bins are one peak's. */
#define PATTERN_NEAR_BINS 1.5

/* The notch of `found` whose frequency, or its mirror's, lies within
 * `bins` bins of (fx, fy) in a width × height image, the nearest of
 * those; −1 where none does. `waves_only`: only waves count. */
long         pattern_found_near  (const PatternsFound *found,
                                  double               fx,
                                  double               fy,
                                  size_t               width,
                                  size_t               height,
                                  int                  waves_only,
                                  double               bins);

/* Empties `found` of its arrays where it holds no notch and no
 * candidate, as one that found nothing (its small_period kept). */
void         pattern_found_tidy  (PatternsFound       *found);

#endif
