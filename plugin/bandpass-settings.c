/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bandpass-settings.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "pattern-finder.h"
#include "settings-checks.h"
#include "settings-notches.h"

G_STATIC_ASSERT (SETTINGS_CHECKS_MAX_IMAGE_SIZE == GIMP_MAX_IMAGE_SIZE);

static void
add_band_arguments (GimpProcedure *procedure)
{
  gimp_procedure_add_double_argument (procedure, "large-structures",
                                      _("Lar_ge structures (px)"),
                                      _("Remove structures larger than this "
                                        "period, in pixels; 0 keeps all large "
                                        "structures"),
                                      0.0, 1e6, 40.0,
                                      G_PARAM_READWRITE);

  gimp_procedure_add_double_argument (procedure, "small-structures",
                                      _("S_mall structures (px)"),
                                      _("Remove structures smaller than this "
                                        "period, in pixels; 0 keeps all small "
                                        "structures"),
                                      0.0, 1e6, 3.0,
                                      G_PARAM_READWRITE);
}

static void
add_shape_arguments (GimpProcedure *procedure)
{
  gimp_procedure_add_choice_argument (procedure, "shape",
                                      _("_Edge shape"),
                                      _("How the pass band ends at the "
                                        "cut-offs"),
                                      gimp_choice_new_with_values (
                                        "gaussian",    FFTCL_SHAPE_GAUSSIAN,
                                        _("Gaussian"), NULL,
                                        "butterworth", FFTCL_SHAPE_BUTTERWORTH,
                                        _("Butterworth"), NULL,
                                        "ideal",       FFTCL_SHAPE_IDEAL,
                                        _("Ideal (sharp)"), NULL,
                                        NULL),
                                      "gaussian",
                                      G_PARAM_READWRITE);

  gimp_procedure_add_double_argument (procedure, "order",
                                      _("Butter_worth order"),
                                      _("Butterworth order: higher is "
                                        "steeper"),
                                      0.5, 20.0, 2.0,
                                      G_PARAM_READWRITE);

  gimp_procedure_add_choice_argument (procedure, "mode",
                                      _("Mo_de"),
                                      _("Keep the band, or remove it"),
                                      gimp_choice_new_with_values (
                                        "band-pass",   FALSE,
                                        _("Band-pass"), NULL,
                                        "band-reject", TRUE,
                                        _("Band-reject"), NULL,
                                        NULL),
                                      "band-pass",
                                      G_PARAM_READWRITE);

  gimp_procedure_add_boolean_argument (procedure, "keep-mean",
                                       _("_Keep mean brightness"),
                                       _("The mean (DC term) passes "
                                         "unchanged"),
                                       TRUE,
                                       G_PARAM_READWRITE);
}

static void
add_stripe_and_notch_arguments (GimpProcedure *procedure)
{
  gimp_procedure_add_choice_argument (procedure, "stripes",
                                      _("Su_ppress stripes"),
                                      _("Also suppress horizontal or "
                                        "vertical stripes"),
                                      gimp_choice_new_with_values (
                                        "none",       FFTCL_STRIPES_NONE,
                                        _("None"), NULL,
                                        "horizontal", FFTCL_STRIPES_HORIZONTAL,
                                        _("Horizontal"), NULL,
                                        "vertical",   FFTCL_STRIPES_VERTICAL,
                                        _("Vertical"), NULL,
                                        NULL),
                                      "none",
                                      G_PARAM_READWRITE);

  gimp_procedure_add_double_argument (procedure, "stripe-tolerance",
                                      _("S_tripe tolerance (%)"),
                                      _("Tolerance of direction for stripe "
                                        "suppression, in percent"),
                                      0.0, 100.0, 5.0,
                                      G_PARAM_READWRITE);

  gimp_procedure_add_double_array_argument (procedure, "notches",
                                            _("Notches (f_x fy radius)"),
                                            _("Notch (reject) discs as "
                                              "triples fx, fy, radius in "
                                              "cycles per pixel; each also "
                                              "rejects its mirror (−fx, −fy); "
                                              "radius 0 subtracts the wave "
                                              "fitted at (fx, fy) instead"),
                                            G_PARAM_READWRITE);
}

