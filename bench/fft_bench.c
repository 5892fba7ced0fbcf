/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fftcl against VkFFT, clFFT and FFTW on one device, in one run.
 *
 *   fftcl-bench [SIZE...]      (default 512 1024 2048 4096 8192 16384)
 *   fftcl-bench notches        (what many notches cost)
 *
 * For each square size it prints `LIB SIZE median_ms GB/s rel_err` for a
 * 2-D complex forward transform in place, then the whole filter (forward,
 * mask, inverse) of an RGB image: fftcl's fused filter against VkFFT
 * forward + multiply kernel + inverse on the same packed planes, then the
 * ratios. GB/s counts one read and one write of the array per transform,
 * rel_err is the relative RMS error against FFTW in double. The device is
 * the one FFTCL_DEVICE names (as for fftcl); FFTW uses every core.
 * BENCH_FFTCL_ONLY=1 leaves the other libraries out, for quick tuning.
 * `notches` times fftcl's filter of a 12-megapixel RGB image (4096 × 3072)
 * on its padded 4096² planes, without notches and with 3000 random ones of
 * radius 0.001 … 0.01: its work on the device (fftcl_time_filter, the
 * gain set anew each run) and the whole fftcl_filter_once call, and
 * prints the ratios.
 * POCL_AFFINITY is 1 unless set. */
#include "bench_device.h"
#include "clock.h"
#include "fftcl-filter.h"
#include "host_link.h"
#include "peers.h"
#include "timing.h"

#include <fftw3.h>
#include <ftw.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Every library's timed runs follow untimed ones until the device has
 * settled: for WARM_UP_MS, within 1 … MAX_WARM_UP runs. A plan's first run
 * pays for one-off work (PoCL, for one, builds a kernel for its
 * work-group size then), and on an H200 after a single untimed run the
 * 512² and 1024² transforms took 10–20 % longer than after 300, fftcl's
 * more than VkFFT's (2026-11-24, three rounds each). */
enum { RUNS = 21, MAX_WARM_UP = 300 };
#define WARM_UP_MS 100.0

static int compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static double median (double *ms, size_t n)
{
  qsort (ms, n, sizeof *ms, compare_doubles);
  return ms[n / 2];
}

/* Runs what it times `runs` times, each run's milliseconds to ms[];
 * nonzero when it failed. */
typedef int (*timed_runs) (void *what, size_t runs, double *ms);

/* The median of RUNS timed runs after the warm-up; NAN on failure. */
static double settled_median (timed_runs run, void *what)
{
  double first, ms[RUNS];
  if (run (what, 1, &first))
    return NAN;
  size_t warm_up = first > 0 ? (size_t) (WARM_UP_MS / first) : MAX_WARM_UP;
  warm_up = warm_up < 1 ? 1 : warm_up > MAX_WARM_UP ? MAX_WARM_UP : warm_up;
  double *warm_ms = malloc (warm_up * sizeof *warm_ms);
  int failed = !warm_ms || run (what, warm_up, warm_ms) || run (what, RUNS, ms);
  free (warm_ms);
  return failed ? NAN : median (ms, RUNS);
}

static float *random_complex (size_t n)
{
  uint64_t state = 0x2545f4914f6cdd1du;
  float *data = malloc (2 * n * sizeof *data);
  for (size_t i = 0; i < 2 * n; i++)
    {
      state = state * 6364136223846793005u + 1442695040888963407u;
      data[i] = (float) ((double) (state >> 11) / 9007199254740992.0 - 0.5);
    }
  return data;
}

/* FFTW in double: the reference every library's error is measured against. */
static double *reference_forward (const float *data, size_t n)
{
  fftw_complex *ref = fftw_alloc_complex (n * n);
  for (size_t i = 0; i < n * n; i++)
    {
      ref[i][0] = data[2 * i];
      ref[i][1] = data[2 * i + 1];
    }
  fftw_plan_with_nthreads ((int) sysconf (_SC_NPROCESSORS_ONLN));
  fftw_plan p = fftw_plan_dft_2d ((int) n, (int) n, ref, ref, FFTW_FORWARD,
                                  FFTW_ESTIMATE);
  fftw_execute (p);
  fftw_destroy_plan (p);
  return (double *) ref;
}

