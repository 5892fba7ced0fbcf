/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A property-based test of fftcl's public API, on the device FFTCL_DEVICE
 * names: seeded random plans (power-of-two sizes and others, batches,
 * layouts interleaved, planar and with gaps, mirrored or not) and random
 * calls on them (transforms, loads, applies, fftcl_filter_once, views,
 * timings) with random and boundary arguments (gains of every shape,
 * order, period and stripes, notches at the edges of the frequency
 * square and radii about the smallest the grid resolves, windows, flags,
 * NULLs), most of them valid. For each call it works out from the
 * headers' rules whether the call is valid, and checks:
 *
 *   - a valid call succeeds; its outputs are finite and match the oracle
 *     (FFTW in double: the transform, the filter with fftcl_gain_at, the
 *     spectrum view), and it writes nothing its layout leaves out;
 *   - an invalid call returns FFTCL_ERROR_ARGUMENT with a message and
 *     leaves its outputs untouched;
 *   - fftcl_gain_at of any gain with finite arguments and radii above 0
 *     (1e-300 too) lies within 0 … 1.
 *
 * FFTCL_PROPERTY_RUNS sets how many plans (default 120, a few calls
 * each), FFTCL_PROPERTY_SEED the seed (default 20); a failing check names
 * the plan's number, which FFTCL_PROPERTY_FIRST runs first. */
#include "check.h"
#include "fftcl-filter.h"
#include "fftcl_oracle.h"
#include "on_device.h"

#include <float.h>
#include <string.h>

static const float sentinel = 7.25f;
/* A transform against FFTW in double, as fftcl_accuracy's small sizes. */
static const double transform_bound = 1e-6;
/* The RMS error of a window relative to the RMS of the input planes. */
static const double filter_bound = 1e-6;
/* The largest error of a view cell relative to the largest cell. */
static const double view_bound = 1e-5;

enum { MOST_NOTCHES = 6, CALLS_PER_PLAN = 8 };

/* ---- Random choices ---------------------------------------------------- */

static size_t below (size_t n)
{
  return (size_t) ((random_unit () + 1) / 2 * (double) n) % n;
}

static int chance (double p)
{
  return (random_unit () + 1) / 2 < p;
}

/* How much more often than its own odds a call picks a bad argument: 0
 * in most calls, which are then valid. */
static double spoiling;

static int bad (double p)
{
  return chance (p * spoiling);
}

static double pick (const double *values, size_t count)
{
  return values[below (count)];
}

#define PICK(values) pick (values, sizeof values / sizeof *values)

/* Mostly a power of two up to 64; now and then 0 or an odd size. */
static size_t random_side (void)
{
  if (bad (0.04))
    return chance (0.5) ? 0 : 3 + 2 * below (20);
  return (size_t) 1 << below (7);
}

/* Planes side by side, planar with gaps, interleaved (with a gap, as
 * RGBA's alpha), every other value, or any steps: those may overlap. */
static fftcl_layout random_layout (size_t batch, size_t area)
{
  switch (below (6))
    {
    case 0:
      return (fftcl_layout) { 0, 0 };
    case 1:
      return (fftcl_layout) { 1, area + below (3) };
    case 2:
      return (fftcl_layout) { batch + below (2), 1 };
    case 3:
      return (fftcl_layout) { 2, 0 };
    case 4:
      return (fftcl_layout) { 1, 0 };
    default:
      return (fftcl_layout) { 1 + below (2), below (area + 1) };
    }
}

/* ---- What the headers allow -------------------------------------------- */

static int power_of_two (size_t n)
{
  return n && !(n & (n - 1));
}

/* Where value i of row y of plane p lies in a layout over rows of
 * `width` values. */
static size_t laid_at (fftcl_layout l, size_t width, size_t height,
                       size_t p, size_t y, size_t x)
{
  size_t value = l.value_step ? l.value_step : 1;
  size_t plane = l.plane_step ? l.plane_step : width * height * value;
  return p * plane + (y * width + x) * value;
}

static size_t laid_length (fftcl_layout l, size_t width, size_t height,
                           size_t batch)
{
  return laid_at (l, width, height, batch - 1, height - 1, width - 1) + 1;
}

