/* SPDX-License-Identifier: GPL-3.0-or-later */
/* renderer-state — what a renderer holds, and the steps on it that
 * bandpass-render.c, render-window.c and final-write.c share: private to
 * plugin/render/. */
#ifndef RENDERER_STATE_H
#define RENDERER_STATE_H

#include "bandpass-render.h"
#include "coarse-preview.h"
#include "drawable-pixels.h"
#include "render-format.h"
#include "spectrum-crop.h"
#include "step-timings.h"

struct _BandpassRenderer
{
  BandpassDevice *device;
  DrawablePixels  drawable;
  RenderFormat    format;         /* of `pixels`; format.format is NULL
                                     until they are read */
  gfloat         *pixels;         /* the whole drawable, interleaved */
  gboolean        unseen;         /* a pixel of `pixels` had a colour that
                                     is not finite when read, and the
                                     conversion back may spread it */
  FilteredImage  *image;          /* the loaded spectrum, or NULL */
  RenderGeometry  asked;          /* what `image` was loaded for */
  gdouble        *waves;          /* and the waves it subtracted */
  gsize           wave_count;
  RenderGeometry  filtered;       /* `asked`, or less where memory is
                                     short: the last filter's */
  gchar          *warning;        /* of `filtered`'s missing margin */
  gfloat         *window;         /* the last window's pixels */
  gsize           window_floats;
  SpectrumCropCache spectrum;     /* the view of `pixels` */
  CoarsePreview  *coarse;

  gboolean        timed;
  StepTimings     timings;
};

/* Drops the loaded spectrum and its warning. */
void            renderer_drop_spectrum   (BandpassRenderer        *renderer);

fftcl_context  *renderer_context         (const BandpassRenderer  *renderer);

/* The format and geometry `settings` ask for. A change of channels or
 * linear light changes what is filtered: the pixels and all made of them
 * go. */
RenderGeometry  renderer_choose          (BandpassRenderer        *renderer,
                                          const BandpassSettings  *settings);

/* Whether the loaded spectrum serves `asked` and the settings' waves,
 * which change the planes before the transform. */
gboolean        renderer_loaded_for      (const BandpassRenderer  *renderer,
                                          const RenderGeometry    *asked,
                                          const BandpassSettings  *settings);

/* Readies a filter at `asked` of `source`: drops the spectrum, checks
 * memory before anything is read (where it is short the planes lose
 * their margin, and the warning says so) and reads the pixels where they
 * are not yet. */
gboolean        renderer_make_room       (BandpassRenderer        *renderer,
                                          const RenderGeometry    *asked,
                                          const BandpassSettings  *settings,
                                          FilteredImageSource     *source,
                                          GError                 **error);

/* Why the loaded spectrum's plan left its GPU, or NULL. */
const gchar    *renderer_fallback_reason (BandpassRenderer        *renderer);

#endif
