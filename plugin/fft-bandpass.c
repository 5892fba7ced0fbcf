/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fft-bandpass — the GIMP 3 plug-in: registers plug-in-fft-bandpass
 * (docs/contract.md), checks each call, and applies the render of every
 * selected drawable, or non-destructively the GEGL operation
 * (drawable-filter-append.h), as one undo step. */
#include <libgimp/gimp.h>
#include <glib/gi18n-lib.h>

#include "bandpass-dialog.h"
#include "final-write.h"
#include "bandpass-settings.h"
#include "dialog-jobs.h"
#include "drawable-filter-append.h"
#include "plugin-locale.h"
#include "pulsing-worker.h"
#include "result-layers.h"
#include "spectrum-procedures.h"
#include "target-checks.h"

#define PLUG_IN_PROC "plug-in-fft-bandpass"
/* Filters › Enhance's entry for the main job: the same arguments and
 * filter, its dialog opened set for pattern removal (docs/contract.md §1
 * says why a second procedure). */
#define REMOVE_PATTERN_PROC "plug-in-fft-remove-pattern"

#define FFT_TYPE_BANDPASS (fft_bandpass_get_type ())
G_DECLARE_FINAL_TYPE (FftBandpass, fft_bandpass, FFT, BANDPASS, GimpPlugIn)

struct _FftBandpass
{
  GimpPlugIn parent_instance;
};

/* One drawable's part, [index, index + 1) of count, of the whole call's
 * progress. */
typedef struct
{
  gsize index;
  gsize count;
} ProgressSpan;

G_DEFINE_TYPE (FftBandpass, fft_bandpass, GIMP_TYPE_PLUG_IN)

GIMP_MAIN (FFT_TYPE_BANDPASS)

static void
update_progress (gdouble  fraction,
                 gpointer span_pointer)
{
  const ProgressSpan *span = span_pointer;

  gimp_progress_update ((span->index + fraction) / span->count);
}

static void
pulse_progress (gpointer span_pointer G_GNUC_UNUSED)
{
  gimp_progress_pulse ();
}

/* filter_buffer's jobs run in a worker thread (libgimp's calls belong to
 * this one) while GIMP's progress pulses. */
static void
run_pulsing (FilterJob job,
             gpointer  job_data,
             gpointer  span_pointer)
{
  pulsing_worker_run (job, job_data, pulse_progress, span_pointer);
}

/* Writes the renderer's drawable's result where `results` says. */
static gboolean
render_one (BandpassRenderer       *renderer,
            ResultLayers           *results,
            ProgressSpan           *span,
            const BandpassSettings *settings,
            GError                **error)
{
  GeglBuffer       *target   = result_layers_target (results, span->index);
  RemovedPart       removed  = result_layers_removed (results, span->index);
  FilterHost        host     = { update_progress, run_pulsing, span };
  gboolean          rendered;

  rendered = bandpass_renderer_write (renderer, settings, target, &removed,
                                      &host, error);
  if (rendered)
    gegl_buffer_flush (target);

  g_object_unref (target);
  g_clear_object (&removed.buffer);
  return rendered;
}

/* A drawable after the first gets a renderer of its own on the first's
 * device. */
static gboolean
render_another (GimpDrawable           *drawable,
                BandpassDevice         *device,
                ResultLayers           *results,
                ProgressSpan           *span,
                const BandpassSettings *settings,
                GError                **error)
{
  BandpassRenderer *renderer = bandpass_renderer_new (drawable, device);
  gboolean          rendered = render_one (renderer, results, span, settings,
                                           error);

  bandpass_renderer_free (renderer);
  return rendered;
}

static gboolean
render_with (GimpDrawable          **drawables,
             BandpassRenderer       *first,
             ResultLayers           *results,
             ProgressSpan           *span,
             const BandpassSettings *settings,
             GError                **error)
{
  return span->index == 0
         ? render_one (first, results, span, settings, error)
         : render_another (drawables[span->index],
                           bandpass_renderer_get_device (first), results,
                           span, settings, error);
}

/* `first` writes drawables[0], so that after a dialog the output is the
 * preview's pixels. Every drawable is rendered before any result joins
 * the image, so that a failure on one leaves the whole image untouched.
 * So does a cancel: GIMP then ends the plug-in and frees the shadow
 * buffers it leaves, and the new layers were never inserted. The
 * progress ends before the results join, which takes away the Cancel
 * that would end the plug-in between two drawables'. */
static gboolean
render_all (GimpDrawable          **drawables,
            BandpassRenderer       *first,
            ResultLayers           *results,
            const BandpassSettings *settings,
            GError                **error)
{
  ProgressSpan span = {
    .count = gimp_core_object_array_get_length ((GObject **) drawables)
  };

  gimp_progress_init (_("Band-pass filtering"));

  for (span.index = 0; span.index < span.count; span.index++)
    if (! render_with (drawables, first, results, &span, settings, error))
      return FALSE;

  gimp_progress_end ();
  return TRUE;
}