/* fftcl.h's rule: interleaved planes fit inside one value step, planes
 * apart are at least a plane apart. */
static int layout_fits (fftcl_layout l, size_t width, size_t height,
                        size_t batch)
{
  size_t value = l.value_step ? l.value_step : 1, plane = l.plane_step;
  if (!plane)
    return 1;
  if (plane < value)
    return (batch - 1) * plane < value;
  return batch == 1 || plane >= width * height * value;
}

typedef struct {
  fftcl_plan_desc desc;
  fftcl_plan *plan;
  size_t grid_width, grid_height; /* the filter's */
  int loaded;
  float *planes; /* the last loaded, side by side */
  size_t number;
} model;

static int mirrored (const model *m)
{
  return (m->desc.flags & FFTCL_MIRRORED) != 0;
}

static int desc_valid (const fftcl_plan_desc *d)
{
  return power_of_two (d->width) && power_of_two (d->height) && d->batch
         && !(d->flags & ~(unsigned) (FFTCL_MIRRORED | FFTCL_TIMINGS));
}

/* Half a bin of the longer axis of the filter's grid. */
static double least_radius (const model *m)
{
  size_t longer = m->grid_width > m->grid_height ? m->grid_width
                                                 : m->grid_height;
  return 0.5 / (double) longer;
}

static int gain_valid (const model *m, const fftcl_gain *g)
{
  if (!g || !(isfinite (g->large_period) && g->large_period >= 0)
      || !(isfinite (g->small_period) && g->small_period >= 0)
      || (unsigned) g->shape > FFTCL_SHAPE_IDEAL
      || (g->shape == FFTCL_SHAPE_BUTTERWORTH
          && !(isfinite (g->order) && g->order > 0))
      || (unsigned) g->stripes > FFTCL_STRIPES_VERTICAL
      || !(g->stripe_tolerance >= 0 && g->stripe_tolerance <= 100)
      || (g->notch_count && !g->notches))
    return 0;
  double least = least_radius (m);
  for (size_t i = 0; i < g->notch_count; i++)
    {
      const double *n = g->notches + 3 * i;
      if (!(fabs (n[0]) <= 0.5 && fabs (n[1]) <= 0.5 && isfinite (n[2])
            && n[2] >= least)
          || (mirrored (m) && n[0] != 0 && n[1] != 0))
        return 0;
    }
  return 1;
}

/* Every block of the window lies inside the planes. */
static int window_valid (const model *m, const fftcl_window *w)
{
  return !w
         || (w->step && w->width && w->height && w->x < m->desc.width
             && w->y < m->desc.height
             && w->width <= (m->desc.width - w->x) / w->step
             && w->height <= (m->desc.height - w->y) / w->step);
}

/* ---- Random arguments -------------------------------------------------- */

static double random_radius (double least)
{
  const double refused[] = { nextafter (least, 0), 0, -0.01, INFINITY, NAN,
                             1e-300 };
  if (bad (0.05))
    return PICK (refused);
  switch (below (4))
    {
    case 0:
      return least;
    case 1:
      return nextafter (least, 1);
    case 2:
      return least * (1 + 30 * (random_unit () + 1) / 2);
    default:
      return least + (0.3 - least) * (random_unit () + 1) / 2;
    }
}

static double random_position (void)
{
  static const double edges[] = { -0.5, 0.5, 0 };
  static const double refused[] = { 0.5000001, -0.7, NAN, INFINITY };
  if (bad (0.03))
    return PICK (refused);
  return chance (0.2) ? PICK (edges) : random_unit () / 2;
}

