/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "preview-refresh.h"

#include "found-place.h"
#include "step-timings.h"

/* The spectrum view gets at most this many values along each axis. */
#define SPECTRUM_SIZE 256

typedef struct
{
  PreviewRefresh   *refresh;
  BandpassSettings *settings;
  gchar            *device_choice;
  fftcl_window      window;
  gboolean          searching;
  PatternSearch     search;
} RefreshRequest;

/* An atomic reference-counted box: each result on its way to the main
 * thread holds a reference, so it may arrive after the finish. */
struct _PreviewRefresh
{
  BandpassRenderer  *renderer; /* borrowed, untouched after the finish */
  gsize              width, height; /* the drawable's */
  PreviewResultFunc  on_result;
  gpointer           user_data;
  GMutex             lock;     /* guards `waiting` */
  RefreshRequest    *waiting;  /* the latest request not yet started */
  gboolean           running;  /* main thread only */
  gint               finished; /* atomic: no more results are wanted */
};

typedef struct
{
  PreviewRefresh *refresh;
  PreviewResult  *result;
} Delivery;

static void
request_free (gpointer request_pointer)
{
  RefreshRequest *request = request_pointer;

  if (! request)
    return;

  bandpass_settings_clear (request->settings);
  g_free (request->settings);
  g_free (request->device_choice);
  g_free (request);
}

static void
result_free (PreviewResult *result)
{
  g_free (result->pixels);
  g_free (result->device);
  g_free (result->warning);
  g_free (result->spectrum);
  patterns_found_clear (&result->found);
  g_clear_error (&result->search_error);
  g_clear_error (&result->error);
  g_free (result);
}

static void
clear_refresh (gpointer refresh_pointer)
{
  PreviewRefresh *refresh = refresh_pointer;

  request_free (refresh->waiting);
  g_mutex_clear (&refresh->lock);
}

static void
release (PreviewRefresh *refresh)
{
  g_atomic_rc_box_release_full (refresh, clear_refresh);
}

static gboolean
deliver_in_main (gpointer delivery_pointer)
{
  Delivery *delivery = delivery_pointer;

  if (! g_atomic_int_get (&delivery->refresh->finished))
    delivery->refresh->on_result (delivery->result,
                                  delivery->refresh->user_data);

  result_free (delivery->result);
  release (delivery->refresh);
  g_free (delivery);
  return G_SOURCE_REMOVE;
}

/* An idle source, never g_main_context_invoke: that could run the
 * callback right here, in the worker thread. */
static void
deliver (PreviewRefresh *refresh,
         PreviewResult  *result)
{
  Delivery *delivery = g_new (Delivery, 1);

  delivery->refresh = g_atomic_rc_box_acquire (refresh);
  delivery->result  = result;
  g_idle_add_full (G_PRIORITY_DEFAULT, deliver_in_main, delivery, NULL);
}

static gboolean
superseded (PreviewRefresh *refresh)
{
  gboolean newer;

  g_mutex_lock (&refresh->lock);
  newer = refresh->waiting != NULL;
  g_mutex_unlock (&refresh->lock);

  return newer || g_atomic_int_get (&refresh->finished);
}

static PreviewResult *
render (BandpassRenderer     *renderer,
        const RefreshRequest *request,
        gboolean              coarse)
{
  PreviewResult *result   = g_new0 (PreviewResult, 1);
  const Babl    *display  = bandpass_renderer_display_format (renderer);
  gdouble        start_ms = step_timings_now_ms ();

  result->window          = request->window;
  result->coarse          = coarse;
  result->bytes_per_pixel = babl_format_get_bytes_per_pixel (display);
  result->pixels          = g_malloc_n (request->window.width *
                                        request->window.height,
                                        result->bytes_per_pixel);

  if (! bandpass_renderer_render_window (renderer, request->settings,
                                         &request->window, coarse,
                                         result->pixels, &result->error))
    g_clear_pointer (&result->pixels, g_free);

  result->render_ms = step_timings_now_ms () - start_ms;
  result->device    = bandpass_renderer_describe_device (renderer);
  result->warning   = g_strdup (bandpass_renderer_warning (renderer));
  return result;
}

static PreviewResult *
failure (const RefreshRequest *request,
         GError               *error)
{
  PreviewResult *result = g_new0 (PreviewResult, 1);

  result->searched     = request->searching;
  result->search_error = request->searching ? g_error_copy (error) : NULL;
  result->error        = error;
  return result;
}

static void
search (const RefreshRequest *request,
        PreviewResult        *found)
{
  found->searched = TRUE;
  if (bandpass_renderer_find_patterns (request->refresh->renderer,
                                       &request->search, &found->found,
                                       &found->search_error))
    found->placed = found_place_strongest (request->refresh->renderer,
                                           &found->found, &found->place_x,
                                           &found->place_y);
}

/* Opens the device and loads the spectrum when the request needs it;
 * `first` is then the result to carry the new spectrum. */
static gboolean
prepare (const RefreshRequest *request,
         PreviewResult        *first,
         GError              **error)
{
  BandpassRenderer *renderer = request->refresh->renderer;
  gdouble           start_ms = step_timings_now_ms ();
  gboolean          reloaded = FALSE;

  if (! bandpass_renderer_use_device (renderer, request->device_choice,
                                     error) ||
      ! bandpass_renderer_prepare (renderer, request->settings, &reloaded,
                                   error))
    return FALSE;

  if (! reloaded)
    return TRUE;

  first->load_ms  = step_timings_now_ms () - start_ms;
  first->spectrum = bandpass_renderer_spectrum (renderer, SPECTRUM_SIZE,
                                                &first->spectrum_width,
                                                &first->spectrum_height,
                                                error);
  return first->spectrum != NULL;
}

