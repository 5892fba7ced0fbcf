/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The process's pool of worker threads for fftcl_in_parallel (parallel.h):
 * starting a thread costs tens of microseconds, and a staged transfer
 * splits every slot of it over the cores, so threads made per call cost
 * milliseconds per transfer. Process-wide state: the pool's workers are
 * started when a call first needs them and live, asleep between calls,
 * until the process ends. One call uses the pool at a time. Internal to
 * the project. */
#ifndef FFTCL_WORKER_POOL_H
#define FFTCL_WORKER_POOL_H

#include <stddef.h>

/* Runs run(job, i) for i = 0 … count − 1 at once, i = 0 on this thread
 * and each other on a worker, and returns when all have returned; 0,
 * having run nothing, where the pool is in use (by another thread, or by
 * this one further up its stack) or has fewer than count − 1 workers and
 * cannot start more. */
int fftcl_pool_run (size_t count, void (*run) (void *job, size_t i),
                    void *job);

#endif
