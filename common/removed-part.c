/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "removed-part.h"

#include "filter-output.h"

gfloat
removed_part_offset (const Babl *format,
                     const Babl *stored)
{
  const Babl *type = babl_format_get_type (stored, 0);
  gfloat      full = filter_output_full_scale (format);

  if (type == babl_type ("u8"))
    return full * (0.5f - 0.5f / 255.0f);
  if (type == babl_type ("u16"))
    return full * (0.5f - 0.5f / 65535.0f);
  return full * 0.5f;
}

/* removed = was − now + offset over `count` pixels of `floats`
 * components, the first `planes` of them colour. */
static void
subtract (gfloat       *removed,
          const gfloat *was,
          const gfloat *now,
          gsize         count,
          gsize         floats,
          gsize         planes,
          gfloat        offset)
{
  for (gsize p = 0; p < count; p++)
    for (gsize c = 0; c < planes; c++)
      removed[p * floats + c] = was[p * floats + c] - now[p * floats + c] +
                                offset;
}

/* The removed part replaces the result in its own buffer. */
static void
write_in_place (GeglBuffer          *original,
                const RemovedPart   *removed,
                const GeglRectangle *area)
{
  gsize               floats = babl_format_get_n_components (removed->format);
  GeglBufferIterator *iterator;

  iterator = gegl_buffer_iterator_new (removed->buffer, area, 0,
                                       removed->format, GEGL_ACCESS_READWRITE,
                                       GEGL_ABYSS_NONE, 2);
  gegl_buffer_iterator_add (iterator, original, area, 0, removed->format,
                            GEGL_ACCESS_READ, GEGL_ABYSS_NONE);
  while (gegl_buffer_iterator_next (iterator))
    subtract (iterator->items[0].data, iterator->items[1].data,
              iterator->items[0].data, iterator->length, floats,
              removed->planes, removed->offset);
}

/* The removed part goes into a buffer of its own. */
static void
write_apart (GeglBuffer          *original,
             GeglBuffer          *result,
             const RemovedPart   *removed,
             const GeglRectangle *area)
{
  gsize               floats = babl_format_get_n_components (removed->format);
  GeglBufferIterator *iterator;

  iterator = gegl_buffer_iterator_new (removed->buffer, area, 0,
                                       removed->format, GEGL_ACCESS_WRITE,
                                       GEGL_ABYSS_NONE, 3);
  gegl_buffer_iterator_add (iterator, original, area, 0, removed->format,
                            GEGL_ACCESS_READ, GEGL_ABYSS_NONE);
  gegl_buffer_iterator_add (iterator, result, area, 0, removed->format,
                            GEGL_ACCESS_READ, GEGL_ABYSS_NONE);
  while (gegl_buffer_iterator_next (iterator))
    subtract (iterator->items[0].data, iterator->items[1].data,
              iterator->items[2].data, iterator->length, floats,
              removed->planes, removed->offset);
  gegl_buffer_flush (removed->buffer);
}

void
removed_part_write (GeglBuffer          *original,
                    GeglBuffer          *result,
                    const RemovedPart   *removed,
                    const GeglRectangle *area)
{
  if (removed->buffer == result)
    write_in_place (original, removed, area);
  else
    write_apart (original, result, removed, area);
}
