/* SPDX-License-Identifier: GPL-3.0-or-later */
/* patterns-found — what a pattern search found (pattern-finder.h), the
 * type at the bottom of the finder's room (patterns/): every file of the
 * room fills or reads it, and none of them includes the room's door.
 * Plain C (no GLib). */
#ifndef PATTERNS_FOUND_H
#define PATTERNS_FOUND_H

#include <stddef.h>

#include "fftcl.h"

/* The small-structures period that removes what is left of the screens'
 * dots between their notches, per period of the coarsest screen (a
 * print's inks share its ruling, and a lattice of sums of a screen's
 * points is finer than the screen); the notches take the fundamentals,
 * so the cut-off may lie a little above them. Tuned with NOTCH_REACH
 * (pattern-lattice.c). */
#define PATTERN_CUTOFF_PER_PERIOD 0.9

typedef struct
{
  /* count notches of three doubles each, fx, fy (cycles/px, −0.5 … 0.5)
   * and radius (cycles/px; 0 for a wave), one of each mirrored pair
   * (fy > 0, or fy = 0 and fx > 0), strongest first. */
  double *notches;
  size_t  count;
  /* Where a halftone lattice was found: the period in pixels that a
   * small-structures cut-off should have to remove the screen's dots
   * between its notches, PATTERN_CUTOFF_PER_PERIOD of the coarsest
   * screen's period; 0 otherwise. */
  double  small_period;
  /* Per notch, the radius of the disc its peak's width gives (a wave
   * that the pixels show to drift becomes that disc). */
  double *disc_radius;
  /* NULL: every notch in every colour plane. Else a mask per notch, bit
   * p for colour plane p: a colour halftone's screens are one ink's each
   * (pattern-channels.h). */
  unsigned *planes;
  /* Narrow peaks too weak for the threshold, (fx, fy) pairs: waves if the
   * pixels confirm them (patterns_confirm_waves). */
  double *candidates;
  size_t  candidate_count;
} PatternsFound;

/* Frees found's notches and empties it. */
void         patterns_found_clear (PatternsFound       *found);

/* Empties `found` of its arrays where it holds no notch and no
 * candidate, as one that found nothing (its small_period kept). */
void         pattern_found_tidy   (PatternsFound       *found);

/* Two notches within this many bins are one peak's. */
#define PATTERN_NEAR_BINS 1.5

/* The notch of `found` whose frequency, or its mirror's, lies within
 * `bins` bins of (fx, fy) in a width × height image, the nearest of
 * those; −1 where none does. `waves_only`: only waves count. */
long         pattern_found_near   (const PatternsFound *found,
                                   double               fx,
                                   double               fy,
                                   size_t               width,
                                   size_t               height,
                                   int                  waves_only,
                                   double               bins);

/* A search's failure: fills *err and returns `status`. */
fftcl_status pattern_search_fail  (fftcl_error         *err,
                                   fftcl_status         status,
                                   const char          *message);

#endif
