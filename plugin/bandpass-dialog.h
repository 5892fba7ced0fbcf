/* bandpass-dialog — the interactive dialog, built from and writing into
 * the procedure's config, so GIMP remembers the last values, with a live
 * preview of `drawable` beside the settings. */
#ifndef BANDPASS_DIALOG_H
#define BANDPASS_DIALOG_H

#include <libgimp/gimp.h>

#include "bandpass-render.h"

/* FALSE when the user cancels. Otherwise `renderer` is the preview's
 * renderer, its spectrum loaded, for the final run to write with (so the
 * output is the preview's pixels), or NULL where the preview had none. */
gboolean bandpass_dialog_run (GimpProcedure        *procedure,
                              GimpProcedureConfig  *config,
                              GimpDrawable         *drawable,
                              BandpassRenderer    **renderer);

#endif
