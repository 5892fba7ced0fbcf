/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pass-through — what the operation does whenever it cannot filter: it
 * says why and hands its input on unchanged. Inside GIMP a process ()
 * that fails would blacken the layer, and an abort would take GIMP and
 * the user's unsaved work down. */
#ifndef PASS_THROUGH_H
#define PASS_THROUGH_H

#include <gegl.h>

/* Warns in one sentence "fft:band-pass: TEXT; AFTER." (NULL `after`:
 * "fft:band-pass: TEXT."), TEXT with a capital first and its own full
 * stop dropped. */
void     pass_through_warn (const gchar *text,
                            const gchar *after);

/* Warns "fft:band-pass: WHY; the input passes through unchanged." and
 * copies `area` of `input` to `output`, values beyond float's range
 * saturated as the plug-in reads them. Always TRUE, process ()'s answer. */
gboolean pass_through (GeglBuffer          *input,
                       GeglBuffer          *output,
                       const GeglRectangle *area,
                       const gchar         *why);

#endif
