/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fftcl_filter_apply, fftcl_filter_once and fftcl_filter_spectrum
 * against FFTW in double, on the device FFTCL_DEVICE names: windows of
 * the filtered planes (means of step × step blocks) for several gains per
 * load, and the centred amplitude view of the loaded spectrum before and
 * after them; on plain plans, and on mirrored ones against the plain
 * filter of their planes' mirror images; planes read and written in the
 * plan's layouts; and the timings of a plan made for them. */
#include "check.h"
#include "fftcl-filter.h"
#include "fftcl_oracle.h"
#include "on_device.h"

#include <string.h>
#include <unistd.h>

/* RMS error of a window relative to the RMS of the whole filtered planes:
 * a window's own values may be far smaller (block means of a band-pass). */
static const double window_bound = 1e-6;
/* Largest error of a view cell relative to the largest cell. */
static const double spectrum_bound = 1e-6;

static const shape shapes[] = {
  { 1, 1, 1 },     { 2, 4, 2 },     { 64, 32, 1 },   { 32, 64, 2 },
  { 16, 256, 3 },  { 128, 128, 3 }, { 256, 256, 2 }, { 2048, 64, 3 },
  { 512, 512, 3 }, { 1024, 512, 3 },
};

static const double notches[] = { 0.2, 0.1, 0.03, -0.05, 0.3, 0.02 };
/* The Gaussian ones without notches take the FFTW backend's separable
 * path. */
static const fftcl_gain gains[] = {
  { 16, 3, FFTCL_SHAPE_GAUSSIAN, 2, 0, 1, FFTCL_STRIPES_VERTICAL, 10, NULL,
     0, NULL },
  { 12, 4, FFTCL_SHAPE_GAUSSIAN, 2, 1, 0, FFTCL_STRIPES_HORIZONTAL, 30, NULL,
     0, NULL },
  { 0, 5, FFTCL_SHAPE_BUTTERWORTH, 3, 0, 0, FFTCL_STRIPES_NONE, 5, NULL, 0, NULL },
  { 10, 2.5, FFTCL_SHAPE_IDEAL, 2, 1, 1, FFTCL_STRIPES_HORIZONTAL, 20,
    notches, 2, NULL },
};
enum { GAIN_COUNT = sizeof gains / sizeof *gains };

static double oracle_mean (const double *plane, shape s,
                           const fftcl_window *w, size_t i, size_t j)
{
  double sum = 0;
  for (size_t dy = 0; dy < w->step; dy++)
    for (size_t dx = 0; dx < w->step; dx++)
      sum += plane[(w->y + j * w->step + dy) * s.width + w->x + i * w->step
                   + dx];
  return sum / (double) (w->step * w->step);
}

/* Counted in blocks, so that windows made with a size_t underflow fail. */
static int fits (shape s, fftcl_window w)
{
  return w.step && w.width && w.height && w.x < s.width && w.y < s.height
         && w.width <= (s.width - w.x) / w.step
         && w.height <= (s.height - w.y) / w.step;
}

/* The window of `step` touching the right and bottom edges, starting at
 * least margin_x and margin_y pixels in. */
static fftcl_window at_far_edges (shape s, size_t margin_x, size_t margin_y,
                                  size_t step)
{
  size_t across = s.width > margin_x ? (s.width - margin_x) / step : 0;
  size_t down = s.height > margin_y ? (s.height - margin_y) / step : 0;
  return (fftcl_window) { s.width - across * step, s.height - down * step,
                          across, down, step };
}

/* Full, interior, touching the far edges; steps 1 to 5 (3 and 5 divide no
 * size); small ones averaged on an OpenCL device, large ones read in
 * rows; one row; one pixel. Those that do not fit the shape are left out. */
static size_t windows_of (shape s, fftcl_window *out)
{
  size_t w = s.width, h = s.height;
  const fftcl_window candidates[] = {
    { 0, 0, w, h, 1 },
    { w / 8, h / 4, w / 2, h / 4, 1 },
    { w / 16 + 1, h / 8, w * 3 / 4, h * 3 / 4, 1 },
    at_far_edges (s, w / 4, h / 4, 1),
    at_far_edges (s, w * 3 / 4, h * 3 / 4, 1),
    { 0, 0, w / 2, h / 2, 2 },
    { 1, 2, (w - 1) / 2 - 1, (h - 2) / 2 - 1, 2 },
    at_far_edges (s, 1, 2, 3),
    { 1, 2, (w - 1) / 3, (h - 2) / 3, 3 },
    { 0, 0, w / 4, h / 4, 4 },
    { 3, 1, (w - 3) / 5, (h - 1) / 5, 5 },
    at_far_edges (s, 2, 1, 5),
    { 3, h - 1, w - 5, 1, 1 },
    { w - 1, h - 1, 1, 1, 1 },
  };
  size_t count = 0;
  for (size_t i = 0; i < sizeof candidates / sizeof *candidates; i++)
    if (fits (s, candidates[i]))
      out[count++] = candidates[i];
  return count;
}

