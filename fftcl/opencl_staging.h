/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Large transfers through page-locked host memory. A driver moves
 * page-locked memory at the host link's own speed and pageable memory
 * through small bounce buffers of its own at a fraction of it
 * (docs/performance.md, "Staged transfers"); page-locking is itself slow,
 * so a device keeps a few slots of it for its whole life, made at its
 * first staged transfer. Host threads fill or empty one slot while the
 * device moves the others. */
#ifndef FFTCL_OPENCL_STAGING_H
#define FFTCL_OPENCL_STAGING_H

#include "backend.h"

#include <CL/cl.h>

#define FFTCL_OCL_STAGING_SLOTS 3

typedef struct {
  cl_mem buffer;  /* CL_MEM_ALLOC_HOST_PTR, kept mapped; NULL where the
                     device gave none and `host` is plain memory */
  float *host;    /* its mapping */
  cl_event moved; /* its last transfer; NULL when none is in flight */
} fftcl_ocl_slot;

typedef struct {
  fftcl_ocl_slot slots[FFTCL_OCL_STAGING_SLOTS];
} fftcl_ocl_staging;

/* The bytes of one slot: a transfer of less goes straight from or to the
 * caller's memory, where the slots' waits would cost more than they save. */
#define FFTCL_OCL_SLOT_BYTES ((size_t) 8 << 20)

/* Fills rows [first, end) of a transfer into `to`, row after row. */
typedef void (*fftcl_ocl_fill_rows) (const void *job, size_t first,
                                     size_t end, float *to);

/* Takes rows [first, end) of a transfer from `from`, row after row. */
typedef void (*fftcl_ocl_take_rows) (const void *job, size_t first,
                                     size_t end, const float *from);

/* Whether `staging` has its slots, making them on first use: page-locked
 * where the device gives it, else of plain memory; 0 when the host is out
 * of memory. */
int fftcl_ocl_staging_ready (fftcl_ocl_staging *staging, cl_context context,
                             cl_command_queue queue);

/* Writes `rows` rows of `row_floats` floats to `buffer` from its start,
 * as `fill` makes them, a slot at a time, on `threads` host threads. Does
 * not wait for the last transfers: the queue orders what follows. Rows
 * no longer than a slot. */
fftcl_status fftcl_ocl_staged_write (fftcl_ocl_staging *staging,
                                     cl_command_queue queue, cl_mem buffer,
                                     size_t rows, size_t row_floats,
                                     fftcl_ocl_fill_rows fill,
                                     const void *job, size_t threads,
                                     fftcl_error *err);

/* Reads `rows` rows of `row_floats` floats of `buffer`, the first at
 * `offset` floats, and hands them to `take` a slot at a time, on `threads`
 * host threads, the next slots' reads in flight meanwhile. Returns when
 * all are taken. Rows no longer than a slot. */
fftcl_status fftcl_ocl_staged_read (fftcl_ocl_staging *staging,
                                    cl_command_queue queue, cl_mem buffer,
                                    size_t offset, size_t rows,
                                    size_t row_floats,
                                    fftcl_ocl_take_rows take,
                                    const void *job, size_t threads,
                                    fftcl_error *err);

/* Waits for the slots' transfers and gives their memory back. */
void fftcl_ocl_staging_release (fftcl_ocl_staging *staging,
                                cl_command_queue queue);

#endif
