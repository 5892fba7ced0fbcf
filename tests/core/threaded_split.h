/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A RowSplit over THREADED_SPLIT_THREADS POSIX threads, each a band of
 * rows side by side, as GEGL's splitter spreads the core's passes in
 * both front-ends (common/row-split-gegl.c): the core tests that take it
 * run those passes on threads as GIMP does, so that sanitizers and
 * valgrind look at them there too (issue 43, item 6: the flaky NaN was
 * looked for this way). */
#ifndef THREADED_SPLIT_H
#define THREADED_SPLIT_H

#include <pthread.h>

#include "row-split.h"

#define THREADED_SPLIT_THREADS 4

typedef struct
{
  RowWork     work;
  const void *job;
  size_t      first, end;
} ThreadedBand;

static void *
threaded_band (void *band_pointer)
{
  const ThreadedBand *band = band_pointer;

  band->work (band->job, band->first, band->end);
  return NULL;
}

/* A thread that cannot be made runs its band in the calling thread. */
static void
threaded_split (size_t      rows,
                RowWork     work,
                const void *job)
{
  pthread_t    threads[THREADED_SPLIT_THREADS];
  int          started[THREADED_SPLIT_THREADS];
  ThreadedBand bands[THREADED_SPLIT_THREADS];

  for (int i = 0; i < THREADED_SPLIT_THREADS; i++)
    {
      bands[i] = (ThreadedBand) { work, job,
                                  rows * i / THREADED_SPLIT_THREADS,
                                  rows * (i + 1) / THREADED_SPLIT_THREADS };
      started[i] = pthread_create (&threads[i], NULL, threaded_band,
                                   &bands[i]) == 0;
      if (! started[i])
        threaded_band (&bands[i]);
    }
  for (int i = 0; i < THREADED_SPLIT_THREADS; i++)
    if (started[i])
      pthread_join (threads[i], NULL);
}

#endif