static gboolean
apply (GimpImage              *image,
       GimpDrawable          **drawables,
       const BandpassSettings *settings,
       GimpProcedureConfig    *config,
       BandpassRenderer       *renderer,
       GError                **error)
{
  gchar        *choice   = bandpass_device_choice (config);
  ResultLayers *results  = result_layers_new (drawables, settings->output);
  gboolean      rendered = bandpass_renderer_use_device (renderer, choice,
                                                         error) &&
                           render_all (drawables, renderer, results,
                                       settings, error);

  g_free (choice);
  if (rendered)
    result_layers_apply (results, image);

  result_layers_free (results);
  return rendered;
}

/* Checks the arguments and filters; FALSE, with a message, when the call
 * fails, and then `status` says how. */
static gboolean
filter_with_config (GimpImage            *image,
                    GimpDrawable        **drawables,
                    const gchar          *title,
                    GimpProcedureConfig  *config,
                    BandpassRenderer     *renderer,
                    GimpPDBStatusType    *status,
                    GError              **error)
{
  BandpassSettings settings;
  gboolean         done;

  gboolean         read = bandpass_settings_from_config (&settings, config,
                                                          error);

  /* The target again: the image may have changed while a dialog was
   * open. */
  *status = GIMP_PDB_CALLING_ERROR;
  done    = read && target_checks_pass (image, drawables, title, error) &&
            result_layers_check (drawables, settings.output, error) &&
            (! settings.non_destructive ||
             drawable_filter_append_check (drawables, error)) &&
            bandpass_settings_check (&settings, error);
  for (gsize i = 0; done && drawables[i] != NULL; i++)
    done = bandpass_settings_check_drawable (&settings, drawables[i], error);

  if (done)
    {
      *status = GIMP_PDB_EXECUTION_ERROR;
      done    = settings.non_destructive
                ? drawable_filter_append_all (image, drawables, config,
                                              &settings, error)
                : apply (image, drawables, &settings, config, renderer,
                         error);
    }

  bandpass_settings_clear (&settings);
  return done;
}

static gboolean
is_remove_pattern (GimpProcedure *procedure)
{
  return g_strcmp0 (gimp_procedure_get_name (procedure),
                    REMOVE_PATTERN_PROC) == 0;
}

/* The procedure's name in its messages. */
static const gchar *
procedure_title (GimpProcedure *procedure)
{
  return is_remove_pattern (procedure) ? _("Remove Periodic Pattern")
                                       : _("Band-pass");
}

/* run() owns the renderer of the first drawable: the dialog borrows it
 * for its preview, then the final run writes with it. */
static GimpValueArray *
fft_bandpass_run (GimpProcedure        *procedure,
                  GimpRunMode           run_mode,
                  GimpImage            *image,
                  GimpDrawable        **drawables,
                  GimpProcedureConfig  *config,
                  gpointer              run_data G_GNUC_UNUSED)
{
  GimpPDBStatusType  status;
  GError            *error = NULL;
  BandpassRenderer  *renderer;
  gboolean           done;

  plugin_locale_bind ();
  gegl_init (NULL, NULL);

  if (! target_checks_pass (image, drawables, procedure_title (procedure),
                            &error))
    return gimp_procedure_new_return_values (procedure,
                                             GIMP_PDB_CALLING_ERROR, error);

  renderer = bandpass_renderer_new (drawables[0], NULL);
  if (run_mode == GIMP_RUN_INTERACTIVE &&
      ! bandpass_dialog_run (procedure, config, renderer,
                             drawable_filter_append_check (drawables, NULL),
                             is_remove_pattern (procedure)))
    {
      bandpass_renderer_free (renderer);
      return gimp_procedure_new_return_values (procedure, GIMP_PDB_CANCEL,
                                               NULL);
    }

  done = filter_with_config (image, drawables, procedure_title (procedure),
                             config, renderer, &status, &error);
  bandpass_renderer_free (renderer);

  if (! done)
    return gimp_procedure_new_return_values (procedure, status, error);

  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_displays_flush ();

  return gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                           NULL);
}

static GList *
fft_bandpass_query_procedures (GimpPlugIn *plug_in)
{
  GList *names = NULL;

  gimp_plug_in_add_menu_branch (plug_in, "<Image>/Filters", N_("_Frequency"));

  names = g_list_append (names, g_strdup (PLUG_IN_PROC));
  names = g_list_append (names, g_strdup (REMOVE_PATTERN_PROC));
  return g_list_concat (names, spectrum_procedures_names ());
}

