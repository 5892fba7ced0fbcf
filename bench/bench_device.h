/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The OpenCL device the peers run on: the same one fftcl picks. */
#ifndef BENCH_DEVICE_H
#define BENCH_DEVICE_H

#include "peers.h"

/* choice as fftcl_forced_device () gives it: NULL for the fastest GPU or
 * accelerator, "opencl:P:D", else a substring of the device name, platform
 * name or vendor. Returns 0, or -1 after printing. */
int bench_device_open (const char *choice, bench_device *dev);
void bench_device_close (bench_device *dev);

/* Without FFTCL_DEVICE, sets it to the "opencl:P:D" of the device
 * bench_device_open (NULL) opens, the fastest GPU, so that fftcl's
 * contexts run beside the peers, not where the automatic choice would put
 * them, and no compile time includes its measurement. Nothing when there
 * is no GPU. */
void bench_device_pin (void);

#endif
