/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-record.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "quoted-text.h"
#include "render-format.h"

#define GROUP   "spectrum"
#define VERSION 1

G_STATIC_ASSERT (SPECTRUM_RECORD_MAX_SIZE == GIMP_MAX_IMAGE_SIZE);

void
spectrum_record_attach (const SpectrumRecord *record,
                        GimpImage            *image)
{
  GKeyFile     *file = g_key_file_new ();
  gdouble       scales[G_N_ELEMENTS (record->scales)];
  gchar        *text;
  gsize         length;
  GimpParasite *parasite;

  memcpy (scales, record->scales, sizeof scales);
  g_key_file_set_integer (file, GROUP, "version", VERSION);
  for (gsize i = 0; i < spectrum_record_integer_count; i++)
    {
      const SpectrumRecordInteger *field = &spectrum_record_integers[i];

      g_key_file_set_integer (file, GROUP, field->key,
                              G_STRUCT_MEMBER (gint, record, field->offset));
    }
  g_key_file_set_string (file, GROUP, "format", record->format);
  g_key_file_set_string (file, GROUP, "name", record->name);
  g_key_file_set_double (file, GROUP, "largest", record->largest);
  g_key_file_set_double_list (file, GROUP, "scales", scales,
                              G_N_ELEMENTS (scales));
  for (gint layer = 0; layer < SPECTRUM_LAYER_COUNT; layer++)
    g_key_file_set_string (file, GROUP, spectrum_record_layer_keys[layer],
                           record->layers[layer]);

  text     = g_key_file_to_data (file, &length, NULL);
  parasite = gimp_parasite_new (SPECTRUM_RECORD_PARASITE,
                                GIMP_PARASITE_PERSISTENT, length, text);
  gimp_image_attach_parasite (image, parasite);

  gimp_parasite_free (parasite);
  g_free (text);
  g_key_file_free (file);
}

static gboolean
read_fields (SpectrumRecord  *record,
             GKeyFile        *file,
             GError         **error)
{
  gdouble *scales;
  gsize    count = 0;

  if (g_key_file_get_integer (file, GROUP, "version", error) != VERSION)
    return FALSE;
  for (gsize i = 0; i < spectrum_record_integer_count; i++)
    {
      const SpectrumRecordInteger *field = &spectrum_record_integers[i];

      G_STRUCT_MEMBER (gint, record, field->offset) =
        g_key_file_get_integer (file, GROUP, field->key, error);
      if (*error)
        return FALSE;
    }
  record->largest = g_key_file_get_double (file, GROUP, "largest", error);
  if (*error || ! (record->format = g_key_file_get_string (file, GROUP,
                                                           "format", error)) ||
      ! (record->name = g_key_file_get_string (file, GROUP, "name", error)))
    return FALSE;
  for (gint layer = 0; layer < SPECTRUM_LAYER_COUNT; layer++)
    if (! (record->layers[layer] =
             g_key_file_get_string (file, GROUP,
                                    spectrum_record_layer_keys[layer], error)))
      return FALSE;

  scales = g_key_file_get_double_list (file, GROUP, "scales", &count, error);
  if (scales && count == G_N_ELEMENTS (record->scales))
    memcpy (record->scales, scales, sizeof record->scales);
  g_free (scales);
  return count == G_N_ELEMENTS (record->scales);
}

static gboolean
is_precision (gint value)
{
  GEnumClass *precisions = g_type_class_ref (GIMP_TYPE_PRECISION);
  gboolean    known      = g_enum_get_value (precisions, value) != NULL;

  g_type_class_unref (precisions);
  return known;
}

/* The key of the first field of `record` that plug-in-fft-forward could
 * not have written, NULL when there is none. */
static const gchar *
broken_field (const SpectrumRecord *record)
{
  const gchar *broken = spectrum_record_broken_field (record);

  if (! broken && ! render_format_is_as_stored (record->format, record->gray,
                                                record->has_alpha))
    broken = "format";
  if (! broken && ! is_precision (record->precision))
    broken = "precision";
  return broken;
}

static void
refuse_field (GKeyFile     *file,
              const gchar  *key,
              GError      **error)
{
  gchar *value  = g_key_file_get_value (file, GROUP, key, NULL);
  gchar *quoted = quoted_text (value ? value : "");

  g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
               _("The record this spectrum image keeps of its source (the "
                 "parasite \"%s\") has %s as its field \"%s\", which "
                 "plug-in-fft-forward never writes: make the spectrum again "
                 "from its source with Filters > Frequency > FFT Forward "
                 "(Spectrum as Image)."),
               SPECTRUM_RECORD_PARASITE, quoted, key);
  g_free (quoted);
  g_free (value);
}

gboolean
spectrum_record_read (SpectrumRecord  *record,
                      GimpImage       *image,
                      GError         **error)
{
  GimpParasite *parasite = gimp_image_get_parasite (image,
                                                    SPECTRUM_RECORD_PARASITE);
  GKeyFile     *file     = g_key_file_new ();
  GError       *problem  = NULL;
  gboolean      read     = FALSE;
  const gchar  *broken   = NULL;

  *record = (SpectrumRecord) { 0 };
  if (parasite)
    {
      guint32       length;
      gconstpointer data = gimp_parasite_get_data (parasite, &length);

      read = g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE,
                                        &problem) &&
             read_fields (record, file, &problem);
    }
  if (read && (broken = broken_field (record)))
    refuse_field (file, broken, error);
  else if (! read)
    g_set_error_literal (error, GIMP_PLUG_IN_ERROR, 0,
                         _("This image is not a spectrum made by "
                           "Filters > Frequency > FFT Forward (Spectrum as "
                           "Image) "
                           "(plug-in-fft-forward): it has no record of "
                           "its source, or the record does not read."));
  if (! read || broken)
    spectrum_record_clear (record);

  g_clear_error (&problem);
  g_key_file_free (file);
  gimp_parasite_free (parasite);
  return read && ! broken;
}

void
spectrum_record_clear (SpectrumRecord *record)
{
  g_clear_pointer (&record->format, g_free);
  g_clear_pointer (&record->name, g_free);
  for (gint layer = 0; layer < SPECTRUM_LAYER_COUNT; layer++)
    g_clear_pointer (&record->layers[layer], g_free);
}

const Babl *
spectrum_record_layer_format (const SpectrumRecord *record,
                              SpectrumLayer         layer,
                              const Babl           *space)
{
  /* [gray][alpha] */
  static const gchar *const names[2][2] =
  {
    { "R'G'B' float", "R'G'B'A float" },
    { "Y' float",     "Y'A float"     },
  };
  gboolean alpha = layer == SPECTRUM_LAYER_SOURCE && record->has_alpha;

  return babl_format_with_space (names[record->gray != FALSE][alpha], space);
}
