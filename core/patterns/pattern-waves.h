/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-waves — the finder's waves told apart by the pixels. A clean
 * periodic pattern (an interference, a scan line's harmonic) is one
 * cosine across the whole image: cut the image into tiles, and the
 * cosine's amplitude and phase at its frequency are the same in each.
 * A photograph's own structure at that frequency (rows of windows, lines
 * of text, the leakage of its borders) lives in some tiles and not in
 * others, and a drifting pattern changes from tile to tile. So the
 * constancy of the tiles' cosine, |mean| / spread of their complex
 * amplitudes, tells a wave (the fit removes it whole) from a drifting
 * pattern (a disc removes it better) and from the picture (left alone).
 * It lets the finder take waves that stand out of the spectrum too little
 * for its threshold (long periods near an axis, where the picture's own
 * spectrum is strong), without taking the picture's structure. */
#ifndef PATTERN_WAVES_H
#define PATTERN_WAVES_H

#include <stddef.h>

#include "pattern-background.h"
#include "pattern-cells.h"
#include "row-split.h"

/* The tiles cut each side into 4 (fewer where a tile would be under 32
 * pixels); their Hann windows' main lobe is 2 of a tile's frequency bins
 * either side of a peak: within this many bins of the whole image (for 4
 * tiles), the tiles cannot tell two peaks apart. */
#define PATTERN_WAVES_LOBE_BINS 8.0

/* The constancy of the cosine of frequency (fx, fy) across tiles of the
 * width × height `plane` (rows `stride` apart): each tile's complex
 * amplitude there (Hann-windowed, its mean taken out, its phase counted
 * from the plane's corner), their weighted mean's magnitude over their
 * weighted spread around it, each tile weighted by the inverse of its
 * noise: the power of its amplitudes two of its bins either side of the
 * wave along x and y, where its window puts none of the wave (a tile of
 * smooth sky tells a faint wave better than one of leaves). Small (about
 * 0.3–1) for content that is not one cosine; large for a wave.
 * *amplitude (where not NULL) is the weighted mean's magnitude, the
 * cosine's amplitude. −1 when memory runs out. */
double pattern_waves_constancy (const float *plane,
                                size_t       width,
                                size_t       height,
                                size_t       stride,
                                double       fx,
                                double       fy,
                                double      *amplitude,
                                RowSplit     split);

/* Candidate waves: the cells of the axes whose standout is a local
 * maximum along the axis above `sigmas` of the axis's noise scales, and
 * the cells that are local maxima of the level among their neighbours
 * and stand out of the plane's background by `sigmas` noise scales,
 * 1 … PATTERN_AXIS_BAND off an axis or, off the axes' bands, within 0.1
 * cycles/px of the centre: on an axis, a wave weaker than the axis's own
 * structure; where a wave a few degrees
 * off an axis lies, which the plane's search leaves to the axis's
 * (pattern-background.h) and whose leakage onto the axis is all the
 * axis's search sees, and where the picture's strong long periods hide
 * a weak wave. Writes up to `most` of them as (fx, fy) pairs, strongest
 * first, and returns how many. */
size_t pattern_waves_candidates (const PatternCells    *cells,
                                 const PatternRegion   *region,
                                 const PatternResidual *residual,
                                 double                 sigmas,
                                 double                *frequencies,
                                 size_t                 most);

#endif
