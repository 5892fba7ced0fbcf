/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "buffer-pixels.h"

#include <float.h>
#include <math.h>

#include "render-error.h"
#include "row-split-gegl.h"

/* Where float or double colour is converted to another
 * model or transfer curve (linear light, CIE Lab), it is first brought
 * within ±CONVERTIBLE: babl's conversions of larger values overflow float
 * (R'G'B' to CIE Lab from about 1e12). */
#define CONVERTIBLE 1e6
/* The largest finite half float. */
#define HALF_MAX    65504.0

const PixelLimits pixel_limits_none = { DBL_MAX, DBL_MAX };

/* `area` of `buffer` read into `read_into`, or written from `write_from`
 * when that is not NULL; where `via` is not NULL, through it, its values
 * brought within `limits`. */
typedef struct
{
  GeglBuffer   *buffer;
  GeglRectangle area;
  const Babl   *format;
  guchar       *read_into;
  const guchar *write_from;
  gint          stride;
  const Babl   *via;
  const Babl   *fish;   /* format to via when writing, via to format else */
  PixelLimits   limits;
} PixelMove;

gboolean
pixel_limits_bound (const PixelLimits *limits)
{
  return limits->colour < DBL_MAX || limits->alpha < DBL_MAX;
}

static gdouble
within (gdouble value,
        gdouble limit)
{
  return isfinite (value) && fabs (value) > limit ? copysign (limit, value)
                                                  : value;
}

void
pixel_limits_apply (const Babl        *format,
                    const PixelLimits *limits,
                    gpointer           values,
                    gsize              count)
{
  gint     n       = babl_format_get_n_components (format);
  gint     colours = babl_format_has_alpha (format) ? n - 1 : n;
  gboolean doubles = babl_format_get_type (format, 0) == babl_type ("double");
  gdouble *double_values = values;
  gfloat  *float_values  = values;

  for (gsize i = 0; i < count * n; i += n)
    for (gint c = 0; c < n; c++)
      {
        gdouble limit = c < colours ? limits->colour : limits->alpha;

        if (doubles)
          double_values[i + c] = within (double_values[i + c], limit);
        else
          float_values[i + c] = (gfloat) within (float_values[i + c], limit);
      }
}

static void
move_rows_directly (const PixelMove *move,
                    gsize            first,
                    gsize            end)
{
  const GeglRectangle rows   = { move->area.x, move->area.y + (gint) first,
                                 move->area.width, (gint) (end - first) };
  gsize               offset = first * move->stride;

  if (move->write_from)
    gegl_buffer_set (move->buffer, &rows, 0, move->format,
                     move->write_from + offset, move->stride);
  else
    gegl_buffer_get (move->buffer, &rows, 1.0, move->format,
                     move->read_into + offset, move->stride,
                     GEGL_ABYSS_NONE);
}

static void
move_rows_via (const PixelMove *move,
               gsize            first,
               gsize            end)
{
  gsize   via_stride = move->area.width *
                       babl_format_get_bytes_per_pixel (move->via);
  guchar *values     = g_malloc (BUFFER_PIXELS_CHUNK_ROWS * via_stride);

  for (gsize top = first; top < end; top += BUFFER_PIXELS_CHUNK_ROWS)
    {
      gsize               height = MIN (BUFFER_PIXELS_CHUNK_ROWS, end - top);
      const GeglRectangle rows   = { move->area.x, move->area.y + (gint) top,
                                     move->area.width, (gint) height };
      gsize               offset = top * move->stride;
      gsize               count  = height * move->area.width;

      if (move->write_from)
        {
          babl_process (move->fish, move->write_from + offset, values, count);
          pixel_limits_apply (move->via, &move->limits, values, count);
          gegl_buffer_set (move->buffer, &rows, 0, move->via, values,
                           via_stride);
        }
      else
        {
          gegl_buffer_get (move->buffer, &rows, 1.0, move->via, values,
                           via_stride, GEGL_ABYSS_NONE);
          pixel_limits_apply (move->via, &move->limits, values, count);
          babl_process (move->fish, values, move->read_into + offset, count);
        }
    }

  g_free (values);
}

