/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-inverse.h"

#include <glib/gi18n-lib.h>

#include "bandpass-device.h"
#include "drawable-pixels.h"
#include "render-error.h"
#include "spectrum-image.h"
#include "spectrum-record.h"

/* A spectrum image as read: its record, its pictures (the log magnitude
 * as painted) and the source's pixels. */
typedef struct
{
  SpectrumRecord    record;
  GimpDrawable     *layers[SPECTRUM_LAYER_COUNT];
  SpectrumPictures  pictures;
  gfloat           *pixels;
} Spectrum;

static void
spectrum_clear (Spectrum *spectrum)
{
  g_clear_pointer (&spectrum->pictures.real, g_free);
  g_clear_pointer (&spectrum->pictures.imaginary, g_free);
  g_clear_pointer (&spectrum->pictures.log_magnitude, g_free);
  g_clear_pointer (&spectrum->pixels, g_free);
  spectrum_record_clear (&spectrum->record);
}

/* Whether `drawable` or `image` (the other NULL) is `width` × `height`
 * pixels; *now holds its size as it is. */
static gboolean
same_size (GimpImage    *image,
           GimpDrawable *drawable,
           gint          width,
           gint          height,
           gint          now[2])
{
  now[0] = image ? gimp_image_get_width (image)
                 : gimp_drawable_get_width (drawable);
  now[1] = image ? gimp_image_get_height (image)
                 : gimp_drawable_get_height (drawable);
  return now[0] == width && now[1] == height;
}

static gboolean
check_image (const SpectrumRecord  *record,
             GimpImage             *image,
             GError               **error)
{
  GimpImageBaseType base = record->gray ? GIMP_GRAY : GIMP_RGB;
  gint              now[2];

  if (gimp_image_get_precision (image) != GIMP_PRECISION_FLOAT_NON_LINEAR ||
      gimp_image_get_base_type (image) != base)
    {
      g_set_error_literal (error, GIMP_PLUG_IN_ERROR, 0,
                           record->gray
                           ? _("The spectrum image must stay Grayscale in "
                               "32-bit floating point precision with "
                               "perceptual gamma (sRGB): its layers hold "
                               "the spectrum's values.")
                           : _("The spectrum image must stay RGB in 32-bit "
                               "floating point precision with perceptual "
                               "gamma (sRGB): its layers hold the "
                               "spectrum's values."));
      return FALSE;
    }

  if (same_size (image, NULL, record->padded_width, record->padded_height,
                 now))
    return TRUE;

  g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
               _("The spectrum image was %d × %d pixels when it was made and "
                 "is %d × %d now: give it back its size (undo) to turn it "
                 "into pixels."),
               record->padded_width, record->padded_height, now[0], now[1]);
  return FALSE;
}

static gboolean
find_layers (Spectrum   *spectrum,
             GimpImage  *image,
             GError    **error)
{
  const SpectrumRecord *record = &spectrum->record;

  for (gint which = 0; which < SPECTRUM_LAYER_COUNT; which++)
    {
      const gchar *name   = record->layers[which];
      GimpLayer   *layer  = gimp_image_get_layer_by_name (image, name);
      gboolean     source = which == SPECTRUM_LAYER_SOURCE;
      gint         width  = source ? record->width : record->padded_width;
      gint         height = source ? record->height : record->padded_height;
      gint         now[2];

      if (! layer)
        {
          g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                       _("The spectrum image has no layer \"%s\": FFT "
                         "Inverse needs every layer FFT Forward made, under "
                         "its name."), name);
          return FALSE;
        }

      if (! same_size (NULL, GIMP_DRAWABLE (layer), width, height, now))
        {
          g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                       _("The layer \"%s\" of the spectrum image was %d × %d "
                         "pixels when it was made and is %d × %d now: give "
                         "it back its size (undo) to turn the spectrum into "
                         "pixels."), name, width, height, now[0], now[1]);
          return FALSE;
        }
      spectrum->layers[which] = GIMP_DRAWABLE (layer);
    }

  return TRUE;
}

static gfloat *
read_layer (const Spectrum  *spectrum,
            SpectrumLayer    which,
            GError         **error)
{
  DrawablePixels  pixels;
  gfloat         *values;

  drawable_pixels_init (&pixels, spectrum->layers[which]);
  values = drawable_pixels_get (
             &pixels,
             spectrum_record_layer_format (&spectrum->record, which,
                                           pixels.stored_format),
             error);
  drawable_pixels_clear (&pixels);
  return values;
}

/* Layer `which` of the real and imaginary parts, refused where a value
 * is not finite: one such value would spread over the whole plane. */
