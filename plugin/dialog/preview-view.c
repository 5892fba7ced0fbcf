/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "preview-view.h"

#include <math.h>
#include <string.h>

#include "preview-dump.h"

/* One axis of the window that a view shows: from `first` to `end`
 * (image pixels, end excluded), in blocks of `step`, within `size`. */
static void
axis_window (gint   first,
             gint   end,
             gsize  step,
             gsize  size,
             gsize *start,
             gsize *count)
{
  gsize from = CLAMP (first, 0, (gint) size - 1);
  gsize to   = CLAMP (end, (gint) from + 1, (gint) size);
  gsize n    = (to - from + step - 1) / step;

  n = MIN (n, size / step);
  *start = MIN (from, size - n * step);
  *count = n;
}

fftcl_window
preview_view_window (GimpPreview *view,
                     gsize        image_width,
                     gsize        image_height)
{
  fftcl_window  window;
  gint          width, height, x0, y0, x1, y1;
  gdouble       per_screen_pixel;

  gimp_preview_get_size (view, &width, &height);
  gimp_preview_untransform (view, 0, 0, &x0, &y0);
  gimp_preview_untransform (view, width, height, &x1, &y1);

  per_screen_pixel = (x1 - x0) / (gdouble) MAX (width, 1);
  window.step      = MAX (1, (gsize) floor (per_screen_pixel + 0.5));
  window.step      = MIN (window.step, MIN (image_width, image_height));

  axis_window (x0, x1, window.step, image_width, &window.x, &window.width);
  axis_window (y0, y1, window.step, image_height, &window.y,
               &window.height);
  return window;
}

gboolean
preview_view_same_window (const fftcl_window *a,
                          const fftcl_window *b)
{
  return memcmp (a, b, sizeof *a) == 0;
}

/* The window's value under each screen pixel along one axis. */
static gint *
screen_to_window (GimpPreview *view,
                  gint         screen_size,
                  gboolean     vertical,
                  gsize        start,
                  gsize        step,
                  gsize        count)
{
  gint *index = g_new (gint, screen_size);

  for (gint s = 0; s < screen_size; s++)
    {
      gint x, y, at;

      gimp_preview_untransform (view, vertical ? 0 : s, vertical ? s : 0,
                                &x, &y);
      at       = ((vertical ? y : x) - (gint) start) / (gint) step;
      index[s] = CLAMP (at, 0, (gint) count - 1);
    }

  return index;
}

/* The divider: a light column beside a dark one, seen on any picture. */
static void
draw_divider (guchar *screen,
              gint    width,
              gint    height,
              gint    bytes_per_pixel,
              gint    at)
{
  for (gint y = 0; y < height; y++)
    for (gint side = 0; side < 2; side++)
      {
        gint x = CLAMP (at - 1 + side, 0, width - 1);

        memset (screen + ((gsize) y * width + x) * bytes_per_pixel,
                side ? 0xff : 0x00, bytes_per_pixel);
        if (bytes_per_pixel == 2 || bytes_per_pixel == 4)
          screen[((gsize) y * width + x + 1) * bytes_per_pixel - 1] = 0xff;
      }
}

/* The screen column where `split` divides a view `width` pixels wide,
 * or −1 where the view is not split. */
static gint
split_column (const PreviewSplit *split,
              gint                width)
{
  if (! split || ! split->on)
    return -1;
  return CLAMP ((gint) lround (split->position * width), 0, width);
}

/* Where `split` asks for it, the original replaces the columns on its
 * side of the divider: both sides are the same screen pixels of the
 * same window, before and after. */
static void
split_screen (GimpPreview        *view,
              guchar             *screen,
              gint                width,
              gint                height,
              gint                bytes_per_pixel,
              const PreviewSplit *split)
{
  gint    at = split_column (split, width);
  gint    source_width, source_height, source_bytes;
  guchar *source;

  if (at < 0)
    return;
  source = gimp_zoom_preview_get_source (GIMP_ZOOM_PREVIEW (view),
                                         &source_width, &source_height,
                                         &source_bytes);
  if (source && source_width == width && source_height == height &&
      source_bytes == bytes_per_pixel)
    for (gint y = 0; y < height; y++)
      {
        gsize  row   = (gsize) y * width;
        gint   from  = split->swapped ? at : 0;
        gint   count = split->swapped ? width - at : at;

        memcpy (screen + (row + from) * bytes_per_pixel,
                source + (row + from) * bytes_per_pixel,
                (gsize) count * bytes_per_pixel);
      }
  g_free (source);
  draw_divider (screen, width, height, bytes_per_pixel, at);
}

