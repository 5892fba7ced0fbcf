/* pixel-planes — moves values between interleaved float pixels, as GEGL
 * hands them over, and the separate padded planes that the FFT filters.
 *
 * Plane p starts at planes + p · padded_width · padded_height; the image
 * sits in its top-left width × height corner, rows padded_width apart. */
#ifndef PIXEL_PLANES_H
#define PIXEL_PLANES_H

#include <stddef.h>

typedef struct
{
  size_t components;             /* floats per pixel */
  size_t colour_planes;          /* the leading components that are filtered */
  int    has_alpha;              /* the last component is straight alpha */
  int    lightness_as_luminance; /* component 0 is CIE L*, filtered as
                                    linear relative luminance Y */
} PixelLayout;

typedef struct
{
  size_t width, height;               /* the image */
  size_t padded_width, padded_height; /* each plane */
} PlaneGeometry;

/* Copies the colour planes out of `pixels`. With alpha, every plane is
 * the layer composited over its own alpha-weighted mean colour, so that
 * whatever colour hides under full transparency never reaches the
 * filter. */
void pixel_planes_gather  (const PixelLayout   *layout,
                           const PlaneGeometry *geometry,
                           const float         *pixels,
                           float               *planes);

/* pixel_planes_gather in parts, for threads: the colour values of rows
 * [first, end), then, once every row is there, the compositing (nothing
 * without alpha). */
void pixel_planes_gather_rows (const PixelLayout   *layout,
                               const PlaneGeometry *geometry,
                               const float         *pixels,
                               float               *planes,
                               size_t               first,
                               size_t               end);
void pixel_planes_composite   (const PixelLayout   *layout,
                               const PlaneGeometry *geometry,
                               const float         *pixels,
                               float               *planes);

/* Writes the colour planes back into `pixels`, leaving every other
 * component, and the colour of fully transparent pixels, as it was. */
void pixel_planes_scatter (const PixelLayout   *layout,
                           const PlaneGeometry *geometry,
                           const float         *planes,
                           float               *pixels);

#endif
