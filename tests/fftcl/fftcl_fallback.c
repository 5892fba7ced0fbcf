/* SPDX-License-Identifier: GPL-3.0-or-later */
/* When the OpenCL device fails, a plan moves to the CPU and its calls still
 * give the right result. Runs with tests/fftcl/opencl_fail_shim.c preloaded,
 * which makes chosen OpenCL calls fail. */
#include "check.h"
#include "fftcl-filter.h"
#include "fftcl_oracle.h"

#include <dlfcn.h>
#include <string.h>

enum { SKIPPED = 77 };

typedef void (*arm_function) (const char *name, long calls);
static arm_function arm;

static const fftcl_gain gain = {
  .large_period = 20, .small_period = 3, .shape = FFTCL_SHAPE_GAUSSIAN,
  .order = 2, .keep_mean = 1 };

/* What a filter plan reads and writes: planes side by side, the same
 * mirrored, the planes as the first channels of RGBA pixels, or planes
 * side by side read row by row through a source's fill. */
typedef enum { SIDE_BY_SIDE, MIRRORED, RGBA_PIXELS, ROWS } plan_kind;
enum { CHANNELS = 4 };

static fftcl_status plan_of (fftcl_context *ctx, size_t width,
                             size_t height, size_t batch, plan_kind kind,
                             fftcl_plan **plan, fftcl_error *err)
{
  const fftcl_layout pixels = { CHANNELS, 1 }, planes = { 0, 0 };
  const fftcl_layout layout = kind == RGBA_PIXELS ? pixels : planes;
  const fftcl_plan_desc desc = {
    .width = width, .height = height, .batch = batch, .in = layout,
    .out = layout, .flags = kind == MIRRORED ? FFTCL_MIRRORED : 0 };
  return fftcl_plan_create (ctx, &desc, plan, err);
}

/* Planes side by side, given row by row as a source's fill gives them. */
typedef struct {
  const float *planes;
  size_t width, height;
} planes_rows;

static void copy_row (const void *job, size_t plane, size_t y, float *row,
                      float *scratch)
{
  const planes_rows *r = job;
  (void) scratch;
  memcpy (row, r->planes + (plane * r->height + y) * r->width,
          r->width * sizeof *row);
}

static void disarm (void)
{
  static const char *names[]
    = { "clEnqueueNDRangeKernel", "clCreateBuffer", "clBuildProgram",
        "clFinish", "clEnqueueReadBufferRect" };
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    arm (names[i], -1);
}

/* A forward transform of three planes, with `name` failing after `calls`
 * calls from plan creation on (`at_create`) or from the transform on. */
static void check_transform (fftcl_context *ctx, size_t width, size_t height,
                             const char *name, long calls, int at_create)
{
  size_t batch = 3, n = 2 * width * height * batch;
  float *data = random_floats (n);
  double *want = fftw_forward_of (data, width, height, batch);
  fftcl_plan *plan = NULL;
  fftcl_error err = { 0 };
  if (at_create)
    arm (name, calls);
  fftcl_status status
    = plan_of (ctx, width, height, batch, SIDE_BY_SIDE, &plan, &err);
  if (!at_create)
    arm (name, calls);
  if (status == FFTCL_OK)
    status = fftcl_transform (plan, FFTCL_FORWARD, data, &err);
  disarm ();
  double e = status == FFTCL_OK ? relative_rms (data, want, n) : INFINITY;
  const char *reason = fftcl_plan_fallback_reason (plan);
  check (e <= 2.5e-7 && reason, "transform %zux%zu, %s fails after %ld%s: "
         "rel rms %.2e, fell back because: %s %s", width, height, name, calls,
         at_create ? " from plan creation" : "", e, reason ? reason : "(no)",
         status == FFTCL_OK ? "" : err.message);
  fftcl_plan_destroy (plan);
  free (data);
  free (want);
}

/* A CPU plan of the planes, loaded, which fftcl-accuracy and
 * fftcl-window check. */
