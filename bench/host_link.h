/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The host link's own speed, to set fftcl's transfers beside: blocking
 * writes to and reads from a device buffer, from page-locked host memory
 * (CL_MEM_ALLOC_HOST_PTR, mapped) and from pageable memory (malloc). */
#ifndef BENCH_HOST_LINK_H
#define BENCH_HOST_LINK_H

#include "peers.h"

typedef struct {
  double pinned_write, pinned_read, pageable_write, pageable_read; /* GiB/s */
} host_link_speeds;

/* The fastest of `runs` transfers of `bytes` each way from each kind of
 * memory. Returns 0, or -1 after printing why. */
int host_link_measure (const bench_device *dev, size_t bytes, size_t runs,
                       host_link_speeds *out);

/* GiB/s of `bytes` moved in `ms`; NAN where ms is not positive. */
double host_link_gib_s (size_t bytes, double ms);

#endif