static double relative_rms (const float *got, const double *want, size_t n)
{
  double diff = 0, norm = 0;
  for (size_t i = 0; i < 2 * n; i++)
    {
      diff += (got[i] - want[i]) * (got[i] - want[i]);
      norm += want[i] * want[i];
    }
  return sqrt (diff / norm);
}

static void report (const char *lib, size_t n, double ms, double err)
{
  double gbs = 2.0 * 8.0 * (double) n * (double) n / (ms * 1e6);
  if (err >= 0)
    printf ("%-8s %6zu %10.4f %9.1f %10.2e\n", lib, n, ms, gbs, err);
  else
    printf ("%-8s %6zu %10.4f %9.1f %10s\n", lib, n, ms, gbs, "-");
  fflush (stdout);
}

/* fftcl's timed calls, on a plan, with data (a transform) or planes and
 * the gain (a filter). */
typedef struct {
  fftcl_plan *plan;
  const float *data;
  const fftcl_gain *gain;
  fftcl_error err;
} fftcl_timed;

static int fftcl_runs (void *what, size_t runs, double *ms)
{
  fftcl_timed *t = what;
  fftcl_status status
    = t->gain ? fftcl_time_filter (t->plan, t->gain, t->data, runs, ms,
                                   &t->err)
              : fftcl_time_transform (t->plan, FFTCL_FORWARD, t->data, runs,
                                      ms, &t->err);
  return status != FFTCL_OK;
}

/* A plan of `batch` planes and the settled median of its timed calls;
 * NAN (and a line saying why) on failure, and a line when the plan fell
 * back to the CPU, whose times these then are. The plan is left in
 * t->plan. */
static double time_fftcl_calls (fftcl_context *ctx, size_t n, size_t batch,
                                fftcl_timed *t, const char *what)
{
  const fftcl_plan_desc desc = { .width = n, .height = n, .batch = batch };
  double ms = NAN;
  if (fftcl_plan_create (ctx, &desc, &t->plan, &t->err) == FFTCL_OK)
    ms = settled_median (fftcl_runs, t);
  if (isnan (ms))
    printf ("# %s %zu: %s\n", what, n, t->err.message);
  else if (fftcl_plan_fallback_reason (t->plan))
    printf ("# %s %zu ran on the CPU: %s\n", what, n,
            fftcl_plan_fallback_reason (t->plan));
  return ms;
}

static double time_fftcl (fftcl_context *ctx, size_t n, const float *data,
                          const double *ref)
{
  fftcl_timed timed = { NULL, data, NULL, { 0 } };
  double t = time_fftcl_calls (ctx, n, 1, &timed, "fftcl");
  fftcl_plan *plan = timed.plan;
  fftcl_error err;
  if (isnan (t))
    {
      fftcl_plan_destroy (plan);
      return NAN;
    }
  double rel = -1;
  if (ref)
    {
      float *out = malloc (2 * n * n * sizeof *out);
      memcpy (out, data, 2 * n * n * sizeof *out);
      if (fftcl_transform (plan, FFTCL_FORWARD, out, &err) == FFTCL_OK)
        rel = relative_rms (out, ref, n * n);
      free (out);
    }
  fftcl_plan_destroy (plan);
  report ("fftcl", n, t, rel);
  return t;
}

/* A peer's forward transforms, or, with a multiply kernel, a filter:
 * forward, the multiply over `items` values, inverse. */
typedef struct {
  peer *p;
  cl_command_queue queue;
  cl_kernel multiply;
  size_t items;
} peer_timed;

