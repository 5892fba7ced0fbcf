/* preview-dump — a hook for tests: with FFT_BANDPASS_PREVIEW_DUMP set to
 * a folder, every preview result is also written there, as
 * preview-NNNNN.dump: one text line "fft-bandpass-preview X Y WIDTH
 * HEIGHT STEP BYTES-PER-PIXEL KIND" (KIND is "full", or "coarse" for a
 * result from the downscaled copy), then the window's pixels in the
 * display format, row after row. */
#ifndef PREVIEW_DUMP_H
#define PREVIEW_DUMP_H

#include <glib.h>

#include "fftcl.h"

void preview_dump (const fftcl_window *window,
                   const guchar       *pixels,
                   gint                bytes_per_pixel,
                   gboolean            coarse);

#endif
