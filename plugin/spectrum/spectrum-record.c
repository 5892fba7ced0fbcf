/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-record.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#define GROUP   "spectrum"
#define VERSION 1

static const gchar *const layer_keys[SPECTRUM_LAYER_COUNT] =
{
  [SPECTRUM_LAYER_LOG_MAGNITUDE] = "log-magnitude-layer",
  [SPECTRUM_LAYER_REAL]          = "real-layer",
  [SPECTRUM_LAYER_IMAGINARY]     = "imaginary-layer",
  [SPECTRUM_LAYER_SOURCE]        = "source-layer",
};

typedef struct
{
  const gchar *key;
  gsize        offset;
} IntegerField;

static const IntegerField integer_fields[] =
{
  { "source-image",    G_STRUCT_OFFSET (SpectrumRecord, source_image) },
  { "source-drawable", G_STRUCT_OFFSET (SpectrumRecord, source_drawable) },
  { "image-width",     G_STRUCT_OFFSET (SpectrumRecord, image_width) },
  { "image-height",    G_STRUCT_OFFSET (SpectrumRecord, image_height) },
  { "offset-x",        G_STRUCT_OFFSET (SpectrumRecord, offset_x) },
  { "offset-y",        G_STRUCT_OFFSET (SpectrumRecord, offset_y) },
  { "width",           G_STRUCT_OFFSET (SpectrumRecord, width) },
  { "height",          G_STRUCT_OFFSET (SpectrumRecord, height) },
  { "padded-width",    G_STRUCT_OFFSET (SpectrumRecord, padded_width) },
  { "padded-height",   G_STRUCT_OFFSET (SpectrumRecord, padded_height) },
  { "precision",       G_STRUCT_OFFSET (SpectrumRecord, precision) },
  { "gray",            G_STRUCT_OFFSET (SpectrumRecord, gray) },
  { "has-alpha",       G_STRUCT_OFFSET (SpectrumRecord, has_alpha) },
};

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
  for (gsize i = 0; i < G_N_ELEMENTS (integer_fields); i++)
    g_key_file_set_integer (file, GROUP, integer_fields[i].key,
                            G_STRUCT_MEMBER (gint, record,
                                             integer_fields[i].offset));
  g_key_file_set_string (file, GROUP, "format", record->format);
  g_key_file_set_string (file, GROUP, "name", record->name);
  g_key_file_set_double (file, GROUP, "largest", record->largest);
  g_key_file_set_double_list (file, GROUP, "scales", scales,
                              G_N_ELEMENTS (scales));
  for (gint layer = 0; layer < SPECTRUM_LAYER_COUNT; layer++)
    g_key_file_set_string (file, GROUP, layer_keys[layer],
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
  for (gsize i = 0; i < G_N_ELEMENTS (integer_fields); i++)
    {
      G_STRUCT_MEMBER (gint, record, integer_fields[i].offset) =
        g_key_file_get_integer (file, GROUP, integer_fields[i].key, error);
      if (*error)
        return FALSE;
    }
  record->largest = g_key_file_get_double (file, GROUP, "largest", error);
  if (*error || ! (record->format = g_key_file_get_string (file, GROUP,
                                                           "format", error)) ||
      ! (record->name = g_key_file_get_string (file, GROUP, "name", error)))
    return FALSE;
  for (gint layer = 0; layer < SPECTRUM_LAYER_COUNT; layer++)
    if (! (record->layers[layer] = g_key_file_get_string (file, GROUP,
                                                          layer_keys[layer],
                                                          error)))
      return FALSE;

  scales = g_key_file_get_double_list (file, GROUP, "scales", &count, error);
  if (scales && count == G_N_ELEMENTS (record->scales))
    memcpy (record->scales, scales, sizeof record->scales);
  g_free (scales);
  return count == G_N_ELEMENTS (record->scales);
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

  *record = (SpectrumRecord) { 0 };
  if (parasite)
    {
      guint32       length;
      gconstpointer data = gimp_parasite_get_data (parasite, &length);

      read = g_key_file_load_from_data (file, data, length, G_KEY_FILE_NONE,
                                        &problem) &&
             read_fields (record, file, &problem);
    }

  if (! read)
    {
      spectrum_record_clear (record);
      g_set_error_literal (error, GIMP_PLUG_IN_ERROR, 0,
                           _("This image is not a spectrum made by "
                             "Filters > Frequency > FFT Forward (Spectrum as "
                             "Image) "
                             "(plug-in-fft-forward): it has no record of "
                             "its source, or the record does not read."));
    }

  g_clear_error (&problem);
  g_key_file_free (file);
  gimp_parasite_free (parasite);
  return read;
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
