/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "row-split.h"

void
row_split_run (RowSplit    split,
               size_t      rows,
               RowWork     work,
               const void *job)
{
  if (rows == 0)
    return;

  if (split)
    split (rows, work, job);
  else
    work (job, 0, rows);
}
