/* The OpenCL device the peers run on: the same one fftcl picks. */
#ifndef BENCH_DEVICE_H
#define BENCH_DEVICE_H

#include "peers.h"

/* choice as FFTCL_DEVICE: NULL for the first GPU, else a substring of the
 * device name, platform name or vendor. Returns 0, or -1 after printing. */
int bench_device_open (const char *choice, bench_device *dev);
void bench_device_close (bench_device *dev);

#endif