static int peer_runs (void *what, size_t runs, double *ms)
{
  peer_timed *t = what;
  for (size_t i = 0; i < runs; i++)
    {
      double start = fftcl_now_ms ();
      int failed = t->p->run (t->p, -1) != 0;
      if (!failed && t->multiply)
        failed = clEnqueueNDRangeKernel (t->queue, t->multiply, 1, NULL,
                                         &t->items, NULL, 0, NULL, NULL)
                   != CL_SUCCESS
                 || t->p->run (t->p, 1) != 0;
      if (failed)
        return 1;
      ms[i] = fftcl_now_ms () - start;
    }
  return 0;
}

/* A peer's line, or, when one of its runs failed, a comment saying so. */
static void report_peer (const char *lib, size_t n, double ms, double err)
{
  if (isnan (ms))
    printf ("# %s %zu: a run failed\n", lib, n);
  else
    report (lib, n, ms, err);
}

/* Times one peer; with ref, also checks its forward result. */
static double time_peer (const char *lib, peer *(*create) (const bench_device *, cl_mem, size_t, size_t, size_t),
                         const bench_device *dev, size_t n, const float *data,
                         const double *ref)
{
  size_t bytes = 8 * n * n;
  cl_int status;
  cl_mem buffer = clCreateBuffer (dev->context, CL_MEM_READ_WRITE, bytes, NULL,
                                  &status);
  if (status != CL_SUCCESS)
    {
      printf ("# %s %zu: no device memory (%d)\n", lib, n, status);
      return NAN;
    }
  clEnqueueWriteBuffer (dev->queue, buffer, CL_TRUE, 0, bytes, data, 0, NULL,
                        NULL);
  peer *p = create (dev, buffer, n, n, 1);
  double t = NAN;
  if (p)
    {
      double rel = -1;
      int failed = 0;
      if (ref)
        {
          float *out = malloc (bytes);
          failed = p->run (p, -1) != 0
                   || clEnqueueReadBuffer (dev->queue, buffer, CL_TRUE, 0,
                                           bytes, out, 0, NULL, NULL)
                        != CL_SUCCESS;
          if (!failed)
            rel = relative_rms (out, ref, n * n);
          free (out);
        }
      peer_timed timed = { p, dev->queue, NULL, 0 };
      if (!failed)
        t = settled_median (peer_runs, &timed);
      p->destroy (p);
      report_peer (lib, n, t, rel);
    }
  clReleaseMemObject (buffer);
  return t;
}

static double time_fftw (size_t n, const float *data, const double *ref)
{
  fftwf_plan_with_nthreads ((int) sysconf (_SC_NPROCESSORS_ONLN));
  fftwf_complex *buf = fftwf_alloc_complex (n * n);
  fftwf_set_timelimit (10.0);
  fftwf_plan p = fftwf_plan_dft_2d ((int) n, (int) n, buf, buf, FFTW_FORWARD,
                                    FFTW_MEASURE);
  memcpy (buf, data, 8 * n * n);
  fftwf_execute (p);
  double rel = ref ? relative_rms ((float *) buf, ref, n * n) : -1;
  int runs = n >= 4096 ? 5 : RUNS;
  double ms[RUNS];
  for (int i = 0; i < runs; i++)
    {
      double start = fftcl_now_ms ();
      fftwf_execute (p);
      ms[i] = fftcl_now_ms () - start;
    }
  fftwf_destroy_plan (p);
  fftwf_free (buf);
  double t = median (ms, (size_t) runs);
  report ("fftw", n, t, rel);
  return t;
}

static const fftcl_gain bench_gain = {
  .large_period = 40, .small_period = 3, .shape = FFTCL_SHAPE_GAUSSIAN,
  .order = 2, .reject = 0, .keep_mean = 1 };

/* The filter of `planes` real planes: 3 for an RGB image, 1 for a grey
 * one (or the lightness alone), which fftcl transforms as a complex plane
 * of half the width. */
static double time_fftcl_filter (fftcl_context *ctx, size_t n, size_t planes,
                                 const float *values, const char *label)
{
  fftcl_timed timed = { NULL, values, &bench_gain, { 0 } };
  double t = time_fftcl_calls (ctx, n, planes, &timed, label);
  fftcl_plan_destroy (timed.plan);
  if (!isnan (t))
    report (label, n, t, -1);
  return t;
}

