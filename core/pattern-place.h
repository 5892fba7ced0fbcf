/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-place — where in an image the patterns found (pattern-finder.h)
 * are strongest: the image is cut into tiles of about PATTERN_PLACE_TILE
 * pixels, and each tile scores the power its windowed transform has at
 * the strongest found notches' frequencies above the power just beside
 * them (tile-spectrum.h), on the mean of the colour planes. The tile
 * that scores highest holds the most of what the notches remove. Plain
 * C (no GLib). */
#ifndef PATTERN_PLACE_H
#define PATTERN_PLACE_H

#include <stddef.h>

#include "pattern-finder.h"
#include "pixel-planes.h"

/* The tiles' side, in pixels, and how many of the strongest notches
 * count. */
#define PATTERN_PLACE_TILE    128
#define PATTERN_PLACE_NOTCHES 4

/* The centre (*x, *y) of the tile of width × height pixels of `layout`
 * (rows `stride` pixels apart) where found's strongest notches have the
 * most power. 0, leaving *x and *y alone, where nothing is found, the
 * image is too small for tiles or memory runs out. */
int pattern_place_strongest (const float         *pixels,
                             const PixelLayout   *layout,
                             size_t               stride,
                             size_t               width,
                             size_t               height,
                             const PatternsFound *found,
                             size_t              *x,
                             size_t              *y);

#endif
