/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Work on rows split over threads, and memory whose pages threads make
 * side by side: the FFTW backend's passes over a plane beside its
 * transforms, and the plug-in's plain-C passes before them. Internal to
 * the project, not part of fftcl's public API. */
#ifndef FFTCL_PARALLEL_H
#define FFTCL_PARALLEL_H

#include <stddef.h>

/* Work on rows [first, end) of something; `job` says what. */
typedef void (*fftcl_row_work) (const void *job, size_t first, size_t end);

/* The host's online processor cores, at least 1. */
size_t fftcl_core_count (void);

/* Threads for a pass over `bytes` of memory: one per MiB, at most one per
 * core, so that small passes start no threads. */
size_t fftcl_threads_for (size_t bytes);

/* Runs `work` over rows 0 … rows − 1 on at most `threads` threads (this
 * one among them) and waits for them: the process's kept workers
 * (worker_pool.h) where they are free, else threads started for the call.
 * The rows are cut into chunks, some 16 per thread, which the threads take
 * in turn as they finish the last: a thread that runs slower (another
 * process on its core, a cold cache) does fewer, where equal shares made
 * the whole pass wait for it. So `work` is called several times on each
 * thread, for chunks in any order; memory of its own a thread finds
 * through fftcl_parallel_share. */
void fftcl_in_parallel (size_t threads, size_t rows, fftcl_row_work work,
                        const void *job);

/* Inside an fftcl_in_parallel call's work: which of its threads runs it,
 * 0 … threads − 1 (0 on the calling thread), the same for every chunk the
 * thread takes; 0 outside one. */
size_t fftcl_parallel_share (void);

/* `bytes` of zeroed private memory with its pages made at once, by
 * `threads` threads side by side; NULL when there is not enough. Free it
 * with munmap. */
void *fftcl_map_populated (size_t bytes, size_t threads);

#endif
