/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-geometry — the spectrum view's arithmetic, free of GTK: where a
 * frequency lies on the screen, what the pointer is near, which data cell
 * is the peak under a click, and editing the notch triples. Frequencies
 * are in cycles per pixel, screen positions in widget pixels (y down, as
 * fy grows downward in the data). */
#ifndef SPECTRUM_GEOMETRY_H
#define SPECTRUM_GEOMETRY_H

#include <stddef.h>

/* How the data's frequencies lie on the screen. The frequency plane is
 * drawn with one scale on both axes, so that rings of one frequency are
 * circles: the data fills the largest centred square of the allocation. */
typedef struct
{
  int    data_width, data_height;
  double left, top, size;       /* the square the data fills */
  double origin_x, origin_y;    /* where fx = fy = 0 lies */
  double scale;                 /* screen pixels per cycle per pixel */
} SpectrumMap;

void   spectrum_map_fit          (SpectrumMap *map,
                                  double       allocated_width,
                                  double       allocated_height,
                                  int          data_width,
                                  int          data_height);
void   spectrum_map_to_frequency (const SpectrumMap *map,
                                  double x, double y,
                                  double *fx, double *fy);
void   spectrum_map_to_screen    (const SpectrumMap *map,
                                  double fx, double fy,
                                  double *x, double *y);
/* Nonzero when (x, y) lies on the drawn data. */
int    spectrum_map_contains     (const SpectrumMap *map, double x, double y);

/* The data cell that holds (fx, fy), clamped to the data. */
void   spectrum_map_cell         (const SpectrumMap *map,
                                  double fx, double fy,
                                  int *u, int *v);

/* The frequency at the centre of cell (u, v), which may lie between
 * cells. */
void   spectrum_map_cell_frequency (const SpectrumMap *map,
                                    double u, double v,
                                    double *fx, double *fy);

/* The period 1/f in pixels (0 for f = 0), and the direction of the
 * stripes such a wave draws, in degrees counter-clockwise from
 * horizontal as seen on screen, in [0, 180): horizontal stripes (fx = 0)
 * lie at 0°, vertical ones (fy = 0) at 90°. */
double spectrum_period           (double fx, double fy);
double spectrum_stripe_angle     (double fx, double fy);

typedef enum
{
  SPECTRUM_RING_NONE,
  SPECTRUM_RING_LARGE,  /* f = 1 / large-structures */
  SPECTRUM_RING_SMALL   /* f = 1 / small-structures */
} SpectrumRing;

/* The ring within `tolerance` screen pixels of (x, y), the nearer of the
 * two when both are; a period of 0 has no ring. */
SpectrumRing spectrum_ring_at    (const SpectrumMap *map,
                                  double x, double y,
                                  double large_period,
                                  double small_period,
                                  double tolerance);

/* The index of the notch (of `notch_count` triples fx, fy, radius) whose
 * disc, or its mirror's, holds (x, y); a disc reaches at least `tolerance`
 * screen pixels from its centre. The nearest centre wins; -1 when no disc
 * holds (x, y). */
int    spectrum_notch_at         (const SpectrumMap *map,
                                  const double      *notches,
                                  size_t             notch_count,
                                  double x, double y,
                                  double tolerance);

/* The brightest of the width × height `amplitude` cells within `reach`
 * cells (per axis) of (u, v), leaving out the zero-frequency cell
 * (width / 2, height / 2), refined to a fraction of a cell by a parabola
 * through each axis' neighbours. Returns 0 when no cell qualifies. */
int    spectrum_snap_to_peak     (const float *amplitude,
                                  int width, int height,
                                  int u, int v, int reach,
                                  double *peak_u, double *peak_v);

/* Removes triple `index` from `count` numbers in place; returns how many
 * numbers are left. */
size_t spectrum_notches_remove   (double *notches, size_t count,
                                  size_t index);

/* Writes the triple after `count` numbers (`notches` holds count + 3);
 * returns count + 3. */
size_t spectrum_notches_append   (double *notches, size_t count,
                                  double fx, double fy, double radius);

#endif