static const char multiply_source[] =
  "__kernel void multiply (__global float2 *spectrum, __global const float *gain,\n"
  "                        uint area)\n"
  "{\n"
  "  size_t i = get_global_id (0);\n"
  "  spectrum[i] *= gain[i % area];\n"
  "}\n";

/* The straightforward VkFFT filter: the RGB image packed as two complex
 * planes (as fftcl packs it), a batched forward transform, a multiply
 * kernel with the gain precomputed on the host, a batched inverse. */
static double time_vkfft_filter (const bench_device *dev, size_t n,
                                 const float *rgb)
{
  size_t area = n * n;
  float *packed = calloc (4 * area, sizeof *packed);
  for (size_t i = 0; i < area; i++)
    {
      packed[2 * i] = rgb[i];
      packed[2 * i + 1] = rgb[area + i];
      packed[2 * area + 2 * i] = rgb[2 * area + i];
    }
  float *gain = malloc (area * sizeof *gain);
  for (size_t y = 0; y < n; y++)
    for (size_t x = 0; x < n; x++)
      {
        double fx = (2 * x < n ? (double) x : (double) x - n) / n;
        double fy = (2 * y < n ? (double) y : (double) y - n) / n;
        gain[y * n + x] = (float) (fftcl_gain_at (&bench_gain, n, n, fx, fy) / area);
      }
  /* Each step runs only when the ones before it succeeded. */
  cl_int status;
  cl_mem spectrum = clCreateBuffer (dev->context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR,
                                    16 * area, packed, &status);
  cl_mem gains = NULL;
  if (status == CL_SUCCESS)
    gains = clCreateBuffer (dev->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                            4 * area, gain, &status);
  free (packed);
  free (gain);
  const char *source = multiply_source;
  cl_program program = NULL;
  if (status == CL_SUCCESS)
    program = clCreateProgramWithSource (dev->context, 1, &source, NULL, &status);
  if (status == CL_SUCCESS)
    status = clBuildProgram (program, 1, &dev->device, "", NULL, NULL);
  cl_kernel multiply = NULL;
  if (status == CL_SUCCESS)
    multiply = clCreateKernel (program, "multiply", &status);
  cl_uint area32 = (cl_uint) area;
  if (status == CL_SUCCESS)
    status = clSetKernelArg (multiply, 0, sizeof spectrum, &spectrum);
  if (status == CL_SUCCESS)
    status = clSetKernelArg (multiply, 1, sizeof gains, &gains);
  if (status == CL_SUCCESS)
    status = clSetKernelArg (multiply, 2, sizeof area32, &area32);
  if (status != CL_SUCCESS)
    printf ("# filter:vkfft %zu: OpenCL error %d setting up\n", n, status);
  peer *p = status == CL_SUCCESS ? vkfft_peer_create (dev, spectrum, n, n, 2) : NULL;
  double t = NAN;
  if (p)
    {
      peer_timed timed = { p, dev->queue, multiply, 2 * area };
      t = settled_median (peer_runs, &timed);
      p->destroy (p);
      report_peer ("filter:vkfft", n, t, -1);
    }
  if (multiply)
    clReleaseKernel (multiply);
  if (program)
    clReleaseProgram (program);
  if (gains)
    clReleaseMemObject (gains);
  if (spectrum)
    clReleaseMemObject (spectrum);
  return t;
}

static void ratio (const char *what, double a, double b)
{
  if (isfinite (a) && isfinite (b))
    printf ("ratio  %-22s %8.3f\n", what, a / b);
}

/* The notch benchmark's filters: a plan of an RGB image's planes, the
 * planes, the gain and where the whole call writes. */
typedef struct {
  fftcl_plan *plan;
  const float *rgb;
  fftcl_gain gain;
  float *out;
  fftcl_error err;
} notched_filter;

/* The filter's work on the device, as fftcl_time_filter times it. */
static int device_runs (void *what, size_t runs, double *ms)
{
  notched_filter *f = what;
  return fftcl_time_filter (f->plan, &f->gain, f->rgb, runs, ms, &f->err)
         != FFTCL_OK;
}

