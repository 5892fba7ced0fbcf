/* SPDX-License-Identifier: GPL-3.0-or-later */
/* wave-least-squares — the joint least-squares fit of cosines under a
 * Hann window (fitted-waves.h): the normal equations of
 * Σᵢ aᵢ cos θᵢ + bᵢ sin θᵢ, θᵢ = 2π (fxᵢ x + fyᵢ y) at coordinates
 * centred on a width × height plane, in closed form, factored once and
 * solved for any plane. Plain C.
 *
 * With centred coordinates the window's transform W is real, so the
 * cosines and the sines part: ⟨cos θᵢ, cos θⱼ⟩ = ½ (W(fᵢ − fⱼ) +
 * W(fᵢ + fⱼ)), ⟨sin θᵢ, sin θⱼ⟩ = ½ (W(fᵢ − fⱼ) − W(fᵢ + fⱼ)),
 * ⟨cos θᵢ, sin θⱼ⟩ = 0; and W of the separable Hann window is a sum of
 * three Dirichlet kernels per axis. Cosines close together, or near 0
 * and ½ cycle/px where a cosine overlaps its mirror, so share nothing
 * twice; one that vanishes on the samples (cos π x at half-integer x)
 * fits as 0, a small ridge keeping the equations regular. */
#ifndef WAVE_LEAST_SQUARES_H
#define WAVE_LEAST_SQUARES_H

#include <stddef.h>

/* Σ w e^{2πi (gx x + gy y)} over the width × height plane, the Hann
 * window w and x, y centred. */
double wave_window_sum       (double        gx,
                              double        gy,
                              size_t        width,
                              size_t        height);

/* Σ w x sin 2π (gx x + gy y) and Σ w y sin 2π (gx x + gy y) over the
 * same plane: the window's first moments, Σ w x e^{2πi (gx x + gy y)} =
 * i · *along_x (the cosine's share is 0, w x cos being odd). */
void   wave_window_moments   (double        gx,
                              double        gy,
                              size_t        width,
                              size_t        height,
                              double       *along_x,
                              double       *along_y);

/* The factored normal equations of the `count` cosines at `frequencies`
 * ((fx, fy) pairs): two count × count factors written to `factors`
 * (room for 2 count² doubles), the cosines' first. */
void   wave_least_squares_factor (const double *frequencies,
                                  size_t        count,
                                  size_t        width,
                                  size_t        height,
                                  double       *factors);

/* Solves for a plane whose windowed sums are Σ w v cos θᵢ = cosine_sums[i]
 * and Σ w v sin θᵢ = sine_sums[i], in place: aᵢ and bᵢ come back there. */
void   wave_least_squares_solve  (const double *factors,
                                  size_t        count,
                                  double       *cosine_sums,
                                  double       *sine_sums);

#endif
