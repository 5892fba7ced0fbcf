/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "padded-rows.h"

#include <stdlib.h>

struct PaddedRows
{
  const float         *pixels;
  size_t               components;
  const PlaneGeometry *geometry;
  PaddingTaps         *taps;
  float               *edges; /* each plane's first and last padded rows */
};

/* Image row y of `plane`, padded to its right. */
static void
image_row (const PaddedRows *rows,
           size_t            plane,
           size_t            y,
           float            *row)
{
  size_t       width  = rows->geometry->width;
  const float *pixels = rows->pixels + y * width * rows->components + plane;

  for (size_t x = 0; x < width; x++)
    row[x] = pixels[x * rows->components];
  padding_taps_right (rows->taps, row);
}

/* A margin row below the image from its two source rows: the near one
 * padded where the row goes (padding_taps_below reads each position
 * before it writes it), the far one in the thread's scratch, a padded
 * row on the heap (a very wide row would not fit a GEGL thread's
 * stack). */
static void
fill_row (const void *job,
          size_t      plane,
          size_t      y,
          float      *row,
          float      *scratch)
{
  const PaddedRows    *rows     = job;
  const PlaneGeometry *geometry = rows->geometry;
  size_t               padded   = geometry->padded_width;
  const float         *first    = rows->edges + 2 * plane * padded;
  size_t               near, far;

  if (y < geometry->height)
    {
      image_row (rows, plane, y, row);
      return;
    }

  padding_taps_sources (rows->taps, y - geometry->height, &near, &far);
  image_row (rows, plane, near, row);
  image_row (rows, plane, far, scratch);
  padding_taps_below (rows->taps, y - geometry->height, row, row, scratch,
                      first + padded, first);
}

PaddedRows *
padded_rows_new (const float         *pixels,
                 size_t               components,
                 const PlaneGeometry *geometry,
                 PaddingKind          padding)
{
  size_t      padded = geometry->padded_width;
  PaddedRows *rows   = calloc (1, sizeof *rows);

  if (! rows)
    return NULL;

  *rows = (PaddedRows) {
    pixels, components, geometry,
    padding_taps_new (geometry->width, geometry->height, padded,
                      geometry->padded_height, padding),
    malloc (2 * components * padded * sizeof (float)) };
  if (! rows->taps || ! rows->edges)
    {
      padded_rows_free (rows);
      return NULL;
    }

  for (size_t plane = 0; plane < components; plane++)
    {
      image_row (rows, plane, 0, rows->edges + 2 * plane * padded);
      image_row (rows, plane, geometry->height - 1,
                 rows->edges + (2 * plane + 1) * padded);
    }
  return rows;
}

void
padded_rows_free (PaddedRows *rows)
{
  if (! rows)
    return;

  padding_taps_free (rows->taps);
  free (rows->edges);
  free (rows);
}

fftcl_source
padded_rows_source (const PaddedRows *rows)
{
  return (fftcl_source) { .fill           = fill_row,
                          .job            = rows,
                          .scratch_floats = rows->geometry->padded_width };
}
