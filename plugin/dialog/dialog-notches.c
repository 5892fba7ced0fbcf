/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "dialog-notches.h"

#include <stdlib.h>

#include "bandpass-settings.h"
#include "found-notches.h"
#include "notch-channels-text.h"

/* The config's channels, a mask for each notch of its `count` numbers
 * (those without a word every channel's). Free with g_free. */
static unsigned *
get_channels (GimpProcedureConfig *config,
              gsize                count)
{
  gchar    *text  = NULL;
  unsigned *masks = NULL;
  unsigned *all   = g_new (unsigned, count / 3 + 1);
  size_t    words = 0;

  g_object_get (config, "notch-channels", &text, NULL);
  if (notch_channels_text_read (text, &masks, &words, NULL) !=
      NOTCH_CHANNELS_TEXT_OK)
    words = 0;
  for (gsize i = 0; i < count / 3; i++)
    all[i] = i < words ? masks[i] : NOTCH_CHANNELS_ALL;
  free (masks);
  g_free (text);
  return all;
}

static void
set_channels (GimpProcedureConfig *config,
              const unsigned      *masks,
              gsize                notch_count)
{
  char *text = notch_channels_text_write (masks, notch_count);

  if (text)
    g_object_set (config, "notch-channels", text, NULL);
  free (text);
}

void
dialog_notches_set (GimpProcedureConfig *config,
                    const gdouble       *notches,
                    gsize                count)
{
  gsize     old_count;
  gdouble  *old   = bandpass_settings_get_notches (config, &old_count);
  unsigned *masks;
  unsigned *moved;

  if (old_count / 3 == count / 3)
    {
      /* A notch edited in place keeps its word. */
      bandpass_settings_set_notches (config, notches, count);
      g_free (old);
      return;
    }
  masks = get_channels (config, old_count);
  moved = g_new (unsigned, count / 3 + 1);
  for (gsize i = 0; i < count / 3; i++)
    {
      gssize k = found_notches_index (old, old_count, notches + 3 * i);

      moved[i] = k >= 0 ? masks[k] : NOTCH_CHANNELS_ALL;
    }
  bandpass_settings_set_notches (config, notches, count);
  set_channels (config, moved, count / 3);
  g_free (moved);
  g_free (masks);
  g_free (old);
}

void
dialog_notches_set_channels (GimpProcedureConfig *config,
                             const gdouble       *notches,
                             const unsigned      *masks,
                             gsize                notch_count)
{
  gsize     count;
  gdouble  *all      = bandpass_settings_get_notches (config, &count);
  unsigned *channels = get_channels (config, count);

  for (gsize i = 0; i < count / 3; i++)
    {
      gssize k = found_notches_index (notches, 3 * notch_count, all + 3 * i);

      if (k >= 0)
        channels[i] = masks ? masks[k] : NOTCH_CHANNELS_ALL;
    }
  set_channels (config, channels, count / 3);
  g_free (channels);
  g_free (all);
}
