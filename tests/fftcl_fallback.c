/* When the OpenCL device fails, a plan moves to the CPU and its calls still
 * give the right result. Runs with tests/opencl_fail_shim.c preloaded,
 * which makes chosen OpenCL calls fail. */
#include "check.h"
#include "fftcl.h"
#include "fftcl_oracle.h"

#include <dlfcn.h>
#include <string.h>

enum { SKIPPED = 77 };

typedef void (*arm_function) (const char *name, long calls);
static arm_function arm;

static const fftcl_gain gain = {
  .large_period = 20, .small_period = 3, .shape = FFTCL_SHAPE_GAUSSIAN,
  .order = 2, .keep_mean = 1 };

static void disarm (void)
{
  static const char *names[]
    = { "clEnqueueNDRangeKernel", "clCreateBuffer", "clBuildProgram",
        "clFinish" };
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
    = fftcl_plan_create (ctx, width, height, batch, &plan, &err);
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

/* The filter on the CPU backend, which fftcl-accuracy checks. */
static float *cpu_filtered (const float *planes, size_t width, size_t height,
                            size_t batch)
{
  size_t n = width * height * batch;
  float *out = malloc (n * sizeof *out);
  fftcl_context *cpu;
  fftcl_plan *plan;
  if (fftcl_context_create ("cpu", &cpu, NULL) != FFTCL_OK)
    return out;
  if (fftcl_plan_create (cpu, width, height, batch, &plan, NULL) == FFTCL_OK
      && fftcl_filter_load (plan, planes, NULL, NULL) == FFTCL_OK)
    fftcl_filter_apply (plan, &gain, out, NULL, NULL);
  fftcl_plan_destroy (plan);
  fftcl_context_destroy (cpu);
  return out;
}

static double rms_against (const float *got, const float *want, size_t n)
{
  double *wide = malloc (n * sizeof *wide);
  for (size_t i = 0; i < n; i++)
    wide[i] = want[i];
  double e = relative_rms (got, wide, n);
  free (wide);
  return e;
}

typedef enum { FAIL_IN_LOAD, FAIL_IN_APPLY } failing_call;

/* Load and apply twice, the apply output written over the loaded planes,
 * as the plug-in does, with `name` failing after `calls` calls from the
 * start of the failing call. */
static void check_filter (fftcl_context *ctx, size_t width, size_t height,
                          const char *name, long calls, failing_call when)
{
  size_t batch = 3, n = width * height * batch;
  float *planes = random_floats (n);
  float *want = cpu_filtered (planes, width, height, batch);
  fftcl_plan *plan;
  fftcl_error err = { 0 };
  fftcl_status status
    = fftcl_plan_create (ctx, width, height, batch, &plan, &err);
  if (status != FFTCL_OK)
    {
      check (0, "filter plan: %s", err.message);
      return;
    }
  if (when == FAIL_IN_LOAD)
    arm (name, calls);
  status = fftcl_filter_load (plan, planes, NULL, &err);
  if (when == FAIL_IN_APPLY)
    arm (name, calls);
  double e[2] = { INFINITY, INFINITY };
  for (int pass = 0; pass < 2 && status == FFTCL_OK; pass++)
    {
      status = fftcl_filter_apply (plan, &gain, planes, NULL, &err);
      e[pass] = status == FFTCL_OK ? rms_against (planes, want, n) : INFINITY;
    }
  disarm ();
  const char *reason = fftcl_plan_fallback_reason (plan);
  check (e[0] <= 1e-6 && e[1] <= 1e-6 && reason,
         "filter %zux%zu, %s fails after %ld in %s: rel rms %.2e, %.2e "
         "against the CPU, fell back: %s %s",
         width, height, name, calls, when == FAIL_IN_LOAD ? "load" : "apply",
         e[0], e[1], reason ? "yes" : "no",
         status == FFTCL_OK ? "" : err.message);
  fftcl_plan_destroy (plan);
  free (planes);
  free (want);
}

static void check_healthy_plan (fftcl_context *ctx)
{
  fftcl_plan *plan;
  float data[2 * 16 * 8] = { 0 };
  int ok = fftcl_plan_create (ctx, 16, 8, 1, &plan, NULL) == FFTCL_OK
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
  check_filter (ctx, 128, 64, "clEnqueueNDRangeKernel", 2, FAIL_IN_LOAD);
  check_filter (ctx, 128, 64, "clEnqueueNDRangeKernel", 1, FAIL_IN_APPLY);
  check_filter (ctx, 256, 256, "clFinish", 0, FAIL_IN_APPLY);
  fftcl_context_destroy (ctx);
  fftw_cleanup ();
  return check_finish ();
}
