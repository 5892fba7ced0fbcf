/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-confirm — the finder's waves and candidates judged by the
 * pixels (the constancy of pattern-waves.h). Private to the finder's
 * room. */
#ifndef PATTERN_CONFIRM_H
#define PATTERN_CONFIRM_H

#include "patterns-found.h"
#include "pixel-planes.h"
#include "row-split.h"

/* Periods longer than a sixth of the image are its own large structures,
 * not a pattern. */
#define PATTERN_FLOOR_CYCLES 6.0

/* The most candidate waves a search keeps. */
#define PATTERN_MOST_CANDIDATES 16

/* What the pixels say of found's waves and candidates (pattern-waves.h):
 * a wave whose cosine is not the same across the image (of its centre,
 * 1024 pixels a side at most) becomes a disc of its peak's width; a
 * candidate whose cosine is joins as a wave; each wave's frequency is
 * refined; then a wave whose removal (fitted-waves.h) still leaves more
 * at it than a disc there would take of the picture becomes a disc
 * (pattern-confirm.c, choose_kinds). A halftone's notches stay as they are, each given the colour
 * planes it lies in (pattern-channels.h). On failure *err says
 * why (memory), found keeps what it had. */
fftcl_status patterns_confirm_waves (PatternsFound     *found,
                                     const float       *pixels,
                                     const PixelLayout *layout,
                                     size_t             stride,
                                     size_t             width,
                                     size_t             height,
                                     RowSplit           split,
                                     fftcl_error       *err);

#endif
