/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-settings.h"

#include <glib/gi18n-lib.h>

#include "render-error.h"
#include "row-split-gegl.h"
#include "settings-notches.h"

#include <string.h>

PatternSearch
pattern_settings_search (const BandpassSettings *settings)
{
  const fftcl_gain *gain   = &settings->gain;
  PatternSearch     search = { .sensitivity = settings->pattern_sensitivity };

  if (! gain->reject)
    {
      if (gain->large_period > 0.0)
        search.lowest_frequency = 1.0 / gain->large_period;
      if (gain->small_period > 0.0)
        search.highest_frequency = 1.0 / gain->small_period;
    }

  return search;
}

gboolean
pattern_settings_set_small (const BandpassSettings *settings,
                            const PatternsFound    *found)
{
  return found->small_period > 0.0 && ! settings->gain.reject &&
         settings->gain.small_period == 0.0;
}

/* The given notches' channels, then the found ones': NULL where every
 * notch filters every channel. FALSE when memory runs out. */
static gboolean
add_channels (BandpassSettings       *with_found,
              const BandpassSettings *settings,
              const PatternsFound    *found)
{
  gsize given = settings->notch_values / 3;

  if (! settings->notch_channels && ! found->planes)
    return TRUE;
  with_found->notch_channels = g_try_malloc_n (given + found->count + 1,
                                               sizeof (guint));
  if (! with_found->notch_channels)
    return FALSE;
  for (gsize i = 0; i < given; i++)
    with_found->notch_channels[i] = settings->notch_channels ?
                                    settings->notch_channels[i] : ~0u;
  for (gsize i = 0; i < found->count; i++)
    with_found->notch_channels[given + i] = found->planes ?
                                            found->planes[i] : ~0u;
  return TRUE;
}

gboolean
pattern_settings_add (BandpassSettings       *with_found,
                      const BandpassSettings *settings,
                      const PatternsFound    *found)
{
  gsize given = settings->notch_values;

  *with_found                = *settings;
  with_found->discs          = NULL;
  with_found->waves          = NULL;
  with_found->disc_planes    = NULL;
  with_found->notch_channels = NULL;
  with_found->notches = g_try_malloc_n (given + 3 * found->count + 1,
                                        sizeof (gdouble));
  if (! with_found->notches ||
      ! add_channels (with_found, settings, found))
    {
      g_free (with_found->notches);
      *with_found = (BandpassSettings) { 0 };
      return FALSE;
    }

  if (given > 0)
    memcpy (with_found->notches, settings->notches, given * sizeof (gdouble));
  if (found->count > 0)
    memcpy (with_found->notches + given, found->notches,
            3 * found->count * sizeof (gdouble));
  with_found->notch_values = given + 3 * found->count;
  if (! settings_notches_sort (with_found))
    {
      g_free (with_found->notches);
      g_free (with_found->notch_channels);
      *with_found = (BandpassSettings) { 0 };
      return FALSE;
    }

  if (pattern_settings_set_small (settings, found))
    with_found->gain.small_period = found->small_period;
  return TRUE;
}

gboolean
pattern_settings_search_pixels (fftcl_context       *context,
                                const gfloat        *pixels,
                                const PixelLayout   *layout,
                                gsize                width,
                                gsize                height,
                                const PatternSearch *search,
                                const gchar         *name,
                                PatternsFound       *found,
                                GError             **error)
{
  fftcl_error fft_error;

  if (patterns_find (context, pixels, layout, width, width, height, search,
                     row_split_gegl, found, &fft_error) == FFTCL_OK)
    return TRUE;

  g_set_error (error, RENDER_ERROR, 0,
               _("Finding patterns in \"%s\" failed: %s"), name,
               fft_error.message);
  return FALSE;
}

gdouble
pattern_settings_screen (const PatternsFound *found)
{
  return found->small_period / PATTERN_CUTOFF_PER_PERIOD;
}

gboolean
pattern_settings_find (fftcl_context          *context,
                       const gfloat           *pixels,
                       const PixelLayout      *layout,
                       gsize                   width,
                       gsize                   height,
                       const BandpassSettings *settings,
                       const gchar            *name,
                       BandpassSettings       *with_found,
                       gdouble                *screen,
                       GError                **error)
{
  PatternSearch search = pattern_settings_search (settings);
  PatternsFound found  = { 0 };
  gboolean      added;

  *with_found = (BandpassSettings) { 0 };
  *screen     = 0.0;
  if (! pattern_settings_search_pixels (context, pixels, layout, width,
                                        height, &search, name, &found, error))
    return FALSE;

  added   = pattern_settings_add (with_found, settings, &found);
  *screen = pattern_settings_screen (&found);
  patterns_found_clear (&found);
  return added || render_error_memory (error);
}
