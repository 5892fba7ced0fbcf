/* SPDX-License-Identifier: GPL-3.0-or-later */
/* render-window — the preview's pixels: a window of a renderer's result
 * (bandpass-render.h) in the display format, from its spectrum or from
 * the coarse copy, stretched as the final run stretches. */
#ifndef RENDER_WINDOW_H
#define RENDER_WINDOW_H

#include "bandpass-render.h"

/* Prepares for `settings` and writes `window` (in drawable pixels, as
 * fftcl_filter_apply takes it) of the result to `pixels` in the display
 * format. `coarse` filters a downscaled copy instead (≤ 1 MP), much
 * faster where the device is slow, and expands it to the window. With
 * autoscale, a full window is stretched with the range of the whole
 * result, which is filtered for it, and a coarse one with its own. */
gboolean          bandpass_renderer_render_window  (BandpassRenderer       *renderer,
                                                    const BandpassSettings *settings,
                                                    const fftcl_window     *window,
                                                    gboolean                coarse,
                                                    guchar                 *pixels,
                                                    GError                **error);

#endif
