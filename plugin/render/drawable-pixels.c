/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "drawable-pixels.h"

#include "buffer-pixels.h"
#include "render-error.h"

void
drawable_pixels_init (DrawablePixels *pixels,
                      GimpDrawable   *drawable)
{
  *pixels = (DrawablePixels) {
    .drawable      = g_object_ref (drawable),
    .name          = gimp_item_get_name (GIMP_ITEM (drawable)),
    .stored_format = gimp_drawable_get_format (drawable),
    .gray          = gimp_drawable_is_gray (drawable) != FALSE,
    .has_alpha     = gimp_drawable_has_alpha (drawable) != FALSE,
    .width         = gimp_drawable_get_width (drawable),
    .height        = gimp_drawable_get_height (drawable),
  };
}

void
drawable_pixels_clear (DrawablePixels *pixels)
{
  g_clear_pointer (&pixels->stored, g_free);
  g_clear_pointer (&pixels->name, g_free);
  g_clear_object (&pixels->drawable);
}

static gpointer
allocate (const DrawablePixels  *pixels,
          const Babl            *format,
          GError               **error)
{
  gpointer memory = g_try_malloc_n (pixels->width * pixels->height,
                                    babl_format_get_bytes_per_pixel (format));

  if (! memory)
    render_error_memory (error);
  return memory;
}

/* The drawable read into `memory` as it stores it. */
static void
read_stored (const DrawablePixels *pixels,
             gpointer              memory)
{
  GeglBuffer *buffer = gimp_drawable_get_buffer (pixels->drawable);

  buffer_pixels_read (buffer, gegl_buffer_get_extent (buffer),
                      pixels->stored_format, memory, &pixel_limits_none);
  g_object_unref (buffer);
}

gboolean
drawable_pixels_read_ahead (DrawablePixels  *pixels,
                            GError         **error)
{
  pixels->stored = allocate (pixels, pixels->stored_format, error);
  if (pixels->stored)
    read_stored (pixels, pixels->stored);
  return pixels->stored != NULL;
}

gpointer
drawable_pixels_get (const DrawablePixels  *pixels,
                     const Babl            *format,
                     GError               **error)
{
  GeglBuffer *buffer = gimp_drawable_get_buffer (pixels->drawable);
  gpointer    memory = buffer_pixels_read_new (buffer,
                                               gegl_buffer_get_extent (buffer),
                                               format, error);

  g_object_unref (buffer);
  return memory;
}

void
drawable_pixels_write (GeglBuffer    *buffer,
                       const Babl    *format,
                       gconstpointer  pixels)
{
  buffer_pixels_write (buffer, gegl_buffer_get_extent (buffer), format,
                       pixels);
}

GeglBuffer *
drawable_pixels_source (const DrawablePixels *pixels)
{
  const GeglRectangle extent = { 0, 0, pixels->width, pixels->height };

  if (! pixels->stored)
    return gimp_drawable_get_buffer (pixels->drawable);

  return gegl_buffer_linear_new_from_data (pixels->stored,
                                           pixels->stored_format, &extent,
                                           GEGL_AUTO_ROWSTRIDE, NULL, NULL);
}
