/* fftcl — 2-D complex single-precision FFTs on OpenCL devices, with an
 * FFTW CPU backend, and a band-pass filter built on them.
 *
 * Plan once, execute many:
 *
 *   fftcl_error err;
 *   fftcl_context *ctx;
 *   fftcl_plan *plan;
 *   if (fftcl_context_create (NULL, &ctx, &err) != FFTCL_OK ||
 *       fftcl_plan_create (ctx, 1024, 768, 3, &plan, &err) != FFTCL_OK)
 *     fprintf (stderr, "%s\n", err.message);
 *   fftcl_filter_load (plan, planes, NULL, &err);        // spectrum kept
 *   fftcl_filter_apply (plan, &gain, planes, NULL, &err); // as often as wanted
 *   fftcl_plan_destroy (plan);
 *   fftcl_context_destroy (ctx);
 *
 * Every function returns a status; on failure it fills *err (when err is
 * not NULL) with a message for a person. Nothing aborts, nothing prints.
 * Sizes are powers of two per axis (1, 2, 4, …); width and height may
 * differ. There is no global state: contexts are independent. */
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
 * environment variable if set, else the fastest OpenCL GPU (or
 * accelerator), else the CPU backend: on a CPU, FFTW beats OpenCL.
 * "opencl:P:D" (from fftcl_list_devices) names one device exactly. Otherwise `device` is "cpu"
 * for the FFTW backend, or a case-insensitive substring of an OpenCL device
 * name ("NVIDIA", "pthread", …). */
fftcl_status fftcl_context_create (const char *device, fftcl_context **out,
                                   fftcl_error *err);
void fftcl_context_destroy (fftcl_context *ctx);

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

/* ---- Plans and transforms ---------------------------------------------- */

typedef struct fftcl_plan fftcl_plan;

/* A plan for `batch` planes of width × height complex values. It owns the
 * buffers and kernels it needs and reuses them on every call. */
fftcl_status fftcl_plan_create (fftcl_context *ctx, size_t width,
                                size_t height, size_t batch,
                                fftcl_plan **out, fftcl_error *err);
void fftcl_plan_destroy (fftcl_plan *plan);

/* A plan whose filter sees each width × height plane as the 2·width ×
 * 2·height plane it makes with its mirror images (half-sample symmetric:
 * reflected across its right and bottom edges), so that no edge wraps
 * onto the opposite one; the gain's frequencies are on that doubled grid.
 * On the FFTW backend it costs what a plain plan of width × height costs,
 * not four times that: the spectrum of a mirrored plane is its DCT, which
 * one FFT of the plane's size gives. (On OpenCL it runs, for now, as a
 * plain plan of the doubled size.) The gain must be even in fx and in fy
 * separately: radial shapes and stripes are, and a notch is when it lies
 * on an axis (fx = 0 or fy = 0); other notches are FFTCL_ERROR_ARGUMENT.
 * Windows lie inside the width × height plane; fftcl_filter_spectrum
 * views the doubled grid, so its out_width and out_height may reach
 * 2·width and 2·height. Such a plan only filters: fftcl_transform and
 * fftcl_time_transform refuse it. */
fftcl_status fftcl_plan_create_mirrored (fftcl_context *ctx, size_t width,
                                         size_t height, size_t batch,
                                         fftcl_plan **out, fftcl_error *err);

/* When the OpenCL device fails a plan (a kernel does not compile, memory
 * or resources run out, the device is lost), the plan moves to the CPU
 * backend for good and redoes the failed call there, so the call still
 * succeeds with the right result; so does fftcl_plan_create for a size
 * the device cannot hold. To redo a call the plan keeps a host copy of its
 * input while on OpenCL (the data of the last transform, or the planes of
 * the last load). This returns NULL while the plan runs on its context's
 * device, else the message of the failure that moved it, for people.
 * Owned by the plan. */
const char *fftcl_plan_fallback_reason (const fftcl_plan *plan);

typedef enum {
  FFTCL_FORWARD = -1, /* X[k] = Σ x[n] e^(−2πi kn/N) */
  FFTCL_INVERSE = +1  /* x[n] = (1/N) Σ X[k] e^(+2πi kn/N): a round trip is
                         the identity */
} fftcl_direction;

/* Transforms `batch` planes in place. `data` holds interleaved complex
 * floats (re, im), plane after plane, row after row: 2·width·height·batch
 * floats. */
fftcl_status fftcl_transform (fftcl_plan *plan, fftcl_direction direction,
                              float *data, fftcl_error *err);

