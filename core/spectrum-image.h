/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-image — an image's spectrum as pictures a person can paint on,
 * and the way back (docs/contract.md, "The spectrum as an image").
 *
 * A spectrum of `planes` padded planes (padded-planes.h) of width × height
 * values (powers of two) is kept as pictures of width × height pixels with
 * one value per plane, interleaved as an image's channels: its real parts,
 * its imaginary parts and its log magnitude. They are centred: frequency
 * (kx, ky) lies at pixel ((kx + width/2) mod width, (ky + height/2) mod
 * height), and the values are the DFT divided by width · height, so that a
 * cosine of amplitude a shows a/2 at each of its two peaks.
 *
 * The log magnitude of a frequency of amplitude A is
 *   L = log1p(A / floor) / log1p(2^16),  floor = largest · 2^−16,
 * `largest` the largest amplitude in the spectrum (floor 1 when that is
 * 0): 0 … 1, the largest amplitude at 1.
 *
 * A painted log magnitude L' asks for a gain at each frequency: 1 where L'
 * is the value spectrum_image_log_magnitude gives for the kept spectrum,
 * bit for bit, or NaN, or where A is 0; 0 where L' ≤ 0; else A'/A, A' the
 * amplitude whose log magnitude is L', at most SPECTRUM_IMAGE_GAIN_LIMIT.
 * A real image needs one gain at (kx, ky) and (−kx, −ky): where one of the
 * pair is 1 the other's applies to both, else the smaller. */
#ifndef SPECTRUM_IMAGE_H
#define SPECTRUM_IMAGE_H

#include <stddef.h>

#include "fftcl.h"
#include "pixel-planes.h"

#define SPECTRUM_IMAGE_GAIN_LIMIT 65536.0f

typedef struct
{
  size_t width, height; /* of each picture: the padded planes' size */
  size_t planes;        /* values per pixel */
} SpectrumShape;

typedef struct
{
  SpectrumShape  shape;
  float         *real, *imaginary; /* the spectrum */
  float         *log_magnitude;    /* as made, or as painted */
  float          largest;          /* the largest amplitude */
} SpectrumPictures;

/* The three pictures of `shape`, unset; 0 when memory runs out. */
int          spectrum_pictures_init        (SpectrumPictures    *pictures,
                                            const SpectrumShape *shape);
void         spectrum_pictures_clear       (SpectrumPictures    *pictures);

/* The pictures of `padded` (planes side by side, as padded_planes_make
 * gives them), through complex transforms on `context`. */
fftcl_status spectrum_image_forward        (fftcl_context       *context,
                                            SpectrumPictures    *pictures,
                                            const float         *padded,
                                            fftcl_error         *err);

float        spectrum_image_log_magnitude  (float                real,
                                            float                imaginary,
                                            float                largest);

/* Whether `picture` (of `shape`) holds a value that is not finite: where
 * it does, the first such pixel, row after row, in *x, *y. */
int          spectrum_image_find_non_finite (const SpectrumShape *shape,
                                             const float         *picture,
                                             size_t              *x,
                                             size_t              *y);

/* The gain the log magnitude picture, as painted, asks for at each value
 * of the pictures, mirrored pairs agreed; nonzero when any gain is not
 * 1. */
int          spectrum_image_gains          (const SpectrumPictures *pictures,
                                            float               *gains);

/* What the gains change in the planes: the inverse transform of the
 * spectrum times (gain − 1), the image's corner of each plane
 * (geometry->width × geometry->height values), planes side by side, into
 * `change`. */
fftcl_status spectrum_image_change         (fftcl_context          *context,
                                            const SpectrumPictures *pictures,
                                            const float            *gains,
                                            const PlaneGeometry    *geometry,
                                            float                  *change,
                                            fftcl_error            *err);

/* Adds `change` (as spectrum_image_change gives it), plane p divided by
 * scales[p] (padded_planes_make's), to the colour of `pixels`: `width` ×
 * `height` pixels of `layout`. Pixels with alpha 0 or NaN keep their
 * colour; alpha stays as it is. */
void         spectrum_image_add_change     (const PixelLayout   *layout,
                                            size_t               width,
                                            size_t               height,
                                            const float         *change,
                                            const float         *scales,
                                            float               *pixels);

#endif
