/* SPDX-License-Identifier: GPL-3.0-or-later */
/* renderer-state — what a renderer holds, and the steps on it that
 * bandpass-render.c, render-window.c and final-write.c share: private to
 * plugin/render/. */
#ifndef RENDERER_STATE_H
#define RENDERER_STATE_H

#include "bandpass-render.h"
#include "coarse-preview.h"
#include "drawable-pixels.h"
#include "filter-state.h"
#include "spectrum-crop.h"
#include "step-timings.h"

struct _BandpassRenderer
{
  BandpassDevice *device;
  DrawablePixels  drawable;
  FilterState     state;          /* the whole drawable's pixels and
                                     their spectrum */
  FilterState     light;          /* a print's twin of them in linear
                                     light (print-window.h), or empty */
  gfloat         *window;         /* the last window's pixels */
  gsize           window_floats;
  SpectrumCropCache spectrum;     /* the view of `pixels` */
  CoarsePreview  *coarse;

  gboolean        timed;
  StepTimings     timings;
};

/* Drops the loaded spectra, their warnings and the coarse copy's. */
void            renderer_drop_spectrum   (BandpassRenderer        *renderer);

fftcl_context  *renderer_context         (const BandpassRenderer  *renderer);

/* Chooses the format `settings` ask for and returns the geometry they
 * ask for. A change of channels or linear light changes what is
 * filtered: the pixels and all made of them go. */
RenderGeometry  renderer_choose          (BandpassRenderer        *renderer,
                                          const BandpassSettings  *settings);

#endif
