#include "bandpass-render.h"

#include <glib/gi18n-lib.h>

#include "coarse-copy.h"
#include "filtered-image.h"
#include "parallel.h"
#include "render-format.h"
#include "render-memory.h"
#include "spectrum-source.h"
#include "step-timings.h"

/* The coarse copy stays under a megapixel: fast on any CPU. */
#define COARSE_MAX_AREA 1000000

/* The downscaled copy that coarse windows are rendered from. */
typedef struct
{
  CoarseScale    scale;
  gfloat        *pixels;   /* NULL until needed after a change of format */
  FilteredImage *image;    /* its loaded spectrum */
  PlaneGeometry  geometry; /* of `image` */
  PaddingKind    padding;  /* of `image` */
  gboolean       mirrored; /* of `image` */
  gfloat        *window;   /* the last coarse window's pixels */
  gsize          window_floats;
} CoarseCopy;

struct _BandpassRenderer
{
  BandpassDevice *device;
  GimpDrawable   *drawable;
  gchar          *drawable_name;
  const Babl     *stored_format;  /* the drawable's */
  gboolean        gray;
  gboolean        has_alpha;
  gsize           width, height;
  guchar         *source;         /* the drawable as stored, once read */

  RenderFormat    format;         /* of `pixels`; format.format is NULL
                                     until they are read */
  gfloat         *pixels;         /* the whole drawable, interleaved */
  FilteredImage  *image;          /* the loaded spectrum, or NULL */
  PlaneGeometry   asked;          /* the geometry `image` was loaded for */
  PlaneGeometry   geometry;       /* of `image`: `asked`, or less where
                                     memory is short */
  PaddingKind     padding;        /* of `image` */
  gboolean        mirrored;       /* of `image`: filtered as a DCT */
  gchar          *warning;        /* of `image`'s missing margin */
  gfloat         *window;         /* the last window's pixels */
  gsize           window_floats;
  gfloat         *spectrum;       /* the view of `pixels`, or NULL */
  gsize           spectrum_width, spectrum_height;
  CoarseCopy      coarse;

  gboolean        timed;
  StepTimings     timings;
};

BandpassRenderer *
bandpass_renderer_new (GimpDrawable   *drawable,
                       BandpassDevice *device)
{
  BandpassRenderer *renderer = g_new0 (BandpassRenderer, 1);

  renderer->device        = device ? bandpass_device_ref (device) : NULL;
  renderer->drawable      = g_object_ref (drawable);
  renderer->drawable_name = gimp_item_get_name (GIMP_ITEM (drawable));
  renderer->stored_format = gimp_drawable_get_format (drawable);
  renderer->gray          = gimp_drawable_is_gray (drawable) != FALSE;
  renderer->has_alpha     = gimp_drawable_has_alpha (drawable) != FALSE;
  renderer->width         = gimp_drawable_get_width (drawable);
  renderer->height        = gimp_drawable_get_height (drawable);
  renderer->timed         = step_timings_wanted ();
  renderer->coarse.scale  = coarse_scale_for (renderer->width,
                                              renderer->height,
                                              COARSE_MAX_AREA);

  return renderer;
}

static void
drop_coarse (CoarseCopy *coarse)
{
  g_clear_pointer (&coarse->image, filtered_image_destroy);
  g_clear_pointer (&coarse->pixels, g_free);
}

static void
drop_spectrum (BandpassRenderer *renderer)
{
  g_clear_pointer (&renderer->image, filtered_image_destroy);
  g_clear_pointer (&renderer->warning, g_free);
  g_clear_pointer (&renderer->coarse.image, filtered_image_destroy);
}

void
bandpass_renderer_free (BandpassRenderer *renderer)
{
  drop_spectrum (renderer);
  drop_coarse (&renderer->coarse);
  g_free (renderer->coarse.window);
  g_free (renderer->window);
  g_free (renderer->spectrum);
  g_free (renderer->pixels);
  g_free (renderer->source);
  g_free (renderer->drawable_name);
  g_object_unref (renderer->drawable);
  g_clear_pointer (&renderer->device, bandpass_device_unref);
  g_free (renderer);
}

