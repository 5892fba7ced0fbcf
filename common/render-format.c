/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "render-format.h"

#include <string.h>

#include "row-split-gegl.h"

/* The transfer curve of the values that get filtered. */
typedef enum
{
  TRC_LINEAR,
  TRC_NONLINEAR,
  TRC_PERCEPTUAL
} Trc;

/* [gray][trc][alpha]. */
static const gchar *const channel_formats[2][3][2] =
{
  { [TRC_LINEAR]     = { "RGB float",    "RGBA float"    },
    [TRC_NONLINEAR]  = { "R'G'B' float", "R'G'B'A float" },
    [TRC_PERCEPTUAL] = { "R~G~B~ float", "R~G~B~A float" } },
  { [TRC_LINEAR]     = { "Y float",      "YA float"      },
    [TRC_NONLINEAR]  = { "Y' float",     "Y'A float"     },
    [TRC_PERCEPTUAL] = { "Y~ float",     "Y~A float"     } },
};

/* [alpha]. Linear luminance is computed from L* (see pixel-planes.c). */
static const gchar *const lab_formats[2] =
  { "CIE Lab float", "CIE Lab alpha float" };

/* [gray][alpha]. */
static const gchar *const display_formats[2][2] =
{
  { "R'G'B' u8", "R'G'B'A u8" },
  { "Y' u8",     "Y'A u8"     },
};

static Trc
filtered_trc (const Babl             *stored,
              const BandpassSettings *settings)
{
  BablModelFlag flags = babl_get_model_flags (babl_format_get_model (stored));

  if (settings->linear || (flags & BABL_MODEL_FLAG_LINEAR))
    return TRC_LINEAR;

  return (flags & BABL_MODEL_FLAG_PERCEPTUAL) ? TRC_PERCEPTUAL
                                              : TRC_NONLINEAR;
}

gfloat
render_format_full_scale (const Babl *format)
{
  const Babl *model = babl_format_get_model (format);

  return (babl_get_model_flags (model) & BABL_MODEL_FLAG_CIE) ? 100.0f
                                                              : 1.0f;
}

RenderFormat
render_format_for (const Babl             *stored,
                   gboolean                gray,
                   gboolean                has_alpha,
                   const BandpassSettings *settings)
{
  gint         gray_index  = gray != FALSE;
  gint         alpha_index = has_alpha != FALSE;
  gboolean     lab  = ! gray &&
                      settings->channels == BANDPASS_CHANNELS_LUMINANCE;
  Trc          trc  = filtered_trc (stored, settings);
  const gchar *name = lab ? lab_formats[alpha_index]
                          : channel_formats[gray_index][trc][alpha_index];
  RenderFormat chosen;

  chosen.format = babl_format_with_space (name, stored);

  chosen.layout.components             = babl_format_get_n_components (chosen.format);
  chosen.layout.has_alpha              = alpha_index;
  chosen.layout.colour_planes          = lab ? 1
                                             : chosen.layout.components -
                                               alpha_index;
  chosen.layout.lightness_as_luminance = lab && trc == TRC_LINEAR;

  return chosen;
}

RenderFormat
render_format_in_light (const RenderFormat *format)
{
  const PixelLayout *layout = &format->layout;
  gsize              colour = layout->components - (layout->has_alpha ? 1 : 0);
  RenderFormat       light  = *format;

  if (layout->colour_planes != colour)
    light.layout.lightness_as_luminance = TRUE;
  else if (! (babl_get_model_flags (babl_format_get_model (format->format)) &
              BABL_MODEL_FLAG_LINEAR))
    light.format = babl_format_with_space (channel_formats[colour == 1]
                                                          [TRC_LINEAR]
                                                          [layout->has_alpha != 0],
                                           format->format);
  return light;
}

/* Pixels converted at a time. */
#define CONVERT_CHUNK 4096

gboolean
render_format_convert (const Babl *from,
                       const Babl *to,
                       gpointer    pixels,
                       gsize       count)
{
  gsize        bpp   = babl_format_get_bytes_per_pixel (to);
  const Babl  *fish;
  guint8      *block;

  if (from == to || count == 0)
    return TRUE;
  block = g_try_malloc (CONVERT_CHUNK * bpp);
  if (! block)
    return FALSE;
  fish = babl_fish (from, to);
  for (gsize done = 0; done < count; done += CONVERT_CHUNK)
    {
      gsize   n     = MIN (CONVERT_CHUNK, count - done);
      guint8 *start = (guint8 *) pixels + done * bpp;

      babl_process (fish, start, block, n);
      memcpy (start, block, n * bpp);
    }
  g_free (block);
  return TRUE;
}

gboolean
render_format_is_light (const RenderFormat *format)
{
  RenderFormat light = render_format_in_light (format);

  return light.format == format->format &&
         light.layout.lightness_as_luminance ==
         format->layout.lightness_as_luminance;
}

const Babl *
render_format_as_stored (const Babl *stored,
                         gboolean    gray,
                         gboolean    has_alpha)
{
  const BandpassSettings as_stored = { .channels = BANDPASS_CHANNELS_RGB };

  return render_format_for (stored, gray, has_alpha, &as_stored).format;
}

gboolean
render_format_is_as_stored (const gchar *encoding,
                            gboolean     gray,
                            gboolean     has_alpha)
{
  for (Trc trc = TRC_LINEAR; trc <= TRC_PERCEPTUAL; trc++)
    if (g_strcmp0 (encoding,
                   channel_formats[gray != FALSE][trc][has_alpha != FALSE]) == 0)
      return TRUE;
  return FALSE;
}

const Babl *
render_format_display (const Babl *stored,
                       gboolean    gray,
                       gboolean    has_alpha)
{
  return babl_format_with_space (display_formats[gray != FALSE]
                                                [has_alpha != FALSE],
                                 stored);
}

RenderGeometry
render_geometry_for (gsize                width,
                     gsize                height,
                     const fftcl_gain    *gain,
                     PaddingKind          padding,
                     const fftcl_context *context)
{
  RenderGeometry chosen = { filtered_image_geometry (width, height, gain),
                            padding, FALSE };

  chosen.mirrored = filtered_image_mirrors (&chosen.geometry, padding, gain,
                                            fftcl_context_is_cpu (context));
  if (chosen.mirrored)
    {
      chosen.geometry.padded_width  = width;
      chosen.geometry.padded_height = height;
    }

  return chosen;
}

gboolean
render_geometry_equal (const RenderGeometry *a,
                       const RenderGeometry *b)
{
  return memcmp (&a->geometry, &b->geometry, sizeof a->geometry) == 0 &&
         a->padding == b->padding && a->mirrored == b->mirrored;
}

FilteredImageSource
render_geometry_source (const RenderGeometry *geometry,
                        const gfloat         *pixels,
                        const PixelLayout    *layout)
{
  return (FilteredImageSource) { pixels, *layout, geometry->geometry,
                                 geometry->padding, geometry->mirrored,
                                 row_split_gegl, { NULL, 0 } };
}
