/* bandpass-dialog — the interactive dialog, built from and writing into
 * the procedure's config, so GIMP remembers the last values. */
#ifndef BANDPASS_DIALOG_H
#define BANDPASS_DIALOG_H

#include <libgimp/gimp.h>

/* FALSE when the user cancels. */
gboolean bandpass_dialog_run (GimpProcedure       *procedure,
                              GimpProcedureConfig *config);

#endif
