/* SPDX-License-Identifier: GPL-3.0-or-later */
/* op-filter — the operation's one job: the whole of an input buffer
 * band-passed into the output, on FFTW in the calling process, through
 * the core (filtered-image.h) and common/: the plug-in's choice of
 * format, memory check and final write (filter-output.h). */
#ifndef OP_FILTER_H
#define OP_FILTER_H

#include <gegl.h>

#include "filter-settings.h"
#include "render-format.h"

/* Filters `area` of `input` (the whole image) as `settings` say, in
 * `format`, into the same area of `output`, keeping the input's spectrum
 * for `operation` where memory allows (op-spectrum-cache.h):
 * a later call on the same pixels then runs only the gain and the
 * inverse transform. Memory is checked before
 * anything is allocated: where only the image without its margin against
 * wrap-around fits, it is filtered so and *warning (free with g_free)
 * says so. FALSE, with a message (free with g_free), when it could not
 * filter; `output` is then untouched. */
gboolean op_filter_run (GeglBuffer             *input,
                        GeglBuffer             *output,
                        const GeglRectangle    *area,
                        const RenderFormat     *format,
                        const BandpassSettings *settings,
                        GeglOperation          *operation,
                        gchar                 **warning,
                        gchar                 **message);

#endif
