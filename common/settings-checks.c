/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "settings-checks.h"

#include <glib/gi18n-lib.h>
#include <gio/gio.h>
#include <math.h>

#include "filtered-image.h"

G_DEFINE_QUARK (fft-bandpass-settings-error-quark, settings_checks_error)

gboolean
settings_checks_band (const fftcl_gain  *gain,
                      GError           **error)
{
  if (gain->large_period > 0.0 && gain->small_period > 0.0 &&
      gain->small_period >= gain->large_period)
    {
      g_set_error (error, SETTINGS_CHECKS_ERROR, 0,
                   _("Small structures (%g px) must be smaller than large "
                     "structures (%g px): the band between them would be "
                     "empty. Set either one to 0 to keep all structures on "
                     "that side."),
                   gain->small_period, gain->large_period);
      return FALSE;
    }

  return TRUE;
}

/* `value` in the fewest digits that read back as it, so that a message
 * never shows 0.5000001 as 0.5. */
static gchar *
exact_number (gdouble value)
{
  for (gint digits = 1; digits < 17; digits++)
    {
      gchar *text = g_strdup_printf ("%.*g", digits, value);

      if (g_strtod (text, NULL) == value)
        return text;
      g_free (text);
    }

  return g_strdup_printf ("%.17g", value);
}

/* Notch `number` counts from 1, as people count. The smallest radius of
 * a disc is half a frequency bin of the finest grid the plug-in pads to:
 * an axis of GIMP's largest image with a margin as wide (docs/contract.md
 * §4). A radius of 0 makes a wave, which needs a frequency other than
 * the mean's. */
static gboolean
check_notch (const gdouble  *notch,
             gsize           number,
             GError        **error)
{
  gdouble   smallest = fftcl_notch_radius_min (2 * SETTINGS_CHECKS_MAX_IMAGE_SIZE,
                                               2 * SETTINGS_CHECKS_MAX_IMAGE_SIZE);
  gboolean  inside   = fabs (notch[0]) <= 0.5 && fabs (notch[1]) <= 0.5;
  gboolean  wave     = notch[2] == 0.0;
  gchar    *first;
  gchar    *second;

  if (inside && (wave ? notch[0] != 0.0 || notch[1] != 0.0
                      : notch[2] >= smallest && isfinite (notch[2])))
    return TRUE;

  if (! inside)
    {
      first  = exact_number (notch[0]);
      second = exact_number (notch[1]);
      g_set_error (error, SETTINGS_CHECKS_ERROR, 0,
                   _("Notch %lu is at (%s, %s) cycles per pixel: both "
                     "frequencies must lie between -0.5 and 0.5."),
                   (gulong) number, first, second);
    }
  else if (wave)
    {
      g_set_error (error, SETTINGS_CHECKS_ERROR, 0,
                   _("Notch %lu has radius 0, which removes the wave fitted "
                     "at its frequency, but lies at (0, 0), the mean: give "
                     "it a frequency."),
                   (gulong) number);
      return FALSE;
    }
  else
    {
      first  = exact_number (notch[2]);
      second = exact_number (smallest);
      g_set_error (error, SETTINGS_CHECKS_ERROR, 0,
                   _("Notch %lu has radius %s cycles per pixel: a radius "
                     "must be 0 (a fitted wave) or finite and at least %s "
                     "cycles per pixel, half a frequency step of the finest "
                     "grid the filter uses."),
                   (gulong) number, first, second);
    }

  g_free (first);
  g_free (second);
  return FALSE;
}

gboolean
settings_checks_notches (const gdouble  *notches,
                         gsize           values,
                         GError        **error)
{
  if (values % 3 != 0)
    {
      g_set_error (error, SETTINGS_CHECKS_ERROR, 0,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The notches array holds %lu number: "
                                "it needs three per notch (fx, fy, radius).",
                                "The notches array holds %lu numbers: "
                                "it needs three per notch (fx, fy, radius).",
                                (gulong) values),
                   (gulong) values);
      return FALSE;
    }

  for (gsize i = 0; i < values / 3; i++)
    if (! check_notch (notches + 3 * i, i + 1, error))
      return FALSE;

  return TRUE;
}

gboolean
settings_checks_grid (const fftcl_gain  *gain,
                      const gdouble     *notches,
                      gsize              values,
                      gsize              width,
                      gsize              height,
                      const gchar       *name,
                      GError           **error)
{
  PlaneGeometry padded   = filtered_image_geometry (width, height, gain);
  gdouble       smallest = fftcl_notch_radius_min (padded.padded_width,
                                                   padded.padded_height);

  for (gsize i = 0; i < values / 3; i++)
    if (notches[3 * i + 2] != 0.0 && notches[3 * i + 2] < smallest)
      {
        gchar *radius = exact_number (notches[3 * i + 2]);
        gchar *least  = exact_number (smallest);

        g_set_error (error, SETTINGS_CHECKS_ERROR, 0,
                     _("Notch %lu has radius %s cycles per pixel: \"%s\" "
                       "is filtered on a %lu×%lu grid, where a radius must "
                       "be at least %s cycles per pixel, half a frequency "
                       "step."),
                     (gulong) (i + 1), radius, name,
                     (gulong) padded.padded_width,
                     (gulong) padded.padded_height, least);
        g_free (least);
        g_free (radius);
        return FALSE;
      }

  return TRUE;
}

/* The values the notches touch: each disc the square of its reach on
 * the padded grid (all of it at most), each wave the whole image. */
static gdouble
notch_work (const fftcl_gain *gain,
            gsize             wave_count,
            gsize             width,
            gsize             height)
{
  const PlaneGeometry padded = filtered_image_geometry (width, height, gain);
  gdouble             work   = (gdouble) wave_count * width * height;

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
settings_checks_work (const fftcl_gain  *gain,
                      gsize              wave_count,
                      gsize              width,
                      gsize              height,
                      gdouble            most,
                      GError           **error)
{
  gdouble work = notch_work (gain, wave_count, width, height);

  if (work <= most)
    return TRUE;

  g_set_error (error, SETTINGS_CHECKS_ERROR, 0,
               _("The notches reach %.3g values of the spectrum, more than "
                 "the %.3g the filter takes in GIMP's own process, where "
                 "nothing can cancel it: use fewer or narrower notches, or "
                 "Filters › Frequency › Band-pass… instead."),
               work, most);
  return FALSE;
}
