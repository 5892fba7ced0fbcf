/* The FFTW backend: single precision, threaded, for machines without a
 * usable OpenCL device and as the fallback when one fails. */
#include "backend.h"

#include <fftw3.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
  int threads;
} cpu_device;

typedef struct {
  int threads;
  size_t width, height, batch;
  fftwf_plan forward, inverse;          /* fftcl_transform, planned lazily */
  fftwf_complex *spectrum, *scratch;    /* filtering, allocated lazily */
  fftwf_plan spectrum_forward, scratch_inverse;
} cpu_plan;

static pthread_once_t fftw_ready = PTHREAD_ONCE_INIT;
static int fftw_threads_ok;

/* FFTW's planner is process-global; making it thread-safe once lets
 * several contexts plan from several threads. */
static void init_fftw (void)
{
  fftw_threads_ok = fftwf_init_threads ();
  fftwf_make_planner_thread_safe ();
}

static fftcl_status cpu_open (const char *choice, void **device, char *name,
                              size_t name_size, fftcl_error *err)
{
  (void) choice;
  pthread_once (&fftw_ready, init_fftw);
  cpu_device *cpu = malloc (sizeof *cpu);
  if (!cpu)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  long cores = sysconf (_SC_NPROCESSORS_ONLN);
  cpu->threads = fftw_threads_ok && cores > 1 ? (int) cores : 1;
  snprintf (name, name_size, "CPU (FFTW, %d thread%s)", cpu->threads,
            cpu->threads == 1 ? "" : "s");
  *device = cpu;
  return FFTCL_OK;
}

static void cpu_close (void *device)
{
  free (device);
}

static fftcl_status cpu_plan_create (void *device, size_t width,
                                     size_t height, size_t batch, void **out,
                                     fftcl_error *err)
{
  cpu_plan *plan = calloc (1, sizeof *plan);
  if (!plan)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  plan->threads = ((cpu_device *) device)->threads;
  plan->width = width;
  plan->height = height;
  plan->batch = batch;
  *out = plan;
  return FFTCL_OK;
}

static void destroy_fftw_plan (fftwf_plan p)
{
  if (p)
    fftwf_destroy_plan (p);
}

/* Frees what filtering allocated, leaving the plan as if it never filtered. */
static void release_filter (cpu_plan *plan)
{
  destroy_fftw_plan (plan->spectrum_forward);
  destroy_fftw_plan (plan->scratch_inverse);
  fftwf_free (plan->spectrum);
  fftwf_free (plan->scratch);
  plan->spectrum_forward = plan->scratch_inverse = NULL;
  plan->spectrum = plan->scratch = NULL;
}

static void cpu_plan_destroy (void *state)
{
  cpu_plan *plan = state;
  destroy_fftw_plan (plan->forward);
  destroy_fftw_plan (plan->inverse);
  release_filter (plan);
  free (plan);
}

static fftwf_plan plan_planes (const cpu_plan *plan, size_t planes,
                               fftwf_complex *data, int sign, unsigned flags)
{
  int n[2] = { (int) plan->height, (int) plan->width };
  int dist = n[0] * n[1];
  fftwf_plan_with_nthreads (plan->threads);
  return fftwf_plan_many_dft (2, n, (int) planes, data, NULL, 1, dist, data,
                              NULL, 1, dist, sign, flags);
}

static void scale (float *data, size_t count, float factor)
{
  for (size_t i = 0; i < count; i++)
    data[i] *= factor;
}

/* Plans are made for the caller's array but run through FFTW's new-array
 * interface, so any later array (aligned or not) works. */
static fftcl_status cpu_transform (void *state, fftcl_direction direction,
                                   float *data, fftcl_error *err)
{
  cpu_plan *plan = state;
  fftwf_plan *p = direction == FFTCL_FORWARD ? &plan->forward : &plan->inverse;
  fftwf_complex *array = (fftwf_complex *) data;
  if (!*p)
    *p = plan_planes (plan, plan->batch, array,
                      direction == FFTCL_FORWARD ? FFTW_FORWARD : FFTW_BACKWARD,
                      FFTW_ESTIMATE | FFTW_UNALIGNED);
  if (!*p)
    return fftcl_fail (err, FFTCL_ERROR_FFTW, "fftcl: FFTW could not plan a "
                       "%zu×%zu transform", plan->width, plan->height);
  fftwf_execute_dft (*p, array, array);
  if (direction == FFTCL_INVERSE)
    scale (data, 2 * plan->width * plan->height * plan->batch,
           1.0f / (float) (plan->width * plan->height));
  return FFTCL_OK;
}

static size_t spectrum_planes (const cpu_plan *plan)
{
  return (plan->batch + 1) / 2;
}

static fftcl_status prepare_filter (cpu_plan *plan, fftcl_error *err)
{
  if (plan->spectrum_forward)
    return FFTCL_OK;
  size_t area = plan->width * plan->height;
  plan->spectrum = fftwf_alloc_complex (area * spectrum_planes (plan));
  plan->scratch = fftwf_alloc_complex (area);
  if (!plan->spectrum || !plan->scratch)
    {
      release_filter (plan);
      return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: no host memory "
                         "for a %zu×%zu spectrum", plan->width, plan->height);
    }
  plan->spectrum_forward = plan_planes (plan, spectrum_planes (plan),
                                        plan->spectrum, FFTW_FORWARD,
                                        FFTW_ESTIMATE);
  plan->scratch_inverse = plan_planes (plan, 1, plan->scratch, FFTW_BACKWARD,
                                       FFTW_ESTIMATE);
  if (!plan->spectrum_forward || !plan->scratch_inverse)
    {
      release_filter (plan);
      return fftcl_fail (err, FFTCL_ERROR_FFTW, "fftcl: FFTW could not plan "
                         "a %zu×%zu transform", plan->width, plan->height);
    }
  return FFTCL_OK;
}