static gboolean
out_of_memory (GError **error)
{
  g_set_error_literal (error, GIMP_PLUG_IN_ERROR, 0,
                       _("There is not enough memory to filter this "
                         "drawable."));
  return FALSE;
}

static gsize
area (const BandpassRenderer *renderer)
{
  return renderer->width * renderer->height;
}

/* The whole drawable moved between `buffer` and `pixels`: read into
 * them, or written from them. */
typedef struct
{
  GeglBuffer *buffer;
  const Babl *format;
  guchar     *pixels;
  gint        width;
  gint        stride;
  gboolean    write;
} PixelMove;

static void
move_rows (const void *move_pointer,
           gsize       first,
           gsize       end)
{
  const PixelMove     *move = move_pointer;
  const GeglRectangle  rows = { 0, (gint) first, move->width,
                                (gint) (end - first) };
  guchar              *at   = move->pixels + first * move->stride;

  if (move->write)
    gegl_buffer_set (move->buffer, &rows, 0, move->format, at, move->stride);
  else
    gegl_buffer_get (move->buffer, &rows, 1.0, move->format, at,
                     move->stride, GEGL_ABYSS_NONE);
}

/* Moves the whole drawable between `buffer` and `pixels` of `format`.
 * The conversion dominates for a large drawable, and bands of rows
 * convert in parallel, one per processor. */
static void
move_pixels (BandpassRenderer *renderer,
             GeglBuffer       *buffer,
             const Babl       *format,
             gpointer          pixels,
             gboolean          write)
{
  const PixelMove move = { buffer, format, pixels, renderer->width,
                           renderer->width *
                           babl_format_get_bytes_per_pixel (format),
                           write };

  fftcl_in_parallel (g_get_num_processors (), renderer->height, move_rows,
                     &move);
}

static void
read_drawable (BandpassRenderer *renderer,
               const Babl       *format,
               gpointer          pixels)
{
  GeglBuffer *buffer = gimp_drawable_get_buffer (renderer->drawable);

  move_pixels (renderer, buffer, format, pixels, FALSE);
  g_object_unref (buffer);
}

gboolean
bandpass_renderer_read_source (BandpassRenderer  *renderer,
                               GError           **error)
{
  renderer->source = g_try_malloc_n (area (renderer),
                                     babl_format_get_bytes_per_pixel (renderer->stored_format));
  if (! renderer->source)
    return out_of_memory (error);

  read_drawable (renderer, renderer->stored_format, renderer->source);
  return TRUE;
}

void
bandpass_renderer_set_device (BandpassRenderer *renderer,
                              BandpassDevice   *device)
{
  drop_spectrum (renderer);
  g_clear_pointer (&renderer->device, bandpass_device_unref);
  renderer->device = bandpass_device_ref (device);
}

BandpassDevice *
bandpass_renderer_get_device (BandpassRenderer *renderer)
{
  return renderer->device;
}

const gchar *
bandpass_renderer_warning (BandpassRenderer *renderer)
{
  return renderer->warning;
}

const Babl *
bandpass_renderer_display_format (BandpassRenderer *renderer)
{
  return render_format_display (renderer->stored_format, renderer->gray,
                                renderer->has_alpha);
}

/* The source read ahead converts exactly as reading the drawable in
 * `format` would: through the same babl fish. */
static gboolean
read_pixels (BandpassRenderer  *renderer,
             GError           **error)
{
  gdouble     start_ms = step_timings_now_ms ();
  const Babl *format   = renderer->format.format;

  renderer->pixels = g_try_malloc_n (area (renderer),
                                     babl_format_get_bytes_per_pixel (format));
  if (! renderer->pixels)
    return out_of_memory (error);

  if (renderer->source)
    babl_process (babl_fish (renderer->stored_format, format),
                  renderer->source, renderer->pixels, area (renderer));
  else
    read_drawable (renderer, format, renderer->pixels);

  renderer->timings.read_ms = step_timings_now_ms () - start_ms;
  return TRUE;
}

