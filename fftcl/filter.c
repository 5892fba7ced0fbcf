/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "plane_gains.h"
#include "source.h"

#include <stdlib.h>

/* The last value a layout names, or 0 with *fits false where that
 * overflows. */
static size_t last_offset (const fftcl_strides *strides, size_t width,
                           size_t height, size_t batch, int *fits)
{
  size_t planes, rows, values, sum, last;
  *fits = !__builtin_mul_overflow (batch - 1, strides->plane_step, &planes)
          && !__builtin_mul_overflow (height - 1, strides->row_step, &rows)
          && !__builtin_mul_overflow (width - 1, strides->value_step, &values)
          && !__builtin_add_overflow (planes, rows, &sum)
          && !__builtin_add_overflow (sum, values, &last);
  return *fits ? last : 0;
}

/* The values of `batch` planes that `strides` names over width × height
 * must be addressable and must not overlap: interleaved values fit inside
 * one value step, planes apart each fit inside one plane step. */
static fftcl_status check_strides (const fftcl_strides *strides,
                                   size_t width, size_t height, size_t batch,
                                   const char *which, fftcl_error *err)
{
  size_t value = strides->value_step, plane = strides->plane_step, area;
  int fits;
  last_offset (strides, width, height, batch, &fits);
  int interleaved = plane < value;
  if (fits && !__builtin_mul_overflow (width * height, value, &area)
      && (interleaved ? (batch - 1) * plane < value
                      : batch == 1 || plane >= area))
    return FFTCL_OK;
  return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                     "fftcl: the %s layout (value step %zu, plane step %zu) "
                     "makes the %zu planes of %zu×%zu values %s",
                     which, value, plane, batch, width, height,
                     fits ? "overlap" : "reach past the address space");
}

static fftcl_status load_planes (fftcl_plan *plan, const call *c,
                                 const float *planes,
                                 const fftcl_strides *layout, fftcl_error *err)
{
  return plan->backend->filter_load (plan->state, planes, layout, c->timings,
                                     err);
}

static fftcl_status run_load (fftcl_plan *plan, const call *c,
                              fftcl_error *err)
{
  return fftcl_with_planes (plan, c, load_planes, plan->backend->lays_out,
                            err);
}

/* The plan's input layout over its planes, checked. */
static fftcl_status input_strides (const fftcl_plan *plan,
                                   fftcl_strides *strides, fftcl_error *err)
{
  *strides = fftcl_strides_of (&plan->in, plan->width, plan->height);
  return check_strides (strides, plan->width, plan->height, plan->batch,
                        "input", err);
}

/* fftcl_filter_load of `in` as `strides` lay it out. */
static fftcl_status load_laid_out (fftcl_plan *plan, const float *in,
                                   const fftcl_strides *strides,
                                   fftcl_error *err)
{
  plan->spectrum_loaded = 0;
  const call c = { .input = in, .in = strides,
                   .timings = fftcl_plan_step_timings (plan) };
  fftcl_status status = fftcl_with_fallback (plan, run_load, NULL, &c, err);
  plan->spectrum_loaded = status == FFTCL_OK;
  return status;
}

typedef fftcl_status (*apply_call) (void *plan, const fftcl_gain *gain,
                                    const fftcl_window *window, float *out,
                                    const fftcl_strides *layout,
                                    fftcl_timings *timings, fftcl_error *err);

/* The window into the call's output as laid out, by the backend's `apply`
 * (its filter_apply_window or filter_finish), through planes side by side
 * where the backend takes nothing else. */
static fftcl_status run_apply (fftcl_plan *plan, const call *c,
                               apply_call apply, fftcl_error *err)
{
  const fftcl_window *w = c->window;
  if (plan->backend->lays_out
      || fftcl_is_side_by_side (c->out, w->width, w->height))
    return apply (plan->state, c->gain, w, c->data, c->out, c->timings, err);
  float *planes = malloc (w->width * w->height * plan->batch
                          * sizeof *planes);
  if (!planes)
    return fftcl_out_of_memory (err);
  const fftcl_strides side = fftcl_side_by_side (w->width, w->height);
  fftcl_status status = apply (plan->state, c->gain, w, planes, &side,
                               c->timings, err);
  if (status == FFTCL_OK)
    fftcl_strides_scatter (planes, w->width, w->height, plan->batch, c->data,
                           c->out);
  free (planes);
  return status;
}