/* The dialog's view: remembered between runs, no part of the PDB call. */
static void
add_view_arguments (GimpProcedure *procedure)
{
  gimp_procedure_add_boolean_aux_argument (procedure, "show-spectrum",
                                           _("Spectrum"),
                                           _("Whether the dialog shows the "
                                             "spectrum view"),
                                           TRUE, G_PARAM_READWRITE);
  gimp_procedure_add_boolean_aux_argument (procedure, "split-view",
                                           _("Split before and after"),
                                           _("Whether the preview shows the "
                                             "image before and after "
                                             "filtering side by side"),
                                           TRUE, G_PARAM_READWRITE);
  gimp_procedure_add_double_aux_argument (procedure, "split-position",
                                          _("Split position"),
                                          _("Where the preview's divider "
                                            "stands, as a share of its "
                                            "width"),
                                          0.0, 1.0, 0.5, G_PARAM_READWRITE);
  gimp_procedure_add_boolean_aux_argument (procedure, "split-swapped",
                                           _("Before on the right"),
                                           _("Whether the preview shows the "
                                             "image before filtering right "
                                             "of the divider"),
                                           FALSE, G_PARAM_READWRITE);

}

static GimpProcedure *
fft_bandpass_create_procedure (GimpPlugIn  *plug_in,
                               const gchar *name)
{
  gboolean       remove_pattern = g_strcmp0 (name, REMOVE_PATTERN_PROC) == 0;
  GimpProcedure *procedure;

  if (g_strcmp0 (name, PLUG_IN_PROC) != 0 && ! remove_pattern)
    return spectrum_procedures_create (plug_in, name);

  procedure = gimp_image_procedure_new (plug_in, name,
                                        GIMP_PDB_PROC_TYPE_PLUGIN,
                                        fft_bandpass_run, NULL, NULL);

  gimp_procedure_set_image_types (procedure, "RGB*, GRAY*");
  gimp_procedure_set_sensitivity_mask (procedure,
                                       GIMP_PROCEDURE_SENSITIVE_DRAWABLE |
                                       GIMP_PROCEDURE_SENSITIVE_DRAWABLES);
  if (remove_pattern)
    {
      gimp_procedure_set_menu_label (procedure,
                                     _("Remove _Periodic Pattern…"));
      gimp_procedure_add_menu_path (procedure, "<Image>/Filters/Enhance");
    }
  else
    {
      gimp_procedure_set_menu_label (procedure, _("_Band-pass…"));
      gimp_procedure_add_menu_path (procedure, "<Image>/Filters/Frequency");
    }

  gimp_procedure_set_documentation (
    procedure,
    remove_pattern ?
    _("Remove halftone screens, moiré, interference and scan lines: the "
      "band-pass dialog, opened set for pattern removal") :
    _("Remove structures larger or smaller than given sizes"),
    _("Filters the selected drawables in the frequency domain: each is "
      "padded to a power-of-two size, transformed with an FFT (on the GPU "
      "through OpenCL when one is present and measured faster, else on the "
      "CPU), multiplied by a band-pass gain and transformed back. Sizes are "
      "periods in pixels: "
      "structures larger than large-structures and smaller than "
      "small-structures are removed. The environment variable FFTCL_DEVICE "
      "picks the device: \"cpu\", or part of an OpenCL device name."),
    name);
  gimp_procedure_set_attribution (procedure,
                                  "fft-bandpass authors",
                                  "fft-bandpass authors",
                                  "2026");

  bandpass_settings_add_arguments (procedure);
  /* Auxiliary: remembered between runs, yet no part of the PDB call. */
  gimp_procedure_add_string_aux_argument (procedure, "device",
                                          _("De_vice"),
                                          _("The device the FFT runs on; "
                                            "empty picks the faster of the "
                                            "GPU and the CPU, as measured"),
                                          "",
                                          G_PARAM_READWRITE);
  dialog_jobs_add_argument (procedure, remove_pattern ?
                            DIALOG_JOB_REMOVE_PATTERN : DIALOG_JOB_CUSTOM);
  add_view_arguments (procedure);
  return procedure;
}

/* Translations live in locale/ beside the executable (plugin-locale.h).
 * Without that folder (no translations installed, or the plug-in copied
 * alone) GIMP would complain on every call, so localization is then off. */
static gboolean
fft_bandpass_set_i18n (GimpPlugIn   *plug_in G_GNUC_UNUSED,
                       const gchar  *procedure_name G_GNUC_UNUSED,
                       gchar       **gettext_domain,
                       gchar       **catalog_dir)
{
  gchar    *catalogs  = plugin_locale_folder ();
  gboolean  installed = catalogs != NULL;

  g_free (catalogs);
  if (installed)
    {
      *gettext_domain = g_strdup (GETTEXT_PACKAGE);
      *catalog_dir    = g_strdup ("locale");
    }

  return installed;
}

static void
fft_bandpass_class_init (FftBandpassClass *klass)
{
  GimpPlugInClass *plug_in_class = GIMP_PLUG_IN_CLASS (klass);

  plug_in_class->query_procedures = fft_bandpass_query_procedures;
  plug_in_class->create_procedure = fft_bandpass_create_procedure;
  plug_in_class->set_i18n         = fft_bandpass_set_i18n;
}

static void
fft_bandpass_init (FftBandpass *plug_in G_GNUC_UNUSED)
{
}