/* ---- Band-pass filtering ----------------------------------------------- */

typedef enum {
  FFTCL_SHAPE_GAUSSIAN,    /* L(f; c) = exp(−ln2 · (f/c)²) */
  FFTCL_SHAPE_BUTTERWORTH, /* L(f; c) = 1 / (1 + (f/c)^(2·order)) */
  FFTCL_SHAPE_IDEAL        /* L(f; c) = 1 if f ≤ c, else 0 */
} fftcl_shape;

typedef enum {
  FFTCL_STRIPES_NONE,
  FFTCL_STRIPES_HORIZONTAL, /* remove the fx = 0 axis: horizontal stripes */
  FFTCL_STRIPES_VERTICAL    /* remove the fy = 0 axis: vertical stripes */
} fftcl_stripes;

/* A real gain G(fx, fy), even in (fx, fy), over frequencies in cycles per
 * pixel of the plan's width × height grid. The pass band is
 * P(f) = L(f; 1/small_period) · (1 − L(f; 1/large_period)); a period of 0
 * leaves its factor out. Stripes and notches multiply in; keep_mean then
 * sets G(0, 0) = 1. */
typedef struct {
  double large_period; /* px: structures larger than this are removed */
  double small_period; /* px: structures smaller than this are removed */
  fftcl_shape shape;
  double order;        /* Butterworth order */
  int reject;          /* nonzero: G = 1 − P (band-reject) */
  int keep_mean;       /* nonzero: G(0, 0) = 1 */
  fftcl_stripes stripes;
  /* ImageJ's "tolerance of direction", 0 … 100 %: the stripe factor is
   * 1 − exp(−(k·(1 − tolerance/100))²) at bin k off the stripe axis. */
  double stripe_tolerance;
  /* notch_count triples (fx, fy, radius) in cycles/px: each rejects a disc
   * and its mirror (−fx, −fy), with the band's shape (½ at the radius). */
  const double *notches;
  size_t notch_count;
} fftcl_gain;

/* The gain at (fx, fy) cycles/px on a width × height grid, as every
 * backend applies it. */
double fftcl_gain_at (const fftcl_gain *gain, size_t width, size_t height,
                      double fx, double fy);

/* Wall-clock milliseconds of each step of the last call that asked for
 * them. Asking costs a synchronisation between steps. Where the mask is
 * fused into the inverse transform (OpenCL), mask_ms is 0 and inverse_ms
 * holds both. On the CPU, upload_ms is the packing of the planes into the
 * spectrum arrays, and the first load's making of those arrays. */
typedef struct {
  double upload_ms, forward_ms, mask_ms, inverse_ms, download_ms;
} fftcl_timings;

/* Filtering treats the plan's `batch` as a count of real planes of
 * width × height floats, plane after plane (`planes` holds
 * width·height·batch floats). Load transforms them forward and keeps the
 * spectrum in the plan; apply multiplies a copy by the gain, transforms it
 * back and writes the real result to `planes`. Apply may be called many
 * times per load; fftcl_transform on the same plan discards the kept
 * spectrum (it may reuse its memory). `timings` may be NULL. */
fftcl_status fftcl_filter_load (fftcl_plan *plan, const float *planes,
                                fftcl_timings *timings, fftcl_error *err);
fftcl_status fftcl_filter_apply (fftcl_plan *plan, const fftcl_gain *gain,
                                 float *planes, fftcl_timings *timings,
                                 fftcl_error *err);

/* A rectangle of the filtered planes, and how coarsely to deliver it:
 * width × height values per plane, the one at (i, j) the mean of the
 * step × step block of filtered values whose top-left corner is
 * (x + i·step, y + j·step). Every block lies inside the plan's planes. */
typedef struct {
  size_t x, y;          /* top-left corner, in plane pixels */
  size_t width, height; /* values per row, rows per plane */
  size_t step;          /* ≥ 1; 1 delivers the pixels themselves */
} fftcl_window;

/* Like fftcl_filter_apply, but writes only `window` of each filtered
 * plane to `out`: window->width · window->height · batch floats, plane
 * after plane. A preview redoes only this on every change; a final run
 * asks for the image without its padding. The inverse transforms cost as
 * much as fftcl_filter_apply's; only the transfer to the host shrinks.
 * A step of 0, an empty window, or one whose blocks reach past the planes
 * is FFTCL_ERROR_ARGUMENT, as is a call before fftcl_filter_load. */
