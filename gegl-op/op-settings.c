#include "op-settings.h"

#include <math.h>
#include <stdlib.h>

#include "filtered-image.h"
#include "notches-text.h"

/* Half a frequency bin of the finest grid the plug-in pads to: an axis
 * of GIMP's largest image with a margin as wide (docs/contract.md §2). */
static gdouble
smallest_radius (void)
{
  return fftcl_notch_radius_min (2 * GIMP_MAX_IMAGE_SIZE,
                                 2 * GIMP_MAX_IMAGE_SIZE);
}

/* Notch `number` counts from 1, as people count. */
static gboolean
check_notch (const gdouble  *notch,
             gsize           number,
             gchar         **message)
{
  if (! (fabs (notch[0]) <= 0.5 && fabs (notch[1]) <= 0.5))
    {
      *message = g_strdup_printf ("notch %lu is at (%.17g, %.17g) cycles "
                                  "per pixel: both frequencies must lie "
                                  "between -0.5 and 0.5",
                                  (gulong) number, notch[0], notch[1]);
      return FALSE;
    }

  if (! isfinite (notch[2]) || notch[2] < smallest_radius ())
    {
      *message = g_strdup_printf ("notch %lu has radius %.17g cycles per "
                                  "pixel: a radius must be finite and at "
                                  "least %.17g",
                                  (gulong) number, notch[2],
                                  smallest_radius ());
      return FALSE;
    }

  return TRUE;
}

static gboolean
read_numbers (BandpassSettings  *settings,
              const gchar       *text,
              gchar            **message)
{
  double *numbers;
  size_t  count;
  size_t  bad = 0;

  switch (notches_text_read (text, &numbers, &count, &bad))
    {
    case NOTCHES_TEXT_OK:
      break;
    case NOTCHES_TEXT_NOT_A_NUMBER:
      *message = g_strdup_printf ("the notches \"%s\" hold a word that is "
                                  "not a number at character %lu",
                                  text, (gulong) bad + 1);
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
                          gchar            **message)
{
  if (! read_numbers (settings, text, message))
    return FALSE;

  if (settings->notch_values % 3 != 0)
    {
      *message = g_strdup_printf ("the notches hold %lu numbers: they need "
                                  "three per notch (fx, fy, radius)",
                                  (gulong) settings->notch_values);
      return FALSE;
    }

  settings->gain.notches     = settings->notches;
  settings->gain.notch_count = settings->notch_values / 3;
  for (gsize i = 0; i < settings->gain.notch_count; i++)
    if (! check_notch (settings->notches + 3 * i, i + 1, message))
      return FALSE;

  return TRUE;
}

gboolean
op_settings_check_band (const BandpassSettings  *settings,
                        gchar                  **message)
{
  const fftcl_gain *gain = &settings->gain;

  if (gain->large_period > 0.0 && gain->small_period > 0.0 &&
      gain->small_period >= gain->large_period)
    {
      *message = g_strdup_printf ("small structures (%g px) must be "
                                  "smaller than large structures (%g px): "
                                  "the band between them would be empty",
                                  gain->small_period, gain->large_period);
      return FALSE;
    }

  return TRUE;
}

gboolean
op_settings_check_grid (const BandpassSettings  *settings,
                        gsize                    width,
                        gsize                    height,
                        gchar                  **message)
{
  PlaneGeometry padded   = filtered_image_geometry (width, height,
                                                    &settings->gain);
  gdouble       smallest = fftcl_notch_radius_min (padded.padded_width,
                                                   padded.padded_height);

  for (gsize i = 0; i < settings->gain.notch_count; i++)
    if (settings->notches[3 * i + 2] < smallest)
      {
        *message = g_strdup_printf ("notch %lu has radius %.17g cycles per "
                                    "pixel: this %lu×%lu image is filtered "
                                    "on a %lu×%lu grid, where a radius must "
                                    "be at least %.17g",
                                    (gulong) (i + 1),
                                    settings->notches[3 * i + 2],
                                    (gulong) width, (gulong) height,
                                    (gulong) padded.padded_width,
                                    (gulong) padded.padded_height, smallest);
        return FALSE;
      }

  return TRUE;
}

void
op_settings_clear (BandpassSettings *settings)
{
  free (settings->notches);
  settings->notches          = NULL;
  settings->notch_values     = 0;
  settings->gain.notches     = NULL;
  settings->gain.notch_count = 0;
}