static double rms_of (const double *values, size_t n)
{
  double sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += values[i] * values[i];
  return sqrt (sum / (double) n);
}

/* RMS error of window `got` (value (i, j) of plane b at got[at (b, i, j)])
 * relative to the RMS of the filtered planes. */
typedef size_t (*window_index) (const fftcl_window *w, size_t b, size_t i,
                                size_t j, const void *how);

static double window_error (shape s, const double *filtered,
                            const fftcl_window *w, const float *got,
                            window_index at, const void *how)
{
  double diff = 0;
  for (size_t b = 0; b < s.batch; b++)
    for (size_t j = 0; j < w->height; j++)
      for (size_t i = 0; i < w->width; i++)
        {
          double want = oracle_mean (filtered + b * s.width * s.height, s, w,
                                     i, j);
          double d = got[at (w, b, i, j, how)] - want;
          diff += d * d;
        }
  double scale = rms_of (filtered, s.width * s.height * s.batch);
  return sqrt (diff / (double) (w->width * w->height * s.batch))
         / (scale > 0 ? scale : 1);
}

/* Where `layout` (how) puts value (i, j) of plane b of an array of the
 * window's width and height. */
static size_t laid_out_at (const fftcl_window *w, size_t b, size_t i,
                           size_t j, const void *how)
{
  const fftcl_layout *layout = how;
  size_t value_step = layout->value_step ? layout->value_step : 1;
  size_t plane_step = layout->plane_step
                        ? layout->plane_step
                        : w->width * w->height * value_step;
  return b * plane_step + (j * w->width + i) * value_step;
}

static const fftcl_layout side_by_side = { 0, 0 };

/* The window from the loaded plan, or, given `once`, from
 * fftcl_filter_once of those planes. */
static void check_window (fftcl_plan *plan, shape s, const fftcl_gain *g,
                          size_t gain_index, const double *filtered,
                          const fftcl_window *w, const float *once)
{
  size_t window_area = w->width * w->height;
  float *got = malloc (window_area * s.batch * sizeof *got);
  fftcl_error err = { 0 };
  fftcl_status status
    = once ? fftcl_filter_once (plan, g, FFTCL_PLANES (once), w, got, &err)
           : fftcl_filter_apply (plan, g, w, got, 0, &err);
  double e = status == FFTCL_OK
               ? window_error (s, filtered, w, got, laid_out_at,
                               &side_by_side)
               : INFINITY;
  check (e <= window_bound,
         "%s %zux%zu, %zu planes, gain %zu: %zux%zu at (%zu, %zu) step "
         "%zu: rms error %.2e of the planes' rms %s",
         once ? "filter once" : "window", s.width, s.height, s.batch,
         gain_index, w->width, w->height, w->x, w->y, w->step, e,
         status == FFTCL_OK ? "" : err.message);
  free (got);
}

static void check_spectrum_view (fftcl_plan *plan, shape s,
                                 const double *sums, size_t cells_x,
                                 size_t cells_y, const char *when)
{
  float *got = malloc (cells_x * cells_y * sizeof *got);
  fftcl_error err = { 0 };
  fftcl_status status
    = fftcl_filter_spectrum (plan, cells_x, cells_y, got, &err);
  double e = status == FFTCL_OK ? view_error (got, sums, s, cells_x, cells_y)
                                : INFINITY;
  check (e <= spectrum_bound,
         "spectrum %zux%zu, %zu planes, %s, view %zux%zu: largest error "
         "%.2e of the largest cell %s",
         s.width, s.height, s.batch, when, cells_x, cells_y, e,
         status == FFTCL_OK ? "" : err.message);
  free (got);
}

static size_t at_most (size_t n, size_t limit)
{
  return n < limit ? n : limit;
}

