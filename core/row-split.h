/* SPDX-License-Identifier: GPL-3.0-or-later */
/* row-split — how the core spreads its passes over rows across threads
 * without owning any: the front-end hands it a splitter of its own
 * (GEGL's in the plug-in), or none. */
#ifndef ROW_SPLIT_H
#define ROW_SPLIT_H

#include <stddef.h>

/* Work on rows [first, end) of something; `job` says what. */
typedef void (*RowWork) (const void *job, size_t first, size_t end);

/* Runs `work` over rows 0 … rows − 1, split over threads as the
 * front-end likes, and returns when all are done. */
typedef void (*RowSplit) (size_t rows, RowWork work, const void *job);

/* `split` (rows, work, job), or, when `split` is NULL, the work on every
 * row in the calling thread; nothing at all for 0 rows, so that no
 * splitter sees an empty range. */
void row_split_run (RowSplit    split,
                    size_t      rows,
                    RowWork     work,
                    const void *job);

#endif