static gfloat *
read_part (const Spectrum  *spectrum,
           SpectrumLayer    which,
           GError         **error)
{
  gfloat *values = read_layer (spectrum, which, error);
  gsize   x, y;

  if (values && spectrum_image_find_non_finite (&spectrum->pictures.shape,
                                                values, &x, &y))
    {
      g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                   _("The layer \"%s\" of the spectrum image holds a value "
                     "that is not finite (NaN or infinity) at pixel (%lu, "
                     "%lu): FFT Inverse needs the real and imaginary parts "
                     "as FFT Forward made them. Undo what wrote it, or make "
                     "the spectrum again."),
                   spectrum->record.layers[which], (gulong) x, (gulong) y);
      g_clear_pointer (&values, g_free);
    }
  return values;
}

static gboolean
read_spectrum (Spectrum   *spectrum,
               GimpImage  *image,
               GError    **error)
{
  const SpectrumRecord *record   = &spectrum->record;
  SpectrumPictures     *pictures = &spectrum->pictures;

  if (! spectrum_record_read (&spectrum->record, image, error) ||
      ! check_image (record, image, error) ||
      ! find_layers (spectrum, image, error))
    return FALSE;

  pictures->shape   = (SpectrumShape) { record->padded_width,
                                        record->padded_height,
                                        record->gray ? 1 : 3 };
  pictures->largest = record->largest;
  return (pictures->log_magnitude =
            read_layer (spectrum, SPECTRUM_LAYER_LOG_MAGNITUDE, error)) &&
         (pictures->real =
            read_part (spectrum, SPECTRUM_LAYER_REAL, error)) &&
         (pictures->imaginary =
            read_part (spectrum, SPECTRUM_LAYER_IMAGINARY, error)) &&
         (spectrum->pixels =
            read_layer (spectrum, SPECTRUM_LAYER_SOURCE, error));
}

/* The source image when it is still open (and not the spectrum itself),
 * else NULL; NULL with a message when it is open but no longer fits the
 * result. */
static GimpImage *
open_source (const SpectrumRecord  *record,
             GimpImage             *spectrum,
             GError               **error)
{
  GimpImage *image = gimp_image_get_by_id (record->source_image);
  GimpItem  *item  = gimp_item_get_by_id (record->source_drawable);
  gint       now[2];

  if (! image || ! gimp_image_is_valid (image) || image == spectrum)
    return NULL;

  if (gimp_image_get_base_type (image) == GIMP_INDEXED)
    {
      g_set_error_literal (error, GIMP_PLUG_IN_ERROR, 0,
                           _("The source image has become indexed since the "
                             "spectrum was made: convert it back to RGB or "
                             "Grayscale (Image > Mode), or close it to get "
                             "the result as a new image."));
      return NULL;
    }

  if (! same_size (image, NULL, record->image_width, record->image_height,
                   now))
    g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                 _("The source image was %d × %d pixels when its spectrum "
                   "was made and is %d × %d now: undo the change, or close "
                   "the source image to get the result as a new image."),
                 record->image_width, record->image_height, now[0], now[1]);
  else if (item && gimp_item_is_valid (item) &&
           gimp_item_get_image (item) == image &&
           ! same_size (NULL, GIMP_DRAWABLE (item), record->width,
                        record->height, now))
    g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                 _("The source drawable \"%s\" was %d × %d pixels when its "
                   "spectrum was made and is %d × %d now: undo the change, "
                   "or close the source image to get the result as a new "
                   "image."),
                 record->name, record->width, record->height, now[0], now[1]);
  else
    return image;
  return NULL;
}

/* The source's pixels with what the painting changed added. */
static gboolean
apply_painting (Spectrum  *spectrum,
                GError   **error)
{
  const SpectrumRecord *record = &spectrum->record;
  gsize                 planes = spectrum->pictures.shape.planes;
  const PixelLayout     layout = { planes + (record->has_alpha != FALSE),
                                   planes, record->has_alpha != FALSE, 0 };
  const gfloat          scales[3] = { record->scales[0], record->scales[1],
                                      record->scales[2] };
  gsize                 values = (gsize) record->padded_width *
                                 record->padded_height * planes;
  gfloat               *gains  = g_try_malloc_n (values, sizeof (gfloat));
  gfloat               *change = g_try_malloc_n ((gsize) record->width *
                                                 record->height * planes,
                                                 sizeof (gfloat));
  BandpassDevice       *device = NULL;
  fftcl_error           fft_error;
  gboolean              done   = FALSE;

  if (! gains || ! change)
    render_error_memory (error);
  else if (! spectrum_image_gains (&spectrum->pictures, gains))
    done = TRUE;
  else if ((device = bandpass_device_open (NULL, error)))
    {
      const PlaneGeometry geometry = { record->width, record->height,
                                       record->padded_width,
                                       record->padded_height };

      done = spectrum_image_change (bandpass_device_context (device),
                                    &spectrum->pictures, gains, &geometry,
                                    change, &fft_error) == FFTCL_OK;
      if (done)
        spectrum_image_add_change (&layout, record->width, record->height,
                                   change, scales, spectrum->pixels);
      else
        g_set_error (error, GIMP_PLUG_IN_ERROR, 0, _("The FFT failed: %s"),
                     fft_error.message);
      bandpass_device_unref (device);
    }

  g_free (change);
  g_free (gains);
  return done;
}