static void
add_advanced_arguments (GimpProcedure *procedure)
{
  gimp_procedure_add_choice_argument (procedure, "padding",
                                      _("P_adding"),
                                      _("What fills the margin up to the "
                                        "power-of-two size"),
                                      gimp_choice_new_with_values (
                                        "mirror", PADDING_MIRROR,
                                        _("Mirror"), NULL,
                                        "zero",   PADDING_ZERO,
                                        _("Zero"), NULL,
                                        "smooth", PADDING_SMOOTH,
                                        _("Smooth (gradients run on)"), NULL,
                                        NULL),
                                      "mirror",
                                      G_PARAM_READWRITE);

  gimp_procedure_add_choice_argument (procedure, "channels",
                                      _("Cha_nnels to filter"),
                                      _("Filter each colour channel, or only "
                                        "lightness keeping the colour"),
                                      gimp_choice_new_with_values (
                                        "rgb",       BANDPASS_CHANNELS_RGB,
                                        _("Each RGB channel"), NULL,
                                        "luminance", BANDPASS_CHANNELS_LUMINANCE,
                                        _("Luminance only"), NULL,
                                        NULL),
                                      "rgb",
                                      G_PARAM_READWRITE);

  gimp_procedure_add_boolean_argument (procedure, "linear",
                                       _("Filter _in linear light"),
                                       _("Filter linear-light values instead "
                                         "of the stored (perceptual) ones"),
                                       FALSE,
                                       G_PARAM_READWRITE);
}

/* Appended after `linear`, so that positional calls written before them
 * keep their meaning. */
static void
add_pattern_arguments (GimpProcedure *procedure)
{
  gimp_procedure_add_boolean_argument (procedure, "find-patterns",
                                       _("_Find patterns"),
                                       _("Find periodic patterns (halftone, "
                                         "moiré, interference, scan lines) "
                                         "in each drawable and add notches "
                                         "that remove them to the given "
                                         "ones"),
                                       FALSE,
                                       G_PARAM_READWRITE);

  gimp_procedure_add_double_argument (procedure, "pattern-sensitivity",
                                      _("Pattern sensitivit_y"),
                                      _("How weak a pattern may be and still "
                                        "be found: higher finds weaker "
                                        "patterns"),
                                      PATTERN_SENSITIVITY_MIN,
                                      PATTERN_SENSITIVITY_MAX,
                                      PATTERN_SENSITIVITY_DEFAULT,
                                      G_PARAM_READWRITE);
}

/* Appended after `pattern-sensitivity`. */
static void
add_output_arguments (GimpProcedure *procedure)
{
  gimp_procedure_add_choice_argument (procedure, "output",
                                      _("O_utput"),
                                      _("Where the result goes: into the "
                                        "drawable, as a new layer above it, "
                                        "or into the drawable with what the "
                                        "filter removed as a layer above it "
                                        "in Grain merge mode, which gives "
                                        "back the original"),
                                      gimp_choice_new_with_values (
                                        "replace",      BANDPASS_OUTPUT_REPLACE,
                                        _("Replace the drawable"), NULL,
                                        "new-layer",    BANDPASS_OUTPUT_NEW_LAYER,
                                        _("New layer"), NULL,
                                        "removed-part", BANDPASS_OUTPUT_REMOVED_PART,
                                        _("Removed part as a layer"), NULL,
                                        NULL),
                                      "replace",
                                      G_PARAM_READWRITE);

  gimp_procedure_add_boolean_argument (procedure, "autoscale",
                                       _("Autoscale to maximi_ze contrast"),
                                       _("Stretch the result so that 0.5 % "
                                         "of its values are darkest and "
                                         "0.5 % brightest, as ImageJ's "
                                         "Bandpass with 1 % saturation"),
                                       FALSE,
                                       G_PARAM_READWRITE);
}

/* Appended after `autoscale`. */
static void
add_non_destructive_argument (GimpProcedure *procedure)
{
  gimp_procedure_add_boolean_argument (procedure, "non-destructive",
                                       _("Non-destructive (edita_ble "
                                         "later)"),
                                       _("Append the GEGL operation "
                                         "fft:band-pass to each layer as a "
                                         "filter that can be edited later, "
                                         "instead of writing pixels; it "
                                         "runs on the CPU"),
                                       FALSE,
                                       G_PARAM_READWRITE);
}

/* Appended after `non-destructive`, so that calls naming the arguments
 * before it by position keep working. */
static void
add_notch_channels_argument (GimpProcedure *procedure)
{
  /* The label's mnemonic, v, is the device chooser's too (under
   * Advanced): the dialog's every other letter is taken. */
  gimp_procedure_add_string_argument (procedure, "notch-channels",
                                      _("Channels each notch co_vers"),
                                      _("The colour channels each notch "
                                        "filters, one word per notch in "
                                        "their order, made of the letters "
                                        "r, g and b (\"rgb r g b\"); a "
                                        "notch without a word filters "
                                        "every channel"),
                                      "",
                                      G_PARAM_READWRITE);
}

/* Appended after `notch-channels`. The dialog's Find patterns sets it
 * where it finds a screen, so that its preview and OK keep the print's
 * tone as find-patterns does. */