/* The whole fftcl_filter_once call, transfers included: what a caller
 * waits for. */
static int call_runs (void *what, size_t runs, double *ms)
{
  notched_filter *f = what;
  for (size_t i = 0; i < runs; i++)
    {
      double start = fftcl_now_ms ();
      if (fftcl_filter_once (f->plan, &f->gain, FFTCL_PLANES (f->rgb), NULL,
                             f->out, &f->err)
          != FFTCL_OK)
        return 1;
      ms[i] = fftcl_now_ms () - start;
    }
  return 0;
}

/* The median of a few timed runs after one untimed: on PoCL a filter with
 * thousands of notches takes seconds. */
enum { NOTCH_RUNS = 3, NOTCH_COUNT = 3000, NOTCH_SIZE = 4096 };

static double notch_median (timed_runs run, notched_filter *f,
                            const char *what)
{
  double ms[NOTCH_RUNS], t = NAN;
  if (!run (f, 1, ms) && !run (f, NOTCH_RUNS, ms))
    t = median (ms, NOTCH_RUNS);
  if (isnan (t))
    printf ("# %s, %zu notches: %s\n", what, f->gain.notch_count,
            f->err.message);
  else
    printf ("filter:fftcl %-6s %5zu notches %10.3f ms\n", what,
            f->gain.notch_count, t);
  return t;
}

/* The filter with the first `count` of the notches, on the device and
 * as a whole call, into times[0] and times[1]. */
static void time_notched_filter (fftcl_context *ctx, const float *rgb,
                                 const double *notches, size_t count,
                                 double *times)
{
  notched_filter f = { .rgb = rgb, .gain = bench_gain };
  f.gain.notches = notches;
  f.gain.notch_count = count;
  const fftcl_plan_desc desc
    = { .width = NOTCH_SIZE, .height = NOTCH_SIZE, .batch = 3 };
  f.out = malloc ((size_t) 3 * NOTCH_SIZE * NOTCH_SIZE * sizeof *f.out);
  times[0] = times[1] = NAN;
  if (fftcl_plan_create (ctx, &desc, &f.plan, &f.err) == FFTCL_OK)
    {
      times[0] = notch_median (device_runs, &f, "device");
      times[1] = notch_median (call_runs, &f, "call");
    }
  else
    printf ("# notches: %s\n", f.err.message);
  fftcl_plan_destroy (f.plan);
  free (f.out);
}

static int bench_notches (void)
{
  fftcl_context *ctx;
  fftcl_error err;
  if (fftcl_context_create (NULL, &ctx, &err) != FFTCL_OK)
    {
      fprintf (stderr, "fftcl-bench: %s\n", err.message);
      return 1;
    }
  printf ("# device: %s; RGB filter on %d² planes, median of %d runs\n",
          fftcl_context_device_name (ctx), NOTCH_SIZE, NOTCH_RUNS);
  double *notches = malloc (3 * NOTCH_COUNT * sizeof *notches);
  float *uniform = random_complex (3 * NOTCH_COUNT / 2);
  for (size_t i = 0; i < 3 * NOTCH_COUNT; i += 3)
    {
      notches[i] = uniform[i];
      notches[i + 1] = uniform[i + 1];
      notches[i + 2] = 0.001 + 0.009 * (uniform[i + 2] + 0.5);
    }
  float *rgb = random_complex ((size_t) 3 * NOTCH_SIZE * NOTCH_SIZE / 2);
  double none[2], many[2];
  time_notched_filter (ctx, rgb, notches, 0, none);
  time_notched_filter (ctx, rgb, notches, NOTCH_COUNT, many);
  ratio ("device: 3000 notches / none", many[0], none[0]);
  ratio ("call: 3000 notches / none", many[1], none[1]);
  free (rgb);
  free (uniform);
  free (notches);
  fftcl_context_destroy (ctx);
  return 0;
}

