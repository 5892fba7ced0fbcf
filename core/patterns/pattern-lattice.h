/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-lattice — halftone screens among the peaks. A screen's dots
 * repeat along two directions, so its peaks lie on a lattice, i · a +
 * j · b (wrapped into −½ … ½ cycles/px, as the transform aliases them),
 * with a and b its fundamentals. Where the strong peaks hold a and b and
 * at least two of their harmonics, the lattice's other points are looked
 * at with a lower threshold, and the screen's period tells the
 * small-structures cut-off that removes its dots between the notches.
 * Two unrelated waves make no harmonics, so they make no lattice. Where
 * two inks' screens overlap, their dots beat at the differences of their
 * fundamentals (the rosette, about twice the screens' period in flat
 * areas): each such difference that stands out there is notched too. */
#ifndef PATTERN_LATTICE_H
#define PATTERN_LATTICE_H

#include "pattern-background.h"
#include "pattern-cells.h"
#include "pattern-peaks.h"
#include "patterns-found.h"

/* Adds the weaker peaks of every screen found, and of their rosette, to
 * `list` and sets
 * *small_period (PATTERN_CUTOFF_PER_PERIOD of the coarsest screen's
 * period; 0 without a screen). 0 when memory runs out. */
int pattern_lattice_complete (PatternPeakList       *list,
                              const PatternCells    *cells,
                              const PatternRegion   *region,
                              const PatternResidual *residual,
                              double                 sigmas,
                              double                *small_period);

#endif
