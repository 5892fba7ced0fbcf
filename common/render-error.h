/* SPDX-License-Identifier: GPL-3.0-or-later */
/* render-error — the renderer's failures as messages for the user. Both
 * return FALSE, so that a failing step reads `return render_error_…`. */
#ifndef RENDER_ERROR_H
#define RENDER_ERROR_H

#include <glib.h>

#include "fftcl.h"

#define RENDER_ERROR render_error_quark ()

GQuark   render_error_quark  (void);

gboolean render_error_memory (GError            **error);

/* What fftcl said, when it could not filter. */
gboolean render_error_fft    (GError            **error,
                              const fftcl_error  *fft_error);

#endif