/* Real planes 2k and 2k+1 become the real and imaginary parts of complex
 * plane k: the gain is real and even, so their filtered results stay
 * apart in the real and imaginary parts of the inverse. */
static void pack_pairs (const cpu_plan *plan, const float *planes)
{
  size_t area = plan->width * plan->height;
  for (size_t k = 0; k < spectrum_planes (plan); k++)
    {
      const float *re = planes + 2 * k * area;
      const float *im = 2 * k + 1 < plan->batch ? re + area : NULL;
      fftwf_complex *out = plan->spectrum + k * area;
      for (size_t i = 0; i < area; i++)
        {
          out[i][0] = re[i];
          out[i][1] = im ? im[i] : 0.0f;
        }
    }
}

static fftcl_status cpu_filter_load (void *state, const float *planes,
                                     fftcl_timings *timings, fftcl_error *err)
{
  cpu_plan *plan = state;
  fftcl_status status = prepare_filter (plan, err);
  if (status != FFTCL_OK)
    return status;
  double start = fftcl_now_ms ();
  pack_pairs (plan, planes);
  double packed = fftcl_now_ms ();
  fftwf_execute (plan->spectrum_forward);
  if (timings)
    {
      timings->upload_ms = packed - start;
      timings->forward_ms = fftcl_now_ms () - packed;
    }
  return FFTCL_OK;
}

static double frequency (size_t k, size_t n)
{
  return (2 * k < n ? (double) k : (double) k - (double) n) / (double) n;
}

static void multiply_gain (const cpu_plan *plan, const fftcl_gain *gain,
                           const fftwf_complex *in, fftwf_complex *out)
{
  for (size_t y = 0; y < plan->height; y++)
    {
      double fy = frequency (y, plan->height);
      for (size_t x = 0; x < plan->width; x++)
        {
          size_t i = y * plan->width + x;
          float g = (float) fftcl_gain_at (gain, plan->width, plan->height,
                                           frequency (x, plan->width), fy);
          out[i][0] = in[i][0] * g;
          out[i][1] = in[i][1] * g;
        }
    }
}

static void unpack_pair (const cpu_plan *plan, size_t k, float *planes)
{
  size_t area = plan->width * plan->height;
  float norm = 1.0f / (float) area;
  float *re = planes + 2 * k * area;
  float *im = 2 * k + 1 < plan->batch ? re + area : NULL;
  for (size_t i = 0; i < area; i++)
    {
      re[i] = plan->scratch[i][0] * norm;
      if (im)
        im[i] = plan->scratch[i][1] * norm;
    }
}

static fftcl_status cpu_filter_apply (void *state, const fftcl_gain *gain,
                                      float *planes, fftcl_timings *timings,
                                      fftcl_error *err)
{
  (void) err;
  cpu_plan *plan = state;
  double mask = 0, inverse = 0, unpack = 0;
  size_t area = plan->width * plan->height;
  for (size_t k = 0; k < spectrum_planes (plan); k++)
    {
      double t0 = fftcl_now_ms ();
      multiply_gain (plan, gain, plan->spectrum + k * area, plan->scratch);
      double t1 = fftcl_now_ms ();
      fftwf_execute (plan->scratch_inverse);
      double t2 = fftcl_now_ms ();
      unpack_pair (plan, k, planes);
      mask += t1 - t0;
      inverse += t2 - t1;
      unpack += fftcl_now_ms () - t2;
    }
  if (timings)
    {
      timings->mask_ms = mask;
      timings->inverse_ms = inverse;
      timings->download_ms = unpack;
    }
  return FFTCL_OK;
}

static fftcl_status cpu_time_transform (void *state,
                                        fftcl_direction direction,
                                        const float *data, size_t runs,
                                        double *ms, fftcl_error *err)
{
  cpu_plan *plan = state;
  size_t floats = 2 * plan->width * plan->height * plan->batch;
  float *copy = fftwf_alloc_real (floats);
  if (!copy)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  memcpy (copy, data, floats * sizeof *copy);
  fftcl_status status = FFTCL_OK;
  for (size_t i = 0; i < runs && status == FFTCL_OK; i++)
    {
      double start = fftcl_now_ms ();
      status = cpu_transform (plan, direction, copy, err);
      ms[i] = fftcl_now_ms () - start;
    }
  fftwf_free (copy);
  return status;
}

static fftcl_status cpu_time_filter (void *state, const fftcl_gain *gain,
                                     const float *planes, size_t runs,
                                     double *ms, fftcl_error *err)
{
  cpu_plan *plan = state;
  size_t floats = plan->width * plan->height * plan->batch;
  float *out = fftwf_alloc_real (floats);
  if (!out)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fftcl_status status = FFTCL_OK;
  for (size_t i = 0; i < runs && status == FFTCL_OK; i++)
    {
      double start = fftcl_now_ms ();
      status = cpu_filter_load (plan, planes, NULL, err);
      if (status == FFTCL_OK)
        status = cpu_filter_apply (plan, gain, out, NULL, err);
      ms[i] = fftcl_now_ms () - start;
    }
  fftwf_free (out);
  return status;
}

const fftcl_backend fftcl_cpu_backend = {
  .open = cpu_open,
  .close = cpu_close,
  .plan_create = cpu_plan_create,
  .plan_destroy = cpu_plan_destroy,
  .transform = cpu_transform,
  .filter_load = cpu_filter_load,
  .filter_apply = cpu_filter_apply,
  .time_transform = cpu_time_transform,
  .time_filter = cpu_time_filter,
};
