/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "settings-notches.h"

#include "fitted-waves.h"

gboolean
settings_notches_sort (BandpassSettings *settings)
{
  gsize count = settings->notch_values / 3;
  gsize disc_count;

  g_clear_pointer (&settings->discs, g_free);
  g_clear_pointer (&settings->waves, g_free);
  settings->gain.notches     = NULL;
  settings->gain.notch_count = 0;
  settings->wave_count       = 0;

  settings->discs = g_try_malloc_n (3 * count + 1, sizeof (gdouble));
  settings->waves = g_try_malloc_n (2 * count + 1, sizeof (gdouble));
  if (! settings->discs || ! settings->waves)
    {
      g_clear_pointer (&settings->discs, g_free);
      g_clear_pointer (&settings->waves, g_free);
      return FALSE;
    }

  settings->wave_count       = fitted_waves_split (settings->notches, count,
                                                   settings->waves,
                                                   settings->discs,
                                                   &disc_count);
  settings->gain.notches     = settings->discs;
  settings->gain.notch_count = disc_count;
  return TRUE;
}

void
settings_notches_clear (BandpassSettings *settings)
{
  g_clear_pointer (&settings->notches, g_free);
  g_clear_pointer (&settings->discs, g_free);
  g_clear_pointer (&settings->waves, g_free);
  settings->notch_values     = 0;
  settings->wave_count       = 0;
  settings->gain.notches     = NULL;
  settings->gain.notch_count = 0;
}
