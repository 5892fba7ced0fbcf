/* SPDX-License-Identifier: GPL-3.0-or-later */
/* padded-rows — the padded planes of pixels that are their planes (each
 * colour a component, nothing to convert, composite or scale), a row at
 * a time where fftcl reads them (an fftcl_source with a fill): no plane
 * is ever made whole. */
#ifndef PADDED_ROWS_H
#define PADDED_ROWS_H

#include "fftcl-filter.h"
#include "padding.h"
#include "pixel-planes.h"

typedef struct PaddedRows PaddedRows;

/* The padded rows of geometry->width × geometry->height pixels of
 * `components` floats, each a plane's value; the pixels and `geometry`
 * must outlive them. NULL when memory runs out. */
PaddedRows   *padded_rows_new    (const float         *pixels,
                                  size_t               components,
                                  const PlaneGeometry *geometry,
                                  PaddingKind          padding);
void          padded_rows_free   (PaddedRows          *rows);
/* What fftcl calls for the rows. */
fftcl_source  padded_rows_source (const PaddedRows    *rows);

#endif
