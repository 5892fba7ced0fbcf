/* Mirror padding. The FFT treats the padded plane as periodic, so the end
 * of the margin touches the image's opposite edge. The margin therefore
 * starts as the reflection across the near edge and fades, with a raised
 * cosine, into the reflection across the far edge (the one that wraps
 * around): every seam is continuous, and the fill is a weighted mean of
 * image values, so it neither darkens nor brightens. */
#include "padding.h"

#include <math.h>
#include <string.h>

#define PI 3.14159265358979323846

/* Margin columns handled per pass over the rows, so that their taps fit
 * on the stack. */
#define COLUMN_BLOCK 256

typedef struct
{
  size_t near_source; /* reflected across the near edge */
  size_t far_source;  /* reflected across the far (wrapped) edge */
  float  near_weight; /* falls from ≈1 to ≈0 across the margin */
} MirrorTap;

size_t
padding_size_for (size_t size)
{
  size_t padded = 1;

  while (padded < size)
    padded *= 2;

  return padded;
}

/* Position i of the half-sample symmetric extension of 0 … size−1, which
 * repeats with period 2·size when the margin is wider than the image. */
static size_t
reflect (size_t i,
         size_t size)
{
  size_t in_period = i % (2 * size);

  return in_period < size ? in_period : 2 * size - 1 - in_period;
}

/* The tap for margin position k (0 … margin−1) after `size` image values. */
static MirrorTap
mirror_tap (size_t k,
            size_t size,
            size_t margin)
{
  MirrorTap tap;

  tap.near_source = reflect (size + k, size);
  tap.far_source  = reflect (margin - 1 - k, size);
  tap.near_weight = 0.5f * (1.0f + (float) cos (PI * (k + 0.5) / margin));

  return tap;
}

static void
mirror_columns (float  *plane,
                size_t  width,
                size_t  height,
                size_t  padded_width)
{
  size_t    margin = padded_width - width;
  MirrorTap taps[COLUMN_BLOCK];

  for (size_t first = 0; first < margin; first += COLUMN_BLOCK)
    {
      size_t count = margin - first < COLUMN_BLOCK ? margin - first
                                                   : COLUMN_BLOCK;

      for (size_t j = 0; j < count; j++)
        taps[j] = mirror_tap (first + j, width, margin);

      for (size_t y = 0; y < height; y++)
        {
          float *row = plane + y * padded_width;

          for (size_t j = 0; j < count; j++)
            row[width + first + j] =
              taps[j].near_weight * row[taps[j].near_source] +
              (1.0f - taps[j].near_weight) * row[taps[j].far_source];
        }
    }
}

static void
mirror_rows (float  *plane,
             size_t  height,
             size_t  padded_width,
             size_t  padded_height)
{
  size_t margin = padded_height - height;

  for (size_t k = 0; k < margin; k++)
    {
      MirrorTap    tap  = mirror_tap (k, height, margin);
      float       *row  = plane + (height + k) * padded_width;
      const float *near = plane + tap.near_source * padded_width;
      const float *far  = plane + tap.far_source * padded_width;

      for (size_t x = 0; x < padded_width; x++)
        row[x] = tap.near_weight * near[x] + (1.0f - tap.near_weight) * far[x];
    }
}

static void
zero_margin (float  *plane,
             size_t  width,
             size_t  height,
             size_t  padded_width,
             size_t  padded_height)
{
  for (size_t y = 0; y < height; y++)
    memset (plane + y * padded_width + width, 0,
            (padded_width - width) * sizeof (float));

  memset (plane + height * padded_width, 0,
          (padded_height - height) * padded_width * sizeof (float));
}

void
padding_fill (float       *plane,
              size_t       width,
              size_t       height,
              size_t       padded_width,
              size_t       padded_height,
              PaddingKind  kind)
{
  if (kind == PADDING_ZERO)
    {
      zero_margin (plane, width, height, padded_width, padded_height);
      return;
    }

  /* The margin columns of the image rows first; the margin rows then
   * reflect whole padded rows, which fills the corner consistently. */
  mirror_columns (plane, width, height, padded_width);
  mirror_rows (plane, height, padded_width, padded_height);
}
