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

/* How the view divides before from after: with `on`, the original is
 * drawn on one side of a divider `position` (0 … 1) of the view's width
 * from its left, the left side unless `swapped`. */
typedef struct
{
  gboolean on;
  gdouble  position;
  gboolean swapped;
} PreviewSplit;

/* Draws `pixels` (bytes_per_pixel each), `window` of the filtered
 * drawable, into `view`, split as `split` asks (NULL: not split). */
void         preview_view_draw          (GimpPreview         *view,
                                         const fftcl_window  *window,
                                         const guchar        *pixels,
                                         gint                 bytes_per_pixel,
                                         const PreviewSplit  *split);

/* Draws the drawable as it is where `view` shows it, for comparison. */
void         preview_view_draw_original (GimpPreview         *view);

/* Zooms `view` of a drawable image_width pixels wide to one image pixel
 * per screen pixel (where it shows fewer) and centres it on image pixel
 * (x, y), as near as the view's bounds allow. */
void         preview_view_one_to_one_at (GimpPreview         *view,
                                         gsize                x,
                                         gsize                y,
                                         gsize                image_width);

#endif
