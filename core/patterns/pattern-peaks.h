/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-peaks — the peaks of the half plane that stand out of their
 * background: local maxima of the standout above a threshold (in the
 * plane, of the level less the median of a ring of cells around it),
 * each placed between cells by a parabola through the log amplitudes
 * around it, with a notch radius from its measured width.
 *
 * A strong peak of an image of width × height pixels comes with
 * sidelobes, the transform of the image's rectangle: along its row and
 * column they fall no faster than a sinc, 1 / (π · Δf · width) across
 * and 1 / (π · Δf · height) down. A candidate no stronger than a stronger
 * peak's sidelobe envelope there (nor than that of a cell inside the
 * search's floor, whose sidelobes draw the cross along the axes) is that
 * peak's sidelobe, not a peak of its own. */
#ifndef PATTERN_PEAKS_H
#define PATTERN_PEAKS_H

#include <stddef.h>

#include "pattern-background.h"
#include "pattern-cells.h"
#include "row-split.h"

typedef struct
{
  double       fx, fy, radius; /* cycles/px, fy > 0 or fy = 0 < fx */
  double       spread;         /* half width at half amplitude, in bins
                                  of the image (the wider of its axes) */
  float        level;          /* ln amplitude of its cell */
  float        standout;       /* above its background */
  size_t       u, v;           /* its cell */
  PatternPlace place;
} PatternPeak;

typedef struct
{
  PatternPeak *peaks;       /* strongest first */
  size_t       count, capacity;
  PatternPeak *floor_cells; /* the cells inside the floor, as sources of
                               sidelobes only */
  size_t       floor_count;
} PatternPeakList;

/* The peak thresholds in noise scales: the plane's, and each axis's in
 * that axis's own scales. */
typedef struct
{
  double plane, row_axis, column_axis;
} PatternSigmas;

/* Fills `list` (empty before) with the peaks of the region standing out
 * by `sigmas`, each where it lies. 0 when memory runs out. */
int  pattern_peaks_find (PatternPeakList       *list,
                         const PatternCells    *cells,
                         const PatternRegion   *region,
                         const PatternResidual *residual,
                         const PatternSigmas   *sigmas,
                         RowSplit               split);

/* Whether the cell (u, v), v ≥ centre_y, is a sidelobe of a peak of
 * the list, or lies within its notch. */
int  pattern_peaks_explain  (const PatternPeakList *list,
                             const PatternCells    *cells,
                             const PatternResidual *residual,
                             size_t                 u,
                             size_t                 v,
                             PatternPlace           place);

/* Adds the peak at cell (u, v), v ≥ centre_y, unless it is another
 * peak's sidelobe or lies within another's notch. 0 when memory runs
 * out. */
int  pattern_peaks_consider (PatternPeakList       *list,
                             const PatternCells    *cells,
                             const PatternResidual *residual,
                             size_t                 u,
                             size_t                 v,
                             PatternPlace           place);

/* Sorts peaks by level, strongest first. */
void pattern_peaks_sort      (PatternPeak     *peaks,
                              size_t           count);

void pattern_peak_list_clear (PatternPeakList *list);

#endif
