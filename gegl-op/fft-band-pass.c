/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fft:band-pass — the plug-in's band-pass as a GEGL operation, so that
 * GIMP applies it non-destructively (editable later, with its preview,
 * opacity and blend modes) and `gegl` runs it in batch. Every property is
 * the procedure argument of the same name, range and default
 * (docs/contract.md §2); notches are text, three numbers per notch, as
 * GEGL has no array properties, and `output`, as an operation adds no
 * layers, offers the result or the removed part. The filter is the plug-in's core, on
 * FFTW: the operation runs inside GIMP's own process, and whatever fails
 * there passes the input through with a warning, never a black layer.
 * GIMP's generated dialog for it (when an appended filter is edited) takes
 * the labels in German as well, and its sliders' ui ranges, steps and
 * gammas: periods drag about logarithmically, as the plug-in's do. */
#ifdef GEGL_PROPERTIES

#include "pattern-finder.h"

enum_start (fft_band_pass_shape)
  enum_value (FFT_BAND_PASS_GAUSSIAN,    "gaussian",    N_("Gaussian"))
  enum_value (FFT_BAND_PASS_BUTTERWORTH, "butterworth", N_("Butterworth"))
  enum_value (FFT_BAND_PASS_IDEAL,       "ideal",       N_("Ideal (sharp)"))
enum_end (FftBandPassShape)

enum_start (fft_band_pass_mode)
  enum_value (FFT_BAND_PASS_PASS,   "band-pass",   N_("Band-pass"))
  enum_value (FFT_BAND_PASS_REJECT, "band-reject", N_("Band-reject"))
enum_end (FftBandPassMode)

enum_start (fft_band_pass_stripes)
  enum_value (FFT_BAND_PASS_STRIPES_NONE,       "none",       N_("None"))
  enum_value (FFT_BAND_PASS_STRIPES_HORIZONTAL, "horizontal", N_("Horizontal"))
  enum_value (FFT_BAND_PASS_STRIPES_VERTICAL,   "vertical",   N_("Vertical"))
enum_end (FftBandPassStripes)

enum_start (fft_band_pass_padding)
  enum_value (FFT_BAND_PASS_MIRROR, "mirror", N_("Mirror"))
  enum_value (FFT_BAND_PASS_ZERO,   "zero",   N_("Zero"))
  enum_value (FFT_BAND_PASS_SMOOTH, "smooth", N_("Smooth (gradients run on)"))
enum_end (FftBandPassPadding)

enum_start (fft_band_pass_channels)
  enum_value (FFT_BAND_PASS_RGB,       "rgb",       N_("Each RGB channel"))
  enum_value (FFT_BAND_PASS_LUMINANCE, "luminance", N_("Luminance only"))
enum_end (FftBandPassChannels)

enum_start (fft_band_pass_output)
  enum_value (FFT_BAND_PASS_RESULT,       "result",       N_("Result"))
  enum_value (FFT_BAND_PASS_REMOVED_PART, "removed-part",
              N_("Removed part (for Grain merge)"))
enum_end (FftBandPassOutput)

property_double (large_structures, _("Large structures (px)"), 40.0)
  description (_("Remove structures larger than this period, in pixels; "
                 "0 keeps all large structures"))
  value_range (0.0, 1e6)
  ui_range (0.0, 1000.0)
  ui_gamma (3.0)
  ui_steps (1.0, 10.0)

property_double (small_structures, _("Small structures (px)"), 3.0)
  description (_("Remove structures smaller than this period, in pixels; "
                 "0 keeps all small structures"))
  value_range (0.0, 1e6)
  ui_range (0.0, 100.0)
  ui_gamma (2.0)
  ui_steps (0.5, 5.0)

property_enum (shape, _("Edge shape"), FftBandPassShape, fft_band_pass_shape,
               FFT_BAND_PASS_GAUSSIAN)
  description (_("How the pass band ends at the cut-offs"))

property_double (order, _("Butterworth order"), 2.0)
  description (_("Butterworth order: higher is steeper"))
  value_range (0.5, 20.0)
  ui_range (0.5, 10.0)
  ui_steps (0.5, 1.0)

