/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-finder — the door of the pattern finder's room (patterns/, its
 * files private to it): periodic patterns (halftone screens, moiré,
 * interference, scan lines) found in an image's amplitude spectrum, as
 * notches in the contract's (fx, fy, radius) form (docs/contract.md,
 * "find-patterns"). Plain C (no GLib).
 *
 *   PatternSearch search = { .sensitivity = 50 };
 *   PatternsFound found;
 *   patterns_find (context, pixels, &layout, width, width, height,
 *                  &search, NULL, &found, &err);
 *   … found.notches[3 i], [3 i + 1], [3 i + 2] for i < found.count …
 *   patterns_found_clear (&found);
 *
 * A peak is a local maximum of the log amplitude spectrum that stands out
 * of the spectrum's local background by a threshold in noise scales (the
 * median absolute deviation of that difference) that lets a stated
 * number of false alarms per image pass, set by the sensitivity
 * (pattern-finder.c); the centre (the picture's own large
 * structures) and the frequencies the band removes anyway are left
 * alone; the axes, along which an image's borders leak, are judged
 * against their own background; a strong peak's sidelobes are not peaks;
 * mirrored pairs count once; a halftone's peaks, which lie on a lattice,
 * have that lattice completed with its weaker harmonics. A peak as
 * narrow as a clean sinusoid's becomes a wave (a notch of radius 0): the
 * cosine fitted to the image there is subtracted, taking nothing else
 * (fitted-waves.h). A wider peak's notch radius follows its width, wide
 * enough that the pattern leaves little near the image's borders, narrow
 * enough to leave the centre alone; a halftone's notches reach towards
 * each other, removing the dots' sidebands around every point of the
 * lattice. */
#ifndef PATTERN_FINDER_H
#define PATTERN_FINDER_H

#include <stddef.h>

#include "fftcl.h"
#include "patterns-found.h"
#include "pixel-planes.h"
#include "row-split.h"

/* The contract's pattern-sensitivity range and default. */
#define PATTERN_SENSITIVITY_MIN     0.0
#define PATTERN_SENSITIVITY_MAX     100.0
#define PATTERN_SENSITIVITY_DEFAULT 50.0

typedef struct
{
  /* 0 … 100: how far a peak must stand out of its background to count;
   * higher finds weaker patterns. */
  double sensitivity;
  /* Cycles/px. Peaks below lowest_frequency from the centre are left
   * alone (0: the finder's own floor, a few cycles per image side); peaks
   * beyond highest_frequency, which the band removes anyway, too (0: no
   * limit). */
  double lowest_frequency;
  double highest_frequency;
} PatternSearch;

/* Finds the patterns of width × height pixels of `layout`, rows `stride`
 * pixels apart (colours weighted by their alpha, as spectrum-source.h
 * reads them), transformed on `context`; `split` spreads the work over
 * rows (NULL: the calling thread). *found is empty, not an error, where
 * there is no pattern. On failure *found is empty and *err says why. */
fftcl_status patterns_find (fftcl_context       *context,
                            const float         *pixels,
                            const PixelLayout   *layout,
                            size_t               stride,
                            size_t               width,
                            size_t               height,
                            const PatternSearch *search,
                            RowSplit             split,
                            PatternsFound       *found,
                            fftcl_error         *err);

/* patterns_find's first step, from an amplitude spectrum as
 * spectrum_source_amplitude makes it: cells_x × cells_y cells, centred,
 * of a transform of grid_width × grid_height frequencies of an image
 * width × height pixels large; its waves are as the spectrum shows them,
 * before the pixels confirm them (pattern-confirm.h, inside the room). */
fftcl_status patterns_find_in_spectrum (const float         *amplitude,
                                        size_t               cells_x,
                                        size_t               cells_y,
                                        size_t               grid_width,
                                        size_t               grid_height,
                                        size_t               width,
                                        size_t               height,
                                        const PatternSearch *search,
                                        RowSplit             split,
                                        PatternsFound       *found,
                                        fftcl_error         *err);

#endif
