/* SPDX-License-Identifier: GPL-3.0-or-later */
/* removed-part — what the filter took away, offset to mid-grey:
 * original − result + offset in the colour components of a format
 * (docs/contract.md, "Output" and "The GEGL operation's `output`"). The
 * plug-in's removed-part layer and the GEGL operation's removed-part
 * output are both written here, with one rule for the offset. */
#ifndef REMOVED_PART_H
#define REMOVED_PART_H

#include <gegl.h>

/* Where a removed part goes and in which values. */
typedef struct
{
  GeglBuffer *buffer;   /* written; may be the result's own buffer, which
                           it then replaces */
  const Babl *format;   /* float: the values Grain merge blends it in */
  gsize       planes;   /* its first `planes` components are colour */
  gfloat      offset;   /* removed_part_offset */
  const Babl *read;     /* float, `format`'s model with the original's
                           alpha where `format` drops it: the original
                           and the result are read in it, and the
                           removed part takes their first `planes`
                           components; `format` itself in place */
} RemovedPart;

/* The offset, half the full scale of `format` (½; 50 for CIE L*), less
 * half a step of the integer precision of `stored`, the format the
 * removed part is stored in before Grain merge (result + removed − ½)
 * blends it: in 8 and 16 bits ½ lies halfway between two steps, so the
 * step below ½ keeps the stored values unrounded and the composite
 * exact. The plug-in's layer is stored in the drawable's precision; the
 * GEGL operation's output is float, blended by GIMP as it is, so its
 * offset is ½ itself. */
gfloat   removed_part_offset (const Babl           *format,
                              const Babl           *stored);

/* Writes original − result + removed->offset over `area` into
 * removed->buffer, each read in removed->read; components after the
 * colour ones are the result's. No babl conversion drops the alpha on
 * the way: babl picks its conversions by their speed, measured once per
 * process, and RGBA float to RGB float may go through CIE xyY, which
 * spreads one NaN or inf over the pixel's channels. FALSE, with `error` set, where memory
 * for the original's conversion cannot be had: removed->buffer is then
 * written in part, and the caller passes its input through. */
gboolean removed_part_write  (GeglBuffer           *original,
                              GeglBuffer           *result,
                              const RemovedPart    *removed,
                              const GeglRectangle  *area,
                              GError              **error);

#endif
