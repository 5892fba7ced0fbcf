/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pulsing-worker — runs a job that makes no libgimp call in a thread of
 * its own while the calling (main) thread keeps a progress bar moving. */
#ifndef PULSING_WORKER_H
#define PULSING_WORKER_H

#include <glib.h>

typedef void (* PulsingWorkerFunc) (gpointer data);

/* Runs job (data) in a worker thread and calls pulse (pulse_data) every
 * 0.1 s until it returns; with pulse NULL, runs it here. */
void pulsing_worker_run (PulsingWorkerFunc job,
                         gpointer          data,
                         PulsingWorkerFunc pulse,
                         gpointer          pulse_data);

#endif
