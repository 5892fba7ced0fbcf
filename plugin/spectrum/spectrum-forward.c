/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-forward.h"

#include <stdlib.h>

#include <glib/gi18n-lib.h>

#include "bandpass-device.h"
#include "drawable-pixels.h"
#include "filtered-image.h"
#include "padded-planes.h"
#include "render-error.h"
#include "render-format.h"
#include "row-split-gegl.h"
#include "spectrum-image.h"
#include "spectrum-record.h"

/* The source as read: its pixels in the format its colour is filtered in
 * by the band-pass with default settings, and the planes padded as the
 * band-pass pads them for a gain of the least reach. */
typedef struct
{
  DrawablePixels  drawable;
  RenderFormat    format;
  PlaneGeometry   geometry;
  gfloat         *pixels;
  gfloat         *planes;
  gfloat          scales[3];
} Source;

static gboolean
check_drawables (GimpImage     *image,
                 GimpDrawable **drawables,
                 GError       **error)
{
  /* TRANSLATORS: the procedure's name in its messages, as in its menu
   * label "FFT _Forward (Spectrum as Image)". */
  const gchar *title = _("FFT Forward");

  /* GIMP drops a drawable that no longer exists from the array. */
  if (! drawables || ! drawables[0])
    /* TRANSLATORS: %s is "FFT Forward". */
    g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                 _("%s has no drawable to make the spectrum of: none is "
                   "passed, or the one passed no longer exists (it was "
                   "removed from its image, or its image was closed)."),
                 title);
  else if (drawables[1])
    /* TRANSLATORS: %s is "FFT Forward". */
    g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                 _("%s takes exactly one drawable: its spectrum becomes the "
                   "new image."), title);
  else if (gimp_image_get_base_type (image) == GIMP_INDEXED)
    g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                 _("%s does not work on indexed images: convert the image "
                   "to RGB or Grayscale first (Image > Mode)."), title);
  else if (gimp_item_get_image (GIMP_ITEM (drawables[0])) != image)
    g_set_error_literal (error, GIMP_PLUG_IN_ERROR, 0,
                         _("The drawable passed belongs to another image "
                           "than the one passed."));
  else if (gimp_item_is_group (GIMP_ITEM (drawables[0])))
    g_set_error_literal (error, GIMP_PLUG_IN_ERROR, 0,
                         _("The drawable passed is a layer group: pass a "
                           "layer inside it instead."));
  else
    return TRUE;

  return FALSE;
}

static gboolean
read_source (Source        *source,
             GimpDrawable  *drawable,
             GError       **error)
{
  const BandpassSettings defaults = { .channels = BANDPASS_CHANNELS_RGB };
  const fftcl_gain       least    = { 0 };
  const PixelLayout     *layout;
  PlaneSurvey            survey;

  drawable_pixels_init (&source->drawable, drawable);
  source->format   = render_format_for (source->drawable.stored_format,
                                        source->drawable.gray,
                                        source->drawable.has_alpha,
                                        &defaults);
  layout           = &source->format.layout;
  source->geometry = filtered_image_geometry (source->drawable.width,
                                              source->drawable.height,
                                              &least);
  source->pixels   = drawable_pixels_get (&source->drawable,
                                          source->format.format, error);
  if (! source->pixels)
    return FALSE;

  if (! plane_survey_init (&survey, source->geometry.height,
                           layout->colour_planes))
    return render_error_memory (error);
  for (gsize p = 0; p < G_N_ELEMENTS (source->scales); p++)
    source->scales[p] = 1.0f;
  source->planes = padded_planes_make (layout, &source->geometry,
                                       source->pixels, PADDING_MIRROR,
                                       NULL, row_split_gegl, &survey,
                                       source->scales);
  plane_survey_clear (&survey);
  return source->planes ? TRUE : render_error_memory (error);
}

static void
source_clear (Source *source)
{
  g_clear_pointer (&source->planes, free);
  g_clear_pointer (&source->pixels, g_free);
  drawable_pixels_clear (&source->drawable);
}

static gboolean
transform (const Source      *source,
           SpectrumPictures  *pictures,
           GError           **error)
{
  const SpectrumShape  shape  = { source->geometry.padded_width,
                                  source->geometry.padded_height,
                                  source->format.layout.colour_planes };
  BandpassDevice      *device = bandpass_device_open (NULL, error);
  fftcl_error          fft_error;
  fftcl_status         status;

  if (! device)
    return FALSE;
  if (! spectrum_pictures_init (pictures, &shape))
    {
      bandpass_device_unref (device);
      return render_error_memory (error);
    }

  status = spectrum_image_forward (bandpass_device_context (device), pictures,
                                   source->planes, &fft_error);
  bandpass_device_unref (device);
  if (status != FFTCL_OK)
    {
      g_set_error (error, GIMP_PLUG_IN_ERROR, 0, _("The FFT failed: %s"),
                   fft_error.message);
      return FALSE;
    }
  return TRUE;
}

/* Layer `which` of the spectrum image, at position `which` from the top,
 * its values written as they are (spectrum_record_layer_format). */