static fftcl_status run_apply_window (fftcl_plan *plan, const call *c,
                                      fftcl_error *err)
{
  return run_apply (plan, c, plan->backend->filter_apply_window, err);
}

static fftcl_status run_consume (fftcl_plan *plan, const call *c,
                                 fftcl_error *err)
{
  const fftcl_backend *b = plan->backend;
  return run_apply (plan, c,
                    b->filter_finish ? b->filter_finish
                                     : b->filter_apply_window,
                    err);
}

/* The CPU plan has no spectrum yet: it reads the load's source again,
 * which stays the caller's until the next load (fftcl-filter.h). The CPU
 * backend takes rows and any layout. */
static fftcl_status reload (fftcl_plan *plan, const call *c, fftcl_error *err)
{
  (void) c;
  const fftcl_source *source = &plan->source;
  if (source->fill)
    return plan->backend->filter_load_rows (plan->state, source, NULL, err);
  const fftcl_strides strides
    = fftcl_strides_of (&plan->in, plan->width, plan->height);
  return plan->backend->filter_load (plan->state, source->planes, &strides,
                                     NULL, err);
}

static fftcl_status check_loaded (const fftcl_plan *plan, const char *caller,
                                  fftcl_error *err)
{
  if (!plan->spectrum_loaded)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: %s without a kept spectrum: it needs "
                       "fftcl_filter_load first (again after an apply with "
                       "FFTCL_CONSUME or a transform)",
                       caller);
  return FFTCL_OK;
}

/* Counting in blocks keeps x + width · step from overflowing. */
static fftcl_status check_window (const fftcl_plan *plan,
                                  const fftcl_window *w, fftcl_error *err)
{
  if (!w->step)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: window step is 0");
  if (!w->width || !w->height)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: window %zu×%zu is empty", w->width, w->height);
  if (w->x >= plan->width || w->y >= plan->height
      || w->width > (plan->width - w->x) / w->step
      || w->height > (plan->height - w->y) / w->step)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: a window of %zu×%zu values at (%zu, %zu), "
                       "each of %zu×%zu px, reaches past the %zu×%zu planes",
                       w->width, w->height, w->x, w->y, w->step, w->step,
                       plan->width, plan->height);
  return FFTCL_OK;
}

/* What every filter call that writes checks: the gain, the window (NULL:
 * the whole planes, written to *whole) and the output layout over it. */
static fftcl_status check_output (const fftcl_plan *plan,
                                  const fftcl_gain *gain,
                                  const fftcl_window **window,
                                  fftcl_window *whole, const float *out,
                                  fftcl_strides *strides, fftcl_error *err)
{
  fftcl_status status = fftcl_check_call (plan, out, err);
  if (status == FFTCL_OK)
    status = fftcl_check_gain (plan, gain, err);
  if (status != FFTCL_OK)
    return status;
  if (!*window)
    {
      *whole = (fftcl_window) { 0, 0, plan->width, plan->height, 1 };
      *window = whole;
    }
  status = check_window (plan, *window, err);
  if (status != FFTCL_OK)
    return status;
  *strides = fftcl_strides_of (&plan->out, (*window)->width,
                               (*window)->height);
  return check_strides (strides, (*window)->width, (*window)->height,
                        plan->batch, "output", err);
}

/* One apply of a checked call with the gain as it is. */
static fftcl_status apply_checked (fftcl_plan *plan, const fftcl_gain *gain,
                                   const fftcl_window *window, float *out,
                                   const fftcl_strides *strides, int consume,
                                   fftcl_error *err)
{
  const call c = { .gain = gain, .window = window, .data = out,
                   .out = strides, .timings = fftcl_plan_step_timings (plan) };
  fftcl_status status
    = fftcl_with_fallback (plan, consume ? run_consume : run_apply_window,
                           reload, &c, err);
  if (consume)
    plan->spectrum_loaded = 0;
  return status;
}

static void add_timings (fftcl_timings *sum, const fftcl_timings *step)
{
  sum->upload_ms += step->upload_ms;
  sum->forward_ms += step->forward_ms;
  sum->mask_ms += step->mask_ms;
  sum->inverse_ms += step->inverse_ms;
  sum->download_ms += step->download_ms;
}

/* Each group of planes filtered with its own gain into `filtered` (the
 * window's planes side by side), and its planes copied out as laid out;
 * only the last group's apply consumes. */
