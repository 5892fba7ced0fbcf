/* SPDX-License-Identifier: GPL-3.0-or-later */
/* filter-output — the one final write of both front-ends: an area's
 * filtered pixels stretched where the settings ask for autoscale
 * (autoscale.h), written into the result's buffer, the colours the
 * source holds as NaN or ±inf kept as read (docs/contract.md,
 * "Non-finite and extreme pixel values"), and the removed part written
 * where there is one (removed-part.h). filter_buffer (filter-buffer.h),
 * the one filter path of the plug-in's final run and the GEGL
 * operation's process, ends here; the preview's windows stretch through
 * filter_output_stretch alike. */
#ifndef FILTER_OUTPUT_H
#define FILTER_OUTPUT_H

#include "filter-settings.h"
#include "removed-part.h"
#include "render-format.h"

typedef struct
{
  GeglBuffer          *source;      /* the pixels as read */
  GeglBuffer          *result;      /* where the result goes */
  const GeglRectangle *area;        /* of both */
  const RenderFormat  *format;      /* of the filtered pixels */
  gboolean             keep_unseen; /* the source may hold colour that is
                                       not finite */
  RemovedPart          removed;     /* removed.buffer NULL: none */
} FilterOutput;

/* Autoscale's stretch of `count` pixels of `format`, with the range found
 * in the `found_count` pixels `found_in`: onto 0 … the full scale. */
void     filter_output_stretch  (const RenderFormat      *format,
                                 const gfloat            *found_in,
                                 gsize                    found_count,
                                 gfloat                  *pixels,
                                 gsize                    count);

/* Writes `pixels` (the whole area, filtered in output->format; stretched
 * in place where `settings` ask for autoscale) as the output says;
 * FALSE, with `error` set, where the removed part could not be written
 * (removed_part_write). */
gboolean filter_output_write    (const FilterOutput      *output,
                                 const BandpassSettings  *settings,
                                 gfloat                  *pixels,
                                 GError                 **error);

#endif
