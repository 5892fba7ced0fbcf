/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fitted-waves — periodic patterns removed by subtraction instead of a
 * notch (docs/contract.md: a notch of radius 0). A wave is a cosine of
 * one frequency across the whole image; given its frequency roughly
 * (within a frequency bin or so), each plane gets the cosine that fits it
 * best subtracted: the frequency refined to a fraction of a bin, the
 * amplitude and phase fitted per plane. A notch takes the picture's own
 * content within its disc along with the pattern; the fit takes only
 * what a cosine of that frequency explains, so a clean sinusoid (an
 * interference, a scan line's harmonic) goes whole and the picture keeps
 * its frequencies. A pattern that drifts (its frequency or amplitude
 * changing across the image) is only partly one cosine: what the cosine
 * leaves of it is followed tile by tile (tracked-waves.h). Plain C (no
 * GLib).
 *
 * The fit is a least-squares one under a Hann window over the whole
 * plane, so the picture's strong low frequencies and the leakage of its
 * borders barely enter it;
 * the frequency is refined by Gauss–Newton steps on the phase's slope
 * across the window (the first moments of the windowed transform at the
 * frequency), on the plane where the wave is strongest; then all waves
 * are fitted to each plane at once (their joint least squares, so that
 * waves close together or near 0 and ½ cycle/px, which overlap under
 * the window, share nothing twice) and subtracted in one pass. */
#ifndef FITTED_WAVES_H
#define FITTED_WAVES_H

#include <stddef.h>

#include "row-split.h"

/* Waves to remove: count (fx, fy) pairs in cycles/px. */
typedef struct
{
  const double *frequencies;
  size_t        count;
} FittedWaves;

/* The waves among `count` notches (fx, fy, radius triples): those of
 * radius 0, as (fx, fy) pairs in `waves` (room for count pairs), and the
 * others, the discs, as triples in `discs` (room for count triples), in
 * their given order. Returns the number of waves; *disc_count the
 * number of discs. */
size_t fitted_waves_split (const double *notches,
                           size_t        count,
                           double       *waves,
                           double       *discs,
                           size_t       *disc_count);

/* Where a value lies at the range's limit (exactly 0 or 1) and the waves
 * would move it inwards, the picture there was clipped with the pattern
 * on it: it lay anywhere between the limit and the limit less the waves,
 * and this share of the waves is taken away, the middle of that range
 * (the whole would print the pattern's negative into clipped light,
 * none would leave the pattern's clipped half). */
#define FITTED_WAVES_CLIPPED_SHARE 0.5f

/* Subtracts from each of `planes` planes (width × height values, rows
 * `stride` values apart, planes `plane_step` values apart) the cosine
 * that fits it best near each of the `count` frequencies `waves` (fx, fy
 * pairs in cycles/px, x along rows), FITTED_WAVES_CLIPPED_SHARE of it
 * where a value was clipped (above). Rows are spread as `split` says.
 * Returns 0 when memory runs out (the planes may then have lost some of
 * the waves). */
int    fitted_waves_remove (float        *values,
                            size_t        planes,
                            size_t        plane_step,
                            size_t        width,
                            size_t        height,
                            size_t        stride,
                            const double *waves,
                            size_t        count,
                            RowSplit      split);

/* Fits the cosines of the `count` frequencies `waves` (fx, fy pairs,
 * taken as given) jointly to the width × height `plane` (rows `stride`
 * apart) and subtracts all but the first `kept` of them: the plane less
 * the waves beside those kept, whose own fit has seen the others. No
 * tracking, no second cosines. Returns 0 when memory runs out. */
int    fitted_waves_subtract_beside (float        *plane,
                                     size_t        width,
                                     size_t        height,
                                     size_t        stride,
                                     const double *waves,
                                     size_t        count,
                                     size_t        kept,
                                     RowSplit      split);

/* Refines (*fx, *fy) as fitted_waves_remove does on the plane where the
 * wave is strongest: to where the windowed transform of the width ×
 * height `plane` (rows `stride` apart) peaks near it, within 1.5 bins; a
 * frequency on an axis stays there. Returns 0 when memory runs out
 * (the frequency is then as given). */
int    fitted_waves_refine (const float  *plane,
                            size_t        width,
                            size_t        height,
                            size_t        stride,
                            double       *fx,
                            double       *fy,
                            RowSplit      split);

#endif
