/* padded-planes — the planes the filter reads, made from an image's
 * interleaved pixels: the colour planes gathered (converted, composited
 * over their mean where there is alpha) and padded, with their rows
 * spread over the front-end's threads. */
#ifndef PADDED_PLANES_H
#define PADDED_PLANES_H

#include <stddef.h>

#include "padding.h"
#include "pixel-planes.h"
#include "row-split.h"

/* layout->colour_planes planes of geometry's padded size side by side
 * (as pixel-planes.h lays them), from geometry->width × geometry->height
 * pixels of `layout`; NULL when memory runs out. The caller frees them. */
float *padded_planes_make (const PixelLayout   *layout,
                           const PlaneGeometry *geometry,
                           const float         *pixels,
                           PaddingKind          padding,
                           RowSplit             split);

#endif