static fftcl_plan *cpu_loaded (fftcl_context **cpu, const float *planes,
                               size_t width, size_t height, size_t batch,
                               int mirrored)
{
  fftcl_plan *plan = NULL;
  if (fftcl_context_create ("cpu", cpu, NULL) == FFTCL_OK
      && plan_of (*cpu, width, height, batch,
                  mirrored ? MIRRORED : SIDE_BY_SIDE, &plan, NULL)
           == FFTCL_OK)
    fftcl_filter_load (plan, FFTCL_PLANES (planes), NULL);
  return plan;
}

/* `window` of the filtered planes on the CPU backend. */
static float *cpu_filtered (const float *planes, size_t width, size_t height,
                            size_t batch, const fftcl_window *window,
                            int mirrored)
{
  float *out = calloc (window->width * window->height * batch, sizeof *out);
  fftcl_context *cpu = NULL;
  fftcl_plan *plan
    = cpu_loaded (&cpu, planes, width, height, batch, mirrored);
  fftcl_filter_apply (plan, &gain, window, out, 0, NULL);
  fftcl_plan_destroy (plan);
  fftcl_context_destroy (cpu);
  return out;
}

/* The spectrum view of the planes on the CPU backend. */
static float *cpu_spectrum (const float *planes, size_t width, size_t height,
                            size_t batch, size_t cells_x, size_t cells_y)
{
  float *out = calloc (cells_x * cells_y, sizeof *out);
  fftcl_context *cpu = NULL;
  fftcl_plan *plan = cpu_loaded (&cpu, planes, width, height, batch, 0);
  fftcl_filter_spectrum (plan, cells_x, cells_y, out, NULL);
  fftcl_plan_destroy (plan);
  fftcl_context_destroy (cpu);
  return out;
}

static double rms_against (const float *got, const float *want, size_t n)
{
  double *wide = widened (want, n);
  double e = relative_rms (got, wide, n);
  free (wide);
  return e;
}

/* The failing call: a load, an apply, or fftcl_filter_once (which then
 * replaces both). */
typedef enum { FAIL_IN_LOAD, FAIL_IN_APPLY, FAIL_IN_FILTER } failing_call;

/* The window (NULL: the whole planes) into `out`: not over the loaded
 * planes, which a redo on the CPU reads again (fftcl_source's rule). */
static fftcl_status apply (fftcl_plan *plan, const fftcl_window *window,
                           float *out, fftcl_error *err)
{
  return fftcl_filter_apply (plan, &gain, window, out, 0, err);
}

/* `area` values of each of `batch` planes side by side, as the first
 * channels of RGBA pixels; alpha 1. */
static float *as_pixels (const float *planes, size_t area, size_t batch)
{
  float *pixels = malloc (area * CHANNELS * sizeof *pixels);
  for (size_t i = 0; i < area; i++)
    for (size_t c = 0; c < CHANNELS; c++)
      pixels[i * CHANNELS + c] = c < batch ? planes[c * area + i] : 1;
  return pixels;
}

/* The relative RMS error of `got`, `area` values of `batch` planes as
 * `kind` lays them out, against the same planes side by side. */
static double error_of (const float *got, plan_kind kind, size_t area,
                        size_t batch, const float *want)
{
  size_t n = area * batch;
  float *planes = malloc (n * sizeof *planes);
  for (size_t c = 0; c < batch; c++)
    for (size_t i = 0; i < area; i++)
      planes[c * area + i]
        = kind == RGBA_PIXELS ? got[i * CHANNELS + c] : got[c * area + i];
  double e = rms_against (planes, want, n);
  free (planes);
  return e;
}

static const char *kind_name (plan_kind kind)
{
  return kind == MIRRORED      ? " mirrored"
         : kind == RGBA_PIXELS ? " of RGBA pixels"
         : kind == ROWS        ? " from rows"
                               : "";
}

/* A filter plan of 3 planes, the call in which `name` fails after
 * `calls` calls, and the window it delivers (NULL: the whole planes). */
typedef struct {
  size_t width, height;
  const fftcl_window *window;
  const char *name;
  long calls;
  failing_call when;
  plan_kind kind;
} filter_case;

