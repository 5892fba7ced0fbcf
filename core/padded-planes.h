/* SPDX-License-Identifier: GPL-3.0-or-later */
/* padded-planes — the planes the filter reads, made from an image's
 * interleaved pixels: the colour planes gathered (converted, composited
 * over their mean where there is alpha or a colour that is not finite,
 * scaled where their values reach too far) and padded, with their rows
 * spread over the front-end's threads. */
#ifndef PADDED_PLANES_H
#define PADDED_PLANES_H

#include <stddef.h>

#include "fitted-waves.h"
#include "padding.h"
#include "pixel-planes.h"
#include "row-split.h"

/* layout->colour_planes planes of geometry's padded size side by side
 * (as pixel-planes.h lays them), from geometry->width × geometry->height
 * pixels of `layout`, each multiplied by its scale, written to
 * scales[0 … colour_planes − 1], with `waves` (NULL: none) fitted to the
 * scaled planes and subtracted before they are padded (fitted-waves.h),
 * so that the fit's sums stay in range as the FFT's do; NULL when memory
 * runs out. `survey`, set up for geometry->height rows and the colour
 * planes, ends holding what the planes hold before scaling and the means
 * they are composited over. The caller frees the planes. */
float *padded_planes_make (const PixelLayout   *layout,
                           const PlaneGeometry *geometry,
                           const float         *pixels,
                           PaddingKind          padding,
                           const FittedWaves   *waves,
                           RowSplit             split,
                           PlaneSurvey         *survey,
                           float               *scales);

/* Surveys the pixels' colour values, in rows spread as `split` says, into
 * `survey` (set up as for padded_planes_make), writing no plane. */
void   padded_planes_survey (const PixelLayout   *layout,
                             const PlaneGeometry *geometry,
                             const float         *pixels,
                             RowSplit             split,
                             PlaneSurvey         *survey);

#endif
