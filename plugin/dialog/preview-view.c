/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "preview-view.h"

#include <math.h>
#include <string.h>

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

void
preview_view_draw (GimpPreview         *view,
                   const PreviewResult *result)
{
  const fftcl_window *window          = &result->window;
  gint                bytes_per_pixel = result->bytes_per_pixel;
  gint                width, height;
  gint               *columns, *rows;
  guchar             *screen;

  gimp_preview_get_size (view, &width, &height);
  columns = screen_to_window (view, width, FALSE, window->x, window->step,
                              window->width);
  rows    = screen_to_window (view, height, TRUE, window->y, window->step,
                              window->height);
  screen  = g_new (guchar, (gsize) width * height * bytes_per_pixel);

  for (gint y = 0; y < height; y++)
    for (gint x = 0; x < width; x++)
      memcpy (screen + ((gsize) y * width + x) * bytes_per_pixel,
              result->pixels + ((gsize) rows[y] * window->width + columns[x]) *
                               bytes_per_pixel,
              bytes_per_pixel);

  gimp_preview_draw_buffer (view, screen, width * bytes_per_pixel);

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
