/* SPDX-License-Identifier: GPL-3.0-or-later */
/* print-tone — a halftone print's result joined from two filters of it
 * (docs/contract.md, "Halftone screens"): one in the values as stored,
 * where the finder decided what to remove and what is left of the
 * screen lies evenly, and one in linear light, where the dots average as
 * light adds up, so that the print keeps the tone it has from a
 * distance. The first keeps its detail, the second gives its local tone:
 * stored + G(light − stored), G a Gaussian over PRINT_TONE_PERIODS
 * screen periods. (bench/pattern-quality's prints, families (b) and (k),
 * measured the three: docs/pattern-quality.md.) Plain C (no GLib). */
#ifndef PRINT_TONE_H
#define PRINT_TONE_H

#include <stddef.h>

#include "pixel-planes.h"
#include "row-split.h"

/* G's σ in screen periods: the tone between dots changes no faster than
 * a picture the screen can print. Tuned on bench/pattern-quality's
 * prints, seeds 21–22 (docs/pattern-quality.md), where it was 1 of the
 * small-structures a screen sets, PATTERN_CUTOFF_PER_PERIOD (0.9) of
 * its period: the same σ. */
#define PRINT_TONE_PERIODS 0.9

/* How far the join reaches for σ `sigma`: a joined pixel depends on the
 * differences at most this many pixels away along each axis (and on
 * the repeated edge beyond an image's edge). */
size_t print_tone_reach (double sigma);

/* Adds to each colour component of width × height `stored` pixels of
 * `layout` G(light − stored), G a Gaussian of σ `sigma` px (three box
 * blurs, each edge's pixels repeated beyond it), where `light` is the
 * other filter's result in the same values; a difference that is not
 * finite counts as 0. Alpha is left alone. 0 when memory runs out (then
 * `stored` is as it was, or joined in its first planes only). */
int print_tone_join (float             *stored,
                     const float       *light,
                     const PixelLayout *layout,
                     size_t             width,
                     size_t             height,
                     double             sigma,
                     RowSplit           split);

#endif
