/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pulsing-worker.h"

#define PULSE_INTERVAL_US (100 * G_TIME_SPAN_MILLISECOND)

typedef struct
{
  PulsingWorkerFunc  job;
  gpointer           data;
  GAsyncQueue       *finished;
} Worker;

static gpointer
work (gpointer worker_pointer)
{
  Worker *worker = worker_pointer;

  worker->job (worker->data);
  g_async_queue_push (worker->finished, worker);
  return NULL;
}

void
pulsing_worker_run (PulsingWorkerFunc job,
                    gpointer          data,
                    PulsingWorkerFunc pulse,
                    gpointer          pulse_data)
{
  Worker   worker = { job, data, NULL };
  GThread *thread;

  if (! pulse)
    {
      job (data);
      return;
    }

  worker.finished = g_async_queue_new ();
  thread = g_thread_new ("band-pass", work, &worker);
  while (! g_async_queue_timeout_pop (worker.finished, PULSE_INTERVAL_US))
    pulse (pulse_data);

  g_thread_join (thread);
  g_async_queue_unref (worker.finished);
}
