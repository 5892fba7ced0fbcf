/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-procedures.h"

#include <glib/gi18n-lib.h>

#include "plugin-locale.h"
#include "spectrum-forward.h"
#include "spectrum-inverse.h"

static GimpValueArray *
forward_run (GimpProcedure        *procedure,
             GimpRunMode           run_mode,
             GimpImage            *image,
             GimpDrawable        **drawables,
             GimpProcedureConfig  *config G_GNUC_UNUSED,
             gpointer              run_data G_GNUC_UNUSED)
{
  GError            *error = NULL;
  GimpPDBStatusType  status;
  GimpImage         *spectrum;
  GimpValueArray    *values;

  plugin_locale_bind ();
  gegl_init (NULL, NULL);

  spectrum = spectrum_forward_make (image, drawables, &status, &error);
  if (! spectrum)
    return gimp_procedure_new_return_values (procedure, status, error);

  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    gimp_display_new (spectrum);

  values = gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                             NULL);
  GIMP_VALUES_SET_IMAGE (values, 1, spectrum);
  return values;
}

static GimpValueArray *
inverse_run (GimpProcedure        *procedure,
             GimpRunMode           run_mode,
             GimpImage            *image,
             GimpDrawable        **drawables G_GNUC_UNUSED,
             GimpProcedureConfig  *config G_GNUC_UNUSED,
             gpointer              run_data G_GNUC_UNUSED)
{
  GError            *error     = NULL;
  gboolean           new_image = FALSE;
  GimpPDBStatusType  status;
  GimpLayer         *layer;
  GimpValueArray    *values;

  plugin_locale_bind ();
  gegl_init (NULL, NULL);

  layer = spectrum_inverse_make (image, &new_image, &status, &error);
  if (! layer)
    return gimp_procedure_new_return_values (procedure, status, error);

  if (run_mode != GIMP_RUN_NONINTERACTIVE)
    {
      if (new_image)
        gimp_display_new (gimp_item_get_image (GIMP_ITEM (layer)));
      gimp_displays_flush ();
    }

  values = gimp_procedure_new_return_values (procedure, GIMP_PDB_SUCCESS,
                                             NULL);
  GIMP_VALUES_SET_LAYER (values, 1, layer);
  return values;
}

/* What each procedure is; its strings are translated when it is made. */
typedef struct
{
  const gchar                  *name;
  GimpRunImageFunc              run;
  GimpProcedureSensitivityMask  sensitivity;
  const gchar                  *label, *blurb, *help;
  gboolean                      returns_image; /* else a layer */
  const gchar                  *returned, *returned_label, *returned_blurb;
} ProcedureFacts;

static const ProcedureFacts procedures[] =
{
  {
    "plug-in-fft-forward", forward_run, GIMP_PROCEDURE_SENSITIVE_DRAWABLE,
    N_("FFT _Forward (Spectrum as Image)"),
    N_("Make the drawable's spectrum an image to paint on"),
    N_("Makes a new 32-bit float image of the drawable's centred spectrum: "
       "the layer \"Log magnitude\" to paint on (black over a peak removes "
       "that pattern; one side of a mirrored pair is enough), and hidden "
       "layers holding what FFT Inverse needs: the real and imaginary "
       "parts and the source's pixels. The drawable is padded to a "
       "power-of-two size as the band-pass pads it. Do not resize the "
       "image, change its precision or rename its layers."),
    TRUE, "spectrum-image", N_("Spectrum image"),
    N_("The new image of the spectrum")
  },
  {
    "plug-in-fft-inverse", inverse_run, GIMP_PROCEDURE_SENSITIVE_ALWAYS,
    N_("FFT _Inverse (Image from Spectrum)"),
    N_("Turn a spectrum image, as painted, back into pixels"),
    N_("Takes an image made by FFT Forward and turns its spectrum, with "
       "what was painted on the layer \"Log magnitude\", back into pixels: "
       "a new layer above the source drawable when the source image is "
       "still open, else a new image. Unpainted, it gives back the source "
       "exactly."),
    FALSE, "layer", N_("Layer"), N_("The new layer of the result")
  },
};

static GimpProcedure *
procedure_new (GimpPlugIn           *plug_in,
               const ProcedureFacts *facts)
{
  GimpProcedure *procedure = gimp_image_procedure_new (
                               plug_in, facts->name,
                               GIMP_PDB_PROC_TYPE_PLUGIN, facts->run, NULL,
                               NULL);

  gimp_procedure_set_image_types (procedure, "RGB*, GRAY*");
  gimp_procedure_set_sensitivity_mask (procedure, facts->sensitivity);
  gimp_procedure_set_menu_label (procedure, _(facts->label));
  gimp_procedure_add_menu_path (procedure, "<Image>/Filters/Frequency");
  gimp_procedure_set_documentation (procedure, _(facts->blurb),
                                    _(facts->help), facts->name);
  gimp_procedure_set_attribution (procedure, "fft-bandpass authors",
                                  "fft-bandpass authors", "2026");
  if (facts->returns_image)
    gimp_procedure_add_image_return_value (procedure, facts->returned,
                                           _(facts->returned_label),
                                           _(facts->returned_blurb), FALSE,
                                           G_PARAM_READWRITE);
  else
    gimp_procedure_add_layer_return_value (procedure, facts->returned,
                                           _(facts->returned_label),
                                           _(facts->returned_blurb), FALSE,
                                           G_PARAM_READWRITE);
  return procedure;
}

GList *
spectrum_procedures_names (void)
{
  GList *names = NULL;

  for (gsize i = 0; i < G_N_ELEMENTS (procedures); i++)
    names = g_list_append (names, g_strdup (procedures[i].name));
  return names;
}

GimpProcedure *
spectrum_procedures_create (GimpPlugIn  *plug_in,
                            const gchar *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (procedures); i++)
    if (g_strcmp0 (name, procedures[i].name) == 0)
      return procedure_new (plug_in, &procedures[i]);
  return NULL;
}
