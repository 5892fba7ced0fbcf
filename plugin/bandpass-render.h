/* bandpass-render — band-passes one drawable into a buffer.
 *
 * The whole drawable is read (not only the selection), its colour planes
 * are padded to powers of two and filtered through fftcl, and the result
 * goes, with the original alpha, into `target` in the drawable's own
 * precision. The final run passes the drawable's shadow buffer; a preview
 * passes a buffer of its own. The drawable itself is never written. */
#ifndef BANDPASS_RENDER_H
#define BANDPASS_RENDER_H

#include <libgimp/gimp.h>

#include "bandpass-settings.h"
#include "fftcl.h"

/* Called with the fraction (0 … 1) of the drawable done. */
typedef void (* BandpassProgressFunc) (gdouble  fraction,
                                       gpointer user_data);

/* Filters on `context`; when that is a GPU and it fails, filters on the
 * CPU instead. FALSE, with a message, when no device could filter or
 * memory ran out; `target` is then left as it was. `progress` may be
 * NULL. */
gboolean bandpass_render (GimpDrawable           *drawable,
                          const BandpassSettings *settings,
                          fftcl_context          *context,
                          GeglBuffer             *target,
                          BandpassProgressFunc    progress,
                          gpointer                progress_data,
                          GError                **error);

#endif
