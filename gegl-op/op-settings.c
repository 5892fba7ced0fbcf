/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "op-settings.h"

#include <math.h>

#include <glib/gi18n-lib.h>

#include "filtered-image.h"
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
      *message = g_strdup_printf ("the notches %s hold a word that is "
                                  "not a number at character %lu",
                                  quoted, (gulong) bad + 1);
      g_free (quoted);
      return FALSE;
    case NOTCHES_TEXT_MEMORY:
      *message = g_strdup ("out of memory reading the notches");
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
      *message = g_strdup ("out of memory");
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

gboolean
op_settings_check_grid (const BandpassSettings  *settings,
                        gsize                    width,
                        gsize                    height,
                        gchar                  **message)
{
  GError *error = NULL;

  return settings_checks_grid (&settings->gain, settings->notches,
                               settings->notch_values, width, height,
                               "the layer",
                               &error) ||
         failed (error, message);
}

/* The values the notches touch: each disc the square of its reach on
 * the padded grid (all of it at most), each wave the whole image. */
static gdouble
notch_work (const BandpassSettings *settings,
            gsize                   width,
            gsize                   height)
{
  const fftcl_gain    *gain   = &settings->gain;
  const PlaneGeometry  padded = filtered_image_geometry (width, height, gain);
  gdouble              work   = (gdouble) settings->wave_count * width *
                                height;

  for (gsize i = 0; i < gain->notch_count; i++)
    {
      gdouble span = fmin (1.0, 2.0 * fftcl_notch_reach (gain,
                                                        gain->notches[3 * i +
                                                                      2]));

      work += span * span * padded.padded_width * padded.padded_height;
    }
  return work;
}

gboolean
op_settings_check_work (const BandpassSettings  *settings,
                        gsize                    width,
                        gsize                    height,
                        gchar                  **message)
{
  gdouble work = notch_work (settings, width, height);

  if (work <= OP_SETTINGS_MOST_NOTCH_WORK)
    return TRUE;

  *message = g_strdup_printf (_("The notches reach %.3g values of the "
                                "spectrum, more than the %.3g the filter "
                                "takes in GIMP's own process, where nothing "
                                "can cancel it: use fewer or narrower "
                                "notches, or Filters › Frequency › "
                                "Band-pass… instead."),
                              work, OP_SETTINGS_MOST_NOTCH_WORK);
  return FALSE;
}

void
op_settings_clear (BandpassSettings *settings)
{
  settings_notches_clear (settings);
}