/* A change of channels or linear light changes what is filtered. */
static void
choose_format (BandpassRenderer       *renderer,
               const BandpassSettings *settings)
{
  RenderFormat chosen = render_format_for (renderer->stored_format,
                                           renderer->gray,
                                           renderer->has_alpha, settings);

  if (chosen.format == renderer->format.format)
    return;

  drop_spectrum (renderer);
  drop_coarse (&renderer->coarse);
  g_clear_pointer (&renderer->pixels, g_free);
  g_clear_pointer (&renderer->spectrum, g_free);
  renderer->format = chosen;
}

/* The planes' geometry for `gain`, and whether they go through a
 * mirrored plan (filtered_image_mirrors), whose planes keep their own
 * size. */
static PlaneGeometry
plan_geometry (BandpassRenderer *renderer,
               gsize             width,
               gsize             height,
               const fftcl_gain *gain,
               PaddingKind       padding,
               gboolean         *mirrored)
{
  PlaneGeometry  geometry = filtered_image_geometry (width, height, gain);
  fftcl_context *context  = bandpass_device_context (renderer->device);

  *mirrored = filtered_image_mirrors (&geometry, padding, gain,
                                      fftcl_context_is_cpu (context));
  if (*mirrored)
    {
      geometry.padded_width  = width;
      geometry.padded_height = height;
    }

  return geometry;
}

static gboolean
same_geometry (const PlaneGeometry *a,
               const PlaneGeometry *b)
{
  return a->padded_width == b->padded_width &&
         a->padded_height == b->padded_height;
}

static gboolean
fft_failed (GError            **error,
            const fftcl_error  *fft_error)
{
  g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
               _("Band-pass filtering failed: %s"), fft_error->message);
  return FALSE;
}

static gboolean
load (BandpassRenderer        *renderer,
      const PlaneGeometry     *geometry,
      PaddingKind              padding,
      gboolean                 mirrored,
      GError                 **error)
{
  FilteredImageSource  source  = { renderer->pixels, renderer->format.layout,
                                   *geometry, padding, mirrored };
  FilteredImageTimings timings = { 0 };
  fftcl_error          fft_error;

  if (filtered_image_load (bandpass_device_context (renderer->device),
                           &source, &renderer->image,
                           renderer->timed ? &timings : NULL,
                           &fft_error) != FFTCL_OK)
    return fft_failed (error, &fft_error);

  renderer->geometry       = *geometry;
  renderer->padding        = padding;
  renderer->mirrored       = mirrored;
  renderer->timings.pad_ms = timings.pad_ms;
  renderer->timings.fft    = timings.fft;
  return TRUE;
}

static void
report (BandpassProgressFunc progress,
        gpointer             progress_data,
        gdouble              fraction)
{
  if (progress)
    progress (fraction, progress_data);
}

