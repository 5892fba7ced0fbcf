/* SPDX-License-Identifier: GPL-3.0-or-later */
/* final-write — a renderer's final run (bandpass-render.h): the whole
 * drawable filtered and written through the one filter path both
 * front-ends share (filter-buffer.h), from the preview's spectrum where
 * it is ready, while the caller reports progress. */
#ifndef FINAL_WRITE_H
#define FINAL_WRITE_H

#include "bandpass-render.h"
#include "filter-buffer.h"
#include "removed-part.h"

/* The final run: writes the whole result for `settings` (stretched where
 * they ask for autoscale) into `target`, and the removed part where
 * removed->buffer is set, through filter_buffer (filter-buffer.h),
 * with the patterns found where they ask for find-patterns, from the
 * spectrum the renderer holds where it is ready for them (the output is
 * then the preview's pixels), else filtered in one pass, as `host` says
 * (NULL: no progress, all in the calling thread). FALSE, with a message,
 * when the search failed, no device could filter or memory ran out;
 * `target` is then left as it was. The renderer is spent afterwards: only free it. */
gboolean          bandpass_renderer_write          (BandpassRenderer       *renderer,
                                                    const BandpassSettings *settings,
                                                    GeglBuffer             *target,
                                                    const RemovedPart      *removed,
                                                    const FilterHost       *host,
                                                    GError                **error);

#endif
