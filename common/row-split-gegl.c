/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "row-split-gegl.h"

#include <gegl.h>

/* GEGL weighs a thread against this many rows: one, so that every thread
 * takes a band of any image worth filtering. */
#define THREAD_COST_IN_ROWS 1.0

typedef struct
{
  RowWork     work;
  const void *job;
} RowBands;

static void
run_band (gsize    first,
          gsize    count,
          gpointer bands_pointer)
{
  const RowBands *bands = bands_pointer;

  bands->work (bands->job, first, first + count);
}

void
row_split_gegl (size_t      rows,
                RowWork     work,
                const void *job)
{
  RowBands bands = { work, job };

  gegl_parallel_distribute_range (rows, THREAD_COST_IN_ROWS, run_band,
                                  &bands);
}