void
preview_view_draw (GimpPreview        *view,
                   const fftcl_window *window,
                   const guchar       *pixels,
                   gint                bytes_per_pixel,
                   const PreviewSplit *split)
{
  gint    width, height, x0, y0, x1, y1;
  gint   *columns, *rows;
  guchar *screen;

  gimp_preview_get_size (view, &width, &height);
  columns = screen_to_window (view, width, FALSE, window->x, window->step,
                              window->width);
  rows    = screen_to_window (view, height, TRUE, window->y, window->step,
                              window->height);
  screen  = g_new (guchar, (gsize) width * height * bytes_per_pixel);

  for (gint y = 0; y < height; y++)
    for (gint x = 0; x < width; x++)
      memcpy (screen + ((gsize) y * width + x) * bytes_per_pixel,
              pixels + ((gsize) rows[y] * window->width + columns[x]) *
                       bytes_per_pixel,
              bytes_per_pixel);

  split_screen (view, screen, width, height, bytes_per_pixel, split);
  gimp_preview_draw_buffer (view, screen, width * bytes_per_pixel);
  gimp_preview_untransform (view, 0, 0, &x0, &y0);
  gimp_preview_untransform (view, width, height, &x1, &y1);
  preview_dump_screen (screen, width, height, bytes_per_pixel, x0, y0, x1,
                       y1, split_column (split, width),
                       split && split->swapped);

  g_free (screen);
  g_free (rows);
  g_free (columns);
}

void
preview_view_draw_original (GimpPreview *view)
{
  gint    width, height, bytes_per_pixel;
  guchar *source = gimp_zoom_preview_get_source (GIMP_ZOOM_PREVIEW (view),
                                                 &width, &height,
                                                 &bytes_per_pixel);

  if (! source)
    return;
  gimp_preview_draw_buffer (view, source, width * bytes_per_pixel);
  g_free (source);
}

/* The view's position, once the zoom has set its scroll bars' range. */
typedef struct
{
  GimpPreview *view;
  gint         x, y;
} ViewPosition;

static gboolean
set_position (gpointer position_pointer)
{
  ViewPosition *position = position_pointer;

  GtkAdjustment *adjustments[2];
  gint           values[2] = { position->x, position->y };

  /* gimp_scrolled_preview_set_position resets the scroll bars' range to
   * the zoom preview's unzoomed one: the bars are moved instead. */
  gimp_scrolled_preview_get_adjustments (GIMP_SCROLLED_PREVIEW (position->view),
                                         &adjustments[0], &adjustments[1]);
  for (gint axis = 0; axis < 2; axis++)
    gtk_adjustment_set_value (
      adjustments[axis],
      CLAMP (values[axis], gtk_adjustment_get_lower (adjustments[axis]),
             gtk_adjustment_get_upper (adjustments[axis]) -
             gtk_adjustment_get_page_size (adjustments[axis])));
  return G_SOURCE_REMOVE;
}

static void
position_free (gpointer position_pointer)
{
  ViewPosition *position = position_pointer;

  g_object_unref (position->view);
  g_free (position);
}

void
preview_view_one_to_one_at (GimpPreview *view,
                            gsize        x,
                            gsize        y,
                            gsize        image_width)
{
  GimpZoomModel *model = gimp_zoom_preview_get_model (GIMP_ZOOM_PREVIEW (view));
  ViewPosition  *position = g_new (ViewPosition, 1);
  gint           width, height;
  gdouble        factor;

  gimp_preview_get_size (view, &width, &height);
  /* The zoom preview draws image_width pixels across `width` screen
   * pixels times the factor. */
  factor = image_width / (gdouble) MAX (width, 1);
  if (factor > 1.0)
    gimp_zoom_model_zoom (model, GIMP_ZOOM_TO, factor);
  position->view = g_object_ref (view);
  position->x    = (gint) x - width / 2;
  position->y    = (gint) y - height / 2;
  g_idle_add_full (G_PRIORITY_LOW, set_position, position, position_free);
}
