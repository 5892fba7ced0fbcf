/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "removed-part.h"

#include <string.h>

#include "buffer-pixels.h"
#include "render-error.h"
#include "render-format.h"

gfloat
removed_part_offset (const Babl *format,
                     const Babl *stored)
{
  const Babl *type = babl_format_get_type (stored, 0);
  gfloat      full = render_format_full_scale (format);

  if (type == babl_type ("u8"))
    return full * (0.5f - 0.5f / 255.0f);
  if (type == babl_type ("u16"))
    return full * (0.5f - 0.5f / 65535.0f);
  return full * 0.5f;
}

/* removed = was − now + offset over `count` pixels: `floats` components
 * in `removed`, `read_floats` in `was` and `now`, the first `planes` of
 * each colour. */
static void
subtract (gfloat       *removed,
          const gfloat *was,
          const gfloat *now,
          gsize         count,
          gsize         floats,
          gsize         read_floats,
          gsize         planes,
          gfloat        offset)
{
  for (gsize p = 0; p < count; p++)
    for (gsize c = 0; c < planes; c++)
      removed[p * floats + c] = was[p * read_floats + c] -
                                now[p * read_floats + c] + offset;
}

/* The original as it was read to be filtered: its stored values brought
 * within the limits of their conversion to the format it is read in
 * (pixel_limits_for_reading; babl's conversion of larger ones to CIE Lab
 * overflows float), then converted, a chunk at a time into `converted`. */
typedef struct
{
  const Babl  *stored;
  const Babl  *fish;   /* NULL: GEGL reads the original straight into
                          the format it is read in */
  PixelLimits  limits;
  gsize        bytes;  /* per stored pixel */
  guchar      *values; /* a chunk of stored values, then brought within */
  gfloat      *converted;
  gsize        capacity;
} OriginalRead;

static OriginalRead
original_read_new (GeglBuffer  *original,
                   const Babl  *format)
{
  const Babl  *stored = gegl_buffer_get_format (original);
  PixelLimits  limits = pixel_limits_for_reading (stored, format);

  return (OriginalRead) { .stored = stored,
                          .fish   = pixel_limits_bound (&limits)
                                    ? babl_fish (stored, format) : NULL,
                          .limits = limits,
                          .bytes  = babl_format_get_bytes_per_pixel (stored) };
}

/* The chunk's original values, or NULL where memory for them cannot be
 * had: the removed part is written inside GIMP's process too, where an
 * allocation may fail but must not abort. */
static const gfloat *
original_read_chunk (OriginalRead  *read,
                     gconstpointer  values,
                     gsize          count,
                     gsize          floats)
{
  if (count > read->capacity)
    {
      guchar *stored    = g_try_realloc_n (read->values, count, read->bytes);
      gfloat *converted;

      if (! stored)
        return NULL;
      read->values = stored;
      converted    = g_try_realloc_n (read->converted, count * floats,
                                      sizeof (gfloat));
      if (! converted)
        return NULL;
      read->converted = converted;
      read->capacity  = count;
    }
  memcpy (read->values, values, count * read->bytes);
  pixel_limits_apply (read->stored, &read->limits, read->values, count);
  babl_process (read->fish, read->values, read->converted, count);
  return read->converted;
}

/* Where removed->buffer is `result`, the removed part replaces the
 * result in place. */
gboolean
removed_part_write (GeglBuffer           *original,
                    GeglBuffer           *result,
                    const RemovedPart    *removed,
                    const GeglRectangle  *area,
                    GError              **error)
{
  gboolean            in_place = removed->buffer == result;
  gsize               floats   = babl_format_get_n_components (removed->format);
  gsize               read_floats = babl_format_get_n_components (removed->read);
  OriginalRead        read     = original_read_new (original, removed->read);
  gboolean            written  = TRUE;
  GeglBufferIterator *iterator;

  iterator = gegl_buffer_iterator_new (removed->buffer, area, 0,
                                       removed->format,
                                       in_place ? GEGL_ACCESS_READWRITE
                                                : GEGL_ACCESS_WRITE,
                                       GEGL_ABYSS_NONE, in_place ? 2 : 3);
  gegl_buffer_iterator_add (iterator, original, area, 0,
                            read.fish ? read.stored : removed->read,
                            GEGL_ACCESS_READ, GEGL_ABYSS_NONE);
  if (! in_place)
    gegl_buffer_iterator_add (iterator, result, area, 0, removed->read,
                              GEGL_ACCESS_READ, GEGL_ABYSS_NONE);
  while (written && gegl_buffer_iterator_next (iterator))
    {
      const gfloat *was = read.fish
                          ? original_read_chunk (&read,
                                                 iterator->items[1].data,
                                                 iterator->length,
                                                 read_floats)
                          : iterator->items[1].data;

      written = was != NULL;
      if (written)
        subtract (iterator->items[0].data, was,
                  iterator->items[in_place ? 0 : 2].data, iterator->length,
                  floats, read_floats, removed->planes, removed->offset);
      else
        gegl_buffer_iterator_stop (iterator);
    }
  g_free (read.values);
  g_free (read.converted);
  if (! in_place)
    gegl_buffer_flush (removed->buffer);
  return written || render_error_memory (error);
}
