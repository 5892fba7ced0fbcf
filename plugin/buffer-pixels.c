/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "buffer-pixels.h"

#include <float.h>
#include <math.h>

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

/* The buffer's model in float, where values go within the half float's
 * range before they become half floats; NULL for any other buffer. */
static const Babl *
half_float_via (GeglBuffer *buffer)
{
  const Babl *target = gegl_buffer_get_format (buffer);
  gchar      *name;
  const Babl *via;

  if (babl_format_get_type (target, 0) != babl_type ("half"))
    return NULL;

  name = g_strdup_printf ("%s float",
                          babl_get_name (babl_format_get_model (target)));
  via  = babl_format_with_space (name, target);
  g_free (name);
  return via;
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
