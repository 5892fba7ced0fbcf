/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "render-error.h"

#include <glib/gi18n-lib.h>

G_DEFINE_QUARK (fft-bandpass-render-error-quark, render_error)

gboolean
render_error_memory (GError **error)
{
  g_set_error_literal (error, RENDER_ERROR, 0,
                       _("There is not enough memory to filter this "
                         "drawable."));
  return FALSE;
}

gboolean
render_error_fft (GError            **error,
                  const fftcl_error  *fft_error)
{
  g_set_error (error, RENDER_ERROR, 0,
               _("Band-pass filtering failed: %s"), fft_error->message);
  return FALSE;
}
