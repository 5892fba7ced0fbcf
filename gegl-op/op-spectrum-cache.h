/* SPDX-License-Identifier: GPL-3.0-or-later */
/* op-spectrum-cache — the input the operation filtered last, kept with
 * its spectrum, so that a change of a property that leaves the input as
 * it was (a slider moved in GIMP's on-canvas preview) redoes only the
 * gain and the inverse transform. One input is kept per process, whichever
 * operation filtered it: it holds the pixels and the spectra, about as
 * much memory as filtering takes, and is freed when the operation that
 * filled it is finalized (its filter removed or merged) or another input
 * is filtered. Every call but op_spectrum_cache_release needs the lock. */
#ifndef OP_SPECTRUM_CACHE_H
#define OP_SPECTRUM_CACHE_H

#include <gegl.h>

#include "filtered-image.h"
#include "render-format.h"

/* What, besides the pixels themselves, must match for a kept spectrum
 * to serve. */
typedef struct
{
  gint            width, height;
  const Babl     *format;
  RenderGeometry  geometry;
} OpSpectrumKey;

void           op_spectrum_cache_lock    (void);
void           op_spectrum_cache_unlock  (void);

/* The kept image when it was loaded from pixels equal to `pixels` (as
 * many bytes as the key's width, height and format take) with the same
 * key; NULL otherwise. The cache keeps owning it. */
FilteredImage *op_spectrum_cache_find    (const OpSpectrumKey *key,
                                          const gfloat        *pixels);

/* Frees what is kept unless it is of `width` × `height` pixels in
 * `format`, so that what it holds is neither counted as taken memory nor
 * kept beside another input. */
void           op_spectrum_cache_drop_unless (gint        width,
                                              gint        height,
                                              const Babl *format);

/* Frees what is kept. */
void           op_spectrum_cache_drop    (void);

/* Keeps `image`, loaded from `pixels` at `key`, for `owner`; takes both
 * (the pixels freed with g_free), freeing what was kept before. */
void           op_spectrum_cache_keep    (const OpSpectrumKey *key,
                                          gfloat              *pixels,
                                          FilteredImage       *image,
                                          gconstpointer        owner);

/* Frees what is kept if `owner` filled it; takes the lock itself. */
void           op_spectrum_cache_release (gconstpointer        owner);

#endif