fftcl_status fftcl_filter_apply_window (fftcl_plan *plan,
                                        const fftcl_gain *gain,
                                        const fftcl_window *window,
                                        float *out, fftcl_timings *timings,
                                        fftcl_error *err);

/* Where a caller keeps the values of its real planes: value (x, y) of
 * plane p at data[p · plane_step + y · row_step + x · value_step]. The
 * calls above take planes side by side, { 1, width, width · height } (for
 * a window's output, x and y count in the window and width and height are
 * its own). A layout lets a caller filter interleaved pixels where they
 * lie, with no copy into planes and back: the three channels of RGB
 * pixels are { 3, 3 · width, 1 }. Values between those the layout names
 * (an alpha channel, say) are neither read nor written. Every step must
 * be at least 1; values the layout names must not overlap. */
typedef struct {
  size_t value_step, row_step, plane_step;
} fftcl_layout;

/* fftcl_filter_load from planes laid out as `layout` says. */
fftcl_status fftcl_filter_load_laid_out (fftcl_plan *plan, const float *data,
                                         const fftcl_layout *layout,
                                         fftcl_timings *timings,
                                         fftcl_error *err);

/* fftcl_filter_apply_window into planes laid out as `layout` says. */
fftcl_status fftcl_filter_apply_window_laid_out (fftcl_plan *plan,
                                                 const fftcl_gain *gain,
                                                 const fftcl_window *window,
                                                 float *out,
                                                 const fftcl_layout *layout,
                                                 fftcl_timings *timings,
                                                 fftcl_error *err);

/* The last apply of a load: fftcl_filter_apply_window_laid_out, but in
 * the kept spectrum itself, which it uses up. A final render that will
 * not be redone needs no copy of the spectrum to filter: on the CPU that
 * is half the memory of a load and an apply. Another apply needs a new
 * load first. */
fftcl_status fftcl_filter_finish (fftcl_plan *plan, const fftcl_gain *gain,
                                  const fftcl_window *window, float *out,
                                  const fftcl_layout *layout,
                                  fftcl_timings *timings, fftcl_error *err);

/* Filters `planes` once: a load and an apply_window in one call, for
 * planes that will not be filtered again with another gain. Nothing is
 * kept: a spectrum loaded before is gone, and apply needs a new load. On
 * OpenCL it is faster than the two calls: the forward transform's last
 * stage, the gain and the inverse's first stage are one pass. */
fftcl_status fftcl_filter (fftcl_plan *plan, const fftcl_gain *gain,
                           const float *planes, const fftcl_window *window,
                           float *out, fftcl_timings *timings,
                           fftcl_error *err);

/* The loaded spectrum, for people to look at: out_width × out_height
 * floats, row after row, centred (zero frequency at (out_width / 2,
 * out_height / 2), fx growing to the right, fy downward). Each value is
 * the largest amplitude |X(fx, fy)| / (width · height), summed over the
 * real planes, among the frequencies its cell covers, so that narrow
 * peaks survive the reduction: cell (u, v) covers the width / out_width
 * frequency indices from kx = (u − out_width / 2) · (width / out_width)
 * on, taken modulo width, and likewise in y. A real plane's cosine of
 * amplitude a at (kx, ky) shows a / 2 in the cells of (kx, ky) and
 * (−kx, −ky). out_width and out_height are powers of two no larger than
 * the plan's width and height. It may be called after fftcl_filter_load,
 * between applies, as often as wanted; before, or after an
 * fftcl_transform, it is FFTCL_ERROR_ARGUMENT. */
fftcl_status fftcl_filter_spectrum (fftcl_plan *plan, size_t out_width,
                                    size_t out_height, float *out,
                                    fftcl_error *err);

/* ---- Measuring --------------------------------------------------------- */

/* For benchmarks: run the transform (or the whole filter, as fftcl_filter
 * runs it) `runs` times on data placed on the device once, waiting for
 * each run, and write each run's wall-clock milliseconds to ms[runs].
 * Transfers are not timed. The data's result is not returned. */
fftcl_status fftcl_time_transform (fftcl_plan *plan,
                                   fftcl_direction direction,
                                   const float *data, size_t runs,
                                   double *ms, fftcl_error *err);
fftcl_status fftcl_time_filter (fftcl_plan *plan, const fftcl_gain *gain,
                                const float *planes, size_t runs,
                                double *ms, fftcl_error *err);

#ifdef __cplusplus
}
#endif

#endif
