/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bandpass-render — band-passes one drawable: the one renderer behind the
 * dialog's preview and the final run, so that both give the same pixels.
 *
 * It reads the whole drawable (not only the selection) and pads its
 * colour planes. The preview keeps their spectrum (filtered-image.h): a
 * change of the gain then redoes only the mask and the inverse
 * transform, unless it changes the padded size (the gain's reach), the
 * padding, the channels or linear light: those reload. The preview
 * renders windows of the result in the display's 8-bit format; the final
 * run writes the whole result, with the original alpha, into a buffer
 * (the drawable's shadow, or a new layer's: result-layers.h) in the
 * drawable's own precision, from the
 * preview's spectrum where there is one, else filtered in one pass. The
 * drawable itself is never written.
 *
 * The preview's windows are rendered by render-window.h, the final run
 * by final-write.h. Everything but bandpass_renderer_new,
 * bandpass_renderer_read_source and bandpass_renderer_write leaves GIMP
 * alone, so the dialog runs it in a
 * worker thread once the source is read; a renderer is used by one
 * thread at a time. */
#ifndef BANDPASS_RENDER_H
#define BANDPASS_RENDER_H

#include <libgimp/gimp.h>

#include "bandpass-device.h"
#include "bandpass-settings.h"
#include "fftcl-filter.h"
#include "filtered-image.h"
#include "pattern-finder.h"

typedef struct _BandpassRenderer BandpassRenderer;

/* Takes a reference to `device`, which may be NULL until
 * bandpass_renderer_use_device. */
BandpassRenderer *bandpass_renderer_new            (GimpDrawable           *drawable,
                                                    BandpassDevice         *device);
void              bandpass_renderer_free           (BandpassRenderer       *renderer);

GimpDrawable     *bandpass_renderer_get_drawable   (BandpassRenderer       *renderer);

/* Reads the drawable now, as it is stored, so that no later step needs
 * GIMP: libgimp's calls belong to the main thread. Without it, the
 * pixels are read from the drawable when first needed. */
gboolean          bandpass_renderer_read_source    (BandpassRenderer       *renderer,
                                                    GError                **error);

/* Moves the renderer to the device `choice` names (as
 * bandpass_device_choice gives it), opening it, unless it is there
 * already; the next prepare then reloads there. FALSE, with a message,
 * when the device cannot be opened; the renderer stays where it was. */
gboolean          bandpass_renderer_use_device     (BandpassRenderer       *renderer,
                                                    const gchar            *choice,
                                                    GError                **error);

/* NULL until a device is set. */
BandpassDevice   *bandpass_renderer_get_device     (BandpassRenderer       *renderer);

/* Makes the renderer's spectrum ready for `settings`, reloading when
 * needed (`reloaded` is then set TRUE; it may be NULL). FALSE, with a
 * message, when no device could filter or memory ran out. */
gboolean          bandpass_renderer_prepare        (BandpassRenderer       *renderer,
                                                    const BandpassSettings *settings,
                                                    gboolean               *reloaded,
                                                    GError                **error);

/* Where memory did not allow the margin against wrap-around, a warning
 * for the user (owned by the renderer); else NULL. */
const gchar      *bandpass_renderer_warning        (BandpassRenderer       *renderer);

/* The format of rendered windows: the drawable's colours and alpha in 8
 * bits per channel, as GIMP's previews show it. */
const Babl       *bandpass_renderer_display_format (BandpassRenderer       *renderer);

/* The core's view of the prepared pixels, as the spectrum view and the
 * found pattern's place (found-place.h) read them. */
FilteredImageSource bandpass_renderer_source       (BandpassRenderer       *renderer);

/* The patterns `search` asks for in the prepared pixels, searched as the
 * final run searches them (pattern_settings_search_pixels). FALSE, with
 * a message, when the search fails; `found` is then empty. */
gboolean          bandpass_renderer_find_patterns  (BandpassRenderer       *renderer,
                                                    const PatternSearch    *search,
                                                    PatternsFound          *found,
                                                    GError                **error);

/* The spectrum view of the prepared pixels (spectrum-crop.h), at most
 * `max_size` cells along each axis, worked out once per pixels; NULL,
 * with a message, on failure. Free with g_free. */
gfloat           *bandpass_renderer_spectrum       (BandpassRenderer       *renderer,
                                                    gint                    max_size,
                                                    gint                   *width,
                                                    gint                   *height,
                                                    GError                **error);

/* TRUE when a coarse window is worth showing before the full one: the
 * prepared renderer filters on the CPU (its backend, or after its GPU
 * failed), and the drawable is larger than the coarse copy. */
gboolean          bandpass_renderer_coarse_first   (BandpassRenderer       *renderer);

/* The device that filters, for people (bandpass_device_describe). Free
 * with g_free. */
gchar            *bandpass_renderer_describe_device (BandpassRenderer      *renderer);

#endif