static void check_spectrum_views (fftcl_plan *plan, shape s,
                                  const double *sums, const char *when)
{
  size_t w = s.width, h = s.height;
  const size_t views[][2] = {
    { w, h }, { at_most (w, 16), at_most (h, 8) }, { 1, 1 },
    { w, at_most (h, 2) }, { (w + 1) / 2, (h + 3) / 4 },
  };
  for (size_t i = 0; i < sizeof views / sizeof *views; i++)
    check_spectrum_view (plan, s, sums, views[i][0], views[i][1], when);
}

/* An apply with FFTCL_CONSUME delivers the window as any apply does,
 * and uses up the spectrum: an apply or a view after it is refused. */
static void check_consume_uses_up (fftcl_plan *plan, shape s,
                                   const fftcl_gain *g,
                                   const double *filtered,
                                   const fftcl_window *w)
{
  float *got = malloc (w->width * w->height * s.batch * sizeof *got);
  fftcl_error err = { 0 };
  double e = fftcl_filter_apply (plan, g, w, got, FFTCL_CONSUME, &err)
                 == FFTCL_OK
               ? window_error (s, filtered, w, got, laid_out_at,
                               &side_by_side)
               : INFINITY;
  check (e <= window_bound, "consume %zux%zu, %zu planes: rms error %.2e %s",
         s.width, s.height, s.batch, e, err.message);
  check (fftcl_filter_apply (plan, g, w, got, 0, &err) == FFTCL_ERROR_ARGUMENT
           && fftcl_filter_spectrum (plan, 1, 1, got, &err)
                == FFTCL_ERROR_ARGUMENT,
         "an apply and a view after a consume are refused: %s", err.message);
  free (got);
}

static double rms_difference (const float *a, const float *b, size_t n)
{
  double sum = 0;
  for (size_t i = 0; i < n; i++)
    sum += ((double) a[i] - b[i]) * ((double) a[i] - b[i]);
  return sqrt (sum / (double) n);
}

/* fftcl_filter_once of the planes delivers what a load and an apply of
 * them do, relative to the RMS of the filtered planes, and keeps nothing:
 * an apply after it is refused. */
static void check_once_is_load_and_apply (fftcl_plan *plan, shape s,
                                          const float *planes,
                                          const fftcl_gain *g,
                                          size_t gain_index,
                                          const double *filtered,
                                          const fftcl_window *w)
{
  size_t n = w->width * w->height * s.batch;
  float *applied = malloc (n * sizeof *applied);
  float *once = malloc (n * sizeof *once);
  fftcl_error err = { 0 };
  fftcl_status status = fftcl_filter_load (plan, FFTCL_PLANES (planes), &err);
  if (status == FFTCL_OK)
    status = fftcl_filter_apply (plan, g, w, applied, 0, &err);
  if (status == FFTCL_OK)
    status = fftcl_filter_once (plan, g, FFTCL_PLANES (planes), w, once, &err);
  double scale = rms_of (filtered, s.width * s.height * s.batch);
  double e = status == FFTCL_OK
               ? rms_difference (once, applied, n) / (scale > 0 ? scale : 1)
               : INFINITY;
  check (e <= window_bound
           && fftcl_filter_apply (plan, g, w, applied, 0, &err)
                == FFTCL_ERROR_ARGUMENT,
         "filter once %zux%zu, %zu planes, gain %zu: %zux%zu at (%zu, %zu) "
         "step %zu: %.2e from load and apply, nothing kept %s",
         s.width, s.height, s.batch, gain_index, w->width, w->height, w->x,
         w->y, w->step, e, status == FFTCL_OK ? "" : err.message);
  free (applied);
  free (once);
}

/* Planes side by side, handed out a row at a time. */
typedef struct {
  const float *planes;
  shape s;
} planes_job;

/* The row goes through the scratch fftcl gives (a row's floats, the
 * thread's own): a scratch shared between threads or too short would
 * mix rows up or (sanitized) write out of bounds. */
static void copy_row (const void *job_pointer, size_t plane, size_t y,
                      float *row, float *scratch)
{
  const planes_job *job = job_pointer;
  size_t bytes = job->s.width * sizeof *row;
  memcpy (scratch, job->planes + (plane * job->s.height + y) * job->s.width,
          bytes);
  memcpy (row, scratch, bytes);
}

