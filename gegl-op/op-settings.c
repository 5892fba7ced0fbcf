/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "op-settings.h"

#include <glib/gi18n-lib.h>

#include "notches-text.h"
#include "quoted-text.h"
#include "settings-checks.h"
#include "settings-notches.h"

/* The message of a failed check, for the operation's warning. */
static gboolean
failed (GError  *error,
        gchar  **message)
{
  *message = g_strdup (error->message);
  g_error_free (error);
  return FALSE;
}

static gboolean
read_numbers (BandpassSettings  *settings,
              const gchar       *text,
              gchar            **message)
{
  double *numbers;
  size_t  count;
  size_t  bad = 0;
  gchar  *quoted;

  switch (notches_text_read (text, &numbers, &count, &bad))
    {
    case NOTCHES_TEXT_OK:
      break;
    case NOTCHES_TEXT_NOT_A_NUMBER:
      quoted   = quoted_text (text);
      *message = g_strdup_printf (_("the notches %s hold a word that is "
                                    "not a number at character %lu"),
                                  quoted, (gulong) bad + 1);
      g_free (quoted);
      return FALSE;
    case NOTCHES_TEXT_MEMORY:
      *message = g_strdup (_("out of memory reading the notches"));
      return FALSE;
    }

  settings->notches      = numbers;
  settings->notch_values = count;
  return TRUE;
}

gboolean
op_settings_read_notches (BandpassSettings  *settings,
                          const gchar       *text,
                          const gchar       *channels,
                          gchar            **message)
{
  GError *error = NULL;

  if (! read_numbers (settings, text, message))
    return FALSE;

  if (! settings_checks_notches (settings->notches, settings->notch_values,
                                 &error))
    return failed (error, message);

  if (! settings_notches_sort (settings))
    {
      *message = g_strdup (_("out of memory"));
      return FALSE;
    }
  if (! settings_notches_read_channels (settings, channels, &error))
    return failed (error, message);
  return TRUE;
}

gboolean
op_settings_check_band (const BandpassSettings  *settings,
                        gchar                  **message)
{
  GError *error = NULL;

  return settings_checks_band (&settings->gain, &error) ||
         failed (error, message);
}

void
op_settings_clear (BandpassSettings *settings)
{
  settings_notches_clear (settings);
}
