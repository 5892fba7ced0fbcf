/* SPDX-License-Identifier: GPL-3.0-or-later */
/* filter-buffer — the one "filter this buffer" path of both front-ends:
 * the plug-in's final run (final-write.c) and the GEGL operation's
 * process (op-filter.c) both call filter_buffer, which runs the whole
 * job on an area of a source buffer: read once (unless the state holds
 * the pixels), find-patterns' search of those pixels where the settings
 * ask for it (pattern-settings.h), the notches checked against the grid,
 * the filter through the core, from the spectrum a FilterState keeps
 * where it serves, else checked against memory and filtered in one pass
 * or loaded and kept, and the result written through
 * filter_output_write. So the plug-in's and the operation's outputs are
 * equal by construction, patterns included. No libgimp. */
#ifndef FILTER_BUFFER_H
#define FILTER_BUFFER_H

#include "filter-output.h"
#include "filter-state.h"

typedef void (* FilterJob) (gpointer job_data);

/* How the host follows a filter: the one progress type from a front-end
 * to the filter. `update` (may be NULL) is called with the fraction
 * (0 … 1) done after each step, in the calling thread. `run` runs `job`
 * (the search, the filter), which neither reads nor writes a buffer,
 * where the host wants it (the plug-in: in a thread of its own while it
 * pulses GIMP's progress); NULL runs it in the calling thread. Neither host lets a filter ask whether
 * the user cancelled: GIMP ends a plug-in whose progress is cancelled,
 * and GEGL's process has no cancel, so there is no such callback. */
typedef struct
{
  void     (* update) (gdouble    fraction,
                       gpointer   data);
  void     (* run)    (FilterJob  job,
                       gpointer   job_data,
                       gpointer   data);
  gpointer    data;
} FilterHost;

/* What one filter_buffer call is asked to do. */
typedef struct
{
  fftcl_context          *context;
  const BandpassSettings *settings;
  /* A new reference to the pixels as stored, asked for at each use (the
   * read; the write's non-finite colours and removed part) and released
   * after it, so that a host may hand a fresh buffer each time whose
   * cached tiles go with it. */
  GeglBuffer           *(* source) (gpointer data);
  gpointer                source_data;
  GeglBuffer             *result;   /* where the result goes */
  const GeglRectangle    *area;     /* of both; the state's size */
  RemovedPart             removed;  /* removed.buffer NULL: none */
  const gchar            *name;     /* of the source, in messages */
  gdouble                 most_notch_work; /* the notches' most work
                                              (settings_checks_work); 0:
                                              any */
  gboolean                keep;     /* load and keep the spectrum in the
                                       state where memory allows it twice
                                       over, for later calls; else use the
                                       state's spectrum and pixels up */
  const FilterHost       *host;     /* NULL: no progress */
  gboolean                timed;    /* fill `timings` */
  /* Out, once it filtered: */
  gboolean                served;   /* the state's spectrum served */
  FilteredImageTimings    timings;  /* the steps of the last call into
                                       the core */
  gdouble                 write_ms; /* the write's time */
  gchar                  *warning;  /* of a missing margin (g_free) */
  gchar                  *fallback_reason; /* why the plan left its GPU
                                              (g_free) */
} FilterCall;

/* Filters call->area of the source as call->settings say into
 * call->result (filter-output.h), in state->format (filter_state_choose
 * first). With find-patterns, the pixels are read where the state holds
 * none and searched first, and the patterns found join the settings'
 * notches. The notches are checked against the grid (and
 * call->most_notch_work). Where the state's spectrum serves the
 * settings, only the gain and the inverse transform run; else the pixels
 * are read where the state holds none, after a memory check
 * (call->warning then tells of a missing margin). Without call->keep the
 * state is spent afterwards. FALSE, with a message, when the search or a
 * check failed, memory ran out or no device could filter (call->result
 * then untouched), or when the removed part could not be written after
 * it (filter_output_write). */
gboolean filter_buffer (FilterCall   *call,
                        FilterState  *state,
                        GError      **error);

#endif
