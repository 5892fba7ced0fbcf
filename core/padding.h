/* SPDX-License-Identifier: GPL-3.0-or-later */
/* padding — grows an image plane to the power-of-two size an FFT needs.
 *
 * A plane is width × height floats inside a buffer of padded_width ×
 * padded_height floats, row after row, with the image in the top-left
 * corner. padding_fill writes the margin to its right and below it. */
#ifndef PADDING_H
#define PADDING_H

#include <stddef.h>

typedef enum
{
  /* Reflections of the image, shaped so that the FFT's periodicity never
   * puts one image edge straight against the opposite one. */
  PADDING_MIRROR,
  /* Zeros. */
  PADDING_ZERO,
  /* Point reflections (2·edge − mirror image): gradients run on across
   * the edges instead of folding back. */
  PADDING_SMOOTH
} PaddingKind;

/* The smallest power of two that leaves a margin of at least `reach`
 * (capped at `size`, where a mirror margin already holds a whole
 * reflection) after `size` values, so that the FFT's wrap-around never
 * brings the opposite edge within the filter's reach. */
size_t padding_size_for (size_t size,
                         double reach);

void   padding_fill     (float       *plane,
                         size_t       width,
                         size_t       height,
                         size_t       padded_width,
                         size_t       padded_height,
                         PaddingKind  kind);

/* padding_fill in parts, for threads: the margin to the right of image
 * rows [first, end), then, once every image row has its margin, margin
 * rows [first, end) below the image (0 is the first row below it). */
void   padding_fill_rows  (float       *plane,
                           size_t       width,
                           size_t       padded_width,
                           PaddingKind  kind,
                           size_t       first,
                           size_t       end);
void   padding_fill_below (float       *plane,
                           size_t       height,
                           size_t       padded_width,
                           size_t       padded_height,
                           PaddingKind  kind,
                           size_t       first,
                           size_t       end);

#endif
