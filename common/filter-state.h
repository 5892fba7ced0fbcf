/* SPDX-License-Identifier: GPL-3.0-or-later */
/* filter-state — an area's pixels as read in the format they are
 * filtered in, and the spectrum loaded from them (filtered-image.h),
 * kept between filters of the same pixels: the plug-in's renderer keeps
 * one for its preview, the GEGL operation one for its last input
 * (op-spectrum-cache.h). A change of the gain then redoes only the mask
 * and the inverse transform, unless it changes the padded size (the
 * gain's reach), the padding or the waves: those load again. Both
 * front-ends load and filter it through the same calls here and in
 * filter-buffer.h. No libgimp. */
#ifndef FILTER_STATE_H
#define FILTER_STATE_H

#include <gegl.h>

#include "filter-settings.h"
#include "filtered-image.h"
#include "render-format.h"

typedef struct
{
  RenderFormat    format;     /* of `pixels`; format.format is NULL until
                                 chosen */
  gsize           width, height;
  gfloat         *pixels;     /* the area as read, interleaved, or NULL */
  gboolean        unseen;     /* a pixel of `pixels` has a colour that is
                                 not finite, which the write keeps as
                                 read (filter_output_write) */
  gdouble         read_ms;    /* how long reading `pixels` took */
  FilteredImage  *image;      /* their spectrum, or NULL */
  RenderGeometry  asked;      /* what `image` was loaded for */
  RenderGeometry  filtered;   /* `asked`, or less where memory is short:
                                 the last filter's */
  gchar          *warning;    /* of `filtered`'s missing margin */
  gdouble        *waves;      /* the waves `image` subtracted */
  gsize           wave_count;
} FilterState;

/* Frees the spectrum and its warning. */
void     filter_state_drop_spectrum (FilterState            *state);

/* Frees everything but the format. */
void     filter_state_clear         (FilterState            *state);

/* Makes `format` the pixels' for a width × height area; where either
 * changes, what is kept goes. TRUE when it went. */
gboolean filter_state_choose        (FilterState            *state,
                                     const RenderFormat     *format,
                                     gsize                   width,
                                     gsize                   height);

/* Converts the pixels in place into `to` (of the same components, e.g.
 * render_format_in_light's twin in linear light, where a halftone's
 * screen averages), which becomes their format; their spectrum goes.
 * FALSE, the pixels as they were, when memory runs out. */
gboolean filter_state_convert       (FilterState            *state,
                                     const RenderFormat     *to);

/* Makes `state` hold a copy of `from`'s pixels converted into `to`
 * (filter_state_convert): a twin that filters them in other values.
 * Where it holds pixels in `to` already it keeps them and what was
 * loaded from them, so its owner clears it when `from`'s pixels change.
 * FALSE, `state` cleared, when memory runs out. */
gboolean filter_state_copy_converted (FilterState            *state,
                                      const FilterState      *from,
                                      const RenderFormat     *to);

/* Whether the spectrum serves `asked` and the settings' waves, which
 * change the planes before the transform. */
gboolean filter_state_serves        (const FilterState      *state,
                                     const RenderGeometry   *asked,
                                     const BandpassSettings *settings);

/* Takes `pixels`, read from `source` (whose format tells whether they
 * may hold colour that is not finite), as the state's, dropping what was
 * kept. */
void     filter_state_take_pixels   (FilterState            *state,
                                     gfloat                 *pixels,
                                     const Babl             *source);

/* Readies a filter at `asked`: drops the spectrum, checks memory before
 * anything is read (where it is short the planes lose their margin, and
 * state->warning says so; `name` names the source in messages), reads
 * the pixels where they are not yet and sets `planes` to the core's view
 * of them with the settings' waves. FALSE, with a message, when not even
 * the area without a margin fits or memory runs out. */
gboolean filter_state_make_room     (FilterState            *state,
                                     GeglBuffer             *source,
                                     const GeglRectangle    *area,
                                     const RenderGeometry   *asked,
                                     const BandpassSettings *settings,
                                     const gchar            *name,
                                     FilteredImageSource    *planes,
                                     GError                **error);

/* filter_state_make_room, then the forward transform on `context`,
 * kept as the state's spectrum for `asked` (`timings` may be NULL).
 * FALSE, with a message, when memory runs out or no device could
 * transform. */
gboolean filter_state_load          (FilterState            *state,
                                     fftcl_context          *context,
                                     GeglBuffer             *source,
                                     const GeglRectangle    *area,
                                     const RenderGeometry   *asked,
                                     const BandpassSettings *settings,
                                     const gchar            *name,
                                     FilteredImageTimings   *timings,
                                     GError                **error);

/* The core's view of the pixels as last filtered. */
FilteredImageSource filter_state_planes (const FilterState  *state);

/* Why the spectrum's plan left its GPU, or NULL. */
const gchar *filter_state_fallback_reason (const FilterState *state);

#endif
