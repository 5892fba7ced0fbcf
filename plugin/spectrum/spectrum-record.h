/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-record — what a spectrum image made by plug-in-fft-forward
 * knows of its source, kept with it as the parasite
 * SPECTRUM_RECORD_PARASITE (a GKeyFile's text; persistent, so that an XCF
 * keeps it). */
#ifndef SPECTRUM_RECORD_H
#define SPECTRUM_RECORD_H

#include <libgimp/gimp.h>

#include "spectrum-record-rules.h"

#define SPECTRUM_RECORD_PARASITE "fft-spectrum-image"

void     spectrum_record_attach (const SpectrumRecord  *record,
                                 GimpImage             *image);

/* FALSE, with a message, when `image` holds no record, one that does
 * not read, or one with a field that breaks the forward's rules
 * (spectrum-record-rules.h; its format one render_format_as_stored gives
 * for its gray and has-alpha, its precision one of GIMP's); the message
 * names the field. */
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
