/* SPDX-License-Identifier: GPL-3.0-or-later */
/* fftcl — 2-D complex single-precision FFTs on OpenCL devices, with an
 * FFTW CPU backend. fftcl-filter.h adds the band-pass filter built on
 * them.
 *
 * Plan once, execute many:
 *
 *   fftcl_error err;
 *   fftcl_context *ctx;
 *   fftcl_plan *plan;
 *   const fftcl_plan_desc desc = { .width = 1024, .height = 768, .batch = 3 };
 *   if (fftcl_context_create (NULL, &ctx, &err) != FFTCL_OK ||
 *       fftcl_plan_create (ctx, &desc, &plan, &err) != FFTCL_OK)
 *     fprintf (stderr, "%s\n", err.message);
 *   fftcl_transform (plan, FFTCL_FORWARD, data, &err); // as often as wanted
 *   fftcl_plan_destroy (plan);
 *   fftcl_context_destroy (ctx);
 *
 * Every function returns a status; on failure it fills *err (when err is
 * not NULL) with a message for a person. Nothing aborts, nothing prints.
 * Sizes are powers of two per axis (1, 2, 4, …); width and height may
 * differ.
 *
 * Process-wide state. Contexts are independent but for what FFTW and
 * the files keep for the whole process, as FFTW's own documentation
 * states of its planner:
 *   - FFTW's planner is global. The first CPU context (or plan falling
 *     back to the CPU, or fftcl_list_devices) calls fftwf_init_threads
 *     and fftwf_make_planner_thread_safe once, so that contexts may plan
 *     from several threads; the 1-D plans of the FFTW backend's filters
 *     are kept for the process. A host that plans with FFTW itself shares
 *     that planner. fftcl neither reads nor writes FFTW's wisdom.
 *   - The OpenCL backend keeps compiled kernel binaries as files in the
 *     cache folder, one per device, driver and kernel options.
 *   - The automatic choice keeps what it measured as a small text file in
 *     the cache folder, one per GPU, driver, CPU thread count and fftcl
 *     version (fftcl_context_choice).
 * fftcl writes nothing but those files, and only inside the cache folder
 * its context was given. */
#ifndef FFTCL_H
#define FFTCL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  FFTCL_OK = 0,
  FFTCL_ERROR_ARGUMENT,    /* NULL pointer, zero or non-power-of-two size, … */
  FFTCL_ERROR_NO_DEVICE,   /* the requested device does not exist */
  FFTCL_ERROR_OPENCL,      /* the OpenCL runtime failed */
  FFTCL_ERROR_MEMORY,      /* host or device memory ran out */
  FFTCL_ERROR_FFTW         /* FFTW could not make a plan */
} fftcl_status;

typedef struct {
  fftcl_status status;
  char message[512];
} fftcl_error;

/* ---- Devices ----------------------------------------------------------- */

typedef struct fftcl_context fftcl_context;

/* Opens a device. `device` is NULL for the default choice: the FFTCL_DEVICE
 * environment variable if set and not empty, else the automatic choice
 * (below) between the fastest OpenCL GPU (or accelerator) and the CPU
 * backend. "opencl:P:D" (from fftcl_list_devices) names one device
 * exactly. Otherwise `device` is "cpu" for the FFTW backend, or a
 * case-insensitive substring of an OpenCL device name ("NVIDIA",
 * "pthread", …).
 *
 * The automatic choice. Without an OpenCL GPU or accelerator that opens,
 * the CPU backend: on a CPU, FFTW beats OpenCL. With one (the most compute
 * units × clock), whichever of it and the CPU backend (with the context's
 * threads) filters faster: a GPU can lose to the CPU (an integrated one,
 * or many cores). The job measured is fftcl_filter_once of 2048 × 2048 × 3
 * real planes (an RGB image of 4 MP, a band-pass Gaussian gain), host to
 * host, on each: the lesser time of two calls after an untimed one. The
 * GPU is taken when its time is at most the CPU's; the choice holds for
 * every plan of the context, whatever its size. The measurement costs
 * the first context about six such calls, once per machine: the times are
 * kept in the cache folder, in fftcl/automatic-HASH.txt, keyed by the
 * GPU's name, its driver, fftcl's kernels, FFTW's version, the CPU
 * backend's thread count and fftcl's version, and later contexts read
 * them instead of measuring. A file that is missing, unreadable or does
 * not hold a whole record of that key is measured anew and rewritten; one
 * that cannot be written costs only the measuring again.
 *
 * For tests: FFTCL_AUTOMATIC_CANDIDATE, when set and not empty (and
 * FFTCL_DEVICE is not), names the OpenCL device that the automatic choice
 * measures against the CPU backend in place of the fastest GPU, as
 * FFTCL_DEVICE names one: a CPU's OpenCL device (PoCL) too. */
