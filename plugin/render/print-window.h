/* SPDX-License-Identifier: GPL-3.0-or-later */
/* print-window — the preview's windows of a halftone print (the
 * settings' print-screen, docs/contract.md "Halftone screens"): as the
 * final run joins its two filters (print-tone.h), a window is rendered
 * from the spectrum of the pixels as filtered and from that of their
 * twin in linear light, with a margin as wide as the join's Gaussian
 * reaches, and the two joined there. A zoomed-out window (step > 1)
 * joins the block means with the Gaussian scaled to them. Private to
 * plugin/render/. */
#ifndef PRINT_WINDOW_H
#define PRINT_WINDOW_H

#include "renderer-state.h"

/* Loads the twin in linear light where `settings` name a print and the
 * renderer's pixels are not filtered in linear light already (else lets
 * it go), once the renderer's own spectrum is ready for `asked`. FALSE,
 * with a message, when memory runs out or no device could transform. */
gboolean print_window_prepare (BandpassRenderer        *renderer,
                               const BandpassSettings  *settings,
                               const RenderGeometry    *asked,
                               GError                 **error);

/* Writes `window` of the result to `pixels` (the renderer's format, all
 * its components): joined where the twin is loaded, else as the
 * renderer's spectrum gives it. FALSE, with a message, on failure. */
gboolean print_window_render  (BandpassRenderer        *renderer,
                               const BandpassSettings  *settings,
                               const fftcl_window      *window,
                               gfloat                  *pixels,
                               GError                 **error);

#endif