/* Memory is checked before anything is read or changed. */
static gboolean
prepare (BandpassRenderer        *renderer,
         const BandpassSettings  *settings,
         gboolean                *reloaded,
         BandpassProgressFunc     progress,
         gpointer                 progress_data,
         GError                 **error)
{
  gboolean       mirrored;
  PlaneGeometry  asked    = plan_geometry (renderer, renderer->width,
                                           renderer->height, &settings->gain,
                                           settings->padding, &mirrored);
  PlaneGeometry  geometry = asked;
  const Babl    *format;
  gchar         *warning  = NULL;

  choose_format (renderer, settings);
  format = renderer->format.format;

  if (renderer->image && same_geometry (&asked, &renderer->asked) &&
      settings->padding == renderer->padding &&
      mirrored == renderer->mirrored)
    return TRUE;

  drop_spectrum (renderer);
  if (! render_memory_fit (&geometry,
                           renderer->pixels ? 0 : (guint64) area (renderer) *
                           babl_format_get_bytes_per_pixel (format),
                           renderer->format.layout.colour_planes,
                           renderer->drawable_name, &warning, error) ||
      (! renderer->pixels && ! read_pixels (renderer, error)))
    {
      g_free (warning);
      return FALSE;
    }
  report (progress, progress_data, 0.15);

  renderer->warning = warning;
  renderer->asked   = asked;
  if (! load (renderer, &geometry, settings->padding, mirrored, error))
    return FALSE;
  report (progress, progress_data, 0.5);

  if (reloaded)
    *reloaded = TRUE;
  return TRUE;
}

gboolean
bandpass_renderer_prepare (BandpassRenderer        *renderer,
                           const BandpassSettings  *settings,
                           gboolean                *reloaded,
                           GError                 **error)
{
  return prepare (renderer, settings, reloaded, NULL, NULL, error);
}

/* A window buffer grows to the largest window asked for. */
static gboolean
grow_window (gfloat  **buffer,
             gsize    *capacity,
             gsize     floats,
             GError  **error)
{
  gfloat *grown;

  if (floats <= *capacity)
    return TRUE;

  grown = g_try_realloc_n (*buffer, floats, sizeof (gfloat));
  if (! grown)
    return out_of_memory (error);

  *buffer   = grown;
  *capacity = floats;
  return TRUE;
}

static gboolean
prepare_coarse (BandpassRenderer  *renderer,
                const fftcl_gain  *gain,
                PaddingKind        padding,
                GError           **error)
{
  CoarseCopy          *coarse     = &renderer->coarse;
  gsize                components = renderer->format.layout.components;
  gboolean             mirrored;
  PlaneGeometry        geometry   = plan_geometry (renderer,
                                                   coarse->scale.width,
                                                   coarse->scale.height,
                                                   gain, padding, &mirrored);
  FilteredImageSource  source;
  fftcl_error          fft_error;

  if (coarse->image && same_geometry (&geometry, &coarse->geometry) &&
      padding == coarse->padding && mirrored == coarse->mirrored)
    return TRUE;

  g_clear_pointer (&coarse->image, filtered_image_destroy);
  if (! coarse->pixels)
    {
      coarse->pixels = g_try_malloc_n (coarse->scale.width *
                                       coarse->scale.height * components,
                                       sizeof (gfloat));
      if (! coarse->pixels)
        return out_of_memory (error);

      coarse_copy_pixels (&coarse->scale, renderer->pixels, renderer->width,
                          renderer->height, components, coarse->pixels);
    }

  source = (FilteredImageSource) { coarse->pixels, renderer->format.layout,
                                   geometry, padding, mirrored };
  if (filtered_image_load (bandpass_device_context (renderer->device),
                           &source, &coarse->image, NULL,
                           &fft_error) != FFTCL_OK)
    return fft_failed (error, &fft_error);

  coarse->geometry = geometry;
  coarse->padding  = padding;
  coarse->mirrored = mirrored;
  return TRUE;
}

/* Renders `window` from the coarse copy into renderer->window. */
static gboolean
render_coarse (BandpassRenderer        *renderer,
               const BandpassSettings  *settings,
               const fftcl_window      *window,
               GError                 **error)
{
  CoarseCopy   *coarse  = &renderer->coarse;
  gdouble      *notches = g_new (gdouble, 3 * settings->gain.notch_count + 1);
  fftcl_gain    gain;
  fftcl_window  small;
  fftcl_error   fft_error;
  gboolean      rendered;

  gain     = coarse_gain (&coarse->scale, &settings->gain, notches);
  small    = coarse_window (&coarse->scale, window);
  rendered = prepare_coarse (renderer, &gain, settings->padding, error) &&
             grow_window (&coarse->window, &coarse->window_floats,
                          small.width * small.height *
                          renderer->format.layout.components, error) &&
             (filtered_image_render (coarse->image, &gain, &small,
                                     coarse->window, NULL,
                                     &fft_error) == FFTCL_OK ||
              fft_failed (error, &fft_error));
  g_free (notches);

  if (rendered)
    coarse_expand (&coarse->scale, &small, coarse->window, window,
                   renderer->format.layout.components, renderer->window);
  return rendered;
}

