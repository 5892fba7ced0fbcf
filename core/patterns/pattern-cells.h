/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-cells — the amplitude spectrum as the pattern finder reads it:
 * which frequency each cell holds, and where the search looks.
 *
 * The cells are centred as fftcl_filter_spectrum delivers them: cell
 * (centre_x, centre_y) holds the zero frequency, fx grows to the right
 * and fy downward, and each cell is the largest amplitude of bins_x ×
 * bins_y frequency bins of the transform's grid. The search covers one
 * half plane, rows centre_y and below (fy ≥ 0): the other half mirrors
 * it. */
#ifndef PATTERN_CELLS_H
#define PATTERN_CELLS_H

#include <stddef.h>

typedef struct
{
  const float *amplitude;
  size_t       cells_x, cells_y;
  size_t       centre_x, centre_y;
  size_t       grid_width, grid_height; /* the transform's frequencies */
  size_t       width, height;           /* the image's pixels */
  double       bins_x, bins_y;          /* frequency bins per cell */
} PatternCells;

/* The frequencies the search looks at: beyond `floor` cycles per image
 * side (an ellipse), at least `lowest` and at most `highest` (0: up to
 * the grid's edge) cycles/px from the centre. */
typedef struct
{
  double floor_cycles;
  double lowest, highest;
} PatternRegion;

void   pattern_cells_init  (PatternCells *cells,
                            const float  *amplitude,
                            size_t        cells_x,
                            size_t        cells_y,
                            size_t        grid_width,
                            size_t        grid_height,
                            size_t        width,
                            size_t        height);

/* The frequency (cycles/px) at cell position (u, v), which may lie
 * between cells, and back. */
void   pattern_cells_frequency (const PatternCells *cells,
                                double              u,
                                double              v,
                                double             *fx,
                                double             *fy);
void   pattern_cells_position  (const PatternCells *cells,
                                double              fx,
                                double              fy,
                                double             *u,
                                double             *v);

/* Amplitudes below it (zeros, and NaN) count as it, so that every level
 * is finite. */
#define PATTERN_AMPLITUDE_FLOOR 1e-30f

/* The levels of n amplitudes: their natural logs, within 4e-6, with
 * amplitudes below the floor taken as the floor and those above FLT_MAX
 * as FLT_MAX. */
void   pattern_levels      (const float *amplitude,
                            float       *level,
                            size_t       n);
float  pattern_level       (float        amplitude);

/* The level of cell (u, v). */
float  pattern_cells_level (const PatternCells *cells,
                            size_t              u,
                            size_t              v);

/* Whether the search looks at (fx, fy), or at cell (u, v). */
int    pattern_region_holds      (const PatternRegion *region,
                                  const PatternCells  *cells,
                                  double               fx,
                                  double               fy);
int    pattern_region_holds_cell (const PatternRegion *region,
                                  const PatternCells  *cells,
                                  size_t               u,
                                  size_t               v);

#endif