static GimpLayer *
result_layer (const Spectrum *spectrum,
              GimpImage      *image)
{
  const SpectrumRecord *record = &spectrum->record;
  gboolean              gray   = gimp_image_get_base_type (image) == GIMP_GRAY;
  GimpImageType         type   = gray ? (record->has_alpha ? GIMP_GRAYA_IMAGE
                                                           : GIMP_GRAY_IMAGE)
                                      : (record->has_alpha ? GIMP_RGBA_IMAGE
                                                           : GIMP_RGB_IMAGE);
  gchar                *name   = g_strdup_printf (_("%s from its spectrum"),
                                                  record->name);
  GimpLayer            *layer  = gimp_layer_new (image, name, record->width,
                                                 record->height, type, 100.0,
                                                 GIMP_LAYER_MODE_NORMAL);
  GeglBuffer           *buffer = gimp_drawable_get_buffer (GIMP_DRAWABLE (layer));

  drawable_pixels_write (buffer,
                         babl_format_with_space (
                           record->format,
                           gimp_drawable_get_format (GIMP_DRAWABLE (layer))),
                         spectrum->pixels);
  g_object_unref (buffer);
  g_free (name);
  return layer;
}

/* Above the source drawable where it is a layer of `image`, else on
 * top; at the source's offsets, in one undo step. */
static GimpLayer *
add_to_source (const Spectrum *spectrum,
               GimpImage      *image)
{
  const SpectrumRecord *record   = &spectrum->record;
  GimpLayer            *layer    = result_layer (spectrum, image);
  GimpItem             *source   = gimp_item_get_by_id (record->source_drawable);
  gboolean              in_image = source && gimp_item_is_valid (source) &&
                                   gimp_item_is_layer (source) &&
                                   gimp_item_get_image (source) == image;

  gimp_image_undo_group_start (image);
  gimp_image_insert_layer (image, layer,
                           in_image ? GIMP_LAYER (gimp_item_get_parent (source))
                                    : NULL,
                           in_image ? gimp_image_get_item_position (image,
                                                                    source)
                                    : 0);
  gimp_layer_set_offsets (layer, record->offset_x, record->offset_y);
  gimp_image_undo_group_end (image);
  return layer;
}

static GimpLayer *
add_to_new_image (const Spectrum *spectrum)
{
  const SpectrumRecord *record = &spectrum->record;
  GimpImage            *image  = gimp_image_new_with_precision (
                                   record->width, record->height,
                                   record->gray ? GIMP_GRAY : GIMP_RGB,
                                   record->precision);
  GimpLayer            *layer;

  gimp_image_undo_disable (image);
  layer = result_layer (spectrum, image);
  gimp_image_insert_layer (image, layer, NULL, 0);
  gimp_image_undo_enable (image);
  gimp_image_clean_all (image);
  return layer;
}

GimpLayer *
spectrum_inverse_make (GimpImage          *image,
                       gboolean           *new_image,
                       GimpPDBStatusType  *status,
                       GError            **error)
{
  Spectrum   spectrum = { 0 };
  GimpImage *source   = NULL;
  GimpLayer *layer    = NULL;
  GError    *problem  = NULL;

  if (read_spectrum (&spectrum, image, &problem))
    source = open_source (&spectrum.record, image, &problem);
  *status = problem ? GIMP_PDB_CALLING_ERROR : GIMP_PDB_EXECUTION_ERROR;

  if (! problem && apply_painting (&spectrum, &problem))
    {
      *new_image = source == NULL;
      layer      = source ? add_to_source (&spectrum, source)
                          : add_to_new_image (&spectrum);
    }

  if (problem)
    g_propagate_error (error, problem);
  spectrum_clear (&spectrum);
  return layer;
}
