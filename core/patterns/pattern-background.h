/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-background — how far each cell of the half plane stands out of
 * the spectrum around it: its log amplitude less the mean log amplitude
 * of a box of cells around it (the local background), with a robust
 * scale of that difference over the region searched.
 *
 * The axes (the fy = 0 row and the fx = 0 column) are judged on their
 * own: an image's borders, and whatever it holds below the search's
 * floor, leak along them as a ridge, a cross through the centre, that
 * stands out of the plane beside it. Against the ridge's own 1-D
 * background, only what stands out along the axis counts: the peaks of
 * horizontal or vertical bands. */
#ifndef PATTERN_BACKGROUND_H
#define PATTERN_BACKGROUND_H

#include <stddef.h>

#include "pattern-cells.h"
#include "pattern-noise.h"
#include "row-split.h"

/* Cells within this many of an axis belong to the axis's ridge, which
 * the plane's search leaves to the axis's own. */
#define PATTERN_AXIS_BAND 2

/* Noise scales below this (ln) are taken as it, so that a spectrum of
 * exact zeros and rounding finds nothing. */
#define PATTERN_LEAST_SCALE 0.05

typedef enum
{
  PATTERN_IN_PLANE,
  PATTERN_ON_ROW_AXIS,   /* fy = 0 */
  PATTERN_ON_COLUMN_AXIS /* fx = 0 */
} PatternPlace;

/* A cell and how far it stands out, in noise scales above the median of
 * its plane or axis. */
typedef struct
{
  size_t       u, v;
  PatternPlace place;
  double       sigmas;
} PatternSpot;

typedef struct
{
  float        *standout; /* the level (pattern-cells.h) less its
                             background, rows centre_y … cells_y − 1 */
  PatternNoise  plane;    /* of standout, over the region */
  double        plane_cells; /* how many cells of the plane the region
                                holds off the axes (counted on the
                                subsample, times its step squared) */
  /* level along the axes less its 1-D background, from the centre to
   * the Nyquist frequency ½ (pattern_axis_cell), their spread over the
   * region (the median and MAD of all the axis's cells there, which the
   * few cells of a pattern on the axis hardly move), and how many cells
   * of each axis the region holds. */
  float        *along_fx, *along_fy;
  size_t        along_fx_count, along_fy_count;
  PatternNoise  row_axis, column_axis;
  double        row_axis_cells, column_axis_cells;
} PatternResidual;

/* 0 when memory runs out (residual then holds nothing). */
int    pattern_residual_make  (PatternResidual     *residual,
                               const PatternCells  *cells,
                               const PatternRegion *region,
                               RowSplit             split);
void   pattern_residual_clear (PatternResidual     *residual);

/* Cell i along the fy = 0 row (PATTERN_ON_ROW_AXIS: fx = i bins ≥ 0)
 * or the fx = 0 column: i runs from the centre, 0, to the cells to ½,
 * the last of which is the first cell of the row or column (−½ is ½). */
void   pattern_axis_cell  (const PatternCells *cells,
                           PatternPlace        place,
                           size_t              i,
                           size_t             *u,
                           size_t             *v);
size_t pattern_axis_index (const PatternCells *cells,
                           PatternPlace        place,
                           size_t              u,
                           size_t              v);

/* The standout of cell (u, v), v ≥ centre_y, in the plane, and where
 * `place` says. */
float  pattern_residual_standout    (const PatternResidual *residual,
                                     const PatternCells    *cells,
                                     size_t                 u,
                                     size_t                 v);
float  pattern_residual_standout_at (const PatternResidual *residual,
                                     const PatternCells    *cells,
                                     size_t                 u,
                                     size_t                 v,
                                     PatternPlace           place);

/* The cell around (fx, fy) (in the half plane) that stands out most: of
 * the 3 × 3 cells nearest it, or of the 3 nearest along the axis where
 * it lies within the axis's band. */
PatternSpot pattern_residual_near (const PatternResidual *residual,
                                   const PatternCells    *cells,
                                   double                 fx,
                                   double                 fy);

#endif
