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
  PADDING_ZERO
} PaddingKind;

/* The smallest power of two that is ≥ size (1 for 0). */
size_t padding_size_for (size_t size);

void   padding_fill     (float       *plane,
                         size_t       width,
                         size_t       height,
                         size_t       padded_width,
                         size_t       padded_height,
                         PaddingKind  kind);

#endif
