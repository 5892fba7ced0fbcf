/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-record — what a spectrum image made by plug-in-fft-forward
 * knows of its source, kept with it as the parasite
 * SPECTRUM_RECORD_PARASITE (a GKeyFile's text; persistent, so that an XCF
 * keeps it). */
#ifndef SPECTRUM_RECORD_H
#define SPECTRUM_RECORD_H

#include <libgimp/gimp.h>

#define SPECTRUM_RECORD_PARASITE "fft-spectrum-image"

typedef enum
{
  SPECTRUM_LAYER_LOG_MAGNITUDE,
  SPECTRUM_LAYER_REAL,
  SPECTRUM_LAYER_IMAGINARY,
  SPECTRUM_LAYER_SOURCE,
  SPECTRUM_LAYER_COUNT
} SpectrumLayer;

typedef struct
{
  gint           source_image, source_drawable;  /* ids */
  gint           image_width, image_height;      /* the source image's */
  gint           offset_x, offset_y;             /* the drawable's */
  gint           width, height;                  /* the drawable's */
  gint           padded_width, padded_height;    /* the spectrum image's */
  GimpPrecision  precision;                      /* the source image's */
  gboolean       gray, has_alpha;
  gchar         *format;  /* the babl format the values were read in */
  gchar         *name;    /* the drawable's */
  gdouble        largest; /* the spectrum's largest amplitude */
  gdouble        scales[3];
  gchar         *layers[SPECTRUM_LAYER_COUNT];
} SpectrumRecord;

void     spectrum_record_attach (const SpectrumRecord  *record,
                                 GimpImage             *image);

/* FALSE, with a message, when `image` holds no record or one that does
 * not read. */
gboolean spectrum_record_read   (SpectrumRecord        *record,
                                 GimpImage             *image,
                                 GError               **error);

void     spectrum_record_clear  (SpectrumRecord        *record);

/* The format `layer`'s values are stored in, in `space`'s space: float
 * with the sRGB curve, as the spectrum image is, so that they pass
 * unconverted and the log magnitude shows its values as grays; the
 * source's channels for the source layer, one value per colour plane for
 * the others. */
const Babl *spectrum_record_layer_format (const SpectrumRecord *record,
                                          SpectrumLayer         layer,
                                          const Babl           *space);

#endif
