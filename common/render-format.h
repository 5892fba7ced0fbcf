/* SPDX-License-Identifier: GPL-3.0-or-later */
/* render-format — the float format a drawable is filtered in, the 8-bit
 * one its preview is shown in, and the geometry its planes are filtered
 * at. */
#ifndef RENDER_FORMAT_H
#define RENDER_FORMAT_H

#include <gegl.h>

#include "filter-settings.h"
#include "filtered-image.h"
#include "pixel-planes.h"

typedef struct
{
  const Babl  *format; /* in the image's space */
  PixelLayout  layout;
} RenderFormat;

/* The whole scale of `format`'s colour components, which autoscale
 * stretches onto and the removed part is offset by half of: 100 for
 * CIE L* (0 … 100 in babl's CIE models), else 1. */
gfloat        render_format_full_scale (const Babl          *format);

/* `stored` is the drawable's format: linear light when asked for,
 * otherwise the values as the drawable stores them (linear light too in a
 * linear image); CIE Lab when only luminance is filtered. */
RenderFormat  render_format_for     (const Babl             *stored,
                                     gboolean                gray,
                                     gboolean                has_alpha,
                                     const BandpassSettings *settings);

/* `format`'s colours in linear light, in its space: RGB or grey
 * linear-light float, or CIE L* filtered as linear luminance; `format`
 * itself where it is so already. */
RenderFormat  render_format_in_light (const RenderFormat    *format);

/* Converts `count` pixels of `from` into `to` (of as many bytes per
 * pixel) where they lie, through a small block of their own. FALSE,
 * nothing changed, when memory runs out. */
gboolean      render_format_convert  (const Babl            *from,
                                      const Babl            *to,
                                      gpointer               pixels,
                                      gsize                  count);

/* Whether `format` filters linear light (render_format_in_light gives
 * it back). */
gboolean      render_format_is_light (const RenderFormat    *format);

/* The drawable's colours [and alpha] in float, in its own model and
 * space: values as stored, with their NaN and inf. */
const Babl   *render_format_as_stored (const Babl           *stored,
                                       gboolean              gray,
                                       gboolean              has_alpha);

/* Whether `encoding` (a format's name, its space left out) is one
 * render_format_as_stored gives for some drawable of `gray` and
 * `has_alpha`. */
gboolean      render_format_is_as_stored (const gchar        *encoding,
                                          gboolean            gray,
                                          gboolean            has_alpha);

/* The drawable's colours and alpha in 8 bits per channel, in its space:
 * what GIMP's drawable previews draw. */
const Babl   *render_format_display (const Babl             *stored,
                                     gboolean                gray,
                                     gboolean                has_alpha);

/* How a render's planes are filtered. */
typedef struct
{
  PlaneGeometry geometry;
  PaddingKind   padding;
  gboolean      mirrored; /* through a mirrored plan (filtered_image_mirrors),
                             whose planes keep the image's own size */
} RenderGeometry;

/* The geometry for a width × height image filtered with `gain` on
 * `context`. */
RenderGeometry      render_geometry_for    (gsize                 width,
                                            gsize                 height,
                                            const fftcl_gain     *gain,
                                            PaddingKind           padding,
                                            const fftcl_context  *context);

gboolean            render_geometry_equal  (const RenderGeometry *a,
                                            const RenderGeometry *b);

/* The core's view of `pixels`, laid out as `layout` and filtered as
 * `geometry` says, its row passes on GEGL's threads. */
FilteredImageSource render_geometry_source (const RenderGeometry *geometry,
                                            const gfloat         *pixels,
                                            const PixelLayout    *layout);

#endif