static fftcl_status apply_groups (fftcl_plan *plan, const fftcl_gain *gain,
                                  const fftcl_window *w, float *out,
                                  const fftcl_strides *strides, int consume,
                                  const size_t *group, size_t groups,
                                  double *notches, float *filtered,
                                  fftcl_error *err)
{
  size_t area = w->width * w->height;
  const fftcl_strides side = fftcl_side_by_side (w->width, w->height);
  fftcl_timings sum = { 0 };
  fftcl_status status = FFTCL_OK;
  for (size_t g = 0; g < groups && status == FFTCL_OK; g++)
    {
      size_t first = 0;
      while (group[first] != g)
        first++;
      fftcl_gain own;
      fftcl_gain_of_plane (gain, first, &own, notches);
      status = apply_checked (plan, &own, w, filtered, &side,
                              consume && g + 1 == groups, err);
      for (size_t p = first; p < plan->batch && status == FFTCL_OK; p++)
        if (group[p] == g)
          fftcl_strides_scatter (filtered + p * area, w->width, w->height, 1,
                                 out + p * strides->plane_step, strides);
      if (plan->timed)
        add_timings (&sum, &plan->timings);
    }
  if (plan->timed)
    plan->timings = sum;
  return status;
}

/* An apply whose gain has notch_planes, on a backend that filters every
 * plane alike: plane_gains.h. */
static fftcl_status apply_by_planes (fftcl_plan *plan, const fftcl_gain *gain,
                                     const fftcl_window *w, float *out,
                                     const fftcl_strides *strides,
                                     int consume, fftcl_error *err)
{
  size_t *group = malloc (plan->batch * sizeof *group);
  double *notches = malloc ((3 * gain->notch_count + 1) * sizeof *notches);
  float *filtered = malloc (w->width * w->height * plan->batch
                            * sizeof *filtered);
  fftcl_status status
    = group && notches && filtered
        ? apply_groups (plan, gain, w, out, strides, consume, group,
                        fftcl_plane_groups (gain, plan->batch, group),
                        notches, filtered, err)
        : fftcl_out_of_memory (err);
  free (group);
  free (notches);
  free (filtered);
  return status;
}

/* Whether the gain's planes differ and the backend cannot tell them
 * apart. */
static int by_planes (const fftcl_plan *plan, const fftcl_gain *gain)
{
  return gain->notch_planes && gain->notch_count
         && !plan->backend->plane_notches;
}

/* The checked apply, plane by plane where the backend needs it. */
static fftcl_status apply_gain (fftcl_plan *plan, const fftcl_gain *gain,
                                const fftcl_window *window, float *out,
                                const fftcl_strides *strides, int consume,
                                fftcl_error *err)
{
  if (by_planes (plan, gain))
    return apply_by_planes (plan, gain, window, out, strides, consume, err);
  return apply_checked (plan, gain, window, out, strides, consume, err);
}

fftcl_status fftcl_filter_apply (fftcl_plan *plan, const fftcl_gain *gain,
                                 const fftcl_window *window, float *out,
                                 unsigned flags, fftcl_error *err)
{
  fftcl_window whole;
  fftcl_strides strides;
  fftcl_status status
    = check_output (plan, gain, &window, &whole, out, &strides, err);
  if (status == FFTCL_OK && (flags & ~(unsigned) FFTCL_CONSUME))
    status = fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                         "fftcl: unknown apply flags 0x%x", flags);
  if (status == FFTCL_OK)
    status = check_loaded (plan, "fftcl_filter_apply", err);
  if (status != FFTCL_OK)
    return status;
  return apply_gain (plan, gain, window, out, &strides,
                     (flags & FFTCL_CONSUME) != 0, err);
}

/* The backend's one pass where it has one (planes as laid out in, the
 * window as laid out out), else a load and a consuming apply. */
static fftcl_status filter_planes_once (fftcl_plan *plan, const call *c,
                                        const float *planes,
                                        const fftcl_strides *layout,
                                        fftcl_error *err)
{
  const fftcl_backend *b = plan->backend;
  if (!b->filter_once)
    {
      fftcl_status status = b->filter_load (plan->state, planes, layout,
                                            c->timings, err);
      return status == FFTCL_OK ? run_consume (plan, c, err) : status;
    }
  const fftcl_input in = { planes, layout, NULL };
  return b->filter_once (plan->state, c->gain, &in, c->window, c->data, c->out,
                         c->timings, err);
}

