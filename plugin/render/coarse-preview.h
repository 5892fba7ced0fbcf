/* SPDX-License-Identifier: GPL-3.0-or-later */
/* coarse-preview — the downscaled copy (coarse-copy.h) that a preview's
 * coarse windows are rendered from, with its own loaded spectrum: where
 * every full refresh is slow, a coarse result shows at once. */
#ifndef COARSE_PREVIEW_H
#define COARSE_PREVIEW_H

#include <libgimp/gimp.h>

#include "bandpass-settings.h"
#include "pixel-planes.h"
#include "fftcl-filter.h"

typedef struct _CoarsePreview CoarsePreview;

/* For an image of width × height pixels; nothing is made until the first
 * render. */
CoarsePreview *coarse_preview_new      (gsize                   width,
                                        gsize                   height);
void           coarse_preview_free     (CoarsePreview          *coarse);

/* TRUE when the copy is smaller than the image. */
gboolean       coarse_preview_shrinks  (const CoarsePreview    *coarse);

/* Drops the spectrum, for a change of device. */
void           coarse_preview_unload   (CoarsePreview          *coarse);

/* Drops the copy too: the image's pixels changed. */
void           coarse_preview_forget   (CoarsePreview          *coarse);

/* Makes the copy of `pixels`, the whole image in `layout`, unless there
 * is one. FALSE, with a message, when memory runs out. */
gboolean       coarse_preview_copy     (CoarsePreview          *coarse,
                                        const gfloat           *pixels,
                                        const PixelLayout      *layout,
                                        GError                **error);

/* Writes `window` (in image pixels) of the filtered copy, expanded to the
 * window's size, to `out`: window->width × window->height pixels of the
 * copy's layout. FALSE, with a message, when fftcl fails or memory runs
 * out. */
gboolean       coarse_preview_render   (CoarsePreview          *coarse,
                                        fftcl_context          *context,
                                        const BandpassSettings *settings,
                                        const fftcl_window     *window,
                                        gfloat                 *out,
                                        GError                **error);

#endif
