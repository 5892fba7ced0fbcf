/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tracked-waves — waves followed where they change (docs/contract.md,
 * "Waves"). After each wave's one cosine is subtracted (fitted-waves.h),
 * the image is cut into tiles; a wave whose residual there still stands
 * above the tiles' own spectrum beside it is fitted again in every tile,
 * its frequency refined there and its amplitude and phase fitted per
 * plane, and the tiles' cosines, blended bilinearly between the tiles'
 * centres, are subtracted too. So a cosine whose amplitude swells and
 * fades, or whose frequency drifts across the image, goes as it is where
 * it is, and a wave that is one cosine costs the picture no more than
 * its one fit. Internal to the core; plain C.
 *
 * The test is one of variance ratios: in each tile the power of the
 * residual's Hann-windowed transform at the wave's frequency against the
 * mean power beside it, where the window puts none of the wave (the
 * tile's own spectrum there, tile_spectrum_beside in tile-spectrum.h). Summed
 * over T tiles, where the residual holds nothing of the wave, the ratio
 * follows an F distribution of 2T and 8T degrees of freedom under a
 * locally flat background; the wave is tracked where the ratio exceeds
 * that distribution's quantile of a false alarm of 10⁻³ (the chance that
 * a wave with nothing left after its cosine is tracked anyway). Each
 * tile's fit is then shrunk by the share of the power left there that
 * the tile's spectrum beside the wave does not explain. */
#ifndef TRACKED_WAVES_H
#define TRACKED_WAVES_H

#include <stddef.h>

#include "row-split.h"

/* Tiles of about this many pixels a side, at least 2 and at most
 * TRACKED_WAVES_MOST_TILES to a side: the scale over which a wave is
 * taken to be one cosine. */
#define TRACKED_WAVES_TILE_SIDE  64
#define TRACKED_WAVES_MOST_TILES 16

/* The tracking of fitted_waves_remove's waves on `planes` planes of
 * width × height values (rows `stride` apart, planes `plane_step`
 * apart) from which their cosines have just been subtracted: `waves`
 * their refined (fx, fy) pairs, `strongest` each one's plane where it is
 * strongest. Tests each wave on the planes' centre (`test_side` a side
 * at most) and subtracts the tiles' cosines of those that pass, the
 * clipped share (fitted-waves.h) where a value lies at a limit. Returns
 * 0 when memory runs out (the planes are then as they were). */
int tracked_waves_remove (float        *values,
                          size_t        planes,
                          size_t        plane_step,
                          size_t        width,
                          size_t        height,
                          size_t        stride,
                          const double *waves,
                          const size_t *strongest,
                          size_t        count,
                          size_t        test_side,
                          RowSplit      split);

/* Whether the residual of a wave at (fx, fy) in `plane` (width ×
 * height values, rows `stride` apart), from which the whole removal
 * has subtracted it (its cosine, the tracking), still holds more than
 * twice the power of the tiles' own spectrum beside it (a disc there,
 * which takes that spectrum's power, would gain more than it takes):
 * the test above with the ratio over twice the bound, on tiles of
 * TRACKED_WAVES_TILE_SIDE or, for a wave nearer the centre than the
 * test reads there (4 tile bins), of the smallest side that puts it
 * that far (2 a side at least: 0 where even those leave it nearer).
 * Tiles, not one window over the plane, so that what is left near the
 * plane's borders (a chirp's ends) weighs as what is left at its
 * centre. 1 where it stands, 0 where not, −1 when memory runs out. */
int tracked_waves_left (const float *plane,
                        size_t       width,
                        size_t       height,
                        size_t       stride,
                        double       fx,
                        double       fy,
                        RowSplit     split);

#endif