static fftcl_gain random_gain (const model *m, double *notches)
{
  static const double orders[] = { 2, 0.5, 20, 1.5, 3 };
  static const double bad_orders[] = { 0, -1, INFINITY, NAN };
  static const double periods[] = { 0, 0, 3, 8.5, 40, 1e6 };
  static const double bad_periods[] = { -1, INFINITY, NAN };
  static const double tolerances[] = { 0, 5, 50, 100 };
  static const double bad_tolerances[] = { -1, 101, NAN };
  double least = least_radius (m);
  fftcl_gain g = {
    .large_period = bad (0.03) ? PICK (bad_periods) : PICK (periods),
    .small_period = bad (0.03) ? PICK (bad_periods) : PICK (periods) / 8,
    .shape = bad (0.03) ? 3 : (fftcl_shape) below (3),
    .order = bad (0.03) ? PICK (bad_orders) : PICK (orders),
    .reject = chance (0.3),
    .keep_mean = chance (0.5),
    .stripes = bad (0.03) ? 3 : (fftcl_stripes) below (3),
    .stripe_tolerance
    = bad (0.03) ? PICK (bad_tolerances) : PICK (tolerances),
    .notches = bad (0.02) ? NULL : notches,
    .notch_count = chance (0.5) ? 0 : 1 + below (MOST_NOTCHES),
  };
  for (size_t i = 0; i < MOST_NOTCHES; i++)
    {
      double *n = notches + 3 * i;
      n[0] = random_position ();
      n[1] = random_position ();
      if (mirrored (m) && !bad (0.1))
        n[below (2)] = 0;
      n[2] = random_radius (least);
    }
  return g;
}

static fftcl_window random_window (const model *m)
{
  size_t width = m->desc.width, height = m->desc.height;
  size_t shorter = width < height ? width : height;
  size_t step = bad (0.03) ? 0 : 1 + below (shorter < 3 ? shorter : 3);
  size_t block = step ? step : 1;
  size_t x = bad (0.03) ? width : below (width - block + 1);
  size_t y = bad (0.03) ? height : below (height - block + 1);
  size_t room_x = step && x < width ? (width - x) / step : 0;
  size_t room_y = step && y < height ? (height - y) / step : 0;
  size_t columns = room_x ? 1 + below (room_x) : 1;
  size_t rows = room_y ? 1 + below (room_y) : 1;
  return (fftcl_window) { x, y, bad (0.03) ? room_x + 1 : columns,
                          bad (0.03) ? 0 : rows, step };
}

static float *random_filled (size_t count)
{
  float *values = malloc (count * sizeof *values);
  for (size_t i = 0; i < count; i++)
    values[i] = (float) random_unit ();
  return values;
}

static float *filled (size_t count, float value)
{
  float *values = malloc ((count ? count : 1) * sizeof *values);
  for (size_t i = 0; i < count; i++)
    values[i] = value;
  return values;
}

/* ---- Checks ------------------------------------------------------------ */

/* The call's status against what the rules say, with a message on
 * failure. */
static int status_as_ruled (fftcl_status got, int valid,
                            const fftcl_error *err)
{
  if (valid)
    return got == FFTCL_OK;
  return got == FFTCL_ERROR_ARGUMENT
         && (!err || (err->status == got && err->message[0]));
}

static int untouched (const float *values, size_t count, float value)
{
  for (size_t i = 0; i < count; i++)
    if (memcmp (&values[i], &value, sizeof value))
      return 0;
  return 1;
}

static const char *message_of (const fftcl_error *err)
{
  return err ? err->message : "(no error struct)";
}

/* Sometimes no error struct: calls must work without one. */
static fftcl_error *maybe (fftcl_error *err)
{
  *err = (fftcl_error) { 0 };
  return chance (0.05) ? NULL : err;
}

static void check_transform (model *m)
{
  const fftcl_plan_desc *d = &m->desc;
  size_t n = 2 * d->width * d->height * d->batch;
  float *data = random_filled (n), *before = malloc (n * sizeof *before);
  memcpy (before, data, n * sizeof *before);
  static const int directions[] = { FFTCL_FORWARD, FFTCL_INVERSE, 7 };
  int direction = directions[bad (0.05) ? 2 : below (2)];
  int null_data = bad (0.03);
  fftcl_error e, *err = maybe (&e);
  int valid = !mirrored (m) && !null_data && direction != 7;
  fftcl_status status = fftcl_transform (
    m->plan, (fftcl_direction) direction, null_data ? NULL : data, err);
  double error = 0;
  if (status == FFTCL_OK)
    {
      double *want = widened (before, n);
      fftw_double ((fftw_complex *) want, d->width, d->height, d->batch,
                   direction == FFTCL_FORWARD ? FFTW_FORWARD
                                              : FFTW_BACKWARD);
      error = relative_rms (data, want, n);
      free (want);
      m->loaded = 0;
    }
  int fine = status == FFTCL_OK
               ? error <= transform_bound
               : !memcmp (data, before, n * sizeof *data);
  check (status_as_ruled (status, valid, err) && fine,
         "plan %zu: transform %d of %zux%zu batch %zu%s: %s, rel rms %.2e "
         "%s",
         m->number, direction, d->width, d->height, d->batch,
         null_data ? ", data NULL" : "", valid ? "valid" : "invalid", error,
         message_of (err));
  free (data);
  free (before);
}

