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

/* The margins' taps of a plane, made once, for a plane filled a row at a
 * time where it is read (no padded plane is ever made whole). */
typedef struct PaddingTaps PaddingTaps;

/* NULL when memory runs out. */
PaddingTaps *padding_taps_new     (size_t             width,
                                   size_t             height,
                                   size_t             padded_width,
                                   size_t             padded_height,
                                   PaddingKind        kind);
void         padding_taps_free    (PaddingTaps       *taps);
/* The margin to the right of an image row whose `width` values are
 * set. */
void         padding_taps_right   (const PaddingTaps *taps,
                                   float             *row);
/* The image rows (0 … height − 1) that margin row k below the image
 * (0 is the first row below it) reflects. */
void         padding_taps_sources (const PaddingTaps *taps,
                                   size_t             k,
                                   size_t            *near,
                                   size_t            *far);
/* Margin row k from those rows, `near` and `far`, and the image's last
 * and first rows, each padded to its right. `row` may be `near`: each
 * position is read before it is written. */
void         padding_taps_below   (const PaddingTaps *taps,
                                   size_t             k,
                                   float             *row,
                                   const float       *near,
                                   const float       *far,
                                   const float       *last_row,
                                   const float       *first_row);

#endif