property_enum (mode, _("Mode"), FftBandPassMode, fft_band_pass_mode,
               FFT_BAND_PASS_PASS)
  description (_("Keep the band, or remove it"))

property_boolean (keep_mean, _("Keep mean brightness"), TRUE)
  description (_("The mean (DC term) passes unchanged"))

property_enum (stripes, _("Suppress stripes"), FftBandPassStripes,
               fft_band_pass_stripes, FFT_BAND_PASS_STRIPES_NONE)
  description (_("Also suppress horizontal or vertical stripes"))

property_double (stripe_tolerance, _("Stripe tolerance (%)"), 5.0)
  description (_("Tolerance of direction for stripe suppression, in percent"))
  value_range (0.0, 100.0)
  ui_steps (1.0, 10.0)

property_string (notches, _("Notches"), "")
  description (_("Notch (reject) discs as numbers fx fy radius in cycles per "
                 "pixel, three per notch; each also rejects its mirror "
                 "(-fx, -fy); radius 0 subtracts the wave fitted at (fx, fy) "
                 "instead"))

property_enum (padding, _("Padding"), FftBandPassPadding, fft_band_pass_padding,
               FFT_BAND_PASS_MIRROR)
  description (_("What fills the margin up to the power-of-two size"))

property_enum (channels, _("Channels to filter"), FftBandPassChannels,
               fft_band_pass_channels, FFT_BAND_PASS_RGB)
  description (_("Filter each colour channel, or only lightness keeping the "
                 "colour"))

property_boolean (linear, _("Linear light"), FALSE)
  description (_("Filter linear-light values instead of the stored "
                 "(perceptual) ones"))

property_boolean (find_patterns, _("Find patterns"), FALSE)
  description (_("Find periodic patterns (halftone, moiré, interference, "
                 "scan lines) in the image and add notches that remove them "
                 "to the given ones"))

property_double (pattern_sensitivity, _("Pattern sensitivity"),
                 PATTERN_SENSITIVITY_DEFAULT)
  description (_("How weak a pattern may be and still be found: higher "
                 "finds weaker patterns"))
  value_range (PATTERN_SENSITIVITY_MIN, PATTERN_SENSITIVITY_MAX)
  ui_steps (1.0, 10.0)

property_enum (output, _("Output"), FftBandPassOutput, fft_band_pass_output,
               FFT_BAND_PASS_RESULT)
  description (_("The filtered image, or what the filter removed plus "
                 "one half (mid-grey), which in Grain merge mode over the "
                 "result gives back the input"))

property_boolean (autoscale, _("Autoscale after filtering"), FALSE)
  description (_("Stretch the result so that 0.5 % of its values are "
                 "darkest and 0.5 % brightest, as ImageJ's Bandpass with "
                 "1 % saturation"))

property_string (notch_channels, _("Notch channels"), "")
  description (_("The colour channels each notch filters, one word per "
                 "notch in their order, made of the letters r, g and b "
                 "(\"rgb r g b\"); a notch without a word filters every "
                 "channel"))

property_double (print_screen, _("Halftone screen period"), 0.0)
  description (_("The period in pixels of the halftone screen the notches "
                 "remove: the print is also filtered in linear light, where "
                 "its dots average as light adds up, and keeps the tone it "
                 "has from a distance; 0 for an image that is no print"))
  value_range (0.0, 1e6)
  ui_range (0.0, 20.0)

#else

#define GEGL_OP_FILTER
#define GEGL_OP_NAME     fft_band_pass
#define GEGL_OP_C_SOURCE fft-band-pass.c

/* The labels and descriptions are translated in the plug-in's domain
 * (gegl-op.h translates the enum labels with dgettext). */
#include <glib/gi18n-lib.h>
#include <gmodule.h>

#include "gegl-op.h"

#include "op-filter.h"
#include "op-settings.h"
#include "op-spectrum-cache.h"
#include "pass-through.h"

