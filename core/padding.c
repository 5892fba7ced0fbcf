/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Reflected padding. The FFT treats the padded plane as periodic, so the
 * end of the margin touches the image's opposite edge. The margin
 * therefore starts as the reflection across the near edge and fades, with
 * a raised cosine, into the reflection across the far edge (the one that
 * wraps around), so every seam is continuous.
 *
 * The mirror reflection is a weighted mean of image values, so it neither
 * darkens nor brightens, but it folds a gradient back at the edge. The
 * point reflection, 2·edge − mirror image, continues a gradient straight
 * on, so a low-pass keeps it up to the border and a high-pass finds no
 * kink there. */
#include "padding.h"

#include <math.h>
#include <stdlib.h>
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
  float  edge_factor; /* 0 for a mirror, 2 for a point reflection */
  float  sign;        /* +1 for a mirror, −1 for a point reflection */
} ReflectionTap;

size_t
padding_size_for (size_t size,
                  double reach)
{
  size_t margin = reach < (double) size ? (size_t) ceil (reach) : size;
  size_t padded = 1;

  while (padded < size + margin)
    padded *= 2;

  return padded;
}

/* Position i (which may be negative) of the symmetric extension of
 * 0 … size−1: about the half samples beyond the ends, or, when `whole`,
 * about the end samples themselves. It repeats when the margin is wider
 * than the image. */
static size_t
reflect (long   i,
         size_t size,
         int    whole)
{
  long period = whole ? 2 * (long) size - 2 : 2 * (long) size;
  long in_period;

  if (period == 0)
    return 0;

  in_period = ((i % period) + period) % period;
  if (in_period < (long) size)
    return (size_t) in_period;

  return (size_t) (period - in_period - (whole ? 0 : 1));
}

/* The tap for margin position k (0 … margin−1) after `size` image values:
 * position size + k, which the FFT's wrap-around also puts at
 * −(margin − k). */
static ReflectionTap
reflection_tap (size_t      k,
                size_t      size,
                size_t      margin,
                PaddingKind kind)
{
  int           point = kind == PADDING_SMOOTH;
  ReflectionTap tap;

  tap.near_source = reflect ((long) (size + k), size, point);
  tap.far_source  = reflect (-(long) (margin - k), size, point);
  tap.near_weight = 0.5f * (1.0f + (float) cos (PI * (k + 0.5) / margin));
  tap.edge_factor = point ? 2.0f : 0.0f;
  tap.sign        = point ? -1.0f : 1.0f;

  return tap;
}

/* `near` and `far` are the values at the tap's sources, `near_edge` and
 * `far_edge` the image's last and first values. */
static float
tap_value (const ReflectionTap *tap,
           float                near,
           float                far,
           float                near_edge,
           float                far_edge)
{
  float from_near = tap->edge_factor * near_edge + tap->sign * near;
  float from_far  = tap->edge_factor * far_edge + tap->sign * far;

  return tap->near_weight * from_near + (1.0f - tap->near_weight) * from_far;
}

/* The margin columns first … first + count − 1 of an image row, from
 * their taps. */
static void
reflect_row_right (const ReflectionTap *taps,
                   size_t               count,
                   size_t               first,
                   float               *row,
                   size_t               width)
{
  for (size_t j = 0; j < count; j++)
    row[width + first + j] =
      tap_value (&taps[j], row[taps[j].near_source], row[taps[j].far_source],
                 row[width - 1], row[0]);
}

/* Margin row `row` from the padded rows at its tap's sources and the
 * image's last and first padded rows. */
static void
reflect_row_below (const ReflectionTap *tap,
                   float               *row,
                   const float         *near,
                   const float         *far,
                   const float         *last_row,
                   const float         *first_row,
                   size_t               padded_width)
{
  for (size_t x = 0; x < padded_width; x++)
    row[x] = tap_value (tap, near[x], far[x], last_row[x], first_row[x]);
}

static void
reflect_columns (float       *plane,
                 size_t       width,
                 size_t       padded_width,
                 PaddingKind  kind,
                 size_t       first_row,
                 size_t       end_row)
{
  size_t        margin = padded_width - width;
  ReflectionTap taps[COLUMN_BLOCK];

  for (size_t first = 0; first < margin; first += COLUMN_BLOCK)
    {
      size_t count = margin - first < COLUMN_BLOCK ? margin - first
                                                   : COLUMN_BLOCK;

      for (size_t j = 0; j < count; j++)
        taps[j] = reflection_tap (first + j, width, margin, kind);

      for (size_t y = first_row; y < end_row; y++)
        reflect_row_right (taps, count, first, plane + y * padded_width,
                           width);
    }
}

