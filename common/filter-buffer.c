/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "filter-buffer.h"

#include "memory-estimate.h"
#include "render-error.h"

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
  FilterCall          *call;
  FilterState         *state;
  FilterWay            way;
  FilteredImageSource  planes;  /* to load from; not FILTER_FROM_SPECTRUM */
  gfloat              *into;
  fftcl_error          fft_error;
  fftcl_status         status;
} FilterRun;

static void
report (const FilterCall *call,
        gdouble           fraction)
{
  if (call->host && call->host->update)
    call->host->update (fraction, call->host->data);
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
  const fftcl_gain *gain  = &run->call->settings->gain;
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
                                             &call->settings->gain, &whole,
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
plan_run (FilterRun             *run,
          const RenderGeometry  *asked,
          GError               **error)
{
  FilterCall  *call  = run->call;
  FilterState *state = run->state;
  gboolean     serves = filter_state_serves (state, asked, call->settings);

  run->way = serves ? FILTER_FROM_SPECTRUM : FILTER_ONCE;
  if (! serves)
    {
      GeglBuffer *source = call->source (call->source_data);
      gboolean    ready  = filter_state_make_room (state, source, call->area,
                                                   asked, call->settings,
                                                   call->name, &run->planes,
                                                   error);

      g_object_unref (source);
      if (! ready)
        return FALSE;
    }

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
 * come. */
static void
write_result (FilterRun *run)
{
  FilterCall  *call  = run->call;
  FilterState *state = run->state;
  gboolean     spent = run->into == state->pixels;
  gint64       start;
  GeglBuffer  *source;

  if (spent)
    filter_state_drop_spectrum (state);

  start  = g_get_monotonic_time ();
  source = call->source (call->source_data);
  filter_output_write (&(FilterOutput) { .source      = source,
                                         .result      = call->result,
                                         .area        = call->area,
                                         .format      = &state->format,
                                         .keep_unseen = state->unseen,
                                         .removed     = call->removed },
                       call->settings, run->into);
  g_object_unref (source);
  call->write_ms = (g_get_monotonic_time () - start) / 1000.0;

  if (spent)
    filter_state_clear (state);
  else
    g_free (run->into);
}

gboolean
filter_buffer (FilterCall   *call,
               FilterState  *state,
               GError      **error)
{
  RenderGeometry asked = render_geometry_for (state->width, state->height,
                                              &call->settings->gain,
                                              call->settings->padding,
                                              call->context);
  FilterRun      run   = { .call = call, .state = state };

  report (call, 0.0);
  if (! plan_run (&run, &asked, error))
    return FALSE;
  call->served = run.way == FILTER_FROM_SPECTRUM;
  if (! call->served)
    report (call, 0.15);

  if (call->host && call->host->run)
    call->host->run (run_filter, &run, call->host->data);
  else
    run_filter (&run);
  if (run.status != FFTCL_OK)
    {
      if (run.into != state->pixels)
        g_free (run.into);
      filter_state_clear (state);
      return render_error_fft (error, &run.fft_error);
    }
  report (call, 0.85);

  call->warning         = g_strdup (state->warning);
  call->fallback_reason = g_strdup (filter_state_fallback_reason (state));
  write_result (&run);
  report (call, 1.0);
  return TRUE;
}
