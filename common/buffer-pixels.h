/* SPDX-License-Identifier: GPL-3.0-or-later */
/* buffer-pixels — an area of a GEGL buffer moved whole between the
 * buffer and memory, in bands of rows converting on GEGL's threads (for a
 * large image the conversion is most of the time of a read or a write),
 * its values kept where conversions stay finite (docs/contract.md,
 * "Non-finite and extreme pixel values"). GEGL only, no libgimp: the
 * plug-in (drawable-pixels.c) and the GEGL operation move pixels alike. */
#ifndef BUFFER_PIXELS_H
#define BUFFER_PIXELS_H

#include <gegl.h>

#include "pixel-planes.h"

/* How far the values of a format may reach before a conversion: colour
 * and alpha each within ± their limit (DBL_MAX: as they are); NaN and
 * ±inf are left as they are. */
typedef struct
{
  gdouble colour, alpha;
} PixelLimits;

extern const PixelLimits pixel_limits_none;

/* Rows that go through a bounded buffer at a time where values are
 * brought within limits on their way. */
#define BUFFER_PIXELS_CHUNK_ROWS 64

/* Whether `limits` bound anything. */
gboolean    pixel_limits_bound       (const PixelLimits *limits);

/* How far values stored in `stored` may reach before babl converts them
 * to `format`: double to float saturates at ±FLT_MAX; float and double
 * colour converted to another model or transfer curve within ±1e6, as
 * babl's conversions of larger values overflow float. */
PixelLimits pixel_limits_for_reading (const Babl        *stored,
                                      const Babl        *format);

/* Brings `count` pixels of `format` within `limits`, which must bound
 * something (pixel_limits_bound): `format` is then float or double, as
 * pixel_limits_for_reading gives bounds for no other; values of another
 * type read as float would reach past them. */
void        pixel_limits_apply       (const Babl        *format,
                                      const PixelLimits *limits,
                                      gpointer           values,
                                      gsize              count);

/* Reads `area` of `buffer` into `memory` in `format`, row after row;
 * where `limits` bound them, the values as the buffer stores them are
 * brought within them before babl converts them. */
void        buffer_pixels_read       (GeglBuffer          *buffer,
                                      const GeglRectangle *area,
                                      const Babl          *format,
                                      gpointer             memory,
                                      const PixelLimits   *limits);

/* `area` of `buffer` read into a new block in `format`, its stored values
 * brought within pixel_limits_for_reading on the way. NULL, with a
 * message, when memory runs out. Free with g_free. */
gpointer    buffer_pixels_read_new   (GeglBuffer          *buffer,
                                      const GeglRectangle *area,
                                      const Babl          *format,
                                      GError             **error);

/* Writes `area` of `buffer` from `memory` in `format`; into a half float
 * buffer saturated at ±65504, never inf. */
void        buffer_pixels_write      (GeglBuffer          *buffer,
                                      const GeglRectangle *area,
                                      const Babl          *format,
                                      gconstpointer        memory);

/* Whether values stored in `stored` and filtered in `filtered` (NULL:
 * the target holds something else) can hold NaN or ±inf that the
 * conversion there and back spreads over a pixel's channels: `stored`
 * holds float values (half, float, double) and `filtered` is another
 * model, or NULL. */
gboolean    buffer_pixels_spreads_unseen (const Babl        *stored,
                                          const Babl        *filtered);

/* Once `target` is written from values filtered in `filtered`: where
 * buffer_pixels_spreads_unseen (`target`'s format, `filtered`), writes
 * each pixel of `area` whose
 * colour `source` holds as NaN or ±inf back into `target` as `source`
 * holds it (in float): babl's conversion to `filtered` and back may have
 * spread that value over all the pixel's channels (docs/contract.md,
 * "Non-finite and extreme pixel values"). */
void        buffer_pixels_keep_unseen (GeglBuffer          *source,
                                       GeglBuffer          *target,
                                       const GeglRectangle *area,
                                       const Babl          *filtered);

#endif
