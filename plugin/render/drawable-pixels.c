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

/* The drawable read into `memory` in `format`, its stored values brought
 * within `limits` on the way. */
static void
read_drawable (const DrawablePixels *pixels,
               const Babl           *format,
               const PixelLimits    *limits,
               gpointer              memory)
{
  GeglBuffer *buffer = gimp_drawable_get_buffer (pixels->drawable);

  buffer_pixels_read (buffer, gegl_buffer_get_extent (buffer), format,
                      memory, limits);
  g_object_unref (buffer);
}

/* The pixels read ahead, converted into `memory` in `format`: where
 * `limits` bound them, a chunk at a time, each brought within them
 * first. */
static void
convert_stored (const DrawablePixels *pixels,
                const Babl           *format,
                const PixelLimits    *limits,
                guchar               *memory)
{
  const Babl *fish      = babl_fish (pixels->stored_format, format);
  gsize       in_bytes  = babl_format_get_bytes_per_pixel (pixels->stored_format);
  gsize       out_bytes = babl_format_get_bytes_per_pixel (format);
  gsize       total     = pixels->width * pixels->height;
  gsize       chunk     = pixel_limits_bound (limits)
                          ? BUFFER_PIXELS_CHUNK_ROWS * pixels->width
                          : total;
  guchar     *values    = pixel_limits_bound (limits)
                          ? g_malloc (chunk * in_bytes)
                          : NULL;

  for (gsize first = 0; first < total; first += chunk)
    {
      gsize         count = MIN (chunk, total - first);
      const guchar *in    = pixels->stored + first * in_bytes;

      if (values)
        {
          memcpy (values, in, count * in_bytes);
          pixel_limits_apply (pixels->stored_format, limits, values, count);
          in = values;
        }
      babl_process (fish, in, memory + first * out_bytes, count);
    }

  g_free (values);
}

gboolean
drawable_pixels_read_ahead (DrawablePixels  *pixels,
                            GError         **error)
{
  pixels->stored = allocate (pixels, pixels->stored_format, error);
  if (pixels->stored)
    read_drawable (pixels, pixels->stored_format, &pixel_limits_none,
                   pixels->stored);
  return pixels->stored != NULL;
}

gpointer
drawable_pixels_get (const DrawablePixels  *pixels,
                     const Babl            *format,
                     GError               **error)
{
  PixelLimits limits = pixel_limits_for_reading (pixels->stored_format,
                                                format);
  gpointer    memory = allocate (pixels, format, error);

  if (memory && pixels->stored)
    convert_stored (pixels, format, &limits, memory);
  else if (memory)
    read_drawable (pixels, format, &limits, memory);
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