static void
move_rows (const void *move_pointer,
           gsize       first,
           gsize       end)
{
  const PixelMove *move = move_pointer;

  if (move->via)
    move_rows_via (move, first, end);
  else
    move_rows_directly (move, first, end);
}

/* `via` NULL, or where it holds the values brought within `limits` on
 * their way. */
static void
move_pixels (GeglBuffer          *buffer,
             const GeglRectangle *area,
             const Babl          *format,
             gpointer             read_into,
             gconstpointer        write_from,
             const Babl          *via,
             const PixelLimits   *limits)
{
  const PixelMove move = {
    buffer, *area, format, read_into, write_from,
    area->width * babl_format_get_bytes_per_pixel (format), via,
    ! via ? NULL : write_from ? babl_fish (format, via)
                              : babl_fish (via, format),
    *limits
  };

  row_split_gegl (area->height, move_rows, &move);
}

/* How far values stored in `stored` may reach before babl converts them
 * to `format`: double to float saturates at ±FLT_MAX; float and double
 * colour converted to another model within ±CONVERTIBLE. */
PixelLimits
pixel_limits_for_reading (const Babl *stored,
                          const Babl *format)
{
  const Babl *type       = babl_format_get_type (stored, 0);
  gboolean    same_model = babl_format_get_model (stored) ==
                           babl_format_get_model (format);

  if (type == babl_type ("double"))
    return (PixelLimits) { same_model ? FLT_MAX : CONVERTIBLE, FLT_MAX };
  if (type == babl_type ("float") && ! same_model)
    return (PixelLimits) { CONVERTIBLE, DBL_MAX };
  return pixel_limits_none;
}

/* `format`'s model in float, in its space. */
static const Babl *
in_float (const Babl *format)
{
  gchar      *name = g_strdup_printf ("%s float",
                                      babl_get_name (babl_format_get_model (format)));
  const Babl *chosen = babl_format_with_space (name, format);

  g_free (name);
  return chosen;
}

/* The buffer's model in float, where values go within the half float's
 * range before they become half floats; NULL for any other buffer. */
static const Babl *
half_float_via (GeglBuffer *buffer)
{
  const Babl *target = gegl_buffer_get_format (buffer);

  return babl_format_get_type (target, 0) == babl_type ("half")
         ? in_float (target) : NULL;
}

void
buffer_pixels_read (GeglBuffer          *buffer,
                    const GeglRectangle *area,
                    const Babl          *format,
                    gpointer             memory,
                    const PixelLimits   *limits)
{
  move_pixels (buffer, area, format, memory, NULL,
               pixel_limits_bound (limits) ? gegl_buffer_get_format (buffer)
                                           : NULL,
               limits);
}

gpointer
buffer_pixels_read_new (GeglBuffer           *buffer,
                        const GeglRectangle  *area,
                        const Babl           *format,
                        GError              **error)
{
  const Babl *stored = gegl_buffer_get_format (buffer);
  PixelLimits limits = pixel_limits_for_reading (stored, format);
  gsize       bytes  = babl_format_get_bytes_per_pixel (format);
  gpointer    memory = g_try_malloc_n ((gsize) area->width * area->height,
                                       bytes);

  if (! memory)
    render_error_memory (error);
  else
    buffer_pixels_read (buffer, area, format, memory, &limits);
  return memory;
}

void
buffer_pixels_write (GeglBuffer          *buffer,
                     const GeglRectangle *area,
                     const Babl          *format,
                     gconstpointer        memory)
{
  const PixelLimits half = { HALF_MAX, HALF_MAX };

  move_pixels (buffer, area, format, NULL, memory, half_float_via (buffer),
               &half);
}