/* Load and apply twice, with `name` failing after `calls` calls from the
 * start of the failing call. A mirrored plan, which OpenCL runs at the
 * doubled size, moves to the CPU's own mirrored plan; a plan of pixels
 * keeps reading and writing pixels on the CPU. */
static void check_filter (fftcl_context *ctx, const filter_case *c)
{
  size_t width = c->width, height = c->height;
  const fftcl_window *window = c->window;
  failing_call when = c->when;
  plan_kind kind = c->kind;
  size_t batch = 3, area = width * height;
  const fftcl_window whole = { 0, 0, width, height, 1 };
  const fftcl_window *w = window ? window : &whole;
  size_t out_area = w->width * w->height;
  size_t channels = kind == RGBA_PIXELS ? CHANNELS : batch;
  fftcl_plan *plan;
  fftcl_error err = { 0 };
  fftcl_status status = plan_of (ctx, width, height, batch, kind, &plan,
                                 &err);
  if (status != FFTCL_OK)
    {
      check (0, "filter plan: %s", err.message);
      return;
    }
  float *planes = random_floats (area * batch);
  float *in = kind == RGBA_PIXELS ? as_pixels (planes, area, batch) : planes;
  float *out = malloc (out_area * channels * sizeof *out);
  float *want = cpu_filtered (planes, width, height, batch, w,
                              kind == MIRRORED);
  const planes_rows rows = { planes, width, height };
  const fftcl_source from_rows = { .fill = copy_row, .job = &rows };
  const fftcl_source *source = kind == ROWS ? &from_rows : FFTCL_PLANES (in);
  if (when != FAIL_IN_APPLY)
    arm (c->name, c->calls);
  if (when != FAIL_IN_FILTER)
    status = fftcl_filter_load (plan, source, &err);
  if (when == FAIL_IN_APPLY)
    arm (c->name, c->calls);
  double e[2] = { INFINITY, INFINITY };
  for (int pass = 0; pass < 2 && status == FFTCL_OK; pass++)
    {
      status
        = when == FAIL_IN_FILTER
            ? fftcl_filter_once (plan, &gain, source, w, out, &err)
            : apply (plan, window, out, &err);
      e[pass] = status == FFTCL_OK
                  ? error_of (out, kind, out_area, batch, want)
                  : INFINITY;
    }
  disarm ();
  const char *reason = fftcl_plan_fallback_reason (plan);
  check (e[0] <= 1e-6 && e[1] <= 1e-6 && reason,
         "filter %zux%zu%s, window %zux%zu at (%zu, %zu) step %zu, %s fails "
         "after %ld in %s: rel rms %.2e, %.2e against the CPU, fell back "
         "because: %s %s",
         width, height, kind_name (kind), w->width, w->height,
         w->x, w->y, w->step, c->name, c->calls,
         when == FAIL_IN_LOAD    ? "load"
         : when == FAIL_IN_APPLY ? "apply"
                                 : "fftcl_filter_once",
         e[0], e[1],
         reason ? reason : "(no)", status == FFTCL_OK ? "" : err.message);
  fftcl_plan_destroy (plan);
  if (in != planes)
    free (in);
  free (planes);
  free (out);
  free (want);
}