static void
add_print_screen_argument (GimpProcedure *procedure)
{
  gimp_procedure_add_double_argument (procedure, "print-screen",
                                      _("Halftone screen period"),
                                      _("The period in pixels of the "
                                        "halftone screen the notches "
                                        "remove: the print is also "
                                        "filtered in linear light, where "
                                        "its dots average as light adds "
                                        "up, and keeps the tone it has "
                                        "from a distance; 0 for an image "
                                        "that is no print"),
                                      0.0, 1e6, 0.0,
                                      G_PARAM_READWRITE);
}

void
bandpass_settings_add_arguments (GimpProcedure *procedure)
{
  add_band_arguments (procedure);
  add_shape_arguments (procedure);
  add_stripe_and_notch_arguments (procedure);
  add_advanced_arguments (procedure);
  add_pattern_arguments (procedure);
  add_output_arguments (procedure);
  add_non_destructive_argument (procedure);
  add_notch_channels_argument (procedure);
  add_print_screen_argument (procedure);
}

gdouble *
bandpass_settings_get_notches (GimpProcedureConfig *config,
                               gsize               *count)
{
  GimpArray     *array  = NULL;
  const gdouble *values = NULL;
  gdouble       *notches;

  *count = 0;
  g_object_get (config, "notches", &array, NULL);
  if (array)
    values = gimp_double_array_get_values (array, count);

  notches = g_new (gdouble, *count + 3);
  if (*count > 0)
    memcpy (notches, values, *count * sizeof (gdouble));

  if (array)
    gimp_array_free (array);
  return notches;
}

void
bandpass_settings_set_notches (GimpProcedureConfig *config,
                               const gdouble       *notches,
                               gsize                count)
{
  GValue value = G_VALUE_INIT;

  g_value_init (&value, GIMP_TYPE_DOUBLE_ARRAY);
  /* GIMP refuses a data pointer with a length of 0. */
  gimp_value_set_double_array (&value, count > 0 ? notches : NULL, count);
  g_object_set_property (G_OBJECT (config), "notches", &value);
  g_value_unset (&value);
}

gboolean
bandpass_settings_from_config (BandpassSettings     *settings,
                               GimpProcedureConfig  *config,
                               GError              **error)
{
  fftcl_gain *gain     = &settings->gain;
  gchar      *channels = NULL;
  gboolean    read;

  g_object_get (config,
                "large-structures",    &gain->large_period,
                "small-structures",    &gain->small_period,
                "order",               &gain->order,
                "keep-mean",           &gain->keep_mean,
                "stripe-tolerance",    &gain->stripe_tolerance,
                "linear",              &settings->linear,
                "find-patterns",       &settings->find_patterns,
                "pattern-sensitivity", &settings->pattern_sensitivity,
                "print-screen",        &settings->print_screen,
                "autoscale",           &settings->autoscale,
                "non-destructive",     &settings->non_destructive,
                NULL);

  gain->shape   = gimp_procedure_config_get_choice_id (config, "shape");
  gain->reject  = gimp_procedure_config_get_choice_id (config, "mode");
  gain->stripes = gimp_procedure_config_get_choice_id (config, "stripes");

  settings->notches = bandpass_settings_get_notches (config,
                                                     &settings->notch_values);
  settings->notch_channels = NULL;
  settings->discs          = NULL;
  settings->disc_planes    = NULL;
  settings->waves          = NULL;
  gain->notch_planes       = NULL;
  if (! settings_notches_sort (settings))
    g_error ("out of memory");
  g_object_get (config, "notch-channels", &channels, NULL);
  read = settings_notches_read_channels (settings, channels, error);
  g_free (channels);

  settings->padding  = gimp_procedure_config_get_choice_id (config,
                                                            "padding");
  settings->channels = gimp_procedure_config_get_choice_id (config,
                                                            "channels");
  settings->output   = gimp_procedure_config_get_choice_id (config,
                                                            "output");
  return read;
}

void
bandpass_settings_clear (BandpassSettings *settings)
{
  settings_notches_clear (settings);
}

gboolean
bandpass_settings_check (const BandpassSettings  *settings,
                         GError                 **error)
{
  return settings_checks_band (&settings->gain, error) &&
         settings_checks_notches (settings->notches, settings->notch_values,
                                  error);
}

gboolean
bandpass_settings_check_drawable (const BandpassSettings  *settings,
                                  GimpDrawable            *drawable,
                                  GError                 **error)
{
  gchar    *name = gimp_item_get_name (GIMP_ITEM (drawable));
  gboolean  fine = settings_checks_grid (&settings->gain,
                                         settings->notches,
                                         settings->notch_values,
                                         gimp_drawable_get_width (drawable),
                                         gimp_drawable_get_height (drawable),
                                         name, error);

  g_free (name);
  return fine;
}
