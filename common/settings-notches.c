/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "settings-notches.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "fitted-waves.h"
#include "notch-channels-text.h"
#include "quoted-text.h"
#include "render-error.h"
#include "settings-checks.h"

/* Empties what settings_notches_sort makes, and the gain's notches. */
static void
forget_sorted (BandpassSettings *settings)
{
  g_clear_pointer (&settings->discs, g_free);
  g_clear_pointer (&settings->waves, g_free);
  g_clear_pointer (&settings->disc_planes, g_free);
  settings->gain.notches      = NULL;
  settings->gain.notch_count  = 0;
  settings->gain.notch_planes = NULL;
  settings->wave_count        = 0;
}

/* The discs' channels, from the notches' in the same order. FALSE when
 * memory runs out. */
static gboolean
sort_channels (BandpassSettings *settings)
{
  gsize count = settings->notch_values / 3;
  gsize discs = 0;

  if (! settings->notch_channels)
    return TRUE;
  settings->disc_planes = g_try_malloc_n (count + 1, sizeof (guint));
  if (! settings->disc_planes)
    return FALSE;
  for (gsize i = 0; i < count; i++)
    if (settings->notches[3 * i + 2] != 0.0)
      settings->disc_planes[discs++] = settings->notch_channels[i];
  settings->gain.notch_planes = settings->disc_planes;
  return TRUE;
}

gboolean
settings_notches_sort (BandpassSettings *settings)
{
  gsize count = settings->notch_values / 3;
  gsize disc_count;

  forget_sorted (settings);
  settings->discs = g_try_malloc_n (3 * count + 1, sizeof (gdouble));
  settings->waves = g_try_malloc_n (2 * count + 1, sizeof (gdouble));
  if (! settings->discs || ! settings->waves)
    {
      forget_sorted (settings);
      return FALSE;
    }

  settings->wave_count       = fitted_waves_split (settings->notches, count,
                                                   settings->waves,
                                                   settings->discs,
                                                   &disc_count);
  settings->gain.notches     = settings->discs;
  settings->gain.notch_count = disc_count;
  if (! sort_channels (settings))
    {
      forget_sorted (settings);
      return FALSE;
    }
  return TRUE;
}

void
settings_notches_clear (BandpassSettings *settings)
{
  g_clear_pointer (&settings->notches, g_free);
  g_clear_pointer (&settings->notch_channels, g_free);
  settings->notch_values = 0;
  forget_sorted (settings);
}

/* The mask of each notch: its word's, or every channel's. */
static gboolean
spread_masks (BandpassSettings *settings,
              const unsigned   *masks,
              gsize             words)
{
  gsize count = settings->notch_values / 3;

  g_clear_pointer (&settings->notch_channels, g_free);
  if (words == 0)
    return settings_notches_sort (settings);
  settings->notch_channels = g_try_malloc_n (count + 1, sizeof (guint));
  if (! settings->notch_channels)
    return FALSE;
  for (gsize i = 0; i < count; i++)
    settings->notch_channels[i] = i < words ? masks[i] : NOTCH_CHANNELS_ALL;
  return settings_notches_sort (settings);
}

gboolean
settings_notches_read_channels (BandpassSettings  *settings,
                                const gchar       *text,
                                GError           **error)
{
  unsigned *masks  = NULL;
  size_t    words  = 0, bad = 0;
  gboolean  read   = FALSE;
  gsize     count  = settings->notch_values / 3;
  gchar    *quoted;

  /* No text (a script's nil, a property never set) names no channels. */
  if (! text)
    text = "";
  quoted = quoted_text (text);

  switch (notch_channels_text_read (text, &masks, &words, &bad))
    {
    case NOTCH_CHANNELS_TEXT_OK:
      read = words <= count;
      if (! read)
        {
          /* Two counted nouns: each takes its number's form. */
          gchar *named = g_strdup_printf (
                           g_dngettext (GETTEXT_PACKAGE, "%lu notch",
                                        "%lu notches", words),
                           (gulong) words);
          gchar *there = g_strdup_printf (
                           g_dngettext (GETTEXT_PACKAGE, "there is %lu notch",
                                        "there are %lu notches", count),
                           (gulong) count);

          g_set_error (error, SETTINGS_CHECKS_ERROR, 0,
                       _("The notch channels %s name %s, but %s."),
                       quoted, named, there);
          g_free (there);
          g_free (named);
        }
      break;
    case NOTCH_CHANNELS_TEXT_NOT_CHANNELS:
      g_set_error (error, SETTINGS_CHECKS_ERROR, 0,
                   _("The notch channels %s hold a word at character "
                     "%lu that is not made of the letters r, g and b."),
                   quoted, (gulong) bad + 1);
      break;
    case NOTCH_CHANNELS_TEXT_MEMORY:
      break;
    }
  if (read && ! spread_masks (settings, masks, words))
    read = render_error_memory (error);
  else if (! read && error && ! *error)
    render_error_memory (error);
  free (masks);
  g_free (quoted);
  return read;
}
