/* SPDX-License-Identifier: GPL-3.0-or-later */
/* drawable-filter-append — the non-destructive form of a call
 * (docs/contract.md, "Non-destructive"): instead of writing pixels, the
 * GEGL operation fft:band-pass is appended to each layer as a filter
 * with the call's arguments, where GIMP keeps it editable. With output
 * new-layer it goes on a copy of the layer put above it; with
 * removed-part the layer gets the result and a copy above it the removed
 * part, in Grain merge mode. One undo step for the whole call. */
#ifndef DRAWABLE_FILTER_APPEND_H
#define DRAWABLE_FILTER_APPEND_H

#include <libgimp/gimp.h>

#include "bandpass-settings.h"

/* FALSE, with a message, when a drawable is not a layer: GIMP merges a
 * filter on a channel or a layer mask at once. */
gboolean drawable_filter_append_check (GimpDrawable           **drawables,
                                       GError                 **error);

/* Appends the filters to the NULL-terminated `drawables`, with the
 * arguments of `config` and `settings` (its notches, its output). FALSE,
 * with a message and the image unchanged, when GIMP has no operation
 * fft:band-pass. */
gboolean drawable_filter_append_all   (GimpImage               *image,
                                       GimpDrawable           **drawables,
                                       GimpProcedureConfig     *config,
                                       const BandpassSettings  *settings,
                                       GError                 **error);

#endif
