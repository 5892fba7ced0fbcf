/* SPDX-License-Identifier: GPL-3.0-or-later */
/* final-write — a renderer's final run (bandpass-render.h): the whole
 * drawable filtered and written through the one filter path both
 * front-ends share (filter-buffer.h), from the preview's spectrum where
 * it is ready, while the caller reports progress. */
#ifndef FINAL_WRITE_H
#define FINAL_WRITE_H

#include "bandpass-render.h"
#include "removed-part.h"

/* How the final run tells how far it is: `update` with the fraction
 * (0 … 1) of the drawable done after each step, `pulse` every tenth of a
 * second while the filter runs, which cannot tell how far it is. Both
 * are called in the calling thread, so they may call libgimp. */
typedef struct
{
  void     (* update) (gdouble  fraction,
                       gpointer data);
  void     (* pulse)  (gpointer data);
  gpointer    data;
} BandpassProgress;

/* The final run: writes the whole result for `settings` (stretched where
 * they ask for autoscale) into `target`, and the removed part where
 * removed->buffer is set, through filter_buffer (filter-buffer.h),
 * from the spectrum the renderer holds where it is ready for them (the
 * output is then the preview's pixels), else filtered in one pass. The
 * filter runs in a thread of its own while this one reports `progress`
 * (which may be NULL: then all runs here). FALSE, with a message, when
 * no device could filter or memory ran out; `target` is then left as it
 * was. The renderer is spent afterwards: only free it. */
gboolean          bandpass_renderer_write          (BandpassRenderer       *renderer,
                                                    const BandpassSettings *settings,
                                                    GeglBuffer             *target,
                                                    const RemovedPart      *removed,
                                                    const BandpassProgress *progress,
                                                    GError                **error);

#endif