static void
reflect_rows (float       *plane,
              size_t       height,
              size_t       padded_width,
              size_t       padded_height,
              PaddingKind  kind,
              size_t       first,
              size_t       end)
{
  size_t       margin    = padded_height - height;
  const float *last_row  = plane + (height - 1) * padded_width;

  for (size_t k = first; k < end; k++)
    {
      ReflectionTap tap = reflection_tap (k, height, margin, kind);

      reflect_row_below (&tap, plane + (height + k) * padded_width,
                         plane + tap.near_source * padded_width,
                         plane + tap.far_source * padded_width, last_row,
                         plane, padded_width);
    }
}

void
padding_fill_rows (float       *plane,
                   size_t       width,
                   size_t       padded_width,
                   PaddingKind  kind,
                   size_t       first,
                   size_t       end)
{
  if (kind != PADDING_ZERO)
    {
      reflect_columns (plane, width, padded_width, kind, first, end);
      return;
    }

  for (size_t y = first; y < end; y++)
    memset (plane + y * padded_width + width, 0,
            (padded_width - width) * sizeof (float));
}

void
padding_fill_below (float       *plane,
                    size_t       height,
                    size_t       padded_width,
                    size_t       padded_height,
                    PaddingKind  kind,
                    size_t       first,
                    size_t       end)
{
  if (kind != PADDING_ZERO)
    {
      reflect_rows (plane, height, padded_width, padded_height, kind, first,
                    end);
      return;
    }

  memset (plane + (height + first) * padded_width, 0,
          (end - first) * padded_width * sizeof (float));
}

/* The margin columns of the image rows first; the margin rows then
 * reflect whole padded rows, which fills the corner consistently. */
void
padding_fill (float       *plane,
              size_t       width,
              size_t       height,
              size_t       padded_width,
              size_t       padded_height,
              PaddingKind  kind)
{
  padding_fill_rows (plane, width, padded_width, kind, 0, height);
  padding_fill_below (plane, height, padded_width, padded_height, kind, 0,
                      padded_height - height);
}

struct PaddingTaps
{
  size_t         width, height, padded_width, padded_height;
  PaddingKind    kind;
  ReflectionTap *columns; /* one per margin column, */
  ReflectionTap *rows;    /* and per margin row, in one allocation */
};

PaddingTaps *
padding_taps_new (size_t      width,
                  size_t      height,
                  size_t      padded_width,
                  size_t      padded_height,
                  PaddingKind kind)
{
  size_t       across = padded_width - width, down = padded_height - height;
  PaddingTaps *taps   = malloc (sizeof *taps);

  if (! taps)
    return NULL;

  *taps = (PaddingTaps) { width, height, padded_width, padded_height, kind,
                          malloc ((across + down + 1) * sizeof (ReflectionTap)),
                          NULL };
  if (! taps->columns)
    {
      free (taps);
      return NULL;
    }

  taps->rows = taps->columns + across;
  for (size_t j = 0; kind != PADDING_ZERO && j < across; j++)
    taps->columns[j] = reflection_tap (j, width, across, kind);
  for (size_t k = 0; kind != PADDING_ZERO && k < down; k++)
    taps->rows[k] = reflection_tap (k, height, down, kind);

  return taps;
}

void
padding_taps_free (PaddingTaps *taps)
{
  if (taps)
    free (taps->columns);
  free (taps);
}

void
padding_taps_right (const PaddingTaps *taps,
                    float             *row)
{
  size_t margin = taps->padded_width - taps->width;

  if (taps->kind == PADDING_ZERO)
    memset (row + taps->width, 0, margin * sizeof (float));
  else
    reflect_row_right (taps->columns, margin, 0, row, taps->width);
}

void
padding_taps_sources (const PaddingTaps *taps,
                      size_t             k,
                      size_t            *near,
                      size_t            *far)
{
  *near = taps->kind == PADDING_ZERO ? 0 : taps->rows[k].near_source;
  *far  = taps->kind == PADDING_ZERO ? 0 : taps->rows[k].far_source;
}

void
padding_taps_below (const PaddingTaps *taps,
                    size_t             k,
                    float             *row,
                    const float       *near,
                    const float       *far,
                    const float       *last_row,
                    const float       *first_row)
{
  if (taps->kind == PADDING_ZERO)
    memset (row, 0, taps->padded_width * sizeof (float));
  else
    reflect_row_below (&taps->rows[k], row, near, far, last_row, first_row,
                       taps->padded_width);
}
