/* SPDX-License-Identifier: GPL-3.0-or-later */
/* An opened OpenCL device: its context and queue, the limits that shape the
 * kernels, and the programs built for it. */
#ifndef FFTCL_OPENCL_DEVICE_H
#define FFTCL_OPENCL_DEVICE_H

#include "backend.h"
#include "opencl_cache.h"
#include "opencl_staging.h"

#include <CL/cl.h>

typedef struct {
  char *options;
  cl_program program;
} fftcl_ocl_program;

typedef struct {
  cl_device_id id;
  cl_context context;
  cl_command_queue queue;
  size_t max_threads;         /* work-items in one work-group */
  size_t kernel_threads;      /* at most as many for any one kernel */
  cl_uint compute_units;
  int is_cpu;                 /* plan kernels as for a CPU */
  cl_ulong local_bytes;       /* local memory of one work-group */
  cl_ulong max_alloc_bytes;   /* the largest buffer */
  cl_ulong global_bytes;
  fftcl_ocl_cache_key cache_key; /* device, driver and kernel source */
  const char *cache_folder;   /* the context's; NULL: the user's */
  fftcl_ocl_program *programs; /* built so far, one per set of options */
  size_t program_count;
  fftcl_ocl_staging staging;  /* its plans' large transfers' */
} fftcl_ocl_device;

/* Opens the device fftcl_ocl_select picks and builds the kernels that need
 * no options, so a broken compiler shows up here; the binaries are cached
 * in `cache_folder` (which outlives the device; NULL: the user's).
 *
 * For tests, FFTCL_OPENCL_LOCAL_MEMORY (bytes) lowers the local memory the
 * FFT plans for: a CPU device then takes the multi-stage paths that GPUs
 * take for long axes. FFTCL_OPENCL_KERNEL_THREADS lowers the work-items
 * one FFT kernel may run, as NVIDIA's driver does (256), so that
 * work-items hold more values. FFTCL_OPENCL_AS_GPU, when set, plans a CPU
 * device's kernels as for a GPU (radix, tiles, passes written out). */
fftcl_status fftcl_ocl_device_open (const char *choice,
                                    const char *cache_folder,
                                    fftcl_ocl_device **out, char *name,
                                    size_t name_size, fftcl_error *err);
void fftcl_ocl_device_close (fftcl_ocl_device *device);

/* The embedded kernel source built with `options` (-D definitions), built
 * on first use (from the binary cache when it has it) and owned by the
 * device. */
fftcl_status fftcl_ocl_device_program (fftcl_ocl_device *device,
                                       const char *options,
                                       cl_program *out, fftcl_error *err);

/* Sets kernel arguments first, first + 1, … from `args`. */
typedef struct {
  size_t size;
  const void *value;
} fftcl_ocl_arg;
#define FFTCL_OCL_ARG(variable) { sizeof (variable), &(variable) }

fftcl_status fftcl_ocl_set_args (cl_kernel kernel, cl_uint first,
                                 const fftcl_ocl_arg *args, size_t count,
                                 fftcl_error *err);

#endif