fftcl_status fftcl_context_create (const char *device, fftcl_context **out,
                                   fftcl_error *err);
void fftcl_context_destroy (fftcl_context *ctx);

/* What the host decides for a context. Zeroed fields take the defaults,
 * those fftcl_context_create uses. */
typedef struct {
  int threads;              /* threads of the FFTW backend (also for a plan
                               that falls back to it); 0: one per core */
  const char *cache_folder; /* the folder fftcl keeps its files in: the
                               OpenCL kernels' folder fftcl/ (made, mode
                               0700, when missing); copied. NULL:
                               $XDG_CACHE_HOME, else $HOME/.cache */
} fftcl_context_options;

/* fftcl_context_create with `options` (NULL: the defaults). A negative
 * thread count is FFTCL_ERROR_ARGUMENT. */
fftcl_status fftcl_context_create_with_options (
  const char *device, const fftcl_context_options *options,
  fftcl_context **out, fftcl_error *err);

/* What the default choice of fftcl_context_create obeys before looking
 * for devices: the FFTCL_DEVICE environment variable, or NULL when it is
 * unset or empty. */
const char *fftcl_forced_device (void);

/* One device fftcl can run on, for a chooser. */
typedef struct {
  char choice[64]; /* what fftcl_context_create takes to open this device:
                      "cpu", or "opencl:P:D" (platform P, device D) */
  char name[256];  /* for people, as fftcl_context_device_name gives it */
  int is_gpu;
} fftcl_device_info;

/* Lists the CPU backend first, then every usable OpenCL device. Fills up
 * to `max` entries of `devices` and returns how many devices exist. */
size_t fftcl_list_devices (fftcl_device_info *devices, size_t max);

/* The device's name for people, e.g. "NVIDIA H200 (OpenCL)" or
 * "CPU (FFTW, 2 threads)". Owned by the context. */
const char *fftcl_context_device_name (const fftcl_context *ctx);

/* Nonzero when the context runs on the FFTW backend. */
int fftcl_context_is_cpu (const fftcl_context *ctx);

/* How a context's device was chosen. */
typedef enum {
  FFTCL_CHOSEN_BY_NAME,   /* named, by the caller or FFTCL_DEVICE */
  FFTCL_CHOSEN_NO_GPU,    /* automatic, and no OpenCL GPU opened: the CPU */
  FFTCL_CHOSEN_MEASURED,  /* automatic: the faster of the GPU and the CPU */
  FFTCL_CHOSEN_UNMEASURED /* automatic, but a measured job failed: the CPU
                             where the GPU's did (its plan fell back), else
                             the GPU */
} fftcl_choice_kind;

/* Why the context runs where it does, for people: a host words it in its
 * own language. Fields an automatic choice did not reach are empty or
 * zero. */
typedef struct {
  fftcl_choice_kind kind;
  char gpu[256];     /* the OpenCL device measured, as
                        fftcl_context_device_name names it */
  char cpu[256];     /* the CPU backend, likewise */
  int threads;       /* the CPU backend's threads */
  double gpu_ms;     /* MEASURED: each one's time of the job */
  double cpu_ms;
  double speedup;    /* MEASURED: the slower time over the faster, ≥ 1 */
  char measured[11]; /* MEASURED: the day of the measurement, "YYYY-MM-DD"
                        in UTC */
  int from_record;   /* MEASURED: nonzero when the times were read from the
                        cache folder, not measured by this context */
} fftcl_choice;

/* The context's choice, owned by it. */
const fftcl_choice *fftcl_context_choice (const fftcl_context *ctx);

/* ---- Plans ------------------------------------------------------------- */

typedef struct fftcl_plan fftcl_plan;

