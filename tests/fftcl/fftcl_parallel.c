/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fftcl_in_parallel (fftcl/parallel.h), which hands its rows out in
 * chunks: every row is worked exactly once, each call's work gets a
 * share below the threads asked for, the same for every chunk a thread
 * takes and different between threads, a call inside another call's
 * work gives the outer share back, and outside any call the share is 0.
 * The oracle is a count per row and the thread each share was seen on. */
#include "check.h"
#include "parallel.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

enum { MOST_THREADS = 64 };

typedef struct {
  size_t threads;
  atomic_int *visits;          /* per row */
  pthread_t owner[MOST_THREADS];
  atomic_int owned[MOST_THREADS];
  atomic_int wrong;            /* a share out of range, or on two threads */
  int nested;                  /* each chunk makes an inner call */
} count_job;

static void count_inner (const void *job_pointer, size_t first, size_t end)
{
  atomic_int *rows = (atomic_int *) job_pointer;
  for (size_t y = first; y < end; y++)
    atomic_fetch_add (&rows[y], 1);
}

static void count_rows (const void *job_pointer, size_t first, size_t end)
{
  count_job *job = (count_job *) job_pointer;
  size_t share = fftcl_parallel_share ();
  if (share >= job->threads || share >= MOST_THREADS)
    {
      atomic_store (&job->wrong, 1);
      return;
    }
  /* The first chunk of a share claims it for its thread. */
  int expected = 0;
  if (atomic_compare_exchange_strong (&job->owned[share], &expected, 1))
    {
      job->owner[share] = pthread_self ();
      atomic_store (&job->owned[share], 2);
    }
  while (atomic_load (&job->owned[share]) != 2)
    ;
  if (!pthread_equal (job->owner[share], pthread_self ()))
    atomic_store (&job->wrong, 1);
  if (job->nested)
    {
      atomic_int inner[7] = { 0 };
      fftcl_in_parallel (3, 7, count_inner, inner);
      for (int i = 0; i < 7; i++)
        if (atomic_load (&inner[i]) != 1)
          atomic_store (&job->wrong, 1);
      if (fftcl_parallel_share () != share)
        atomic_store (&job->wrong, 1);
    }
  for (size_t y = first; y < end; y++)
    atomic_fetch_add (&job->visits[y], 1);
}

static void run_case (size_t threads, size_t rows, int nested)
{
  count_job *job = calloc (1, sizeof *job);
  atomic_int *visits = calloc (rows ? rows : 1, sizeof *visits);
  if (!check (job && visits, "memory for %zu rows", rows))
    {
      free (job);
      free (visits);
      return;
    }
  job->threads = threads ? threads : 1;
  job->visits = visits;
  job->nested = nested;
  fftcl_in_parallel (threads, rows, count_rows, job);
  size_t wrong_rows = 0;
  for (size_t y = 0; y < rows; y++)
    wrong_rows += atomic_load (&visits[y]) != 1;
  check (wrong_rows == 0 && !atomic_load (&job->wrong)
           && fftcl_parallel_share () == 0,
         "%zu threads, %zu rows%s: %zu rows not worked once, shares %s",
         threads, rows, nested ? ", a call in each chunk" : "", wrong_rows,
         atomic_load (&job->wrong) ? "wrong" : "right");
  free (visits);
  free (job);
}

int main (void)
{
  const size_t threads[] = { 0, 1, 2, 3, 16, 64, 100 };
  const size_t rows[] = { 0, 1, 2, 15, 16, 17, 255, 4097 };
  for (size_t t = 0; t < sizeof threads / sizeof *threads; t++)
    for (size_t r = 0; r < sizeof rows / sizeof *rows; r++)
      run_case (threads[t], rows[r], 0);
  run_case (4, 300, 1);
  run_case (16, 2049, 1);
  return check_finish ();
}
