/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What every backend (OpenCL, FFTW) provides to the device-neutral layer
 * (context.c, plan.c, filter.c, the fallback). Arguments reaching a
 * backend are already checked: pointers are valid, sizes are nonzero
 * powers of two. */
#ifndef FFTCL_BACKEND_H
#define FFTCL_BACKEND_H

#include "clock.h"
#include "input_rows.h"

typedef struct {
  /* Opens the device that `choice` names (NULL: the backend's default)
   * as `options` say (never NULL; its cache_folder, when not NULL,
   * outlives the device) and writes its name for people into
   * name[name_size]. */
  fftcl_status (*open) (const char *choice,
                        const fftcl_context_options *options, void **device,
                        char *name, size_t name_size, fftcl_error *err);
  void (*close) (void *device);
  /* What the device's speed depends on besides its name, for the key of
   * the automatic choice's record (automatic_record.h): one line into
   * out[size]. */
  void (*identify) (const void *device, char *out, size_t size);

  fftcl_status (*plan_create) (void *device, size_t width, size_t height,
                               size_t batch, void **plan, fftcl_error *err);
  /* A plan made with FFTCL_MIRRORED; NULL where the backend cannot mirror,
   * and plan.c runs a plain plan of the doubled size instead. */
  fftcl_status (*plan_create_mirrored) (void *device, size_t width,
                                        size_t height, size_t batch,
                                        void **plan, fftcl_error *err);
  void (*plan_destroy) (void *plan);

  fftcl_status (*transform) (void *plan, fftcl_direction direction,
                             float *data, fftcl_error *err);
  /* fftcl_filter_load, with the layout made concrete. A backend without
   * `lays_out` gets only planes side by side: filter.c copies the others
   * into such planes. */
  fftcl_status (*filter_load) (void *plan, const float *data,
                               const fftcl_strides *layout,
                               fftcl_timings *timings, fftcl_error *err);
  /* fftcl_filter_load of a source with a fill (source.h); NULL where
   * filter.c makes the planes and calls filter_load. */
  fftcl_status (*filter_load_rows) (void *plan, const fftcl_source *rows,
                                    fftcl_timings *timings,
                                    fftcl_error *err);
  /* fftcl_filter_apply without FFTCL_CONSUME; the window lies inside the
   * planes and the spectrum is loaded. Without `lays_out`, the layout is
   * always planes side by side. */
  fftcl_status (*filter_apply_window) (void *plan, const fftcl_gain *gain,
                                       const fftcl_window *window, float *out,
                                       const fftcl_strides *layout,
                                       fftcl_timings *timings,
                                       fftcl_error *err);
  int lays_out;
  /* Nonzero where filter_apply_window, filter_finish and filter_once
   * take a gain with notch_planes; else filter.c applies each plane's
   * gain in turn (plane_gains.h). */
  int plane_notches;
  /* fftcl_filter_apply with FFTCL_CONSUME, with layouts as
   * filter_apply_window takes them; NULL where the backend does no better
   * than filter_apply_window, which filter.c then calls. */
  fftcl_status (*filter_finish) (void *plan, const fftcl_gain *gain,
                                 const fftcl_window *window, float *out,
                                 const fftcl_strides *layout,
                                 fftcl_timings *timings, fftcl_error *err);
  /* fftcl_filter_once of the input as it came (input_rows.h: planes in
   * any layout, or a source's rows), into `out` as `layout` lays out the
   * window; NULL where it would be no faster than filter_load and
   * filter_finish (or filter_apply_window), which filter.c then calls. */
  fftcl_status (*filter_once) (void *plan, const fftcl_gain *gain,
                               const fftcl_input *in,
                               const fftcl_window *window, float *out,
                               const fftcl_strides *layout,
                               fftcl_timings *timings, fftcl_error *err);
  /* fftcl_filter_spectrum; out_width and out_height are checked powers of
   * two no larger than the plan, and the spectrum is loaded. */
  fftcl_status (*filter_spectrum) (void *plan, size_t out_width,
                                   size_t out_height, float *out,
                                   fftcl_error *err);

  /* fftcl_time_transform and fftcl_time_filter (timing.h); ms has `runs`
   * entries. */
  fftcl_status (*time_transform) (void *plan, fftcl_direction direction,
                                  const float *data, size_t runs, double *ms,
                                  fftcl_error *err);
  fftcl_status (*time_filter) (void *plan, const fftcl_gain *gain,
                               const float *planes, size_t runs, double *ms,
                               fftcl_error *err);
} fftcl_backend;

extern const fftcl_backend fftcl_cpu_backend;
extern const fftcl_backend fftcl_opencl_backend;

/* The threads a device of fftcl_cpu_backend runs on. */
int fftcl_cpu_threads (const void *device);

/* Fills *err (if not NULL) and returns `status`. */
fftcl_status fftcl_fail (fftcl_error *err, fftcl_status status,
                         const char *format, ...)
  __attribute__ ((format (printf, 3, 4)));

/* FFTCL_ERROR_MEMORY: host memory ran out. */
fftcl_status fftcl_out_of_memory (fftcl_error *err);

/* The `stripe_scale` of gain.h: (1 − tolerance/100) times the length of
 * the axis the stripes' energy lies across. */
double fftcl_stripe_scale (const fftcl_gain *gain, size_t width,
                           size_t height);

#endif