static const fftcl_shape shapes[] =
{
  [FFT_BAND_PASS_GAUSSIAN]    = FFTCL_SHAPE_GAUSSIAN,
  [FFT_BAND_PASS_BUTTERWORTH] = FFTCL_SHAPE_BUTTERWORTH,
  [FFT_BAND_PASS_IDEAL]       = FFTCL_SHAPE_IDEAL,
};

static const fftcl_stripes stripes[] =
{
  [FFT_BAND_PASS_STRIPES_NONE]       = FFTCL_STRIPES_NONE,
  [FFT_BAND_PASS_STRIPES_HORIZONTAL] = FFTCL_STRIPES_HORIZONTAL,
  [FFT_BAND_PASS_STRIPES_VERTICAL]   = FFTCL_STRIPES_VERTICAL,
};

static const PaddingKind paddings[] =
{
  [FFT_BAND_PASS_MIRROR] = PADDING_MIRROR,
  [FFT_BAND_PASS_ZERO]   = PADDING_ZERO,
  [FFT_BAND_PASS_SMOOTH] = PADDING_SMOOTH,
};

static const BandpassChannels channels[] =
{
  [FFT_BAND_PASS_RGB]       = BANDPASS_CHANNELS_RGB,
  [FFT_BAND_PASS_LUMINANCE] = BANDPASS_CHANNELS_LUMINANCE,
};

/* The settings but the notches, which op_settings_read_notches reads. */
static BandpassSettings
settings_from (const GeglProperties *o)
{
  return (BandpassSettings) {
    .gain = {
      .large_period     = o->large_structures,
      .small_period     = o->small_structures,
      .shape            = shapes[o->shape],
      .order            = o->order,
      .reject           = o->mode == FFT_BAND_PASS_REJECT,
      .keep_mean        = o->keep_mean,
      .stripes          = stripes[o->stripes],
      .stripe_tolerance = o->stripe_tolerance,
    },
    .padding             = paddings[o->padding],
    .channels            = channels[o->channels],
    .linear              = o->linear,
    .find_patterns       = o->find_patterns,
    .pattern_sensitivity = o->pattern_sensitivity,
    .print_screen        = o->print_screen,
    .output              = o->output == FFT_BAND_PASS_REMOVED_PART
                           ? BANDPASS_OUTPUT_REMOVED_PART
                           : BANDPASS_OUTPUT_REPLACE,
    .autoscale           = o->autoscale,
  };
}

/* The input's format, or R'G'B'A float where nothing is connected. */
static const Babl *
source_format (GeglOperation *operation)
{
  const Babl *source = gegl_operation_get_source_format (operation, "input");

  return source ? source : babl_format ("R'G'B'A float");
}

static gboolean
is_gray (const Babl *format)
{
  return (babl_get_model_flags (babl_format_get_model (format)) &
          BABL_MODEL_FLAG_GRAY) != 0;
}

/* As the plug-in filters a drawable stored in the input's format. */
static RenderFormat
filtered_format (GeglOperation *operation)
{
  const Babl       *source   = source_format (operation);
  BandpassSettings  settings = settings_from (GEGL_PROPERTIES (operation));

  return render_format_for (source, is_gray (source),
                            babl_format_has_alpha (source), &settings);
}

/* The output is in the input's own model, in float, as the plug-in writes
 * a drawable: a pixel that is not filtered comes back as read, not as
 * converted to CIE Lab or linear light and back. */
static void
prepare (GeglOperation *operation)
{
  const Babl *source = source_format (operation);

  gegl_operation_set_format (operation, "input",
                             filtered_format (operation).format);
  gegl_operation_set_format (operation, "output",
                             render_format_as_stored (source, is_gray (source),
                                                      babl_format_has_alpha (source)));
}

/* Every output pixel depends on every input pixel. */
static GeglRectangle
whole_input (GeglOperation       *operation,
             const GeglRectangle *roi)
{
  const GeglRectangle *box = gegl_operation_source_get_bounding_box (operation,
                                                                     "input");

  return box && ! gegl_rectangle_is_infinite_plane (box) ? *box : *roi;
}