/* Opening the device and planning an n² transform: the ms of each. */
static void time_first_plan (size_t n, double *open_ms, double *plan_ms)
{
  const fftcl_plan_desc desc = { .width = n, .height = n, .batch = 1 };
  fftcl_context *ctx = NULL;
  fftcl_plan *plan = NULL;
  double start = fftcl_now_ms ();
  int opened = fftcl_context_create (NULL, &ctx, NULL) == FFTCL_OK;
  double planning = fftcl_now_ms ();
  if (opened)
    fftcl_plan_create (ctx, &desc, &plan, NULL);
  *open_ms = planning - start;
  *plan_ms = fftcl_now_ms () - planning;
  fftcl_plan_destroy (plan);
  fftcl_context_destroy (ctx);
}

static int remove_entry (const char *path, const struct stat *s, int type,
                         struct FTW *f)
{
  (void) s, (void) type, (void) f;
  return remove (path);
}

/* The first process on a device compiles the kernels; later ones load
 * them from the binary cache. Timed in a fresh cache folder of its own. */
static void report_compile_time (size_t n)
{
  char folder[] = "/tmp/fftcl-bench-cache-XXXXXX";
  const char *old = getenv ("XDG_CACHE_HOME");
  char *saved = old ? strdup (old) : NULL;
  if (!mkdtemp (folder))
    return;
  setenv ("XDG_CACHE_HOME", folder, 1);
  double open[2], plan[2];
  time_first_plan (n, &open[0], &plan[0]);
  time_first_plan (n, &open[1], &plan[1]);
  printf ("# first %zu² plan on this device: compiled %.0f ms (open %.0f + "
          "plan %.0f), from the binary cache %.1f ms (open again %.0f + plan "
          "%.1f; in a new process the open also pays the driver's own start)\n",
          n, open[0] + plan[0], open[0], plan[0], open[1] + plan[1], open[1],
          plan[1]);
  if (saved)
    setenv ("XDG_CACHE_HOME", saved, 1);
  else
    unsetenv ("XDG_CACHE_HOME");
  free (saved);
  nftw (folder, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

/* fftcl's upload and download in a filter_once of n² RGB planes (its
 * step timings, median of 5 calls) beside the host link's own speeds for
 * the same bytes. */
static void report_host_link (fftcl_context *ctx, const bench_device *dev,
                              size_t n)
{
  enum { CALLS = 5 };
  size_t bytes = 3 * n * n * sizeof (float);
  host_link_speeds link;
  if (host_link_measure (dev, bytes, CALLS, &link) != 0)
    return;
  const fftcl_plan_desc desc
    = { .width = n, .height = n, .batch = 3, .flags = FFTCL_TIMINGS };
  const fftcl_window whole = { 0, 0, n, n, 1 };
  fftcl_plan *plan = NULL;
  fftcl_error err = { 0 };
  float *planes = random_complex (3 * n * n / 2 + 1);
  float *out = malloc (bytes);
  double up[CALLS], down[CALLS];
  int ok = planes && out
           && fftcl_plan_create (ctx, &desc, &plan, &err) == FFTCL_OK;
  for (size_t i = 0; i < CALLS && ok; i++)
    {
      fftcl_timings t = { 0 };
      ok = fftcl_filter_once (plan, &bench_gain, FFTCL_PLANES (planes),
                              &whole, out, &err) == FFTCL_OK
           && fftcl_filter_timings (plan, &t, &err) == FFTCL_OK;
      up[i] = host_link_gib_s (bytes, t.upload_ms);
      down[i] = host_link_gib_s (bytes, t.download_ms);
    }
  if (ok)
    {
      double u = median (up, CALLS), d = median (down, CALLS);
      printf ("# host link, %.1f MiB, the fastest of 5: page-locked write %.1f, "
              "read %.1f GiB/s; "
              "pageable write %.1f, read %.1f GiB/s; fftcl's once of %zu² "
              "RGB: upload %.1f GiB/s (%.0f %% of page-locked), download "
              "%.1f GiB/s (%.0f %%)\n",
              bytes / 1048576.0, link.pinned_write, link.pinned_read,
              link.pageable_write, link.pageable_read, n, u,
              100 * u / link.pinned_write, d, 100 * d / link.pinned_read);
    }
  else
    fprintf (stderr, "fftcl-bench: %s\n", planes && out ? err.message
                                                         : "out of memory");
  fftcl_plan_destroy (plan);
  free (planes);
  free (out);
}

int main (int argc, char **argv)
{
  /* PoCL's worker threads pinned to cores, unless the caller says
   * otherwise; every library runs on the same runtime. Unpinned, fftcl's
   * 512² transform on the 2-core machine took 2.8 ms in some processes
   * and 3.6–5.2 ms in others (5 fast runs of 16); pinned, 2.65–2.99 ms in
   * 16 of 16. */
  setenv ("POCL_AFFINITY", "1", 0);
  bench_device_pin ();
  if (argc == 2 && strcmp (argv[1], "notches") == 0)
    return bench_notches ();
  static const size_t default_sizes[] = { 512, 1024, 2048, 4096, 8192, 16384 };
  size_t count = argc > 1 ? (size_t) argc - 1 : 6;
  size_t sizes[64];
  for (size_t i = 0; i < count && i < 64; i++)
    sizes[i] = argc > 1 ? strtoul (argv[i + 1], NULL, 10) : default_sizes[i];
  size_t check_limit = getenv ("BENCH_CHECK_MAX")
                         ? strtoul (getenv ("BENCH_CHECK_MAX"), NULL, 10) : 4096;
  int peers = !getenv ("BENCH_FFTCL_ONLY");

  fftcl_context *ctx;
  fftcl_error err;
  bench_device dev;
  if (fftcl_context_create (NULL, &ctx, &err) != FFTCL_OK)
    {
      fprintf (stderr, "fftcl-bench: %s\n", err.message);
      return 1;
    }
  if (bench_device_open (fftcl_forced_device (), &dev) != 0)
    return 1;
  fftw_init_threads ();
  fftwf_init_threads ();
  printf ("# device: %s; FFTW: %ld threads; median of %d host-timed calls "
          "after %.0f ms (at most %d calls) of untimed ones\n",
          fftcl_context_device_name (ctx), sysconf (_SC_NPROCESSORS_ONLN), RUNS,
          WARM_UP_MS, MAX_WARM_UP);
  report_compile_time (4096);
  size_t link_size = 0;
  for (size_t i = 0; i < count; i++)
    if (sizes[i] <= 4096 && sizes[i] > link_size)
      link_size = sizes[i];
  if (link_size)
    report_host_link (ctx, &dev, link_size);
  printf ("# LIB SIZE median_ms GB/s rel_err\n");
  for (size_t i = 0; i < count; i++)
    {
      size_t n = sizes[i];
      float *data = random_complex (n * n);
      double *ref = n <= check_limit ? reference_forward (data, n) : NULL;
      double ours = time_fftcl (ctx, n, data, ref);
      double vk = peers ? time_peer ("vkfft", vkfft_peer_create, &dev, n,
                                     data, ref) : NAN;
      double cl = peers ? time_peer ("clfft", clfft_peer_create, &dev, n,
                                     data, ref) : NAN;
      if (peers && n <= 8192)
        time_fftw (n, data, ref);
      fftw_free (ref);
      float *rgb = random_complex (3 * n * n / 2 + 1);
      double fused = time_fftcl_filter (ctx, n, 3, rgb, "filter:fftcl");
      double grey = time_fftcl_filter (ctx, n, 1, rgb, "grey-filter:fftcl");
      double vk_filter = peers ? time_vkfft_filter (&dev, n, rgb) : NAN;
      free (rgb);
      free (data);
      printf ("# size %zu\n", n);
      ratio ("fftcl/vkfft", ours, vk);
      ratio ("fftcl/clfft", ours, cl);
      ratio ("filter fftcl/vkfft", fused, vk_filter);
      ratio ("filter/forward fftcl", fused, ours);
      ratio ("grey/forward fftcl", grey, ours);
    }
  bench_device_close (&dev);
  fftcl_context_destroy (ctx);
  return 0;
}