/* fftcl_filter_once of rows, and fftcl_filter_load of rows with an
 * apply, deliver what fftcl_filter_once of the same planes does. */
static void check_rows_are_planes (fftcl_plan *plan, shape s,
                                   const float *planes, const fftcl_gain *g,
                                   size_t gain_index, const fftcl_window *w)
{
  size_t n = w->width * w->height * s.batch;
  float *once = malloc (n * sizeof *once);
  float *rows_once = malloc (n * sizeof *rows_once);
  float *loaded = malloc (n * sizeof *loaded);
  const planes_job job = { planes, s };
  const fftcl_source rows
    = { .fill = copy_row, .job = &job, .scratch_floats = s.width };
  fftcl_error err = { 0 };
  fftcl_status status
    = fftcl_filter_once (plan, g, FFTCL_PLANES (planes), w, once, &err);
  if (status == FFTCL_OK)
    status = fftcl_filter_once (plan, g, &rows, w, rows_once, &err);
  if (status == FFTCL_OK)
    status = fftcl_filter_load (plan, &rows, &err);
  if (status == FFTCL_OK)
    status = fftcl_filter_apply (plan, g, w, loaded, FFTCL_CONSUME, &err);
  float worst = status == FFTCL_OK ? 0 : INFINITY;
  for (size_t i = 0; status == FFTCL_OK && i < n; i++)
    worst = fmaxf (worst, fmaxf (fabsf (rows_once[i] - once[i]),
                                 fabsf (loaded[i] - once[i])));
  check (worst <= 1e-6f, "rows %zux%zu, %zu planes, gain %zu: once and "
         "load from rows differ from once by %.2g %s", s.width, s.height,
         s.batch, gain_index, worst, status == FFTCL_OK ? "" : err.message);
  free (once);
  free (rows_once);
  free (loaded);
}

/* A mirrored plan takes notches on the axes only. */
static const double axis_notches[] = { 0.25, 0, 0.03, 0, -0.2, 0.02 };
static const fftcl_gain mirrored_gain = {
  10, 2.5, FFTCL_SHAPE_IDEAL, 2, 1, 1, FFTCL_STRIPES_VERTICAL, 20,
  axis_notches, 2, NULL
};

/* A plan of the shape's planes, in the layouts given, flags added; NULL
 * after a failed check. */
static fftcl_plan *plan_of (fftcl_context *ctx, shape s, fftcl_layout in,
                            fftcl_layout out, unsigned flags)
{
  const fftcl_plan_desc desc = { .width = s.width, .height = s.height,
                                 .batch = s.batch, .in = in, .out = out,
                                 .flags = flags };
  fftcl_plan *plan = NULL;
  fftcl_error err = { 0 };
  check (fftcl_plan_create (ctx, &desc, &plan, &err) == FFTCL_OK,
         "plan %zux%zu%s: %s", s.width, s.height,
         flags & FFTCL_MIRRORED ? " mirrored" : "", err.message);
  return plan;
}

static unsigned mirrored_flag (int mirrored)
{
  return mirrored ? FFTCL_MIRRORED : 0;
}

/* One load, the spectrum view, every window for each gain in turn, and
 * the view again: applies must leave the spectrum as loaded. Then a
 * consuming apply, and fftcl_filter_once of the same planes with each
 * gain, alone and against a load and an apply. A mirrored plan is checked
 * against the plain filter of its planes' mirror images (the oracle's
 * grid), its windows taken from the top-left quarter. */