static void check_filters (fftcl_context *ctx)
{
  /* Windows of at most a quarter plane are averaged on the device, larger
   * ones read row by row. */
  static const fftcl_window small = { 7, 5, 30, 15, 3 };
  static const fftcl_window large = { 3, 1, 100, 60, 1 };
  static const fftcl_window quarter = { 3, 2, 18, 9, 3 };
  static const char *const kernel = "clEnqueueNDRangeKernel";
  const filter_case cases[] = {
    { 128, 64, NULL, kernel, 2, FAIL_IN_LOAD, SIDE_BY_SIDE },
    { 128, 64, NULL, kernel, 1, FAIL_IN_APPLY, SIDE_BY_SIDE },
    { 256, 256, NULL, "clFinish", 0, FAIL_IN_APPLY, SIDE_BY_SIDE },
    { 128, 64, &small, kernel, 2, FAIL_IN_LOAD, SIDE_BY_SIDE },
    { 128, 64, &small, kernel, 1, FAIL_IN_APPLY, SIDE_BY_SIDE },
    { 128, 64, &small, "clCreateBuffer", 1, FAIL_IN_APPLY, SIDE_BY_SIDE },
    { 128, 64, &large, "clEnqueueReadBufferRect", 1, FAIL_IN_APPLY,
      SIDE_BY_SIDE },
    { 128, 64, &large, "clFinish", 0, FAIL_IN_APPLY, SIDE_BY_SIDE },
    { 64, 32, NULL, kernel, 2, FAIL_IN_LOAD, MIRRORED },
    { 64, 32, &quarter, kernel, 1, FAIL_IN_APPLY, MIRRORED },
    { 128, 64, NULL, kernel, 3, FAIL_IN_FILTER, SIDE_BY_SIDE },
    { 64, 32, &quarter, kernel, 2, FAIL_IN_FILTER, MIRRORED },
    { 128, 64, NULL, kernel, 1, FAIL_IN_LOAD, RGBA_PIXELS },
    { 128, 64, &small, kernel, 0, FAIL_IN_APPLY, RGBA_PIXELS },
    { 128, 64, &large, "clFinish", 0, FAIL_IN_APPLY, RGBA_PIXELS },
    { 128, 64, &small, kernel, 1, FAIL_IN_FILTER, RGBA_PIXELS },
    { 128, 64, NULL, kernel, 2, FAIL_IN_LOAD, ROWS },
    { 128, 64, &small, kernel, 1, FAIL_IN_APPLY, ROWS },
    { 128, 64, &large, kernel, 3, FAIL_IN_FILTER, ROWS },
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
    check_filter (ctx, &cases[i]);
}

/* The plug-in's final run: a load, then its last apply (FFTCL_CONSUME)
 * writing the whole planes over what it loaded, from rows or from the
 * planes, with `name` failing after `calls` calls from the apply's start,
 * before the window comes back (fftcl_source's rule). */
static void check_in_place (fftcl_context *ctx, plan_kind kind,
                            const char *name, long calls)
{
  size_t width = 128, height = 64, batch = 3, n = width * height * batch;
  const fftcl_window whole = { 0, 0, width, height, 1 };
  float *planes = random_floats (n);
  float *want = cpu_filtered (planes, width, height, batch, &whole, 0);
  const planes_rows rows = { planes, width, height };
  const fftcl_source from_rows = { .fill = copy_row, .job = &rows };
  fftcl_plan *plan = NULL;
  fftcl_error err = { 0 };
  fftcl_status status
    = plan_of (ctx, width, height, batch, SIDE_BY_SIDE, &plan, &err);
  if (status == FFTCL_OK)
    status = fftcl_filter_load (
      plan, kind == ROWS ? &from_rows : FFTCL_PLANES (planes), &err);
  arm (name, calls);
  if (status == FFTCL_OK)
    status = fftcl_filter_apply (plan, &gain, NULL, planes, FFTCL_CONSUME,
                                 &err);
  disarm ();
  double e = status == FFTCL_OK ? rms_against (planes, want, n) : INFINITY;
  const char *reason = fftcl_plan_fallback_reason (plan);
  check (e <= 1e-6 && reason,
         "last apply over the loaded planes%s, %s fails after %ld: rel rms "
         "%.2e against the CPU, fell back because: %s %s",
         kind_name (kind), name, calls, e, reason ? reason : "(no)",
         status == FFTCL_OK ? "" : err.message);
  fftcl_plan_destroy (plan);
  free (planes);
  free (want);
}

/* The spectrum view with `name` failing after `calls` calls from its
 * start, then a window from the same plan, now on the CPU. */
static void check_spectrum (fftcl_context *ctx, size_t width, size_t height,
                            const char *name, long calls)
{
  size_t batch = 3, cells_x = 32, cells_y = 16;
  size_t cells = cells_x * cells_y;
  const fftcl_window window = { 5, 3, 20, 10, 3 };
  size_t out_n = window.width * window.height * batch;
  float *planes = random_floats (width * height * batch);
  float *want = cpu_spectrum (planes, width, height, batch, cells_x, cells_y);
  float *want_window = cpu_filtered (planes, width, height, batch, &window, 0);
  float *view = malloc (cells * sizeof *view);
  float *out = malloc (out_n * sizeof *out);
  fftcl_plan *plan = NULL;
  fftcl_error err = { 0 };
  fftcl_status status
    = plan_of (ctx, width, height, batch, SIDE_BY_SIDE, &plan, &err);
  if (status == FFTCL_OK)
    status = fftcl_filter_load (plan, FFTCL_PLANES (planes), &err);
  arm (name, calls);
  if (status == FFTCL_OK)
    status = fftcl_filter_spectrum (plan, cells_x, cells_y, view, &err);
  disarm ();
  double e = status == FFTCL_OK ? rms_against (view, want, cells) : INFINITY;
  if (status == FFTCL_OK)
    status = apply (plan, &window, out, &err);
  double e_window = status == FFTCL_OK
                      ? rms_against (out, want_window, out_n)
                      : INFINITY;
  const char *reason = fftcl_plan_fallback_reason (plan);
  check (e <= 1e-6 && e_window <= 1e-6 && reason,
         "spectrum view %zux%zu, %s fails after %ld: rel rms %.2e against "
         "the CPU, a window after it %.2e, fell back because: %s %s",
         width, height, name, calls, e, e_window, reason ? reason : "(no)",
         status == FFTCL_OK ? "" : err.message);
  fftcl_plan_destroy (plan);
  free (planes);
  free (want);
  free (want_window);
  free (view);
  free (out);
}

static void check_healthy_plan (fftcl_context *ctx)
{
  fftcl_plan *plan;
  float data[2 * 16 * 8] = { 0 };
  int ok = plan_of (ctx, 16, 8, 1, SIDE_BY_SIDE, &plan, NULL) == FFTCL_OK
           && fftcl_transform (plan, FFTCL_FORWARD, data, NULL) == FFTCL_OK;
  check (ok && !fftcl_plan_fallback_reason (plan),
         "a plan whose device works does not fall back");
  fftcl_plan_destroy (plan);
}

int main (void)
{
  arm = (arm_function) dlsym (RTLD_DEFAULT, "opencl_fail_shim_arm");
  if (!check (arm != NULL, "opencl_fail_shim is preloaded (LD_PRELOAD)"))
    return check_finish ();
  fftcl_context *ctx;
  fftcl_error err = { 0 };
  if (!check (fftcl_context_create (NULL, &ctx, &err) == FFTCL_OK,
              "open device: %s", err.message))
    return check_finish ();
  if (fftcl_context_is_cpu (ctx))
    {
      printf ("# %s has no OpenCL to fail\n",
              fftcl_context_device_name (ctx));
      fftcl_context_destroy (ctx);
      return SKIPPED;
    }
  printf ("# device: %s\n", fftcl_context_device_name (ctx));
  check_healthy_plan (ctx);
  check_transform (ctx, 64, 32, "clEnqueueNDRangeKernel", 0, 0);
  check_transform (ctx, 256, 128, "clEnqueueNDRangeKernel", 3, 0);
  check_transform (ctx, 128, 64, "clFinish", 0, 0);
  check_transform (ctx, 32, 32, "clCreateBuffer", 1, 1);
  /* A size not built yet in this context, so its kernels compile now. */
  check_transform (ctx, 2048, 4, "clBuildProgram", 0, 1);
  check_filters (ctx);
  check_in_place (ctx, SIDE_BY_SIDE, "clEnqueueNDRangeKernel", 1);
  check_in_place (ctx, ROWS, "clEnqueueNDRangeKernel", 2);
  check_in_place (ctx, SIDE_BY_SIDE, "clCreateBuffer", 0);
  check_spectrum (ctx, 128, 64, "clEnqueueNDRangeKernel", 2);
  check_spectrum (ctx, 128, 64, "clCreateBuffer", 0);
  fftcl_context_destroy (ctx);
  fftw_cleanup ();
  return check_finish ();
}