/* `area` of `target`, whose pixels are put back where `source`'s colour
 * is not finite, a band of rows at a time in `format`; `source`'s
 * values read as they are stored, brought within `limits` (double beyond
 * float's range saturates, as when they were read to be filtered) and
 * converted through `fish`. */
typedef struct
{
  GeglBuffer   *source, *target;
  GeglRectangle area;
  const Babl   *stored;
  const Babl   *format;
  const Babl   *fish;
  PixelLimits   limits;
  PixelLayout   layout;
} UnseenKeeping;

static void
keep_unseen_rows (const void *keeping_pointer,
                  gsize       first,
                  gsize       end)
{
  const UnseenKeeping *keeping = keeping_pointer;
  gsize                stored_stride = keeping->area.width *
                                       babl_format_get_bytes_per_pixel (keeping->stored);
  gsize                stride  = keeping->area.width *
                                 babl_format_get_bytes_per_pixel (keeping->format);
  guchar              *stored  = g_malloc (BUFFER_PIXELS_CHUNK_ROWS * stored_stride);
  gfloat              *read    = g_malloc (BUFFER_PIXELS_CHUNK_ROWS * stride);
  gfloat              *written = g_malloc (BUFFER_PIXELS_CHUNK_ROWS * stride);

  for (gsize top = first; top < end; top += BUFFER_PIXELS_CHUNK_ROWS)
    {
      gsize               height = MIN (BUFFER_PIXELS_CHUNK_ROWS, end - top);
      const GeglRectangle rows   = { keeping->area.x,
                                     keeping->area.y + (gint) top,
                                     keeping->area.width, (gint) height };
      gsize               count  = height * keeping->area.width;

      gegl_buffer_get (keeping->source, &rows, 1.0, keeping->stored, stored,
                       stored_stride, GEGL_ABYSS_NONE);
      if (pixel_limits_bound (&keeping->limits))
        pixel_limits_apply (keeping->stored, &keeping->limits, stored,
                            count);
      babl_process (keeping->fish, stored, read, count);
      if (pixel_planes_keep_unseen (&keeping->layout, read, NULL, count) == 0)
        continue;

      gegl_buffer_get (keeping->target, &rows, 1.0, keeping->format, written,
                       stride, GEGL_ABYSS_NONE);
      pixel_planes_keep_unseen (&keeping->layout, read, written, count);
      gegl_buffer_set (keeping->target, &rows, 0, keeping->format, written,
                       stride);
    }

  g_free (written);
  g_free (read);
  g_free (stored);
}

gboolean
buffer_pixels_spreads_unseen (const Babl *stored,
                              const Babl *filtered)
{
  const Babl *type = babl_format_get_type (stored, 0);

  return (type == babl_type ("half") || type == babl_type ("float") ||
          type == babl_type ("double")) &&
         (! filtered ||
          babl_format_get_model (filtered) != babl_format_get_model (stored));
}

void
buffer_pixels_keep_unseen (GeglBuffer          *source,
                           GeglBuffer          *target,
                           const GeglRectangle *area,
                           const Babl          *filtered)
{
  const Babl   *stored = gegl_buffer_get_format (target);
  UnseenKeeping keeping;
  gint          components;

  if (! buffer_pixels_spreads_unseen (stored, filtered))
    return;

  keeping.source = source;
  keeping.target = target;
  keeping.area   = *area;
  keeping.stored = gegl_buffer_get_format (source);
  keeping.format = in_float (stored);
  keeping.fish   = babl_fish (keeping.stored, keeping.format);
  keeping.limits = pixel_limits_for_reading (keeping.stored, keeping.format);
  components     = babl_format_get_n_components (keeping.format);
  keeping.layout = (PixelLayout) {
    .components    = components,
    .colour_planes = components - (babl_format_has_alpha (stored) ? 1 : 0),
    .has_alpha     = babl_format_has_alpha (stored),
  };

  row_split_gegl (area->height, keep_unseen_rows, &keeping);
}