/* A once of rows on a backend with no one pass of its own for them (the
 * CPU, or a plan of the doubled size): the rows packed by the backend
 * and loaded, or made into planes first. */
static fftcl_status once_of_rows (fftcl_plan *plan, const call *c,
                                  fftcl_error *err);

static fftcl_status run_once (fftcl_plan *plan, const call *c,
                              fftcl_error *err)
{
  const fftcl_backend *b = plan->backend;
  if (c->rows && b->filter_once && !plan->expanded)
    {
      const fftcl_input in = { NULL, NULL, c->rows };
      return b->filter_once (plan->state, c->gain, &in, c->window, c->data,
                             c->out, c->timings, err);
    }
  if (c->rows)
    return once_of_rows (plan, c, err);
  return fftcl_with_planes (plan, c, filter_planes_once,
                            b->filter_once || b->lays_out, err);
}

/* fftcl_filter_once of `in` as `in_strides` lay it out, its window and
 * output checked. The input stays the caller's, so a fallback simply
 * runs again. */
static fftcl_status once_laid_out (fftcl_plan *plan, const fftcl_gain *gain,
                                   const float *in,
                                   const fftcl_strides *in_strides,
                                   const fftcl_window *window, float *out,
                                   const fftcl_strides *out_strides,
                                   fftcl_error *err)
{
  if (by_planes (plan, gain))
    {
      fftcl_status status = load_laid_out (plan, in, in_strides, err);
      return status == FFTCL_OK ? apply_by_planes (plan, gain, window, out,
                                                   out_strides, 1, err)
                                : status;
    }
  plan->spectrum_loaded = 0;
  const call c = { .gain = gain, .input = in, .in = in_strides,
                   .window = window, .data = out, .out = out_strides,
                   .timings = fftcl_plan_step_timings (plan) };
  return fftcl_with_fallback (plan, run_once, NULL, &c, err);
}

/* Whether the backend packs the rows itself: its plan is the caller's
 * planes' size (not a mirrored plan's doubled one). */
static int packs_rows (const fftcl_plan *plan)
{
  return plan->backend->filter_load_rows && !plan->expanded;
}

static fftcl_status run_load_rows (fftcl_plan *plan, const call *c,
                                   fftcl_error *err)
{
  return plan->backend->filter_load_rows (plan->state, c->rows, c->timings,
                                          err);
}

/* On a backend that packs rows itself (the CPU, and OpenCL straight into
 * its staging slots), its load; else the planes made and loaded. */
static fftcl_status load_rows (fftcl_plan *plan, const fftcl_source *rows,
                               fftcl_error *err)
{
  if (packs_rows (plan))
    {
      plan->spectrum_loaded = 0;
      const call c = { .rows = rows,
                       .timings = fftcl_plan_step_timings (plan) };
      fftcl_status status
        = fftcl_with_fallback (plan, run_load_rows, NULL, &c, err);
      plan->spectrum_loaded = status == FFTCL_OK;
      return status;
    }
  const fftcl_strides side = fftcl_side_by_side (plan->width, plan->height);
  float *planes = fftcl_planes_of_rows (plan, rows);
  fftcl_status status = planes ? load_laid_out (plan, planes, &side, err)
                               : fftcl_out_of_memory (err);
  free (planes);
  return status;
}

/* A load of the rows and a consuming apply, the load's steps kept in the
 * timings beside the apply's. */
static fftcl_status load_and_consume (fftcl_plan *plan,
                                      const fftcl_gain *gain,
                                      const fftcl_source *rows,
                                      const fftcl_window *window, float *out,
                                      const fftcl_strides *out_strides,
                                      fftcl_error *err)
{
  fftcl_status status = load_rows (plan, rows, err);
  fftcl_timings loaded = plan->timings;
  if (status == FFTCL_OK)
    status = apply_gain (plan, gain, window, out, out_strides, 1, err);
  if (plan->timed)
    {
      plan->timings.upload_ms = loaded.upload_ms;
      plan->timings.forward_ms = loaded.forward_ms;
    }
  return status;
}

