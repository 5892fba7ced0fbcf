/* SPDX-License-Identifier: GPL-3.0-or-later */
/* dialog-jobs — the jobs the dialog leads with: removing a periodic
 * pattern, flattening uneven light, separating fine detail into a layer,
 * and ImageJ's band for scientific images. Choosing one sets the
 * arguments that job needs (docs/contract.md §6 lists them); every one
 * stays editable, and editing one the job set turns the choice to
 * "Custom". The choice is the auxiliary argument "job", remembered with
 * the last values and no part of the PDB call. */
#ifndef DIALOG_JOBS_H
#define DIALOG_JOBS_H

#include <libgimp/gimpui.h>

#define DIALOG_JOB_CUSTOM         "custom"
#define DIALOG_JOB_REMOVE_PATTERN "remove-pattern"

/* Adds the auxiliary argument "job" to `procedure`, defaulting to
 * `initial` (one of the jobs' nicks). */
void       dialog_jobs_add_argument (GimpProcedure *procedure,
                                     const gchar   *initial);

/* Called after a job is set whose pattern search must run, with the
 * data given to dialog_jobs_new. */
typedef void (* DialogJobsFindFunc) (gpointer data);

/* The "Job" choice of `dialog`, for a drawable of width × height (the
 * sizes some jobs derive their periods from). Choosing a job sets its
 * arguments in `config` and, for pattern removal, calls `find`. */
GtkWidget *dialog_jobs_new          (GimpProcedureDialog *dialog,
                                     GimpProcedureConfig *config,
                                     gsize                width,
                                     gsize                height,
                                     DialogJobsFindFunc   find,
                                     gpointer             find_data);

/* Sets the arguments of the config's current job, as choosing it does. */
void       dialog_jobs_apply        (GtkWidget           *jobs);

#endif
