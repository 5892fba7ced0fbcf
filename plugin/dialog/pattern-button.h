/* SPDX-License-Identifier: GPL-3.0-or-later */
/* pattern-button — the dialog's "Find patterns" button and its
 * sensitivity slider: a press searches the pixels the preview filters
 * (bandpass_preview_find_patterns) and puts what it finds into the
 * config's notches as ordinary notches (found-notches.h), which the
 * spectrum view draws in the found colour; a line below tells what was
 * found, or that nothing was, or why the search failed. */
#ifndef PATTERN_BUTTON_H
#define PATTERN_BUTTON_H

#include <libgimp/gimpui.h>

#include "bandpass-preview.h"

/* The button, the pattern-sensitivity slider and the line, bound to
 * `dialog`'s config; searching through `preview`, which must outlive
 * them or finish first. */
GtkWidget *pattern_button_new (GimpProcedureDialog *dialog,
                               GimpProcedureConfig *config,
                               BandpassPreview     *preview);

/* Presses the button of `pattern_button`, as a click does; where the
 * image is not read yet, the search runs once it is. */
void       pattern_button_find (GtkWidget           *pattern_button);

#endif