/* Where a caller keeps the values of real planes (fftcl-filter.h): value
 * (x, y) of plane p at data[p · plane_step + (y · width + x) · value_step],
 * where width is the row length of that array (the plan's width for what
 * a filter reads, the window's for what it writes). FFTW's stride and
 * distance. A plane_step of 0 puts each plane after the previous one
 * whole (width · height · value_step floats); { 0, 0 } are planes side by
 * side, { 1, 0 }. The three channels of RGB pixels are { 3, 1 }; values
 * between those the layout names (an alpha channel, say) are neither read
 * nor written. The values a layout names must not overlap: interleaved
 * planes (plane_step < value_step) fit inside one value step,
 * (batch − 1) · plane_step < value_step, and planes apart are at least a
 * whole plane apart, plane_step ≥ width · height · value_step; other
 * layouts are FFTCL_ERROR_ARGUMENT. */
typedef struct {
  size_t value_step, plane_step;
} fftcl_layout;

typedef enum {
  /* The filter sees each width × height plane as the 2·width × 2·height
   * plane it makes with its mirror images (half-sample symmetric:
   * reflected across its right and bottom edges), so that no edge wraps
   * onto the opposite one; the gain's frequencies are on that doubled
   * grid. On the FFTW backend it costs what a plain plan of width × height
   * costs, not four times that: the spectrum of a mirrored plane is its
   * DCT, which one FFT of the plane's size gives (on OpenCL it runs as a
   * plain plan of the doubled size). The gain must be even in fx and in
   * fy separately: radial shapes and stripes are, and a notch is when it
   * lies on an axis (fx = 0 or fy = 0); other notches are
   * FFTCL_ERROR_ARGUMENT. Windows lie inside the width × height plane;
   * fftcl_filter_spectrum views the doubled grid. Such a plan only
   * filters: fftcl_transform refuses it. */
  FFTCL_MIRRORED = 1 << 0,
  /* Every filter call keeps the time of each of its steps for
   * fftcl_filter_timings. It costs a synchronisation between steps. */
  FFTCL_TIMINGS = 1 << 1
} fftcl_plan_flags;

/* What a plan is for, fixed when it is made. Zeroed fields take their
 * defaults: planes side by side, no flags. */
typedef struct {
  size_t width, height; /* of each plane, powers of two */
  size_t batch;         /* planes per call: complex ones for transforms,
                           real ones for filters */
  fftcl_layout in;      /* what filter loads read */
  fftcl_layout out;     /* what filter applies write */
  unsigned flags;       /* fftcl_plan_flags, or-ed */
} fftcl_plan_desc;

/* A plan owns the buffers and kernels it needs and reuses them on every
 * call. Its context must outlive it.
 *
 * When the OpenCL device fails a plan (a kernel does not compile, memory
 * or resources run out, the device is lost), the plan moves to the CPU
 * backend for good and redoes the failed call there, so the call still
 * succeeds with the right result; so does fftcl_plan_create for a size
 * the device cannot hold. To redo a transform the plan keeps a host copy
 * of its data while on OpenCL; a filter call is redone from its source,
 * which stays readable until the plan's next load (fftcl-filter.h,
 * fftcl_source). */
fftcl_status fftcl_plan_create (fftcl_context *ctx,
                                const fftcl_plan_desc *desc,
                                fftcl_plan **out, fftcl_error *err);
void fftcl_plan_destroy (fftcl_plan *plan);

/* NULL while the plan runs on its context's device, else the message of
 * the failure that moved it to the CPU, for people. Owned by the plan. */
const char *fftcl_plan_fallback_reason (const fftcl_plan *plan);

/* ---- Transforms -------------------------------------------------------- */

typedef enum {
  FFTCL_FORWARD = -1, /* X[k] = Σ x[n] e^(−2πi kn/N) */
  FFTCL_INVERSE = +1  /* x[n] = (1/N) Σ X[k] e^(+2πi kn/N): a round trip is
                         the identity */
} fftcl_direction;

/* Transforms `batch` planes in place. `data` holds interleaved complex
 * floats (re, im), plane after plane, row after row: 2·width·height·batch
 * floats. A spectrum kept by fftcl_filter_load is gone afterwards. */
fftcl_status fftcl_transform (fftcl_plan *plan, fftcl_direction direction,
                              float *data, fftcl_error *err);

#ifdef __cplusplus
}
#endif

#endif
