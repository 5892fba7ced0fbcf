/* SPDX-License-Identifier: GPL-3.0-or-later */
/* drawable-pixels — what a renderer needs of a drawable: its facts, taken
 * once in the main thread (libgimp's calls belong to it), and its pixels,
 * moved whole between GEGL buffers and memory with bands of rows
 * converting on GEGL's threads: for a large drawable the conversion is
 * most of the time of a read or a write. */
#ifndef DRAWABLE_PIXELS_H
#define DRAWABLE_PIXELS_H

#include <libgimp/gimp.h>

typedef struct
{
  GimpDrawable *drawable;
  gchar        *name;
  const Babl   *stored_format;
  gboolean      gray;
  gboolean      has_alpha;
  gsize         width, height;
  guchar       *stored;        /* the pixels as stored, once read ahead */
} DrawablePixels;

/* Takes a reference to `drawable`. */
void     drawable_pixels_init       (DrawablePixels  *pixels,
                                     GimpDrawable    *drawable);
void     drawable_pixels_clear      (DrawablePixels  *pixels);

/* Reads the pixels as stored now, so that drawable_pixels_source needs
 * no GIMP after. FALSE, with a message, when memory runs out. */
gboolean drawable_pixels_read_ahead (DrawablePixels  *pixels,
                                     GError         **error);

/* The drawable's pixels in `format`, read from the drawable (not from
 * those read ahead, which a renderer reads through
 * drawable_pixels_source). Finite values stay finite: double values
 * saturate at ±FLT_MAX, and where `format` is another model or transfer
 * curve, float and double colour values beyond ±1e6 are brought there
 * first (docs/contract.md, "Non-finite and extreme pixel values"). NULL,
 * with a message, when memory runs out. Free with g_free. */
gpointer drawable_pixels_get        (const DrawablePixels  *pixels,
                                     const Babl            *format,
                                     GError               **error);

/* Writes the whole of `buffer` from `pixels` in `format`; into a half
 * float buffer saturated at ±65504, never inf. */
void     drawable_pixels_write      (GeglBuffer     *buffer,
                                     const Babl     *format,
                                     gconstpointer   pixels);

/* The pixels as the drawable stores them: those read ahead, else the
 * drawable's own buffer. Unref it when done. */
GeglBuffer *drawable_pixels_source  (const DrawablePixels  *pixels);

#endif
