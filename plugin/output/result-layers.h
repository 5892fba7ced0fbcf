/* SPDX-License-Identifier: GPL-3.0-or-later */
/* result-layers — where the final run writes each drawable's result, as
 * the `output` argument says (docs/contract.md, "Output"): into the
 * drawable's shadow (replace); into a new layer above the drawable
 * (new-layer); or into the shadow, with what the filter took away,
 * original − result + ½, in a new layer above in Grain merge mode
 * (removed-part), whose composite over the result is the original. The
 * new layers join the image only in result_layers_apply, the one undo
 * step of the call, so that a failure or a cancel leaves the image as it
 * was. */
#ifndef RESULT_LAYERS_H
#define RESULT_LAYERS_H

#include <libgimp/gimp.h>

#include "bandpass-settings.h"
#include "removed-part.h"

typedef struct _ResultLayers ResultLayers;

/* FALSE, with a message, when `output` adds layers and a drawable is not
 * a layer (a channel or a layer mask). */
gboolean      result_layers_check   (GimpDrawable  **drawables,
                                     BandpassOutput  output,
                                     GError        **error);

/* Makes the layers `output` adds to the NULL-terminated `drawables`. */
ResultLayers *result_layers_new     (GimpDrawable  **drawables,
                                     BandpassOutput  output);

/* The buffer drawables[index]'s result is written to. Unref it once
 * written. */
GeglBuffer   *result_layers_target  (ResultLayers   *results,
                                     gsize           index);

/* Where drawables[index]'s removed part goes (filter-output.h): with
 * removed-part its new layer, in the drawable's colours as stored, in
 * float, offset for the drawable's precision (removed_part_offset); else
 * no buffer. Unref the buffer once written. */
RemovedPart   result_layers_removed (ResultLayers   *results,
                                     gsize           index);

/* One undo step: merges the shadows written, puts each new layer above
 * its drawable. */
void          result_layers_apply   (ResultLayers   *results,
                                     GimpImage      *image);

/* Frees the shadows and deletes the layers not applied. */
void          result_layers_free    (ResultLayers   *results);

#endif