gboolean
bandpass_renderer_render_window (BandpassRenderer        *renderer,
                                 const BandpassSettings  *settings,
                                 const fftcl_window      *window,
                                 gboolean                 coarse,
                                 guchar                  *pixels,
                                 GError                 **error)
{
  fftcl_error fft_error;
  gboolean    rendered;

  if (! prepare (renderer, settings, NULL, NULL, NULL, error) ||
      ! grow_window (&renderer->window, &renderer->window_floats,
                     window->width * window->height *
                     renderer->format.layout.components, error))
    return FALSE;

  if (coarse)
    rendered = render_coarse (renderer, settings, window, error);
  else
    rendered = filtered_image_render (renderer->image, &settings->gain,
                                      window, renderer->window, NULL,
                                      &fft_error) == FFTCL_OK ||
               fft_failed (error, &fft_error);

  if (rendered)
    babl_process (babl_fish (renderer->format.format,
                             bandpass_renderer_display_format (renderer)),
                  renderer->window, pixels, window->width * window->height);
  return rendered;
}

/* The view is of the centre of the image, at most this many pixels a
 * side: peaks stay where they are, in cycles per pixel, and a huge image
 * needs no huge plan. */
#define SPECTRUM_MAX_SIDE 4096

static gboolean
make_spectrum (BandpassRenderer  *renderer,
               gint               max_size,
               GError           **error)
{
  gsize       crop_width  = MIN (renderer->width, SPECTRUM_MAX_SIDE);
  gsize       crop_height = MIN (renderer->height, SPECTRUM_MAX_SIDE);
  gsize       left        = (renderer->width - crop_width) / 2;
  gsize       top         = (renderer->height - crop_height) / 2;
  fftcl_error fft_error;

  renderer->spectrum = spectrum_source_amplitude (
    bandpass_device_context (renderer->device),
    renderer->pixels + (top * renderer->width + left) *
                       renderer->format.layout.components,
    &renderer->format.layout, renderer->width, crop_width, crop_height,
    max_size, &renderer->spectrum_width, &renderer->spectrum_height,
    &fft_error);

  return renderer->spectrum != NULL || fft_failed (error, &fft_error);
}

gfloat *
bandpass_renderer_spectrum (BandpassRenderer  *renderer,
                            gint               max_size,
                            gint              *width,
                            gint              *height,
                            GError           **error)
{
  if (! renderer->spectrum && ! make_spectrum (renderer, max_size, error))
    return NULL;

  *width  = renderer->spectrum_width;
  *height = renderer->spectrum_height;
  return g_memdup2 (renderer->spectrum, renderer->spectrum_width *
                    renderer->spectrum_height * sizeof (gfloat));
}

static const gchar *
fallback_reason (BandpassRenderer *renderer)
{
  return renderer->image
         ? fftcl_plan_fallback_reason (filtered_image_plan (renderer->image))
         : NULL;
}

gboolean
bandpass_renderer_coarse_first (BandpassRenderer *renderer)
{
  gboolean on_cpu = fftcl_context_is_cpu (bandpass_device_context (renderer->device)) ||
                    fallback_reason (renderer) != NULL;

  return on_cpu && renderer->coarse.scale.factor > 1;
}

