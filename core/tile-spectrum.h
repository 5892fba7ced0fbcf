/* SPDX-License-Identifier: GPL-3.0-or-later */
/* tile-spectrum — a plane cut into equal tiles, and each tile's
 * Hann-windowed transform at a frequency and at frequencies beside it
 * (wave-fit.h's transforms, a tile at a time): what the tests of a
 * periodic component read (tracked-waves.h).
 * Beside a frequency by two or more of a tile's bins, the Hann window's
 * transform of a cosine there is zero, so those transforms measure the
 * tile's own spectrum around the frequency, not the component. Internal
 * to the core; plain C. */
#ifndef TILE_SPECTRUM_H
#define TILE_SPECTRUM_H

#include <stddef.h>

#include "row-split.h"

#define TILE_SPECTRUM_MOST 32

/* `count` tiles of `side` pixels along one axis of `length`, tile t
 * starting at offset[t], its centre (as wave-fit.h centres coordinates)
 * at centre[t]. */
typedef struct
{
  size_t count, side;
  size_t offset[TILE_SPECTRUM_MOST];
  double centre[TILE_SPECTRUM_MOST];
} TileAxis;

/* Tiles of about `side` along `length`, at least 2 and at most `most`
 * (≤ TILE_SPECTRUM_MOST); 0 where they would be smaller than `least`. */
int tile_axis_init (TileAxis *axis,
                    size_t    length,
                    size_t    side,
                    size_t    most,
                    size_t    least);

/* For each tile t of ax × ay (row by row) of `plane` (rows `stride`
 * apart): at[t] the power |T(f)|² of its windowed transform T at
 * (fx, fy), and beside[t] the mean power at the `count` frequencies
 * (fx + offsets[2 k] / ax->side, fy + offsets[2 k + 1] / ay->side),
 * offsets in the tile's bins; each transform less what the window
 * spreads there of the tile's mean. Tiles are spread as `split` says. 0
 * when memory runs out. */
int tile_powers    (const float    *plane,
                    size_t          stride,
                    const TileAxis *ax,
                    const TileAxis *ay,
                    double          fx,
                    double          fy,
                    const double   *offsets,
                    size_t          count,
                    double         *at,
                    double         *beside,
                    RowSplit        split);

/* Four frequencies beside (fx, fy), as tile_powers takes them (tile
 * bins), that tell a tile's own spectrum there: two bins either side
 * along x and along y; beside an axis (within two tile bins), where a
 * picture's rows and columns make a ridge along it, two and three bins
 * either side along the ridge. */
const double *tile_spectrum_beside (double          fx,
                                    double          fy,
                                    const TileAxis *ax,
                                    const TileAxis *ay);

#endif