static void check_shape (fftcl_context *ctx, shape s, int mirrored)
{
  fftcl_error err = { 0 };
  shape grid = { (mirrored ? 2 : 1) * s.width, (mirrored ? 2 : 1) * s.height,
                 s.batch };
  fftcl_plan *plan = plan_of (ctx, s, side_by_side, side_by_side,
                              mirrored_flag (mirrored));
  if (!plan)
    return;
  float *planes = random_floats (s.width * s.height * s.batch);
  float *seen = mirrored ? mirror_images (planes, s) : planes;
  double *sums = oracle_amplitudes (seen, grid);
  double raised[6];
  const fftcl_gain notched = resolvable_on (
    mirrored ? &mirrored_gain : &gains[3], grid, raised);
  const fftcl_gain *tried[] = { &gains[0], &gains[1], &gains[2], &notched };
  fftcl_window windows[16];
  size_t window_count = windows_of (s, windows);
  if (check (fftcl_filter_load (plan, FFTCL_PLANES (planes), &err) == FFTCL_OK,
             "load %zux%zu%s: %s", s.width, s.height,
             mirrored ? " mirrored" : "", err.message))
    {
      check_spectrum_views (plan, grid, sums, "after load");
      for (size_t g = 0; g < GAIN_COUNT; g++)
        {
          double *filtered = oracle_filtered (seen, grid, tried[g]);
          for (size_t i = 0; i < window_count; i++)
            check_window (plan, grid, tried[g], g, filtered, &windows[i],
                          NULL);
          free (filtered);
        }
      check_spectrum_views (plan, grid, sums, "after applies");
      double *filtered = oracle_filtered (seen, grid, tried[1]);
      check_consume_uses_up (plan, grid, tried[1], filtered, &windows[0]);
      free (filtered);
      for (size_t g = 0; g < GAIN_COUNT; g++)
        {
          double *filtered = oracle_filtered (seen, grid, tried[g]);
          check_window (plan, grid, tried[g], g, filtered, &windows[0],
                        planes);
          check_window (plan, grid, tried[g], g, filtered,
                        &windows[window_count / 2], planes);
          check_once_is_load_and_apply (plan, grid, planes, tried[g], g,
                                        filtered,
                                        &windows[window_count / 2]);
          check_rows_are_planes (plan, s, planes, tried[g], g,
                                 &windows[window_count / 2]);
          free (filtered);
        }
    }
  free (sums);
  if (mirrored)
    free (seen);
  free (planes);
  check_on_device (ctx, plan, mirrored ? "windows, mirrored," : "windows",
                   s.width, s.height);
  fftcl_plan_destroy (plan);
}

/* How a caller may keep its planes, as a plan's `in` and `out` layouts:
 * what the layouts leave out holds a sentinel that no call may touch. */
typedef struct {
  fftcl_layout in, out;
  const char *name;
} layouts;

enum { PLANE_GAP = 5 };
static const float sentinel = 7.25f;

/* Floats an array of `planes` planes of w's size takes in `layout`. */
static size_t laid_out_length (const fftcl_window *w, size_t planes,
                               const fftcl_layout *layout)
{
  fftcl_window last_value = { 0, 0, w->width, w->height, 1 };
  return laid_out_at (&last_value, planes - 1, w->width - 1, w->height - 1,
                      layout) + (layout->value_step ? layout->value_step : 1);
}

static float *filled (size_t count, float value)
{
  float *out = malloc (count * sizeof *out);
  for (size_t i = 0; i < count; i++)
    out[i] = value;
  return out;
}

/* How many of the `count` values that `layout` does not name for planes
 * of w's size are no longer the sentinel. */
static size_t touched (const float *values, size_t count,
                       const fftcl_layout *layout, const fftcl_window *w,
                       size_t planes)
{
  char *named = calloc (count, 1);
  for (size_t b = 0; b < planes; b++)
    for (size_t j = 0; j < w->height; j++)
      for (size_t i = 0; i < w->width; i++)
        named[laid_out_at (w, b, i, j, layout)] = 1;
  size_t changed = 0;
  for (size_t n = 0; n < count; n++)
    changed += !named[n] && values[n] != sentinel;
  free (named);
  return changed;
}

/* The rms error against the oracle of the window `w` of `grid` that a
 * call returning `status` wrote to `got` in `layout`, and in *outside the
 * values it wrote outside the layout. */
static double laid_out_result (fftcl_status status, shape grid,
                               const double *filtered, const fftcl_window *w,
                               const float *got, size_t count,
                               const fftcl_layout *layout, size_t planes,
                               size_t *outside)
{
  *outside = touched (got, count, layout, w, planes);
  return status == FFTCL_OK
           ? window_error (grid, filtered, w, got, laid_out_at, layout)
           : INFINITY;
}

/* Loads and applies through the plan's layouts: every window against
 * FFTW in double, the last one by a consuming apply, and nothing outside
 * the layout written. */