/* Planes in the plan's `in` layout, with sentinels between; NULL for a
 * call without input. */
static float *laid_out_planes (const model *m, const float *planes,
                               size_t *length)
{
  const fftcl_plan_desc *d = &m->desc;
  *length = laid_length (d->in, d->width, d->height, d->batch);
  float *laid = filled (*length, sentinel);
  for (size_t p = 0; p < d->batch; p++)
    for (size_t y = 0; y < d->height; y++)
      for (size_t x = 0; x < d->width; x++)
        laid[laid_at (d->in, d->width, d->height, p, y, x)]
          = planes[(p * d->height + y) * d->width + x];
  return laid;
}

static void check_load (model *m)
{
  const fftcl_plan_desc *d = &m->desc;
  size_t length;
  float *planes = random_filled (d->width * d->height * d->batch);
  float *laid = laid_out_planes (m, planes, &length);
  int null_in = bad (0.03);
  fftcl_error e, *err = maybe (&e);
  int valid = !null_in && layout_fits (d->in, d->width, d->height, d->batch);
  fftcl_status status
    = fftcl_filter_load (m->plan, FFTCL_PLANES (null_in ? NULL : laid), err);
  check (status_as_ruled (status, valid, err),
         "plan %zu: load%s: %s %s", m->number, null_in ? " of NULL" : "",
         valid ? "valid" : "invalid", message_of (err));
  if (status == FFTCL_OK)
    {
      free (m->planes);
      m->planes = planes;
      m->loaded = 1;
    }
  else
    free (planes);
  free (laid);
}

/* The window's means of the filtered planes, in double, side by side. */
static double *window_oracle (const model *m, const float *planes,
                              const fftcl_gain *g, const fftcl_window *w)
{
  const fftcl_plan_desc *d = &m->desc;
  shape s = { d->width, d->height, d->batch };
  double *filtered = mirrored (m) ? oracle_filtered_mirrored (planes, s, g)
                                  : oracle_filtered (planes, s, g);
  double *means = malloc (w->width * w->height * d->batch * sizeof *means);
  for (size_t p = 0; p < d->batch; p++)
    for (size_t j = 0; j < w->height; j++)
      for (size_t i = 0; i < w->width; i++)
        {
          double sum = 0;
          for (size_t dy = 0; dy < w->step; dy++)
            for (size_t dx = 0; dx < w->step; dx++)
              sum += filtered[(p * d->height + w->y + j * w->step + dy)
                                * d->width
                              + w->x + i * w->step + dx];
          means[(p * w->height + j) * w->width + i]
            = sum / (double) (w->step * w->step);
        }
  free (filtered);
  return means;
}

static double rms_of_floats (const float *values, size_t count)
{
  double sum = 0;
  for (size_t i = 0; i < count; i++)
    sum += (double) values[i] * values[i];
  return sqrt (sum / (double) count);
}

/* A filter's output in the plan's `out` layout against the oracle: the
 * RMS error relative to the input's RMS, NAN where a value is not finite
 * or one the layout leaves out was written. */
static double window_output_error (const model *m, const float *out,
                                   size_t length, const float *planes,
                                   const fftcl_gain *g,
                                   const fftcl_window *w)
{
  const fftcl_plan_desc *d = &m->desc;
  double *want = window_oracle (m, planes, g, w);
  char *named = calloc (length, 1);
  double sum = 0;
  int finite = 1;
  for (size_t p = 0; p < d->batch; p++)
    for (size_t j = 0; j < w->height; j++)
      for (size_t i = 0; i < w->width; i++)
        {
          size_t at = laid_at (d->out, w->width, w->height, p, j, i);
          double diff = out[at] - want[(p * w->height + j) * w->width + i];
          named[at] = 1;
          finite = finite && isfinite (out[at]);
          sum += diff * diff;
        }
  for (size_t at = 0; at < length; at++)
    finite = finite && (named[at] || untouched (out + at, 1, sentinel));
  free (named);
  free (want);
  size_t count = w->width * w->height * d->batch;
  double rms = sqrt (sum / (double) count);
  double input = rms_of_floats (planes, d->width * d->height * d->batch);
  return finite ? rms / input : NAN;
}

