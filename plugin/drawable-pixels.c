#include "drawable-pixels.h"

#include <float.h>
#include <math.h>

#include "render-error.h"
#include "row-split-gegl.h"

/* Where a float or double drawable's colour is converted to another
 * model or transfer curve (linear light, CIE Lab), it is first brought
 * within ±CONVERTIBLE: babl's conversions of larger values overflow float
 * (R'G'B' to CIE Lab from about 1e12). */
#define CONVERTIBLE 1e6
/* The largest finite half float. */
#define HALF_MAX    65504.0
/* Rows that go through a bounded buffer at a time where values are
 * brought within range on their way. */
#define CHUNK_ROWS  64

/* How far the values of a format may reach before a conversion:
 * colour and alpha each within ± their limit (DBL_MAX: as they are);
 * NaN and ±inf are left as they are. */
typedef struct
{
  gdouble colour, alpha;
} Limits;

static const Limits unlimited = { DBL_MAX, DBL_MAX };

/* The whole of `buffer` read into `read_into`, or written from
 * `write_from` when that is not NULL; where `via` is not NULL, through
 * it, its values brought within `limits`. */
typedef struct
{
  GeglBuffer   *buffer;
  const Babl   *format;
  guchar       *read_into;
  const guchar *write_from;
  gint          width;
  gint          stride;
  const Babl   *via;
  const Babl   *fish;   /* format to via when writing, via to format else */
  Limits        limits;
} PixelMove;

static gboolean
is_limited (const Limits *limits)
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

/* Brings `count` pixels of `format` (float or double) within `limits`. */
static void
bring_within (const Babl   *format,
              const Limits *limits,
              gpointer      values,
              gsize         count)
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
  const GeglRectangle rows   = { 0, (gint) first, move->width,
                                 (gint) (end - first) };
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
  gsize   via_stride = move->width * babl_format_get_bytes_per_pixel (move->via);
  guchar *values     = g_malloc (CHUNK_ROWS * via_stride);

  for (gsize top = first; top < end; top += CHUNK_ROWS)
    {
      gsize               height = MIN (CHUNK_ROWS, end - top);
      const GeglRectangle rows   = { 0, (gint) top, move->width,
                                     (gint) height };
      gsize               offset = top * move->stride;
      gsize               count  = height * move->width;

      if (move->write_from)
        {
          babl_process (move->fish, move->write_from + offset, values, count);
          bring_within (move->via, &move->limits, values, count);
          gegl_buffer_set (move->buffer, &rows, 0, move->via, values,
                           via_stride);
        }
      else
        {
          gegl_buffer_get (move->buffer, &rows, 1.0, move->via, values,
                           via_stride, GEGL_ABYSS_NONE);
          bring_within (move->via, &move->limits, values, count);
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
move_pixels (GeglBuffer    *buffer,
             const Babl    *format,
             gpointer       read_into,
             gconstpointer  write_from,
             const Babl    *via,
             const Limits  *limits)
{
  const GeglRectangle *extent = gegl_buffer_get_extent (buffer);
  const PixelMove      move   = {
    buffer, format, read_into, write_from, extent->width,
    extent->width * babl_format_get_bytes_per_pixel (format), via,
    ! via ? NULL : write_from ? babl_fish (format, via)
                              : babl_fish (via, format),
    *limits
  };

  row_split_gegl (extent->height, move_rows, &move);
}

/* How far values stored in `stored` may reach before babl converts them
 * to `format`: double to float saturates at ±FLT_MAX; float and double
 * colour converted to another model within ±CONVERTIBLE. */
static Limits
read_limits (const Babl *stored,
             const Babl *format)
{
  const Babl *type       = babl_format_get_type (stored, 0);
  gboolean    same_model = babl_format_get_model (stored) ==
                           babl_format_get_model (format);

  if (type == babl_type ("double"))
    return (Limits) { same_model ? FLT_MAX : CONVERTIBLE, FLT_MAX };
  if (type == babl_type ("float") && ! same_model)
    return (Limits) { CONVERTIBLE, DBL_MAX };
  return unlimited;
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

/* The drawable read into `memory` in `format`, its stored values brought
 * within `limits` on the way. */
static void
read_drawable (const DrawablePixels *pixels,
               const Babl           *format,
               const Limits         *limits,
               gpointer              memory)
{
  GeglBuffer *buffer = gimp_drawable_get_buffer (pixels->drawable);

  move_pixels (buffer, format, memory, NULL,
               is_limited (limits) ? pixels->stored_format : NULL, limits);
  g_object_unref (buffer);
}

/* The pixels read ahead, converted into `memory` in `format`: where
 * `limits` bound them, a chunk at a time, each brought within them
 * first. */
static void
convert_stored (const DrawablePixels *pixels,
                const Babl           *format,
                const Limits         *limits,
                guchar               *memory)
{
  const Babl *fish      = babl_fish (pixels->stored_format, format);
  gsize       in_bytes  = babl_format_get_bytes_per_pixel (pixels->stored_format);
  gsize       out_bytes = babl_format_get_bytes_per_pixel (format);
  gsize       total     = pixels->width * pixels->height;
  gsize       chunk     = is_limited (limits) ? CHUNK_ROWS * pixels->width
                                              : total;
  guchar     *values    = is_limited (limits) ? g_malloc (chunk * in_bytes)
                                              : NULL;

  for (gsize first = 0; first < total; first += chunk)
    {
      gsize         count = MIN (chunk, total - first);
      const guchar *in    = pixels->stored + first * in_bytes;

      if (values)
        {
          memcpy (values, in, count * in_bytes);
          bring_within (pixels->stored_format, limits, values, count);
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
    read_drawable (pixels, pixels->stored_format, &unlimited, pixels->stored);
  return pixels->stored != NULL;
}

gpointer
drawable_pixels_get (const DrawablePixels  *pixels,
                     const Babl            *format,
                     GError               **error)
{
  Limits   limits = read_limits (pixels->stored_format, format);
  gpointer memory = allocate (pixels, format, error);

  if (memory && pixels->stored)
    convert_stored (pixels, format, &limits, memory);
  else if (memory)
    read_drawable (pixels, format, &limits, memory);
  return memory;
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
drawable_pixels_write (GeglBuffer    *buffer,
                       const Babl    *format,
                       gconstpointer  pixels)
{
  const Limits half = { HALF_MAX, HALF_MAX };

  move_pixels (buffer, format, NULL, pixels, half_float_via (buffer), &half);
}
