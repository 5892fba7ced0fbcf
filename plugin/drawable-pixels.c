#include "drawable-pixels.h"

#include "render-error.h"
#include "row-split-gegl.h"

/* The whole of `buffer` read into `read_into`, or written from
 * `write_from` when that is not NULL. */
typedef struct
{
  GeglBuffer   *buffer;
  const Babl   *format;
  guchar       *read_into;
  const guchar *write_from;
  gint          width;
  gint          stride;
} PixelMove;

static void
move_rows (const void *move_pointer,
           gsize       first,
           gsize       end)
{
  const PixelMove     *move   = move_pointer;
  const GeglRectangle  rows   = { 0, (gint) first, move->width,
                                  (gint) (end - first) };
  gsize                offset = first * move->stride;

  if (move->write_from)
    gegl_buffer_set (move->buffer, &rows, 0, move->format,
                     move->write_from + offset, move->stride);
  else
    gegl_buffer_get (move->buffer, &rows, 1.0, move->format,
                     move->read_into + offset, move->stride,
                     GEGL_ABYSS_NONE);
}

static void
move_pixels (GeglBuffer    *buffer,
             const Babl    *format,
             gpointer       read_into,
             gconstpointer  write_from)
{
  const GeglRectangle *extent = gegl_buffer_get_extent (buffer);
  const PixelMove      move   = {
    buffer, format, read_into, write_from, extent->width,
    extent->width * babl_format_get_bytes_per_pixel (format)
  };

  row_split_gegl (extent->height, move_rows, &move);
}

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

static gpointer
read_drawable (const DrawablePixels  *pixels,
               const Babl            *format,
               GError               **error)
{
  GeglBuffer *buffer = gimp_drawable_get_buffer (pixels->drawable);
  gpointer    memory = allocate (pixels, format, error);

  if (memory)
    move_pixels (buffer, format, memory, NULL);

  g_object_unref (buffer);
  return memory;
}

gboolean
drawable_pixels_read_ahead (DrawablePixels  *pixels,
                            GError         **error)
{
  pixels->stored = read_drawable (pixels, pixels->stored_format, error);
  return pixels->stored != NULL;
}

gpointer
drawable_pixels_get (const DrawablePixels  *pixels,
                     const Babl            *format,
                     GError               **error)
{
  gpointer memory;

  if (! pixels->stored)
    return read_drawable (pixels, format, error);

  memory = allocate (pixels, format, error);
  if (memory)
    babl_process (babl_fish (pixels->stored_format, format), pixels->stored,
                  memory, pixels->width * pixels->height);
  return memory;
}

void
drawable_pixels_write (GeglBuffer    *buffer,
                       const Babl    *format,
                       gconstpointer  pixels)
{
  move_pixels (buffer, format, NULL, pixels);
}