/* An apply (`in` NULL) or fftcl_filter_once of `in`, with random
 * arguments. */
static void check_filter (model *m, int once)
{
  const fftcl_plan_desc *d = &m->desc;
  double notches[3 * MOST_NOTCHES];
  fftcl_gain g = random_gain (m, notches);
  const fftcl_gain *gain = bad (0.03) ? NULL : &g;
  fftcl_window window = random_window (m);
  fftcl_window whole = { 0, 0, d->width, d->height, 1 };
  const fftcl_window *w = chance (0.2) ? NULL : &window;
  const fftcl_window *written = w ? w : &whole;
  unsigned flags = bad (0.05) ? 1u << 5 : chance (0.25) ? FFTCL_CONSUME : 0;
  int sizes_valid = window_valid (m, w);
  size_t length = sizes_valid ? laid_length (d->out, written->width,
                                             written->height, d->batch)
                              : 1;
  float *out = filled (length, sentinel);
  int null_out = bad (0.03);
  float *planes = once ? random_filled (d->width * d->height * d->batch)
                       : NULL;
  size_t in_length;
  float *laid = once ? laid_out_planes (m, planes, &in_length) : NULL;
  int null_in = once && bad (0.03);
  fftcl_error e, *err = maybe (&e);
  int valid = !null_out && gain_valid (m, gain) && sizes_valid
              && layout_fits (d->out, written->width, written->height,
                              d->batch)
              && (once ? !null_in
                           && layout_fits (d->in, d->width, d->height,
                                           d->batch)
                       : !(flags & ~(unsigned) FFTCL_CONSUME) && m->loaded);
  fftcl_status status
    = once ? fftcl_filter_once (m->plan, gain,
                                FFTCL_PLANES (null_in ? NULL : laid), w,
                                null_out ? NULL : out, err)
           : fftcl_filter_apply (m->plan, gain, w, null_out ? NULL : out,
                                 flags, err);
  double error = 0;
  if (status == FFTCL_OK)
    error = window_output_error (m, out, length, once ? planes : m->planes,
                                 gain, written);
  int fine = status == FFTCL_OK ? error <= filter_bound
                                : untouched (out, length, sentinel);
  check (status_as_ruled (status, valid, err) && fine,
         "plan %zu: %s, %s %zu notches, window %zux%zu at (%zu, %zu) step "
         "%zu%s, flags %u: %s, error %.2e %s",
         m->number, once ? "filter once" : "apply",
         gain ? "gain with" : "NULL gain,", gain ? g.notch_count : 0,
         written->width, written->height, written->x, written->y,
         written->step, w ? "" : " (NULL)", flags,
         valid ? "valid" : "invalid", error, message_of (err));
  if (status == FFTCL_OK && (once || (flags & FFTCL_CONSUME)))
    m->loaded = 0;
  free (out);
  free (planes);
  free (laid);
}

static size_t random_cells (size_t grid)
{
  if (bad (0.05))
    return chance (0.5) ? 2 * grid : 3;
  return (size_t) 1 << below (1 + (size_t) log2 ((double) grid));
}

