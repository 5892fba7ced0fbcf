/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "op-patterns.h"

#include "pattern-settings.h"

gboolean
op_patterns_add (fftcl_context          *context,
                 const gfloat           *pixels,
                 const PixelLayout      *layout,
                 gsize                   width,
                 gsize                   height,
                 const BandpassSettings *settings,
                 BandpassSettings       *with_found,
                 gchar                 **message)
{
  fftcl_error fft_error;

  switch (pattern_settings_find (context, pixels, layout, width, height,
                                 settings, with_found, &fft_error))
    {
    case PATTERN_SETTINGS_ADDED:
      return TRUE;
    case PATTERN_SETTINGS_SEARCH_FAILED:
      *message = g_strdup_printf ("finding patterns failed: %s",
                                  fft_error.message);
      return FALSE;
    case PATTERN_SETTINGS_NO_MEMORY:
      break;
    }

  *message = g_strdup ("out of memory for the patterns found");
  return FALSE;
}
