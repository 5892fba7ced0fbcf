/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "filter-buffer.h"

#include "memory-estimate.h"
#include "pattern-settings.h"
#include "print-tone.h"
#include "render-error.h"
#include "row-split-gegl.h"
#include "settings-checks.h"
#include "settings-notches.h"

#include <string.h>

/* The part of the progress that find-patterns' search takes: it
 * transforms the pixels once, about a third of what the filter does. */
#define FINDING_SHARE 0.3

typedef enum
{
  FILTER_FROM_SPECTRUM, /* the state's spectrum serves */
  FILTER_LOAD,          /* load the spectrum into the state, then render */
  FILTER_ONCE           /* one pass, keeping nothing */
} FilterWay;

/* One filter of a state: where the filtered pixels go (`into`: the
 * state's pixels themselves, which it then uses up, or a block of its
 * own) and how it went. run_filter makes no buffer or host call, so a
 * host may run it in a thread of its own. */
typedef struct
{
  FilterCall             *call;
  FilterState            *state;
  const BandpassSettings *settings; /* the call's, with the patterns
                                       found */
  gdouble                 from;     /* the progress when the filter
                                       starts */
  FilterWay               way;
  FilteredImageSource     planes;   /* to load from; not
                                       FILTER_FROM_SPECTRUM */
  gfloat                 *into;
  fftcl_error             fft_error;
  fftcl_status            status;
} FilterRun;

static void
report (const FilterCall *call,
        gdouble           fraction)
{
  if (call->host && call->host->update)
    call->host->update (fraction, call->host->data);
}

/* The filter's `fraction`, in the whole job's progress. */
static void
report_filter (const FilterRun *run,
               gdouble          fraction)
{
  report (run->call, run->from + (1.0 - run->from) * fraction);
}

static void
run_on_host (const FilterCall *call,
             FilterJob         job,
             gpointer          job_data)
{
  if (call->host && call->host->run)
    call->host->run (job, job_data, call->host->data);
  else
    job (job_data);
}

/* The geometry `settings` ask of the state's area. */
static RenderGeometry
asked_by (const FilterCall       *call,
          const FilterState      *state,
          const BandpassSettings *settings)
{
  return render_geometry_for (state->width, state->height, &settings->gain,
                              settings->padding, call->context);
}

/* filter_state_make_room for `settings`, from a fresh source. */
static gboolean
make_room (const FilterCall       *call,
           FilterState            *state,
           const BandpassSettings *settings,
           FilteredImageSource    *planes,
           GError                **error)
{
  RenderGeometry  asked  = asked_by (call, state, settings);
  GeglBuffer     *source = call->source (call->source_data);
  gboolean        ready  = filter_state_make_room (state, source, call->area,
                                                   &asked, settings,
                                                   call->name, planes, error);

  g_object_unref (source);
  return ready;
}

/* find-patterns' search of the state's pixels; no buffer or host call,
 * so that a host may run it in a thread of its own. */
typedef struct
{
  const FilterCall *call;
  FilterState      *state;
  BandpassSettings *with_found;
  gdouble           screen;
  gboolean          found;
  GError           *error;
} PatternJob;

static void
run_search (gpointer job_pointer)
{
  PatternJob        *job   = job_pointer;
  const FilterCall  *call  = job->call;
  const FilterState *state = job->state;

  job->found = pattern_settings_find (call->context, state->pixels,
                                      &state->format.layout, state->width,
                                      state->height, call->settings,
                                      call->name, job->with_found,
                                      &job->screen, &job->error);
}

/* The call's settings with the patterns of its pixels, read where the
 * state holds none, in `with_found`; *screen a halftone screen's period,
 * else 0. */
static gboolean
find_patterns (const FilterCall  *call,
               FilterState       *state,
               BandpassSettings  *with_found,
               gdouble           *screen,
               GError           **error)
{
  PatternJob          job = { call, state, with_found, 0.0, FALSE, NULL };
  FilteredImageSource planes;

  if (! state->pixels &&
      ! make_room (call, state, call->settings, &planes, error))
    return FALSE;

  run_on_host (call, run_search, &job);
  *screen = job.screen;
  if (! job.found)
    g_propagate_error (error, job.error);
  return job.found;
}

/* The notches against the state's grid and the call's most work. */
static gboolean
check_notches (const FilterCall        *call,
               const FilterState       *state,
               const BandpassSettings  *settings,
               GError                 **error)
{
  return settings_checks_grid (&settings->gain, settings->notches,
                               settings->notch_values, state->width,
                               state->height, call->name, error) &&
         (call->most_notch_work <= 0.0 ||
          settings_checks_work (&settings->gain, settings->wave_count,
                                state->width, state->height,
                                call->most_notch_work, error));
}