static void check_view (model *m)
{
  size_t cells_x = random_cells (m->grid_width);
  size_t cells_y = random_cells (m->grid_height);
  size_t count = cells_x * cells_y;
  float *out = filled (count, sentinel);
  int null_out = bad (0.03);
  fftcl_error e, *err = maybe (&e);
  int valid = !null_out && m->loaded && power_of_two (cells_x)
              && power_of_two (cells_y) && cells_x <= m->grid_width
              && cells_y <= m->grid_height;
  fftcl_status status = fftcl_filter_spectrum (
    m->plan, cells_x, cells_y, null_out ? NULL : out, err);
  double error = 0;
  if (status == FFTCL_OK)
    {
      const fftcl_plan_desc *d = &m->desc;
      shape s = { d->width, d->height, d->batch };
      shape grid = { m->grid_width, m->grid_height, d->batch };
      float *seen = mirrored (m) ? mirror_images (m->planes, s) : m->planes;
      double *sums = oracle_amplitudes (seen, grid);
      error = view_error (out, sums, grid, cells_x, cells_y);
      for (size_t i = 0; i < count; i++)
        if (!(out[i] >= 0 && isfinite (out[i])))
          error = NAN;
      free (sums);
      if (mirrored (m))
        free (seen);
    }
  int fine = status == FFTCL_OK ? error <= view_bound
                                : untouched (out, count, sentinel);
  check (status_as_ruled (status, valid, err) && fine,
         "plan %zu: view %zux%zu%s: %s, error %.2e %s", m->number, cells_x,
         cells_y, null_out ? " into NULL" : "", valid ? "valid" : "invalid",
         error, message_of (err));
  free (out);
}

static void check_timings (model *m)
{
  fftcl_timings t;
  memset (&t, 0xff, sizeof t);
  const fftcl_timings before = t;
  int null_out = bad (0.03);
  fftcl_error e, *err = maybe (&e);
  int valid = !null_out && (m->desc.flags & FFTCL_TIMINGS);
  fftcl_status status
    = fftcl_filter_timings (m->plan, null_out ? NULL : &t, err);
  const double steps[] = { t.upload_ms, t.forward_ms, t.mask_ms,
                           t.inverse_ms, t.download_ms };
  int fine = status != FFTCL_OK ? !memcmp (&t, &before, sizeof t) : 1;
  for (size_t i = 0; status == FFTCL_OK && i < 5; i++)
    fine = fine && isfinite (steps[i]) && steps[i] >= 0;
  check (status_as_ruled (status, valid, err) && fine,
         "plan %zu: timings: %s %s", m->number, valid ? "valid" : "invalid",
         message_of (err));
}

/* Calls on no plan at all are refused, outputs untouched. */
static void check_without_plan (const model *m)
{
  float data[2] = { sentinel, sentinel };
  fftcl_error err = { 0 };
  check (
    fftcl_transform (NULL, FFTCL_FORWARD, data, &err) == FFTCL_ERROR_ARGUMENT
      && fftcl_filter_load (NULL, FFTCL_PLANES (data), &err)
           == FFTCL_ERROR_ARGUMENT
      && fftcl_filter_spectrum (NULL, 1, 1, data, &err) == FFTCL_ERROR_ARGUMENT
      && untouched (data, 2, sentinel) && err.message[0],
    "plan %zu: calls on a NULL plan refused: %s", m->number, err.message);
}

/* fftcl_gain_at never leaves 0 … 1 for a gain with finite arguments, even
 * with radii far below any grid's bin. */
static void check_gain_at (const model *m)
{
  double notches[3 * MOST_NOTCHES];
  fftcl_gain g = random_gain (m, notches);
  g.shape = (fftcl_shape) below (3);
  g.stripes = (fftcl_stripes) below (3);
  g.notches = notches;
  for (size_t i = 0; i < 3 * MOST_NOTCHES; i++)
    if (!isfinite (notches[i]) || (i % 3 == 2 && !(notches[i] > 0)))
      notches[i] = i % 3 == 2 ? 1e-300 : 0.25;
  if (!(isfinite (g.large_period) && g.large_period >= 0))
    g.large_period = 0;
  if (!(isfinite (g.small_period) && g.small_period >= 0))
    g.small_period = 0;
  if (!(isfinite (g.order) && g.order > 0))
    g.order = 2;
  if (!(g.stripe_tolerance >= 0 && g.stripe_tolerance <= 100))
    g.stripe_tolerance = 5;
  int inside = 1;
  for (int k = 0; k < 8; k++)
    {
      double fx = (double) ((long) below (m->grid_width)
                            - (long) m->grid_width / 2)
                  / (double) m->grid_width;
      double fy = (double) ((long) below (m->grid_height)
                            - (long) m->grid_height / 2)
                  / (double) m->grid_height;
      double gain
        = fftcl_gain_at (&g, m->grid_width, m->grid_height, fx, fy);
      inside = inside && gain >= 0 && gain <= 1;
    }
  check (inside, "plan %zu: fftcl_gain_at within 0 … 1 with %zu notches",
         m->number, g.notch_count);
}

