/* SPDX-License-Identifier: GPL-3.0-or-later */
/* preview-view — what the dialog's zoomable view shows: the window of the
 * drawable it asks the renderer for, and the drawing of a result or of
 * the drawable as it is into it. */
#ifndef PREVIEW_VIEW_H
#define PREVIEW_VIEW_H

#include <libgimp/gimpui.h>

#include "preview-refresh.h"

/* The window `view` shows of an image_width × image_height drawable:
 * zoomed out, one value per block of about a screen pixel's size; zoomed
 * in, the pixels themselves. */
fftcl_window preview_view_window        (GimpPreview         *view,
                                         gsize                image_width,
                                         gsize                image_height);

gboolean     preview_view_same_window   (const fftcl_window  *a,
                                         const fftcl_window  *b);

/* Draws `result`, a window of the filtered drawable, into `view`. */
void         preview_view_draw          (GimpPreview         *view,
                                         const PreviewResult *result);

/* Draws the drawable as it is where `view` shows it, for comparison. */
void         preview_view_draw_original (GimpPreview         *view);

#endif