static gsize
pixel_bytes (const FilterState *state)
{
  return state->width * state->height *
         babl_format_get_bytes_per_pixel (state->format.format);
}

/* The state's spectrum, rendered into `into`: used up where `into` is
 * the state's pixels (on the CPU no second spectrum is made). */
static fftcl_status
render (FilterRun            *run,
        const fftcl_window   *whole,
        FilteredImageTimings *timed)
{
  const fftcl_gain *gain  = &run->settings->gain;
  FilterState      *state = run->state;

  return filtered_image_render (state->image, gain, whole, run->into,
                                run->into == state->pixels
                                ? FILTERED_IMAGE_LAST : 0,
                                timed, &run->fft_error);
}

/* The timings are those of the last call into the core. */
static void
run_filter (gpointer run_pointer)
{
  FilterRun            *run   = run_pointer;
  FilterCall           *call  = run->call;
  FilterState          *state = run->state;
  fftcl_window          whole = { 0, 0, state->width, state->height, 1 };
  FilteredImageTimings *timed = call->timed ? &call->timings : NULL;

  switch (run->way)
    {
    case FILTER_ONCE:
      run->status = filtered_image_load (call->context, &run->planes,
                                         FILTERED_IMAGE_ONCE, &state->image,
                                         timed, &run->fft_error);
      if (run->status == FFTCL_OK)
        run->status = filtered_image_render (state->image,
                                             &run->settings->gain, &whole,
                                             state->pixels,
                                             FILTERED_IMAGE_LAST, timed,
                                             &run->fft_error);
      return;
    case FILTER_LOAD:
      run->status = filtered_image_load (call->context, &run->planes, 0,
                                         &state->image, timed,
                                         &run->fft_error);
      if (run->status != FFTCL_OK)
        return;
      /* fall through */
    case FILTER_FROM_SPECTRUM:
      run->status = render (run, &whole, timed);
      return;
    }
}

/* Whether keeping the spectrum leaves as much memory again as filtering
 * takes, counting the second block of pixels the result goes to. */
static gboolean
room_to_keep (const FilterState *state)
{
  guint64 needed = memory_needed (&state->filtered.geometry,
                                  pixel_bytes (state),
                                  state->format.layout.colour_planes);

  return needed <= memory_available () / 2;
}

/* Decides how `run` filters: from the state's spectrum where it serves
 * `asked`, else after filter_state_make_room, loaded where the call keeps
 * spectra and memory allows, else in one pass. */
static gboolean
plan_run (FilterRun  *run,
          GError    **error)
{
  FilterCall     *call   = run->call;
  FilterState    *state  = run->state;
  RenderGeometry  asked  = asked_by (call, state, run->settings);
  gboolean        serves = filter_state_serves (state, &asked, run->settings);

  run->way = serves ? FILTER_FROM_SPECTRUM : FILTER_ONCE;
  if (! serves &&
      ! make_room (call, state, run->settings, &run->planes, error))
    return FALSE;

  if (call->keep && (serves || room_to_keep (state)))
    run->into = g_try_malloc (pixel_bytes (state));
  if (run->into && ! serves)
    run->way = FILTER_LOAD;
  if (! run->into)
    run->into = state->pixels;
  return TRUE;
}

/* The filtered pixels written; where they were the state's own, the
 * state is spent, and its spectrum goes before the result's tiles
 * come. FALSE where filter_output_write failed. */
static gboolean
write_result (FilterRun  *run,
              GError    **error)
{
  FilterCall  *call  = run->call;
  FilterState *state = run->state;
  gboolean     spent = run->into == state->pixels;
  gint64       start;
  GeglBuffer  *source;
  FilterOutput output;
  gboolean     written;

  if (spent)
    filter_state_drop_spectrum (state);

  start   = g_get_monotonic_time ();
  source  = call->source (call->source_data);
  output  = (FilterOutput) { .source      = source,
                             .result      = call->result,
                             .area        = call->area,
                             .format      = &state->format,
                             .keep_unseen = state->unseen,
                             .removed     = call->removed };
  written = filter_output_write (&output, run->settings, run->into, error);
  g_object_unref (source);
  call->write_ms = (g_get_monotonic_time () - start) / 1000.0;

  if (spent)
    filter_state_clear (state);
  else
    g_free (run->into);
  return written;
}

/* A filter's result written, and what it met told; FALSE where the
 * write failed. */
static gboolean
finish (FilterRun  *run,
        GError    **error)
{
  FilterCall  *call  = run->call;
  FilterState *state = run->state;

  report_filter (run, 0.85);
  call->warning         = g_strdup (state->warning);
  call->fallback_reason = g_strdup (filter_state_fallback_reason (state));
  if (! write_result (run, error))
    return FALSE;
  report (call, 1.0);
  return TRUE;
}

