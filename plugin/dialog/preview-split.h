/* SPDX-License-Identifier: GPL-3.0-or-later */
/* preview-split — the preview's divider between the image before and
 * after filtering: whether the view is split, where the divider stands
 * and which side shows the original, all kept in the config
 * ("split-view", "split-position", "split-swapped", remembered between
 * runs as the dialog's other choices are). The user drags the divider in
 * the view at any zoom, and turns the split on and swaps its sides with
 * the controls under the view (swapping also with Ctrl+B). */
#ifndef PREVIEW_SPLIT_H
#define PREVIEW_SPLIT_H

#include <libgimp/gimpui.h>

#include "preview-view.h"

/* The split as the config holds it. */
PreviewSplit  preview_split_read     (GimpProcedureConfig *config);

/* Whether `property` is one of the split's: a change redraws the view
 * and renders nothing. */
gboolean      preview_split_property (const gchar         *property);

/* The check button that splits the view, and the button that swaps its
 * sides, in a row; Ctrl+B in the button's window clicks the button. */
GtkWidget    *preview_split_controls (GimpProcedureConfig *config);

/* Lets the user drag the divider of `view`: a press near it moves it, a
 * press elsewhere pans the view as before. Unref when the view goes. */
GtkGesture   *preview_split_drag_new (GimpPreview         *view,
                                      GimpProcedureConfig *config);

#endif
