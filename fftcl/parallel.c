/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "parallel.h"
#include "worker_pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <sys/mman.h>
#include <unistd.h>

enum { MAX_THREADS = 64 };

/* Chunks per thread: enough that a thread slowed to half speed costs the
 * pass about a chunk, few enough that taking one (an atomic add) is
 * nothing beside its rows. */
enum { CHUNKS_PER_THREAD = 16 };

/* One call's rows, taken a chunk at a time from `next`. */
typedef struct {
  fftcl_row_work work;
  const void *job;
  size_t rows, chunk;
  atomic_size_t next;
} row_call;

typedef struct {
  row_call *call;
  size_t share;
} row_share;

/* The share of the call this thread works in; a call made inside another
 * call's work sets its own and gives the outer one back. */
static _Thread_local size_t current_share;

size_t fftcl_parallel_share (void)
{
  return current_share;
}

static void *run_share (void *share_pointer)
{
  const row_share *share = share_pointer;
  row_call *call = share->call;
  size_t outer = current_share;
  current_share = share->share;
  for (;;)
    {
      size_t first = atomic_fetch_add (&call->next, call->chunk);
      if (first >= call->rows)
        break;
      size_t end = call->rows - first < call->chunk ? call->rows
                                                    : first + call->chunk;
      call->work (call->job, first, end);
    }
  current_share = outer;
  return NULL;
}

size_t fftcl_core_count (void)
{
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  return cores > 1 ? (size_t) cores : 1;
}

/* The pool's call: share i. */
static void run_pooled (void *shares, size_t i)
{
  run_share ((row_share *) shares + i);
}

void fftcl_in_parallel (size_t threads, size_t rows, fftcl_row_work work,
                        const void *job)
{
  if (threads > MAX_THREADS)
    threads = MAX_THREADS;
  if (threads > rows)
    threads = rows;
  if (threads == 0)
    threads = 1;
  size_t chunk = rows / (threads * CHUNKS_PER_THREAD);
  row_call call = { work, job, rows, chunk ? chunk : 1, 0 };
  row_share shares[MAX_THREADS];
  for (size_t t = 0; t < threads; t++)
    shares[t] = (row_share) { &call, t };
  if (threads == 1)
    {
      run_share (&shares[0]);
      return;
    }
  if (fftcl_pool_run (threads, run_pooled, shares))
    return;
  pthread_t ids[MAX_THREADS];
  int started[MAX_THREADS] = { 0 };
  for (size_t t = 1; t < threads; t++)
    started[t] = pthread_create (&ids[t], NULL, run_share, &shares[t]) == 0;
  run_share (&shares[0]);
  for (size_t t = 1; t < threads; t++)
    if (started[t])
      pthread_join (ids[t], NULL);
    else
      run_share (&shares[t]);
}

/* Pages made at a time by one thread. */
#define POPULATE_CHUNK ((size_t) 1 << 20)

typedef struct {
  char *memory;
  size_t bytes;
} populate_job;

/* Chunks [first, end) of the mapping, written once so that the kernel
 * makes their pages (Linux before 5.14 has no MADV_POPULATE_WRITE). */
static void populate_chunks (const void *job_pointer, size_t first,
                             size_t end)
{
  const populate_job *job = job_pointer;
  size_t from = first * POPULATE_CHUNK;
  size_t to = end * POPULATE_CHUNK < job->bytes ? end * POPULATE_CHUNK
                                                : job->bytes;
#ifdef MADV_POPULATE_WRITE
  if (madvise (job->memory + from, to - from, MADV_POPULATE_WRITE) == 0)
    return;
#endif
  for (size_t at = from; at < to; at += 4096)
    job->memory[at] = 0;
}

/* A band-pass touches every page of arrays of up to gigabytes once, and
 * one page fault per page costs more than populating the whole mapping.
 * Threads populate it side by side, faster than MAP_POPULATE's one;
 * transparent huge pages are slower (docs/performance.md, "Rules in the
 * code": populated mappings). */
void *fftcl_map_populated (size_t bytes, size_t threads)
{
  void *memory = mmap (NULL, bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED)
    return NULL;
  const populate_job job = { memory, bytes };
  fftcl_in_parallel (threads, (bytes + POPULATE_CHUNK - 1) / POPULATE_CHUNK,
                     populate_chunks, &job);
  return memory;
}

size_t fftcl_threads_for (size_t bytes)
{
  size_t cores = fftcl_core_count (), wanted = 1 + (bytes >> 20);
  return wanted < cores ? wanted : cores;
}
