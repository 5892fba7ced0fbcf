/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFT libraries fftcl is measured against, behind one interface: set up
 * a batch of width × height complex planes on a device buffer, run one
 * forward or inverse transform, tear down. */
#ifndef BENCH_PEERS_H
#define BENCH_PEERS_H

#include <CL/cl.h>
#include <stddef.h>

typedef struct {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
} bench_device;

typedef struct peer peer;
struct peer {
  /* direction: -1 forward, +1 inverse (unnormalised); waits for the device */
  int (*run) (peer *self, int direction);
  void (*destroy) (peer *self);
};

/* Each returns NULL (and prints why) when the library cannot do the size. */
peer *vkfft_peer_create (const bench_device *dev, cl_mem buffer, size_t width,
                         size_t height, size_t batch);
peer *clfft_peer_create (const bench_device *dev, cl_mem buffer, size_t width,
                         size_t height, size_t batch);


#endif
