/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-picture — the spectrum view's two pictures: the amplitude in
 * grey, a pixel a cell, and the gain as a red tint over the square the
 * data fills on screen. */
#ifndef SPECTRUM_PICTURE_H
#define SPECTRUM_PICTURE_H

#include <libgimp/gimpui.h>

#include "fftcl-filter.h"
#include "spectrum-geometry.h"

/* width × height cells of `amplitude` as log(1 + k·a), scaled so that the
 * noise floor shows and the brightest cell but the mean's is white. */
cairo_surface_t *spectrum_picture_grey (const gfloat       *amplitude,
                                        gint                width,
                                        gint                height);

/* side × side screen pixels from (map->left, map->top): red where `gain`
 * removes energy, as opaque as the share removed. */
cairo_surface_t *spectrum_picture_tint (const fftcl_gain   *gain,
                                        const SpectrumMap  *map,
                                        gint                side);

#endif