static GeglRectangle
get_required_for_output (GeglOperation       *operation,
                         const gchar         *input_pad G_GNUC_UNUSED,
                         const GeglRectangle *roi)
{
  return whole_input (operation, roi);
}

static GeglRectangle
get_invalidated_by_change (GeglOperation       *operation,
                           const gchar         *input_pad G_GNUC_UNUSED,
                           const GeglRectangle *roi)
{
  return whole_input (operation, roi);
}

static GeglRectangle
get_cached_region (GeglOperation       *operation,
                   const GeglRectangle *roi)
{
  return whole_input (operation, roi);
}

static gboolean
filter (GeglOperation       *operation,
        GeglBuffer          *input,
        GeglBuffer          *output,
        const GeglRectangle *whole)
{
  GeglProperties   *o        = GEGL_PROPERTIES (operation);
  RenderFormat      format   = filtered_format (operation);
  BandpassSettings  settings = settings_from (o);
  gchar            *warning  = NULL;
  gchar            *message  = NULL;
  gboolean          filtered;

  filtered = op_settings_read_notches (&settings, o->notches,
                                       o->notch_channels, &message) &&
             op_settings_check_band (&settings, &message) &&
             op_filter_run (input, output, whole, &format, &settings,
                            operation, &warning, &message);
  if (warning)
    pass_through_warn (warning, NULL);
  if (! filtered)
    pass_through (input, output, whole, message);

  g_free (warning);
  g_free (message);
  op_settings_clear (&settings);
  return TRUE;
}

static gboolean
process (GeglOperation       *operation,
         GeglBuffer          *input,
         GeglBuffer          *output,
         const GeglRectangle *result,
         gint                 level G_GNUC_UNUSED)
{
  const GeglRectangle *box = gegl_operation_source_get_bounding_box (operation,
                                                                     "input");

  if (! box || gegl_rectangle_is_empty (box))
    return TRUE;
  if (gegl_rectangle_is_infinite_plane (box))
    return pass_through (input, output, result,
                         _("The input has no bounds to filter as a whole."));

  return filter (operation, input, output, box);
}

/* GModule calls this on loading the module, before GEGL registers the
 * operation and translates its labels: the catalogs are the plug-in's,
 * in its locale/ folder. The module stays loaded: the kept spectrum's
 * idle timeout (op-spectrum-cache.h) calls into it. NULL: the module
 * may load. */
G_MODULE_EXPORT const gchar *
g_module_check_init (GModule *module)
{
  g_module_make_resident (module);
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  return NULL;
}

static void
finalize (GObject *object)
{
  op_spectrum_cache_release (object);
  G_OBJECT_CLASS (gegl_op_parent_class)->finalize (object);
}

static void
gegl_op_class_init (GeglOpClass *klass)
{
  GeglOperationClass       *operation_class = GEGL_OPERATION_CLASS (klass);
  GeglOperationFilterClass *filter_class    = GEGL_OPERATION_FILTER_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize           = finalize;
  operation_class->prepare                   = prepare;
  operation_class->get_required_for_output   = get_required_for_output;
  operation_class->get_invalidated_by_change = get_invalidated_by_change;
  operation_class->get_cached_region         = get_cached_region;
  /* One call filters the whole input: GEGL must not split it. */
  operation_class->threaded                  = FALSE;
  filter_class->process                      = process;

  gegl_operation_class_set_keys (operation_class,
    "name",           "fft:band-pass",
    "title",          _("Band-pass (FFT)"),
    /* No menu entry: Filters › Frequency › Band-pass… (the plug-in)
     * appends this operation when asked to be non-destructive, and GIMP
     * opens an appended filter for editing by its operation's name
     * alone (docs/contract.md §7). */
    "categories",     "frequency:enhance",
    "description",    _("Removes large structures (uneven illumination) and "
                        "small ones (noise) at once through the FFT, with "
                        "Gaussian, Butterworth or ideal edges, and periodic "
                        "patterns with notches and stripe suppression; the "
                        "same filter as Filters › Frequency › Band-pass…"),
    NULL);
}

#endif