static void check_laid_out (fftcl_context *ctx, shape s, int mirrored,
                            const layouts *l)
{
  fftcl_error err = { 0 };
  shape grid = { (mirrored ? 2 : 1) * s.width, (mirrored ? 2 : 1) * s.height,
                 s.batch };
  fftcl_plan *plan = plan_of (ctx, s, l->in, l->out,
                              mirrored_flag (mirrored));
  if (!plan)
    return;
  const fftcl_window whole = { 0, 0, s.width, s.height, 1 };
  float *planes = random_floats (s.width * s.height * s.batch);
  float *pixels = filled (laid_out_length (&whole, s.batch, &l->in),
                          sentinel);
  fftcl_window windows[16];
  size_t window_count = windows_of (s, windows);
  for (size_t b = 0; b < s.batch; b++)
    for (size_t y = 0; y < s.height; y++)
      for (size_t x = 0; x < s.width; x++)
        pixels[laid_out_at (&whole, b, x, y, &l->in)]
          = planes[(b * s.height + y) * s.width + x];
  float *seen = mirrored ? mirror_images (planes, s) : planes;
  double *filtered = oracle_filtered (seen, grid, &gains[2]);
  fftcl_status status = fftcl_filter_load (plan, FFTCL_PLANES (pixels), &err);
  check (status == FFTCL_OK, "load of %s %zux%zu: %s", l->name, s.width,
         s.height, err.message);
  for (size_t i = 0; status == FFTCL_OK && i < window_count; i++)
    {
      const fftcl_window *w = &windows[i];
      size_t count = laid_out_length (w, s.batch, &l->out);
      float *got = filled (count, sentinel);
      int last = i + 1 == window_count;
      size_t outside;
      double e = laid_out_result (
        fftcl_filter_apply (plan, &gains[2], w, got,
                            last ? FFTCL_CONSUME : 0, &err),
        grid, filtered, w, got, count, &l->out, s.batch, &outside);
      check (e <= window_bound && !outside,
             "%s of %s %zux%zu%s, %zu planes: %zux%zu at (%zu, %zu) "
             "step %zu: rms error %.2e, %zu values outside the layout "
             "written %s",
             last ? "consume" : "window", l->name, s.width, s.height,
             mirrored ? " mirrored" : "", s.batch,
             w->width, w->height, w->x, w->y, w->step, e, outside,
             err.message);
      free (got);
    }
  free (filtered);
  if (mirrored)
    free (seen);
  free (pixels);
  free (planes);
  check_on_device (ctx, plan,
                   mirrored ? "laid out, mirrored," : "laid out", s.width,
                   s.height);
  fftcl_plan_destroy (plan);
}

/* fftcl_filter_once of planes as laid out and of rows, into the plan's
 * out layout, against FFTW in double: at sizes whose windows OpenCL moves
 * through its staging slots (a pair's window of at least 8 MiB; the lone
 * third plane's whole window too, its cut one not), and nothing outside
 * the layout written. */
static void check_once_laid_out (fftcl_context *ctx, shape s,
                                 const layouts *l)
{
  fftcl_plan *plan = plan_of (ctx, s, l->in, l->out, 0);
  if (!plan)
    return;
  const fftcl_window whole = { 0, 0, s.width, s.height, 1 };
  const fftcl_window windows[]
    = { whole, { 3, 5, s.width - 10, s.height - 20, 1 } };
  float *planes = random_floats (s.width * s.height * s.batch);
  float *pixels = filled (laid_out_length (&whole, s.batch, &l->in),
                          sentinel);
  for (size_t b = 0; b < s.batch; b++)
    for (size_t y = 0; y < s.height; y++)
      for (size_t x = 0; x < s.width; x++)
        pixels[laid_out_at (&whole, b, x, y, &l->in)]
          = planes[(b * s.height + y) * s.width + x];
  double *filtered = oracle_filtered (planes, s, &gains[2]);
  const planes_job job = { planes, s };
  const fftcl_source rows
    = { .fill = copy_row, .job = &job, .scratch_floats = s.width };
  const fftcl_source *sources[] = { FFTCL_PLANES (pixels), &rows };
  for (size_t i = 0; i < 2; i++)
    for (size_t from = 0; from < 2; from++)
      {
        const fftcl_window *w = &windows[i];
        size_t count = laid_out_length (w, s.batch, &l->out);
        float *got = filled (count, sentinel);
        fftcl_error err = { 0 };
        size_t outside;
        double e = laid_out_result (
          fftcl_filter_once (plan, &gains[2], sources[from], w, got, &err),
          s, filtered, w, got, count, &l->out, s.batch, &outside);
        check (e <= window_bound && !outside,
               "once from %s of %s %zux%zu, %zu planes: %zux%zu at (%zu, "
               "%zu): rms error %.2e, %zu values outside the layout "
               "written %s",
               from ? "rows" : "planes", l->name, s.width, s.height, s.batch,
               w->width, w->height, w->x, w->y, e, outside, err.message);
        free (got);
      }
  free (filtered);
  free (pixels);
  free (planes);
  check_on_device (ctx, plan, "once laid out", s.width, s.height);
  fftcl_plan_destroy (plan);
}

