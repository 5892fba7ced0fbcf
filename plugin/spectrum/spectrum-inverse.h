/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-inverse — plug-in-fft-inverse's work: a spectrum image made by
 * plug-in-fft-forward, as painted, back to pixels: a new layer above the
 * source in its image when that is open, else a new image
 * (docs/contract.md, "The spectrum as an image"). */
#ifndef SPECTRUM_INVERSE_H
#define SPECTRUM_INVERSE_H

#include <libgimp/gimp.h>

/* The new layer, or NULL, with a message and *status (a calling error
 * for a spectrum or source refused, an execution error where the work
 * failed), leaving everything as it was. *new_image tells whether the
 * layer is in an image of its own. */
GimpLayer *spectrum_inverse_make (GimpImage          *spectrum,
                                  gboolean           *new_image,
                                  GimpPDBStatusType  *status,
                                  GError            **error);

#endif
