/* SPDX-License-Identifier: GPL-3.0-or-later */
/* preview-dump — a hook for tests: with FFT_BANDPASS_PREVIEW_DUMP set to
 * a folder, every preview result is also written there, as
 * preview-NNNNN.dump: one text line "fft-bandpass-preview X Y WIDTH
 * HEIGHT STEP BYTES-PER-PIXEL KIND DEVICE" (KIND is "full", or "coarse"
 * for a result from the downscaled copy; DEVICE, to the end of the line,
 * is the label the dialog shows under the preview, in the user's
 * language, which tells a fallback to the CPU), then the window's pixels in the display format, row after
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

/* With FFT_BANDPASS_PREVIEW_DUMP set, what the view shows too, as
 * screen-NNNNN.dump: one text line "fft-bandpass-screen WIDTH HEIGHT
 * BYTES-PER-PIXEL X0 Y0 X1 Y1 SPLIT SWAPPED" (X0, Y0 and X1, Y1: the image
 * pixels under the view's top left and bottom right corners; SPLIT: the divider's column, −1 where the view
 * is not split; SWAPPED: 1 where the original is right of it), then the
 * screen's pixels, row after row. */
void preview_dump_screen (const guchar *screen,
                          gint          width,
                          gint          height,
                          gint          bytes_per_pixel,
                          gint          x0,
                          gint          y0,
                          gint          x1,
                          gint          y1,
                          gint          split,
                          gboolean      swapped);

/* With FFT_BANDPASS_PREVIEW_DUMP set, the list of notches as it reads
 * after each change, as notches-NNNNN.dump: `rows`, a text line per row
 * of the list, "PERIOD px ANGLE° KIND CHANNELS" as its fields show them
 * (in the user's language: the period "9,6" and the kind "Welle" in
 * German), nothing where the list is empty. */
void preview_dump_notches (const GString *rows);

#endif
