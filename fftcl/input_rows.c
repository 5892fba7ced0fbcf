/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "input_rows.h"

#include <stdlib.h>
#include <string.h>

void fftcl_input_rows (const fftcl_input *in, size_t width, size_t plane,
                       size_t first, size_t end, float *to, float *scratch)
{
  if (in->rows)
    {
      for (size_t y = first; y < end; y++, to += width)
        in->rows->fill (in->rows->job, plane, y, to, scratch);
      return;
    }
  const fftcl_strides *l = in->layout;
  const float *from = in->planes + plane * l->plane_step;
  for (size_t y = first; y < end; y++, to += width)
    {
      const float *row = from + y * l->row_step;
      if (l->value_step == 1)
        memcpy (to, row, width * sizeof *to);
      else
        for (size_t x = 0; x < width; x++)
          to[x] = row[x * l->value_step];
    }
}

float *fftcl_input_scratch (const fftcl_input *in, atomic_int *failed)
{
  if (!in->rows || !in->rows->scratch_floats)
    return NULL;
  float *scratch = malloc (in->rows->scratch_floats * sizeof *scratch);
  if (!scratch)
    atomic_store (failed, 1);
  return scratch;
}
