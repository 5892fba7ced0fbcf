/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "coarse-copy.h"

#include <math.h>
#include <string.h>

static size_t
divide_up (size_t numerator,
           size_t denominator)
{
  return (numerator + denominator - 1) / denominator;
}

CoarseScale
coarse_scale_for (size_t width,
                  size_t height,
                  size_t max_area)
{
  CoarseScale scale = { 1, width, height };

  while (scale.width * scale.height > max_area)
    {
      scale.factor++;
      scale.width  = divide_up (width, scale.factor);
      scale.height = divide_up (height, scale.factor);
    }

  return scale;
}

static void
block_mean (const CoarseScale *scale,
            const float       *pixels,
            size_t             width,
            size_t             height,
            size_t             components,
            size_t             u,
            size_t             v,
            float             *out)
{
  size_t x0 = u * scale->factor, x1 = x0 + scale->factor;
  size_t y0 = v * scale->factor, y1 = y0 + scale->factor;
  double sums[8] = { 0 };

  x1 = x1 < width ? x1 : width;
  y1 = y1 < height ? y1 : height;

  for (size_t y = y0; y < y1; y++)
    for (size_t x = x0; x < x1; x++)
      for (size_t c = 0; c < components; c++)
        sums[c] += pixels[(y * width + x) * components + c];

  for (size_t c = 0; c < components; c++)
    out[c] = (float) (sums[c] / (double) ((x1 - x0) * (y1 - y0)));
}

void
coarse_copy_pixels (const CoarseScale *scale,
                    const float       *pixels,
                    size_t             width,
                    size_t             height,
                    size_t             components,
                    float             *copy)
{
  for (size_t v = 0; v < scale->height; v++)
    for (size_t u = 0; u < scale->width; u++)
      block_mean (scale, pixels, width, height, components, u, v,
                  copy + (v * scale->width + u) * components);
}

fftcl_gain
coarse_gain (const CoarseScale *scale,
             const fftcl_gain  *gain,
             double            *notches,
             unsigned          *planes)
{
  fftcl_gain coarse = *gain;
  double     factor = (double) scale->factor;

  coarse.large_period = gain->large_period / factor;
  coarse.small_period = gain->small_period / factor;
  coarse.notches      = notches;
  coarse.notch_count  = 0;
  coarse.notch_planes = gain->notch_planes ? planes : NULL;

  for (size_t i = 0; i < gain->notch_count; i++)
    {
      const double *notch = gain->notches + 3 * i;
      double       *kept  = notches + 3 * coarse.notch_count;

      if (fabs (notch[0] * factor) > 0.5 || fabs (notch[1] * factor) > 0.5)
        continue;

      kept[0] = notch[0] * factor;
      kept[1] = notch[1] * factor;
      kept[2] = notch[2] * factor;
      if (gain->notch_planes)
        planes[coarse.notch_count] = gain->notch_planes[i];
      coarse.notch_count++;
    }

  return coarse;
}

static size_t
first_coarse (size_t factor,
              size_t size,
              size_t start)
{
  return start / factor < size ? start / factor : size - 1;
}

/* One axis of coarse_window: the copy's values, `stride` apart from
 * `first` on its `size` pixels, that cover `count` blocks of `step` image
 * pixels from `start`. */
static size_t
coarse_count (size_t factor,
              size_t size,
              size_t first,
              size_t stride,
              size_t start,
              size_t count,
              size_t step)
{
  size_t end    = divide_up (start + count * step, factor);
  size_t blocks = divide_up (end > first ? end - first : 1, stride);
  size_t room   = (size - first) / stride;

  return blocks < room ? blocks : room;
}

fftcl_window
coarse_window (const CoarseScale  *scale,
               const fftcl_window *window)
{
  size_t       factor = scale->factor;
  fftcl_window coarse = {
    .x    = first_coarse (factor, scale->width, window->x),
    .y    = first_coarse (factor, scale->height, window->y),
    .step = window->step / factor > 1 ? window->step / factor : 1
  };

  if (coarse.step > scale->width - coarse.x)
    coarse.step = scale->width - coarse.x;
  if (coarse.step > scale->height - coarse.y)
    coarse.step = scale->height - coarse.y;

  coarse.width  = coarse_count (factor, scale->width, coarse.x, coarse.step,
                                window->x, window->width, window->step);
  coarse.height = coarse_count (factor, scale->height, coarse.y, coarse.step,
                                window->y, window->height, window->step);
  return coarse;
}

/* Index, among `count` coarse values of `step` from `start`, of the one
 * under the centre of image block `block`. */
static size_t
coarse_index (size_t factor,
              size_t start,
              size_t step,
              size_t count,
              size_t image_start,
              size_t image_step,
              size_t block)
{
  size_t centre = (image_start + block * image_step + image_step / 2) /
                  factor;
  size_t index  = centre > start ? (centre - start) / step : 0;

  return index < count ? index : count - 1;
}

void
coarse_expand (const CoarseScale  *scale,
               const fftcl_window *coarse_window,
               const float        *coarse,
               const fftcl_window *window,
               size_t              components,
               float              *pixels)
{
  for (size_t j = 0; j < window->height; j++)
    {
      size_t v = coarse_index (scale->factor, coarse_window->y,
                               coarse_window->step, coarse_window->height,
                               window->y, window->step, j);

      for (size_t i = 0; i < window->width; i++)
        {
          size_t u = coarse_index (scale->factor, coarse_window->x,
                                   coarse_window->step, coarse_window->width,
                                   window->x, window->step, i);

          memcpy (pixels + (j * window->width + i) * components,
                  coarse + (v * coarse_window->width + u) * components,
                  components * sizeof (float));
        }
    }
}
