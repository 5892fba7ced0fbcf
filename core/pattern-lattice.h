/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-lattice — halftone screens among the peaks. A screen's dots
 * repeat along two directions, so its peaks lie on a lattice, i · a +
 * j · b (wrapped into −½ … ½ cycles/px, as the transform aliases them),
 * with a and b its fundamentals. Where the strong peaks hold a and b and
 * at least two of their harmonics, the lattice's other points are looked
 * at with a lower threshold, and the screen's period tells the
 * small-structures cut-off that removes its dots between the notches.
 * Two unrelated waves make no harmonics, so they make no lattice. */
#ifndef PATTERN_LATTICE_H
#define PATTERN_LATTICE_H

#include "pattern-background.h"
#include "pattern-cells.h"
#include "pattern-peaks.h"

/* Adds the weaker peaks of every screen found to `list` and sets
 * *small_period (0 without a screen). 0 when memory runs out. */
int pattern_lattice_complete (PatternPeakList       *list,
                              const PatternCells    *cells,
                              const PatternRegion   *region,
                              const PatternResidual *residual,
                              double                 sigmas,
                              double                *small_period);

#endif
