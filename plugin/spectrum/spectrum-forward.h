/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-forward — plug-in-fft-forward's work: a drawable's spectrum as
 * a new image to paint on, with the record that leads back to it
 * (docs/contract.md, "The spectrum as an image"). */
#ifndef SPECTRUM_FORWARD_H
#define SPECTRUM_FORWARD_H

#include <libgimp/gimp.h>

/* The new image, or NULL, with a message and *status (a calling error
 * for drawables refused, an execution error where the work failed),
 * leaving everything as it was. `drawables` is the call's: exactly one,
 * not a layer group. */
GimpImage *spectrum_forward_make (GimpImage          *image,
                                  GimpDrawable      **drawables,
                                  GimpPDBStatusType  *status,
                                  GError            **error);

#endif
