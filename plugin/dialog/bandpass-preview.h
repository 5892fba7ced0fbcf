/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bandpass-preview — the dialog's live preview: a zoomable view of the
 * drawable filtered exactly as the final run will filter it (the final
 * run's renderer, lent to the preview, makes both), the spectrum view,
 * the device in use and the last refresh time. It follows every change
 * of the config without blocking the dialog. */
#ifndef BANDPASS_PREVIEW_H
#define BANDPASS_PREVIEW_H

#include <libgimp/gimpui.h>

#include "bandpass-render.h"
#include "pattern-finder.h"
#include "spectrum-view.h"

typedef struct _BandpassPreview BandpassPreview;

/* Borrows `renderer` until bandpass_preview_finish: it reads the source
 * and loads the spectrum the final run writes with. */
BandpassPreview  *bandpass_preview_new    (GimpProcedureConfig *config,
                                           BandpassRenderer    *renderer);

/* The column to pack into the dialog: the view, what it runs on, and
 * its split and original's controls. */
GtkWidget        *bandpass_preview_widget (BandpassPreview     *preview);

/* The spectrum view in its expander, to pack where the dialog has room. */
GtkWidget        *bandpass_preview_spectrum_widget (BandpassPreview *preview);

/* The spectrum view in the column. */
SpectrumView     *bandpass_preview_spectrum_view (BandpassPreview *preview);

/* What a search for patterns found, in the main thread; `error` is set
 * where the search failed. */
typedef void (* BandpassPreviewFoundFunc) (const PatternsFound *found,
                                           const GError        *error,
                                           gpointer             user_data);

/* Searches the pixels the preview filters, as the config's settings read
 * them, for the patterns `search` asks for, in the preview's worker, and
 * calls `on_found` once with what it found (unless the preview finishes
 * first). A search asked for while one runs replaces its callback. */
void              bandpass_preview_find_patterns (BandpassPreview          *preview,
                                                  const PatternSearch      *search,
                                                  BandpassPreviewFoundFunc  on_found,
                                                  gpointer                  user_data);

/* Stops refreshing (waiting for the render under way) and frees
 * `preview`, but not its widget, which belongs to the dialog, nor the
 * renderer. */
void              bandpass_preview_finish (BandpassPreview     *preview);

#endif
