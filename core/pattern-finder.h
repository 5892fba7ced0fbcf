/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-finder — periodic patterns (halftone screens, moiré,
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
 * of the spectrum's local background by a robust threshold the
 * sensitivity sets (a number of noise scales, the median absolute
 * deviation of that difference); the centre (the picture's own large
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

typedef struct
{
  /* count notches of three doubles each, fx, fy (cycles/px, −0.5 … 0.5)
   * and radius (cycles/px; 0 for a wave), one of each mirrored pair
   * (fy > 0, or fy = 0 and fx > 0), strongest first. */
  double *notches;
  size_t  count;
  /* Where a halftone lattice was found: the period in pixels that a
   * small-structures cut-off should have to remove the screen's dots
   * between its notches; 0 otherwise. */
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

/* The same, from an amplitude spectrum as spectrum_source_amplitude makes
 * it: cells_x × cells_y cells, centred, of a transform of grid_width ×
 * grid_height frequencies of an image width × height pixels large; its
 * waves are as the spectrum shows them, until patterns_confirm_waves
 * reads the pixels. */
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

/* What the pixels say of found's waves and candidates (pattern-waves.h):
 * a wave whose cosine is not the same across the image (of its centre,
 * 1024 pixels a side at most) becomes a disc of its peak's width; a
 * candidate whose cosine is joins as a wave; each wave's frequency is
 * refined. A halftone's notches stay as they are, each given the colour
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

/* Frees found's notches and empties it. */
void patterns_found_clear (PatternsFound *found);

#endif