/* What the request loaded and found goes with the first result
 * delivered. */
static void
move_loaded (PreviewResult *from,
             PreviewResult *to)
{
  to->load_ms         = from->load_ms;
  to->spectrum        = g_steal_pointer (&from->spectrum);
  to->spectrum_width  = from->spectrum_width;
  to->spectrum_height = from->spectrum_height;
  to->searched        = from->searched;
  to->found           = from->found;
  to->search_error    = g_steal_pointer (&from->search_error);
  to->placed          = from->placed;
  to->place_x         = from->place_x;
  to->place_y         = from->place_y;
  from->searched      = FALSE;
  from->found         = (PatternsFound) { 0 };
}

static void
run_request (GTask        *task,
             gpointer      source_object G_GNUC_UNUSED,
             gpointer      task_data,
             GCancellable *cancellable G_GNUC_UNUSED)
{
  const RefreshRequest *request  = task_data;
  PreviewRefresh       *refresh  = request->refresh;
  BandpassRenderer     *renderer = refresh->renderer;
  PreviewResult        *loaded   = g_new0 (PreviewResult, 1);
  GError               *error    = NULL;
  gboolean              coarse_first;

  if (! prepare (request, loaded, &error))
    {
      result_free (loaded);
      deliver (refresh, failure (request, error));
      g_task_return_boolean (task, TRUE);
      return;
    }

  if (request->searching)
    search (request, loaded);

  coarse_first = bandpass_renderer_coarse_first (renderer);
  if (coarse_first)
    {
      PreviewResult *coarse = render (renderer, request, TRUE);

      move_loaded (loaded, coarse);
      deliver (refresh, coarse);
    }

  if (! (coarse_first && superseded (refresh)))
    {
      PreviewResult *full = render (renderer, request, FALSE);

      move_loaded (loaded, full);
      if (coarse_first && superseded (refresh))
        result_free (full);
      else
        deliver (refresh, full);
    }

  result_free (loaded);
  g_task_return_boolean (task, TRUE);
}

static void start_waiting (PreviewRefresh *refresh);

static void
request_done (GObject      *source_object G_GNUC_UNUSED,
              GAsyncResult *task_result G_GNUC_UNUSED,
              gpointer      refresh_pointer)
{
  PreviewRefresh *refresh = refresh_pointer;

  refresh->running = FALSE;
  start_waiting (refresh);
}

static void
start_waiting (PreviewRefresh *refresh)
{
  RefreshRequest *request;
  GTask          *task;

  g_mutex_lock (&refresh->lock);
  request          = refresh->waiting;
  refresh->waiting = NULL;
  g_mutex_unlock (&refresh->lock);

  if (! request)
    return;

  refresh->running = TRUE;
  task = g_task_new (NULL, NULL, request_done, refresh);
  g_task_set_task_data (task, request, request_free);
  g_task_run_in_thread (task, run_request);
  g_object_unref (task);
}

PreviewRefresh *
preview_refresh_new (BandpassRenderer  *renderer,
                     PreviewResultFunc  on_result,
                     gpointer           user_data)
{
  PreviewRefresh *refresh = g_atomic_rc_box_new0 (PreviewRefresh);

  refresh->renderer  = renderer;
  refresh->width     = gimp_drawable_get_width (
                         bandpass_renderer_get_drawable (renderer));
  refresh->height    = gimp_drawable_get_height (
                         bandpass_renderer_get_drawable (renderer));
  refresh->on_result = on_result;
  refresh->user_data = user_data;
  g_mutex_init (&refresh->lock);

  return refresh;
}

/* The waiting request's search, if any, goes on with the newer one. */
static void
queue (PreviewRefresh *refresh,
       RefreshRequest *request)
{
  g_mutex_lock (&refresh->lock);
  if (refresh->waiting && refresh->waiting->searching && ! request->searching)
    {
      request->searching = TRUE;
      request->search    = refresh->waiting->search;
    }
  request_free (refresh->waiting);
  refresh->waiting = request;
  g_mutex_unlock (&refresh->lock);

  if (! refresh->running)
    start_waiting (refresh);
}

static RefreshRequest *
request_new (PreviewRefresh     *refresh,
             BandpassSettings   *settings,
             const gchar        *device_choice,
             const fftcl_window *window)
{
  RefreshRequest *request = g_new0 (RefreshRequest, 1);

  request->refresh       = refresh;
  request->settings      = settings;
  request->device_choice = g_strdup (device_choice);
  request->window        = *window;
  return request;
}

void
preview_refresh_request (PreviewRefresh     *refresh,
                         BandpassSettings   *settings,
                         const gchar        *device_choice,
                         const fftcl_window *window)
{
  queue (refresh, request_new (refresh, settings, device_choice, window));
}

void
preview_refresh_search (PreviewRefresh      *refresh,
                        BandpassSettings    *settings,
                        const gchar         *device_choice,
                        const fftcl_window  *window,
                        const PatternSearch *search)
{
  RefreshRequest *request = request_new (refresh, settings, device_choice,
                                         window);

  request->searching = TRUE;
  request->search    = *search;
  queue (refresh, request);
}

void
preview_refresh_finish (PreviewRefresh *refresh)
{
  g_atomic_int_set (&refresh->finished, TRUE);

  g_mutex_lock (&refresh->lock);
  g_clear_pointer (&refresh->waiting, request_free);
  g_mutex_unlock (&refresh->lock);

  while (refresh->running)
    g_main_context_iteration (NULL, TRUE);

  release (refresh);
}