static void
add_layer (GimpImage            *image,
           const SpectrumRecord *record,
           SpectrumLayer         which,
           const gfloat         *values)
{
  gboolean       source = which == SPECTRUM_LAYER_SOURCE;
  gboolean       alpha  = source && record->has_alpha;
  GimpImageType  type   = record->gray ? (alpha ? GIMP_GRAYA_IMAGE
                                                : GIMP_GRAY_IMAGE)
                                       : (alpha ? GIMP_RGBA_IMAGE
                                                : GIMP_RGB_IMAGE);
  GimpLayer     *layer  = gimp_layer_new (image, record->layers[which],
                                          source ? record->width
                                                 : record->padded_width,
                                          source ? record->height
                                                 : record->padded_height,
                                          type, 100.0,
                                          GIMP_LAYER_MODE_NORMAL);
  GeglBuffer    *buffer = gimp_drawable_get_buffer (GIMP_DRAWABLE (layer));

  drawable_pixels_write (buffer,
                         spectrum_record_layer_format (
                           record, which,
                           gimp_drawable_get_format (GIMP_DRAWABLE (layer))),
                         values);
  g_object_unref (buffer);
  gimp_item_set_visible (GIMP_ITEM (layer),
                         which == SPECTRUM_LAYER_LOG_MAGNITUDE);
  gimp_image_insert_layer (image, layer, NULL, which);
}

static void
record_source (SpectrumRecord *record,
               GimpImage      *image,
               const Source   *source,
               const gfloat    largest)
{
  static const gchar *const layer_names[SPECTRUM_LAYER_COUNT] =
  {
    [SPECTRUM_LAYER_LOG_MAGNITUDE] = N_("Log magnitude"),
    [SPECTRUM_LAYER_REAL]          = N_("Real part"),
    [SPECTRUM_LAYER_IMAGINARY]     = N_("Imaginary part"),
    [SPECTRUM_LAYER_SOURCE]        = N_("Source pixels"),
  };
  GimpDrawable *drawable = source->drawable.drawable;

  *record = (SpectrumRecord) {
    .source_image    = gimp_image_get_id (image),
    .source_drawable = gimp_item_get_id (GIMP_ITEM (drawable)),
    .image_width     = gimp_image_get_width (image),
    .image_height    = gimp_image_get_height (image),
    .width           = source->geometry.width,
    .height          = source->geometry.height,
    .padded_width    = source->geometry.padded_width,
    .padded_height   = source->geometry.padded_height,
    .precision       = gimp_image_get_precision (image),
    .gray            = source->drawable.gray,
    .has_alpha       = source->drawable.has_alpha,
    .format          = g_strdup (babl_format_get_encoding (source->format.format)),
    .name            = g_strdup (source->drawable.name),
    .largest         = largest,
  };
  gimp_drawable_get_offsets (drawable, &record->offset_x, &record->offset_y);
  for (gsize p = 0; p < G_N_ELEMENTS (record->scales); p++)
    record->scales[p] = source->scales[p];
  for (gint layer = 0; layer < SPECTRUM_LAYER_COUNT; layer++)
    record->layers[layer] = g_strdup (_(layer_names[layer]));
}

/* The log magnitude on top, visible and selected, the other pictures and
 * the source's pixels hidden under it. */
static GimpImage *
spectrum_image_new (const SpectrumRecord   *record,
                    const SpectrumPictures *pictures,
                    const Source           *source)
{
  GimpImage    *image = gimp_image_new_with_precision (
                           record->padded_width, record->padded_height,
                           record->gray ? GIMP_GRAY : GIMP_RGB,
                           GIMP_PRECISION_FLOAT_NON_LINEAR);
  const gfloat *layers[SPECTRUM_LAYER_COUNT] =
  {
    [SPECTRUM_LAYER_LOG_MAGNITUDE] = pictures->log_magnitude,
    [SPECTRUM_LAYER_REAL]          = pictures->real,
    [SPECTRUM_LAYER_IMAGINARY]     = pictures->imaginary,
    [SPECTRUM_LAYER_SOURCE]        = source->pixels,
  };

  gimp_image_undo_disable (image);
  for (SpectrumLayer layer = 0; layer < SPECTRUM_LAYER_COUNT; layer++)
    add_layer (image, record, layer, layers[layer]);
  spectrum_record_attach (record, image);
  gimp_image_undo_enable (image);
  gimp_image_clean_all (image);
  return image;
}

GimpImage *
spectrum_forward_make (GimpImage          *image,
                       GimpDrawable      **drawables,
                       GimpPDBStatusType  *status,
                       GError            **error)
{
  Source            source   = { 0 };
  SpectrumPictures  pictures = { 0 };
  SpectrumRecord    record;
  GimpImage        *spectrum = NULL;

  *status = GIMP_PDB_CALLING_ERROR;
  if (! check_drawables (image, drawables, error))
    return NULL;

  *status = GIMP_PDB_EXECUTION_ERROR;
  if (read_source (&source, drawables[0], error) &&
      transform (&source, &pictures, error))
    {
      record_source (&record, image, &source, pictures.largest);
      spectrum = spectrum_image_new (&record, &pictures, &source);
      spectrum_record_clear (&record);
    }

  spectrum_pictures_clear (&pictures);
  source_clear (&source);
  return spectrum;
}