gchar *
bandpass_renderer_describe_device (BandpassRenderer *renderer)
{
  const gchar *device = fftcl_context_device_name (bandpass_device_context (renderer->device));
  const gchar *reason = fallback_reason (renderer);

  if (! reason)
    return g_strdup (device);

  return g_strdup_printf (_("CPU (FFTW), after %s failed: %s"),
                          device, reason);
}

static void
add_timings (fftcl_timings       *sum,
             const fftcl_timings *part)
{
  sum->upload_ms   += part->upload_ms;
  sum->forward_ms  += part->forward_ms;
  sum->mask_ms     += part->mask_ms;
  sum->inverse_ms  += part->inverse_ms;
  sum->download_ms += part->download_ms;
}

/* fftcl moves a plan whose GPU fails to the CPU and redoes the call, so
 * the result is right; the user is told, and the timings say where it
 * ran. */
static gchar *
note_device (BandpassRenderer *renderer)
{
  const gchar *device = fftcl_context_device_name (bandpass_device_context (renderer->device));
  const gchar *reason = fallback_reason (renderer);

  if (! reason)
    return g_strdup (device);

  g_message (_("Filtering on %s failed (%s); filtering on the CPU "
               "instead."),
             device, reason);
  return g_strdup_printf ("CPU (FFTW), after %s failed", device);
}

/* The whole drawable at step 1, filtered into the pixels themselves. */
static gboolean
render_whole (BandpassRenderer        *renderer,
              const BandpassSettings  *settings,
              GError                 **error)
{
  fftcl_window         whole   = { 0, 0, renderer->width, renderer->height,
                                   1 };
  FilteredImageTimings timings = { 0 };
  fftcl_error          fft_error;

  if (filtered_image_render_last (renderer->image, &settings->gain, &whole,
                                  renderer->pixels,
                                  renderer->timed ? &timings : NULL,
                                  &fft_error) != FFTCL_OK)
    return fft_failed (error, &fft_error);

  add_timings (&renderer->timings.fft, &timings.fft);
  renderer->timings.crop_write_ms = timings.scatter_ms;
  return TRUE;
}

static void
write_pixels (BandpassRenderer *renderer,
              GeglBuffer       *target)
{
  gdouble start_ms = step_timings_now_ms ();

  move_pixels (renderer, target, renderer->format.format, renderer->pixels,
               TRUE);

  renderer->timings.crop_write_ms += step_timings_now_ms () - start_ms;
}

/* A mirrored plan filters the grid of twice the image's size. */
static void
print_timings (BandpassRenderer *renderer,
               const gchar      *device_name)
{
  PlaneGeometry grid = renderer->geometry;
  gchar        *how  = g_strdup_printf ("%s%s", device_name,
                                        renderer->mirrored
                                        ? ", mirror padding as a DCT" : "");

  if (renderer->mirrored)
    {
      grid.padded_width  *= 2;
      grid.padded_height *= 2;
    }
  step_timings_print (&renderer->timings, renderer->drawable_name, how,
                      &grid);
  g_free (how);
}

gboolean
bandpass_renderer_write (BandpassRenderer        *renderer,
                         const BandpassSettings  *settings,
                         GeglBuffer              *target,
                         BandpassProgressFunc     progress,
                         gpointer                 progress_data,
                         GError                 **error)
{
  gchar *device_name;

  report (progress, progress_data, 0.0);
  if (! prepare (renderer, settings, NULL, progress, progress_data, error))
    return FALSE;

  if (renderer->warning)
    g_message ("%s", renderer->warning);

  if (! render_whole (renderer, settings, error))
    return FALSE;
  report (progress, progress_data, 0.85);

  /* The spectrum is used up: its memory goes before the drawable's tiles
   * come. */
  device_name = note_device (renderer);
  drop_spectrum (renderer);

  write_pixels (renderer, target);
  report (progress, progress_data, 1.0);

  if (renderer->timed)
    print_timings (renderer, device_name);
  g_free (device_name);

  return TRUE;
}
