/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "layout.h"

#include <stdint.h>

fftcl_strides fftcl_strides_of (const fftcl_layout *layout, size_t width,
                                size_t height)
{
  size_t row_step, plane_step = layout->plane_step;
  if (__builtin_mul_overflow (width, layout->value_step, &row_step)
      || (!plane_step
          && __builtin_mul_overflow (height, row_step, &plane_step)))
    return (fftcl_strides) { SIZE_MAX, SIZE_MAX, SIZE_MAX };
  return (fftcl_strides) { layout->value_step, row_step, plane_step };
}

fftcl_strides fftcl_side_by_side (size_t width, size_t height)
{
  return (fftcl_strides) { 1, width, width * height };
}

int fftcl_is_side_by_side (const fftcl_strides *layout, size_t width,
                           size_t height)
{
  return layout->value_step == 1 && layout->row_step == width
         && layout->plane_step == width * height;
}

static size_t laid_out_at (const fftcl_strides *layout, size_t plane,
                           size_t x, size_t y)
{
  return plane * layout->plane_step + y * layout->row_step
         + x * layout->value_step;
}

/* Index n of an axis of `length` in its mirror extension to 2·length. */
static size_t unmirrored (size_t n, size_t length)
{
  return n < length ? n : 2 * length - 1 - n;
}

void fftcl_strides_gather (const float *data, const fftcl_strides *layout,
                           size_t width, size_t height, size_t count,
                           int mirrored, float *out)
{
  size_t times = mirrored ? 2 : 1;
  size_t out_width = times * width, out_height = times * height;
  for (size_t p = 0; p < count; p++)
    for (size_t y = 0; y < out_height; y++)
      for (size_t x = 0; x < out_width; x++)
        *out++ = data[laid_out_at (layout, p, unmirrored (x, width),
                                   unmirrored (y, height))];
}

void fftcl_strides_scatter (const float *planes, size_t width,
                            size_t height, size_t count, float *out,
                            const fftcl_strides *layout)
{
  for (size_t p = 0; p < count; p++)
    for (size_t y = 0; y < height; y++)
      for (size_t x = 0; x < width; x++)
        out[laid_out_at (layout, p, x, y)] = *planes++;
}