/* Pixels with one more channel than planes (an alpha, say); planes with
 * gaps between them; planes of every other value, written as planes side
 * by side. */
static void check_layouts (fftcl_context *ctx, shape s, int mirrored)
{
  size_t spaced = s.width * s.height + PLANE_GAP;
  const layouts tried[] = {
    { { s.batch + 1, 1 }, { s.batch + 1, 1 }, "pixels with an alpha" },
    { { 1, spaced }, { 1, spaced }, "planes with gaps" },
    { { 2, 0 }, { 1, 0 }, "every other value" },
  };
  for (size_t i = 0; i < sizeof tried / sizeof *tried; i++)
    check_laid_out (ctx, s, mirrored, &tried[i]);
}

/* check_once_laid_out at 2048 × 1024 × 3, in pixels with an alpha and in
 * planes with gaps. */
static void check_large_once (fftcl_context *ctx)
{
  const shape s = { 2048, 1024, 3 };
  size_t spaced = s.width * s.height + PLANE_GAP;
  const layouts tried[] = {
    { { s.batch + 1, 1 }, { s.batch + 1, 1 }, "pixels with an alpha" },
    { { 1, spaced }, { 1, spaced }, "planes with gaps" },
  };
  for (size_t i = 0; i < sizeof tried / sizeof *tried; i++)
    check_once_laid_out (ctx, s, &tried[i]);
}

/* Cell of a view of `cells` cells over an axis of length n holding the
 * signed frequency index k. */
static size_t cell_of (long k, size_t n, size_t cells)
{
  long bins = (long) (n / cells);
  long floor_div = k >= 0 ? k / bins : -((-k + bins - 1) / bins);
  return (size_t) (floor_div + (long) cells / 2);
}

/* Planes 0 and 1, packed together, hold cos and sin of one wave: their
 * packed spectrum is one spike at +k and nothing at −k, so a view that
 * does not take the planes apart shows half of the peaks. Plane 2 holds
 * a weaker wave of another frequency (on OpenCL, from 2048 × 1024 on, a
 * lone plane of its own). The plane is 128 × 64 `scale` times over, the
 * waves' frequencies with it. */
static void check_sinusoids (fftcl_context *ctx, size_t scale)
{
  shape s = { 128 * scale, 64 * scale, 3 };
  fftcl_plan *plan = plan_of (ctx, s, side_by_side, side_by_side, 0);
  if (!plan)
    return;
  size_t area = s.width * s.height, cells_x = 32, cells_y = 16;
  long k1[2] = { 13 * (long) scale, -9 * (long) scale };
  long k2[2] = { -40 * (long) scale, 21 * (long) scale };
  double a1 = 2.0, a2 = 0.5;
  float *planes = malloc (area * s.batch * sizeof *planes);
  for (size_t y = 0; y < s.height; y++)
    for (size_t x = 0; x < s.width; x++)
      {
        double p1 = 2 * M_PI * ((double) k1[0] * x / s.width
                                + (double) k1[1] * y / s.height);
        double p2 = 2 * M_PI * ((double) k2[0] * x / s.width
                                + (double) k2[1] * y / s.height);
        planes[y * s.width + x] = (float) (a1 * cos (p1));
        planes[area + y * s.width + x] = (float) (a1 * sin (p1));
        planes[2 * area + y * s.width + x] = (float) (a2 * cos (p2));
      }
  float *view = malloc (cells_x * cells_y * sizeof *view);
  fftcl_error err = { 0 };
  fftcl_status status = fftcl_filter_load (plan, FFTCL_PLANES (planes), &err);
  if (status == FFTCL_OK)
    status = fftcl_filter_spectrum (plan, cells_x, cells_y, view, &err);
  /* Each plane's wave puts half its amplitude at +k and half at −k. */
  double want[4] = { a1, a1, a2 / 2, a2 / 2 };
  size_t peak_cells[4];
  for (int sign = 0; sign < 2; sign++)
    {
      long m = sign ? -1 : 1;
      peak_cells[sign] = cell_of (m * k1[1], s.height, cells_y) * cells_x
                         + cell_of (m * k1[0], s.width, cells_x);
      peak_cells[2 + sign] = cell_of (m * k2[1], s.height, cells_y) * cells_x
                             + cell_of (m * k2[0], s.width, cells_x);
    }
  double peak_error = 0, elsewhere = 0;
  for (size_t i = 0; status == FFTCL_OK && i < cells_x * cells_y; i++)
    {
      int peak = -1;
      for (int p = 0; p < 4; p++)
        if (peak_cells[p] == i)
          peak = p;
      if (peak >= 0)
        peak_error = fmax (peak_error, fabs (view[i] - want[peak]));
      else
        elsewhere = fmax (elsewhere, view[i]);
    }
  check (status == FFTCL_OK && peak_error < 1e-5 && elsewhere < 1e-5,
         "sinusoids %zux%zu: peaks in their cells off by %.1e, elsewhere at "
         "most %.1e %s",
         s.width, s.height, peak_error, elsewhere,
         status == FFTCL_OK ? "" : err.message);
  check_on_device (ctx, plan, "sinusoids", s.width, s.height);
  fftcl_plan_destroy (plan);
  free (view);
  free (planes);
}

