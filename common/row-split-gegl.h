/* SPDX-License-Identifier: GPL-3.0-or-later */
/* row-split-gegl — the core's row passes (row-split.h) spread over GEGL's
 * threads, as many as GIMP's preferences give its plug-ins. */
#ifndef ROW_SPLIT_GEGL_H
#define ROW_SPLIT_GEGL_H

#include "row-split.h"

/* A RowSplit: runs `work` over rows 0 … rows − 1 in bands, one per
 * thread, and returns when all are done. */
void row_split_gegl (size_t      rows,
                     RowWork     work,
                     const void *job);

#endif
