/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bandpass-dialog — the interactive dialog, built from and writing into
 * the procedure's config, so GIMP remembers the last values, with a live
 * preview beside the settings. */
#ifndef BANDPASS_DIALOG_H
#define BANDPASS_DIALOG_H

#include <libgimp/gimp.h>

#include "bandpass-render.h"

/* FALSE when the user cancels. The dialog borrows `renderer`, the final
 * run's for the first drawable, for its preview: the spectrum the preview
 * loads stays in it, so that OK writes the preview's pixels. It offers
 * non-destructive filtering only when `layers` (every drawable is a
 * layer), and otherwise turns it off. With `start_job` it opens set for
 * the config's job (dialog-jobs.h), its pattern search under way. */
gboolean bandpass_dialog_run (GimpProcedure       *procedure,
                              GimpProcedureConfig *config,
                              BandpassRenderer    *renderer,
                              gboolean             layers,
                              gboolean             start_job);

#endif