static fftcl_status once_of_rows (fftcl_plan *plan, const call *c,
                                  fftcl_error *err)
{
  if (packs_rows (plan))
    return load_and_consume (plan, c->gain, c->rows, c->window, c->data,
                             c->out, err);
  float *planes = fftcl_planes_of_rows (plan, c->rows);
  const fftcl_strides side = fftcl_side_by_side (plan->width, plan->height);
  fftcl_status status = planes ? once_laid_out (plan, c->gain, planes, &side,
                                                c->window, c->data, c->out,
                                                err)
                               : fftcl_out_of_memory (err);
  free (planes);
  return status;
}

/* fftcl_filter_once of rows, its window and output checked: straight
 * from the rows where the backend has a one pass for them, as a fallback
 * redoes it (the rows stay the caller's). */
static fftcl_status once_rows (fftcl_plan *plan, const fftcl_gain *gain,
                               const fftcl_source *rows,
                               const fftcl_window *window, float *out,
                               const fftcl_strides *out_strides,
                               fftcl_error *err)
{
  const call c = { .gain = gain, .rows = rows, .window = window,
                   .data = out, .out = out_strides,
                   .timings = fftcl_plan_step_timings (plan) };
  if (by_planes (plan, gain) || !plan->backend->filter_once
      || plan->expanded)
    return once_of_rows (plan, &c, err);
  plan->spectrum_loaded = 0;
  return fftcl_with_fallback (plan, run_once, NULL, &c, err);
}

fftcl_status fftcl_filter_load (fftcl_plan *plan, const fftcl_source *in,
                                fftcl_error *err)
{
  fftcl_strides strides;
  fftcl_status status = fftcl_check_source (plan, in, err);
  if (status == FFTCL_OK && !in->fill)
    status = input_strides (plan, &strides, err);
  if (status != FFTCL_OK)
    return status;
  plan->source = *in;
  return in->fill ? load_rows (plan, in, err)
                  : load_laid_out (plan, in->planes, &strides, err);
}

fftcl_status fftcl_filter_once (fftcl_plan *plan, const fftcl_gain *gain,
                                const fftcl_source *in,
                                const fftcl_window *window, float *out,
                                fftcl_error *err)
{
  fftcl_window whole;
  fftcl_strides in_strides, out_strides;
  fftcl_status status = fftcl_check_source (plan, in, err);
  if (status == FFTCL_OK)
    status = check_output (plan, gain, &window, &whole, out, &out_strides,
                           err);
  if (status == FFTCL_OK && !in->fill)
    status = input_strides (plan, &in_strides, err);
  if (status != FFTCL_OK)
    return status;
  plan->source = *in;
  if (in->fill)
    return once_rows (plan, gain, in, window, out, &out_strides, err);
  return once_laid_out (plan, gain, in->planes, &in_strides, window, out,
                        &out_strides, err);
}

static fftcl_status run_spectrum (fftcl_plan *plan, const call *c,
                                  fftcl_error *err)
{
  return plan->backend->filter_spectrum (plan->state, c->out_width,
                                         c->out_height, c->data, err);
}

fftcl_status fftcl_filter_spectrum (fftcl_plan *plan, size_t out_width,
                                    size_t out_height, float *out,
                                    fftcl_error *err)
{
  fftcl_status status = fftcl_check_call (plan, out, err);
  if (status != FFTCL_OK)
    return status;
  size_t grid = plan->mirrored ? 2 : 1;
  if (!fftcl_is_power_of_two (out_width) || !fftcl_is_power_of_two (out_height)
      || out_width > grid * plan->width || out_height > grid * plan->height)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: a spectrum view of %zu×%zu is not powers of "
                       "two up to the filter's grid of %zu×%zu",
                       out_width, out_height, grid * plan->width,
                       grid * plan->height);
  status = check_loaded (plan, "fftcl_filter_spectrum", err);
  if (status != FFTCL_OK)
    return status;
  const call c
    = { .out_width = out_width, .out_height = out_height, .data = out };
  return fftcl_with_fallback (plan, run_spectrum, reload, &c, err);
}

fftcl_status fftcl_filter_timings (const fftcl_plan *plan,
                                   fftcl_timings *out, fftcl_error *err)
{
  if (!plan || !out)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT, "fftcl: plan or out is NULL");
  if (!plan->timed)
    return fftcl_fail (err, FFTCL_ERROR_ARGUMENT,
                       "fftcl: the plan keeps no timings: make it with "
                       "FFTCL_TIMINGS");
  *out = plan->timings;
  return FFTCL_OK;
}
