/* SPDX-License-Identifier: GPL-3.0-or-later */
/* found-place — where in the drawable a renderer reads the patterns a
 * search found are strongest (pattern-place.h), for the preview to show
 * that place at full resolution. */
#ifndef FOUND_PLACE_H
#define FOUND_PLACE_H

#include "bandpass-render.h"
#include "pattern-finder.h"

/* The drawable pixel (*x, *y) at the centre of the place where `found`'s
 * strongest notches take the most power from the pixels `renderer` read.
 * FALSE where nothing is found, the drawable is too small for the tiles
 * or memory runs out. */
gboolean found_place_strongest (BandpassRenderer    *renderer,
                                const PatternsFound *found,
                                gsize               *x,
                                gsize               *y);

#endif
