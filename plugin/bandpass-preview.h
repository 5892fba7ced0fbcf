/* bandpass-preview — the dialog's live preview: a zoomable view of the
 * drawable filtered exactly as the final run will filter it (the final
 * run's renderer, lent to the preview, makes both), the spectrum view,
 * the device in use and the last refresh time. It follows every change
 * of the config without blocking the dialog. */
#ifndef BANDPASS_PREVIEW_H
#define BANDPASS_PREVIEW_H

#include <libgimp/gimpui.h>

#include "bandpass-render.h"

typedef struct _BandpassPreview BandpassPreview;

/* Borrows `renderer` until bandpass_preview_finish: it reads the source
 * and loads the spectrum the final run writes with. */
BandpassPreview  *bandpass_preview_new    (GimpProcedureConfig *config,
                                           BandpassRenderer    *renderer);

/* The column to pack into the dialog: the view over the spectrum. */
GtkWidget        *bandpass_preview_widget (BandpassPreview     *preview);

/* Stops refreshing (waiting for the render under way) and frees
 * `preview`, but not its widget, which belongs to the dialog, nor the
 * renderer. */
void              bandpass_preview_finish (BandpassPreview     *preview);

#endif