/* The timings of the plan's last call: every step finite and ≥ 0, and
 * some time measured. */
static void check_timings_of (const fftcl_plan *plan, const char *call)
{
  fftcl_timings t = { 0 };
  fftcl_error err = { 0 };
  fftcl_status status = fftcl_filter_timings (plan, &t, &err);
  const double steps[] = { t.upload_ms, t.forward_ms, t.mask_ms,
                           t.inverse_ms, t.download_ms };
  int valid = status == FFTCL_OK;
  double sum = 0;
  for (size_t i = 0; i < sizeof steps / sizeof *steps; i++)
    {
      valid = valid && isfinite (steps[i]) && steps[i] >= 0;
      sum += steps[i];
    }
  check (valid && sum > 0,
         "timings of %s: upload %.3f, forward %.3f, mask %.3f, inverse "
         "%.3f, download %.3f ms %s",
         call, t.upload_ms, t.forward_ms, t.mask_ms, t.inverse_ms,
         t.download_ms, err.message);
}

/* A plan made with FFTCL_TIMINGS times a load, an apply and a filter
 * once, and filters as any plan does. */
static void check_timings (fftcl_context *ctx)
{
  shape s = { 256, 128, 3 };
  fftcl_plan *plan = plan_of (ctx, s, side_by_side, side_by_side,
                              FFTCL_TIMINGS);
  if (!plan)
    return;
  const fftcl_window whole = { 0, 0, s.width, s.height, 1 };
  float *planes = random_floats (s.width * s.height * s.batch);
  double *filtered = oracle_filtered (planes, s, &gains[0]);
  fftcl_error err = { 0 };
  if (check (fftcl_filter_load (plan, FFTCL_PLANES (planes), &err) == FFTCL_OK,
             "timed load: %s", err.message))
    {
      check_timings_of (plan, "a load");
      check_window (plan, s, &gains[0], 0, filtered, &whole, NULL);
      check_timings_of (plan, "an apply");
      check_window (plan, s, &gains[0], 0, filtered, &whole, planes);
      check_timings_of (plan, "a filter once");
    }
  free (filtered);
  free (planes);
  fftcl_plan_destroy (plan);
}

int main (void)
{
  size_t max_area = test_max_area ();
  fftcl_context *ctx = open_test_context ();
  if (!ctx)
    return check_finish ();
  for (int mirrored = 0; mirrored < 2; mirrored++)
    for (size_t i = 0; i < sizeof shapes / sizeof *shapes; i++)
      if ((mirrored ? 4 : 1) * shapes[i].width * shapes[i].height <= max_area)
        check_shape (ctx, shapes[i], mirrored);
  for (int mirrored = 0; mirrored < 2; mirrored++)
    for (size_t i = 0; i < 6; i++)
      check_layouts (ctx, shapes[i], mirrored);
  check_timings (ctx);
  check_sinusoids (ctx, 1);
  if (128 * 16 * 64 * 16 <= max_area)
    {
      check_sinusoids (ctx, 16);
      check_large_once (ctx);
    }
  fftcl_context_destroy (ctx);
  fftw_cleanup ();
  return check_finish ();
}
