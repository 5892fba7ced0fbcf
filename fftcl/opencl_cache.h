/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Program binaries kept on disk, so that only the first process on a
 * device and driver compiles the kernels: one file per device, driver,
 * kernel source and set of build options under fftcl_cache_path
 * ("fftcl/") of a cache folder (NULL: the user's). Best effort throughout: a missing, corrupt, stale or
 * unwritable cache only means compiling from source. */
#ifndef FFTCL_OPENCL_CACHE_H
#define FFTCL_OPENCL_CACHE_H

#include <CL/cl.h>
#include <stdint.h>

/* Two independent hashes of everything a binary depends on: `name` names
 * the file, `check` is stored in it and must match. */
typedef struct {
  uint64_t name, check;
} fftcl_ocl_cache_key;

/* The key of nothing yet. */
fftcl_ocl_cache_key fftcl_ocl_cache_key_start (void);

/* The key with `text` (and its terminating zero) hashed in. */
fftcl_ocl_cache_key fftcl_ocl_cache_key_add (fftcl_ocl_cache_key key,
                                             const char *text);

/* A program built for `device` from the binary cached under `key`, or NULL
 * when there is none that loads and builds. */
cl_program fftcl_ocl_cache_load (const char *cache_folder, cl_context context,
                                 cl_device_id device, const char *options,
                                 fftcl_ocl_cache_key key);

/* Writes the binary of `program` (built for `device` alone) under `key`,
 * atomically: readers see the old file or the whole new one. */
void fftcl_ocl_cache_store (const char *cache_folder, cl_program program,
                            fftcl_ocl_cache_key key);

#endif
