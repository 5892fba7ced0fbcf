/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-channels — which colour planes a halftone's notches belong to.
 * A colour print has one screen per ink, each at its own angle, and each
 * ink darkens mainly one of red, green and blue (cyan the red, magenta
 * the green, yellow the blue): a screen's lattice lies in that plane, and
 * notching it in the others takes their picture for nothing
 * (bench/halftone_model.py measured what that costs). Plain C (no
 * GLib). */
#ifndef PATTERN_CHANNELS_H
#define PATTERN_CHANNELS_H

#include "patterns-found.h"
#include "pixel-planes.h"
#include "row-split.h"

/* A plane holds a notch where its own amplitude there is at least this
 * share of the largest plane's. */
#define PATTERN_CHANNEL_SHARE 0.3

/* Sets found->planes (a mask per notch, bit p for colour plane p) where
 * found holds a halftone (small_period > 0) and the layout more than one
 * colour plane: each plane's amplitude at each notch's frequency, over
 * the image's centre (256 pixels a side at most, down to 64 for many
 * notches) under a Hann window,
 * against the largest. Leaves found->planes NULL otherwise (every notch
 * in every plane). 0 when memory runs out. */
int pattern_channels_assign (PatternsFound     *found,
                             const float       *pixels,
                             const PixelLayout *layout,
                             size_t             stride,
                             size_t             width,
                             size_t             height,
                             RowSplit           split);

#endif
