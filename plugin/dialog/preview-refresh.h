/* SPDX-License-Identifier: GPL-3.0-or-later */
/* preview-refresh — runs the preview's renders off the UI thread, one at
 * a time (fftcl plans are not thread-safe), coalescing requests: one that
 * comes while a render runs waits, and only the latest waiting one runs
 * when it finishes. Where the renderer filters on the CPU a coarse result
 * comes first, at once, and the full-resolution one follows unless a
 * newer request supersedes it. Results arrive in the main thread. A
 * search for patterns runs in the same worker, before the render it
 * comes with. */
#ifndef PREVIEW_REFRESH_H
#define PREVIEW_REFRESH_H

#include "render-window.h"
#include "pattern-finder.h"

typedef struct _PreviewRefresh PreviewRefresh;

typedef struct
{
  fftcl_window  window;
  guchar       *pixels;          /* the window, in the display format */
  gint          bytes_per_pixel; /* of the display format */
  gboolean      coarse;          /* from the downscaled copy */
  gdouble       render_ms;       /* rendering this window */
  gdouble       load_ms;         /* the forward transform it waited for, or 0 */
  gchar        *device;          /* bandpass_renderer_describe_device */
  gchar        *warning;         /* bandpass_renderer_warning, or NULL */
  gfloat       *spectrum;        /* after a load, else NULL */
  gint          spectrum_width;
  gint          spectrum_height;
  gboolean      searched;        /* the request searched for patterns */
  PatternsFound found;           /* what the search found */
  GError       *search_error;    /* why the search failed, or NULL */
  gboolean      placed;          /* where the found patterns are strongest */
  gsize         place_x, place_y; /* is known: that drawable pixel */
  GError       *error;           /* when set, nothing else is but the
                                    search's fields */
} PreviewResult;

typedef void (* PreviewResultFunc) (const PreviewResult *result,
                                    gpointer             user_data);

/* Borrows `renderer`, whose source must be read already, until
 * preview_refresh_finish. Call it in the main thread. */
PreviewRefresh   *preview_refresh_new     (BandpassRenderer   *renderer,
                                           PreviewResultFunc   on_result,
                                           gpointer            user_data);

/* Asks for `window` filtered with `settings` (taken; cleared and freed
 * when done) on the device `device_choice` names (as
 * bandpass_device_choice gives it). */
void              preview_refresh_request (PreviewRefresh     *refresh,
                                           BandpassSettings   *settings,
                                           const gchar        *device_choice,
                                           const fftcl_window *window);

/* preview_refresh_request, searching for the patterns `search` asks for
 * (on the spectrum view of the pixels filtered with `settings`, at full
 * resolution) first. A newer request that supersedes it carries the
 * search on, so that the first result delivered after it has `searched`
 * set. */
void              preview_refresh_search  (PreviewRefresh      *refresh,
                                           BandpassSettings    *settings,
                                           const gchar         *device_choice,
                                           const fftcl_window  *window,
                                           const PatternSearch *search);

/* Waits for the running render, drops the waiting request and stops the
 * results; frees `refresh`. */
void              preview_refresh_finish  (PreviewRefresh     *refresh);

#endif
