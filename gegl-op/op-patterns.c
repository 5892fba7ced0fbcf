/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "op-patterns.h"

#include "pattern-settings.h"
#include "row-split-gegl.h"

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
  PatternSearch search = pattern_settings_search (settings);
  PatternsFound found  = { 0 };
  fftcl_error   fft_error;
  gboolean      added;

  *with_found = (BandpassSettings) { 0 };
  if (patterns_find (context, pixels, layout, width, width, height, &search,
                     row_split_gegl, &found, &fft_error) != FFTCL_OK)
    {
      *message = g_strdup_printf ("finding patterns failed: %s",
                                  fft_error.message);
      return FALSE;
    }

  added = pattern_settings_add (with_found, settings, &found);
  patterns_found_clear (&found);
  if (! added)
    *message = g_strdup ("out of memory for the patterns found");
  return added;
}
