/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "coarse-preview.h"

#include "coarse-copy.h"
#include "filtered-image.h"
#include "render-error.h"
#include "render-format.h"
#include "render-memory.h"

/* The copy stays under a megapixel: fast on any CPU. */
#define COARSE_MAX_AREA 1000000

struct _CoarsePreview
{
  CoarseScale     scale;
  gsize           width, height; /* the image's */
  gfloat         *pixels;        /* the copy, or NULL until made */
  PixelLayout     layout;        /* of `pixels` */
  FilteredImage  *image;         /* its loaded spectrum, or NULL */
  RenderGeometry  loaded;        /* of `image` */
  gfloat         *window;        /* the last window of the copy */
  gsize           window_floats;
};

CoarsePreview *
coarse_preview_new (gsize width,
                    gsize height)
{
  CoarsePreview *coarse = g_new0 (CoarsePreview, 1);

  coarse->scale  = coarse_scale_for (width, height, COARSE_MAX_AREA);
  coarse->width  = width;
  coarse->height = height;
  return coarse;
}

void
coarse_preview_free (CoarsePreview *coarse)
{
  coarse_preview_forget (coarse);
  g_free (coarse->window);
  g_free (coarse);
}

gboolean
coarse_preview_shrinks (const CoarsePreview *coarse)
{
  return coarse->scale.factor > 1;
}

void
coarse_preview_unload (CoarsePreview *coarse)
{
  g_clear_pointer (&coarse->image, filtered_image_destroy);
}

void
coarse_preview_forget (CoarsePreview *coarse)
{
  coarse_preview_unload (coarse);
  g_clear_pointer (&coarse->pixels, g_free);
}

gboolean
coarse_preview_copy (CoarsePreview      *coarse,
                     const gfloat       *pixels,
                     const PixelLayout  *layout,
                     GError            **error)
{
  if (coarse->pixels)
    return TRUE;

  coarse->layout = *layout;
  coarse->pixels = g_try_malloc_n (coarse->scale.width * coarse->scale.height *
                                   layout->components, sizeof (gfloat));
  if (! coarse->pixels)
    return render_error_memory (error);

  coarse_copy_pixels (&coarse->scale, pixels, coarse->width, coarse->height,
                      layout->components, coarse->pixels);
  return TRUE;
}

/* The copy's spectrum for `gain` (the copy's own), loaded unless it is
 * already. */
static gboolean
load (CoarsePreview      *coarse,
      fftcl_context      *context,
      const fftcl_gain   *gain,
      PaddingKind         padding,
      GError            **error)
{
  RenderGeometry      asked = render_geometry_for (coarse->scale.width,
                                                   coarse->scale.height,
                                                   gain, padding, context);
  FilteredImageSource source;
  fftcl_error         fft_error;

  if (coarse->image && render_geometry_equal (&asked, &coarse->loaded))
    return TRUE;

  coarse_preview_unload (coarse);
  source = render_geometry_source (&asked, coarse->pixels, &coarse->layout);
  if (filtered_image_load (context, &source, 0, &coarse->image, NULL,
                           &fft_error) != FFTCL_OK)
    return render_error_fft (error, &fft_error);

  coarse->loaded = asked;
  return TRUE;
}

gboolean
coarse_preview_render (CoarsePreview          *coarse,
                       fftcl_context          *context,
                       const BandpassSettings *settings,
                       const fftcl_window     *window,
                       gfloat                 *out,
                       GError                **error)
{
  gsize         components = coarse->layout.components;
  gdouble      *notches    = g_new (gdouble,
                                    3 * settings->gain.notch_count + 1);
  guint        *planes     = g_new (guint, settings->gain.notch_count + 1);
  fftcl_gain    gain       = coarse_gain (&coarse->scale, &settings->gain,
                                          notches, planes);
  fftcl_window  small      = coarse_window (&coarse->scale, window);
  fftcl_error   fft_error;
  gboolean      rendered;

  rendered = load (coarse, context, &gain, settings->padding, error) &&
             render_memory_grow (&coarse->window, &coarse->window_floats,
                                 small.width * small.height * components,
                                 error) &&
             (filtered_image_render (coarse->image, &gain, &small,
                                     coarse->window, 0, NULL,
                                     &fft_error) == FFTCL_OK ||
              render_error_fft (error, &fft_error));
  g_free (notches);
  g_free (planes);

  if (rendered)
    coarse_expand (&coarse->scale, &small, coarse->window, window,
                   components, out);
  return rendered;
}
