/* SPDX-License-Identifier: GPL-3.0-or-later */
/* close-waves — what stands beside a fitted wave once it is subtracted
 * (docs/contract.md, "Waves"): a second cosine (close_waves_find), and
 * what the whole removal leaves at it (close_waves_left). Two cosines a bin or two apart (a beat) or a cosine whose
 * frequency drifts make one peak that the finder takes as one wave; the
 * wave's one cosine leaves the rest standing beside it. After the waves
 * are subtracted (fitted-waves.h), the residual's Hann-windowed
 * transform is read on a grid of whole bins within CLOSE_WAVES_REACH of
 * each wave; where its strongest power there stands above the plane's
 * own spectrum around the wave, a cosine of that frequency (refined as
 * fitted_waves_refine does) is a wave too, fitted jointly with the
 * others. Internal to the core; plain C.
 *
 * The test: the grid's strongest power P against the mean B of the
 * powers at K frequencies CLOSE_WAVES_REACH + 2 bins from the wave, in a
 * ring around it, where the window puts none of the wave nor of anything
 * the grid holds (for a wave on an axis, the grid's frequencies on the
 * axis against frequencies along it, where a picture's rows and columns
 * make a ridge, the others against the ring's frequencies off it). Under a locally
 * flat background each power is a scaled χ² of 2 degrees of freedom, so
 * P / B at one frequency follows F(2, 2K), whose survival is
 * (1 + x / K)^(−K); the grid's M frequencies share the false alarm of
 * 10⁻³ (Bonferroni: 10⁻³ / M each), so a wave whose residual holds
 * nothing of a second one gains one with a chance of at most 10⁻³. */
#ifndef CLOSE_WAVES_H
#define CLOSE_WAVES_H

#include <stddef.h>

#include "row-split.h"

/* Bins of the plane around a wave within which a second cosine is
 * sought: issue 42's beats lie 1–3 bins apart. */
#define CLOSE_WAVES_REACH 3

/* For each of the `count` waves (fx, fy pairs in cycles/px) just
 * subtracted from `values` (planes `plane_step` apart, the wave's
 * `strongest` one read, width × height values, rows `stride` apart): the
 * frequency of a second cosine beside it where the test above finds one.
 * Writes them as pairs into `found` (room for count pairs), each one's
 * wave's index into `beside` (room for count), and returns how many, or
 * −1 when memory runs out. */
long close_waves_find (const float  *values,
                       size_t        plane_step,
                       size_t        width,
                       size_t        height,
                       size_t        stride,
                       const double *waves,
                       const size_t *strongest,
                       size_t        count,
                       double       *found,
                       size_t       *beside,
                       RowSplit      split);

/* What the whole removal (fitted_waves_remove: the waves' cosines, the
 * second cosines found beside them, the tracking) leaves at each of the
 * `count` waves (fx, fy pairs) in `plane` (width × height values, rows
 * `stride` apart): the test above on the grid with the wave's own bin
 * read too, at the same false alarm (10⁻³, shared over the bins read).
 * Writes into spread[i], where the residual passes, the distance in
 * cycles/px from the wave to the farthest bin of the grid whose power
 * alone passes the bound (the residual peak's spread), −1 where it does
 * not pass. Returns 0 when memory runs out. */
int  close_waves_left (const float  *plane,
                       size_t        width,
                       size_t        height,
                       size_t        stride,
                       const double *waves,
                       size_t        count,
                       double       *spread,
                       RowSplit      split);

#endif
