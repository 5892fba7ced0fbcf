/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "worker_pool.h"

#include <pthread.h>

enum { POOL_WORKERS = 63 };

static pthread_mutex_t in_use = PTHREAD_MUTEX_INITIALIZER;

/* What the workers share, under `lock`: call `round` wants workers
 * 1 … wanted to run run(job, i); `finished` of them have. */
static struct {
  pthread_mutex_t lock;
  pthread_cond_t start, done;
  size_t workers, wanted, finished;
  unsigned long round;
  void (*run) (void *job, size_t i);
  void *job;
} pool = { PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER,
           PTHREAD_COND_INITIALIZER, 0, 0, 0, 0, NULL, NULL };

static void *work (void *index_pointer)
{
  size_t i = (size_t) index_pointer;
  /* Started inside a call, before its round began (rounds count from 1):
   * that round is its first. */
  unsigned long seen = 0;
  pthread_mutex_lock (&pool.lock);
  for (;;)
    {
      while (pool.round == seen)
        pthread_cond_wait (&pool.start, &pool.lock);
      seen = pool.round;
      if (i > pool.wanted)
        continue;
      pthread_mutex_unlock (&pool.lock);
      pool.run (pool.job, i);
      pthread_mutex_lock (&pool.lock);
      if (++pool.finished == pool.wanted)
        pthread_cond_signal (&pool.done);
    }
  return NULL;
}

/* Workers 1 … wanted, started where missing; 0 where one cannot be. */
static int have_workers (size_t wanted)
{
  while (pool.workers < wanted)
    {
      pthread_t id;
      if (pthread_create (&id, NULL, work, (void *) (pool.workers + 1)) != 0)
        return 0;
      pthread_detach (id);
      pool.workers++;
    }
  return 1;
}

int fftcl_pool_run (size_t count, void (*run) (void *job, size_t i),
                    void *job)
{
  if (count == 0 || count - 1 > POOL_WORKERS
      || pthread_mutex_trylock (&in_use) != 0)
    return 0;
  pthread_mutex_lock (&pool.lock);
  int ready = have_workers (count - 1);
  if (ready)
    {
      pool.run = run;
      pool.job = job;
      pool.wanted = count - 1;
      pool.finished = 0;
      pool.round++;
      pthread_cond_broadcast (&pool.start);
    }
  pthread_mutex_unlock (&pool.lock);
  if (ready)
    {
      run (job, 0);
      pthread_mutex_lock (&pool.lock);
      while (pool.finished < pool.wanted)
        pthread_cond_wait (&pool.done, &pool.lock);
      pthread_mutex_unlock (&pool.lock);
    }
  pthread_mutex_unlock (&in_use);
  return ready;
}
