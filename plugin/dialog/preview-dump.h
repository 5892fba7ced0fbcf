/* SPDX-License-Identifier: GPL-3.0-or-later */
/* preview-dump — a hook for tests: with FFT_BANDPASS_PREVIEW_DUMP set to
 * a folder, every preview result is also written there, as
 * preview-NNNNN.dump: one text line "fft-bandpass-preview X Y WIDTH
 * HEIGHT STEP BYTES-PER-PIXEL KIND DEVICE" (KIND is "full", or "coarse"
 * for a result from the downscaled copy; DEVICE, to the end of the line,
 * is what the dialog shows under the preview, which tells a fallback to
 * the CPU), then the window's pixels in the display format, row after
 * row. */
#ifndef PREVIEW_DUMP_H
#define PREVIEW_DUMP_H

#include <glib.h>

#include "fftcl-filter.h"

void preview_dump (const fftcl_window *window,
                   const guchar       *pixels,
                   gint                bytes_per_pixel,
                   gboolean            coarse,
                   const gchar        *device);

#endif