/* One random call; an apply or a view mostly finds a spectrum loaded. */
static void check_call (model *m)
{
  if (!m->loaded && chance (0.8))
    {
      check_load (m);
      return;
    }
  switch (below (8))
    {
    case 0:
      check_transform (m);
      break;
    case 1:
      check_load (m);
      break;
    case 2:
    case 3:
      check_filter (m, 0);
      break;
    case 4:
      check_filter (m, 1);
      break;
    case 5:
      check_view (m);
      break;
    case 6:
      check_timings (m);
      check_without_plan (m);
      break;
    default:
      check_gain_at (m);
    }
}

static fftcl_plan_desc random_desc (void)
{
  size_t width = random_side (), height = random_side ();
  if (width * height > 2048)
    height = 2048 / width;
  size_t batch = bad (0.03) ? 0 : 1 + below (4);
  size_t area = width * height;
  unsigned flags = (chance (0.3) ? FFTCL_MIRRORED : 0)
                   | (chance (0.3) ? FFTCL_TIMINGS : 0)
                   | (bad (0.03) ? 1u << 7 : 0);
  return (fftcl_plan_desc) { width, height, batch,
                             random_layout (batch, area),
                             random_layout (batch, area), flags };
}

static void check_plan (fftcl_context *ctx, size_t number)
{
  spoiling = chance (0.2) ? 4 : 0;
  model m = { .desc = random_desc (), .number = number };
  fftcl_plan *plan = (fftcl_plan *) &m;
  fftcl_error e, *err = maybe (&e);
  int valid = desc_valid (&m.desc);
  fftcl_status status = fftcl_plan_create (ctx, &m.desc, &plan, err);
  check (status_as_ruled (status, valid, err)
           && (status == FFTCL_OK) == (plan != NULL),
         "plan %zu: %zux%zu batch %zu, layouts {%zu, %zu} {%zu, %zu}, flags "
         "%u: %s %s",
         number, m.desc.width, m.desc.height, m.desc.batch,
         m.desc.in.value_step, m.desc.in.plane_step, m.desc.out.value_step,
         m.desc.out.plane_step, m.desc.flags, valid ? "valid" : "invalid",
         message_of (err));
  if (status != FFTCL_OK)
    return;
  m.plan = plan;
  size_t times = mirrored (&m) ? 2 : 1;
  m.grid_width = times * m.desc.width;
  m.grid_height = times * m.desc.height;
  for (size_t k = 0; k < CALLS_PER_PLAN; k++)
    {
      spoiling = chance (0.3) ? 4 : 0;
      check_call (&m);
    }
  check_on_device (ctx, m.plan, "properties", m.desc.width, m.desc.height);
  fftcl_plan_destroy (m.plan);
  free (m.planes);
}

static size_t setting (const char *name, size_t fallback)
{
  const char *text = getenv (name);
  return text && *text ? strtoul (text, NULL, 10) : fallback;
}

int main (void)
{
  size_t runs = setting ("FFTCL_PROPERTY_RUNS", 120);
  size_t seed = setting ("FFTCL_PROPERTY_SEED", 20);
  size_t first = setting ("FFTCL_PROPERTY_FIRST", 0);
  fftcl_context *ctx = open_test_context ();
  if (!ctx)
    return check_finish ();
  printf ("# seed %zu, %zu plans\n", seed, runs);
  oracle_rng_state = 0x9e3779b97f4a7c15u ^ (uint64_t) seed;
  /* Each plan draws from a state of its own, so that one plan runs alone
   * (FFTCL_PROPERTY_FIRST) as it ran among the others. */
  uint64_t base = oracle_rng_state;
  for (size_t i = first; i < runs; i++)
    {
      oracle_rng_state = base + 0x632be59bd9b4e019u * (uint64_t) (i + 1);
      check_plan (ctx, i);
    }
  fftcl_context_destroy (ctx);
  return check_finish ();
}