/* The planned filter, run where the host wants it; where it fails, the
 * state is spent and the message fftcl's. */
static gboolean
run_planned (FilterRun  *run,
             GError    **error)
{
  run_on_host (run->call, run_filter, run);
  if (run->status == FFTCL_OK)
    return TRUE;
  if (run->into != run->state->pixels)
    g_free (run->into);
  filter_state_clear (run->state);
  return render_error_fft (error, &run->fft_error);
}

/* The filter of filter_buffer, once the settings are complete. */
static gboolean
filter_with (FilterRun  *run,
             GError    **error)
{
  FilterCall *call = run->call;

  if (! plan_run (run, error))
    return FALSE;
  call->served = run->way == FILTER_FROM_SPECTRUM;
  if (! call->served)
    report_filter (run, 0.15);
  return run_planned (run, error) && finish (run, error);
}

/* The state's pixels filtered in one pass, over themselves. */
static gboolean
filter_in_place (FilterRun  *run,
                 GError    **error)
{
  if (! make_room (run->call, run->state, run->settings, &run->planes,
                   error))
    return FALSE;
  run->way  = FILTER_ONCE;
  run->into = run->state->pixels;
  return run_planned (run, error);
}

/* The pixels as read (`input`, the state's again) filtered in light,
 * back in the values chosen, and `stored`, their filter in those
 * values, joined to it (print_tone_join) as the state's pixels; where
 * memory runs short on the way, the one of the two results it reached. */
static gboolean
join_in_light (FilterRun  *run,
               gfloat     *stored,
               gfloat     *input,
               gdouble     screen,
               GError    **error)
{
  FilterState  *state  = run->state;
  RenderFormat  chosen = state->format;
  RenderFormat  light  = render_format_in_light (&chosen);

  state->pixels = input;
  if (! filter_state_convert (state, &light))
    {
      g_free (state->pixels);
      state->pixels = stored;
      return TRUE;
    }
  if (! filter_in_place (run, error))
    {
      g_free (stored);
      return FALSE;
    }
  if (filter_state_convert (state, &chosen) &&
      print_tone_join (stored, state->pixels, &state->format.layout,
                       state->width, state->height,
                       PRINT_TONE_PERIODS * screen, row_split_gegl))
    {
      g_free (state->pixels);
      state->pixels = stored;
    }
  else
    {
      g_free (stored);
    }
  return TRUE;
}

/* A halftone print's filter (print-tone.h): once in the values chosen and
 * once in linear light, the two joined; with no room for a copy of the
 * pixels, in those values alone. The pixels are read first where the
 * state holds none (a print named by the settings, not found). */
static gboolean
filter_print (FilterRun  *run,
              gdouble     screen,
              GError    **error)
{
  FilterState         *state = run->state;
  FilteredImageSource  planes;
  gsize                bytes;
  gfloat              *input;

  if (! state->pixels &&
      ! make_room (run->call, state, run->settings, &planes, error))
    return FALSE;
  bytes = pixel_bytes (state);
  input = g_try_malloc (bytes);
  if (input)
    memcpy (input, state->pixels, bytes);
  run->call->served = FALSE;
  report_filter (run, 0.15);
  if (! filter_in_place (run, error))
    {
      g_free (input);
      return FALSE;
    }
  report_filter (run, 0.5);
  if (input && ! join_in_light (run, state->pixels, input, screen, error))
    return FALSE;
  run->into = state->pixels;
  return finish (run, error);
}

gboolean
filter_buffer (FilterCall   *call,
               FilterState  *state,
               GError      **error)
{
  BandpassSettings with_found = { 0 };
  FilterRun        run        = { .call     = call,
                                  .state    = state,
                                  .settings = call->settings };
  gdouble          screen     = call->settings->print_screen;
  gdouble          found      = 0.0;
  gboolean         filtered;

  report (call, 0.0);
  if (call->settings->find_patterns)
    {
      if (! find_patterns (call, state, &with_found, &found, error))
        return FALSE;
      run.settings = &with_found;
      run.from     = FINDING_SHARE;
      report (call, run.from);
    }

  /* A screen found is the print's; else the one the settings name. */
  if (found > 0.0)
    screen = found;

  /* A screen's dots average in linear light, as light adds up. */
  if (render_format_is_light (&state->format))
    screen = 0.0;
  filtered = check_notches (call, state, run.settings, error) &&
             (screen > 0.0 ? filter_print (&run, screen, error)
                           : filter_with (&run, error));
  settings_notches_clear (&with_found);
  return filtered;
}
