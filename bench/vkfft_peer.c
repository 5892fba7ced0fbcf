/* SPDX-License-Identifier: GPL-3.0-or-later */
/* VkFFT through its OpenCL backend, as Debian's libvkfft-dev ships it. */
#define VKFFT_BACKEND 3
#include "peers.h"

#include <stdio.h>
#include <stdlib.h>
#include <vkFFT.h>

typedef struct {
  peer base;
  const bench_device *dev;
  cl_mem buffer;
  uint64_t buffer_size;
  VkFFTApplication app;
} vkfft_peer;

static int vkfft_run (peer *self, int direction)
{
  vkfft_peer *p = (vkfft_peer *) self;
  VkFFTLaunchParams launch = { 0 };
  launch.commandQueue = (cl_command_queue *) &p->dev->queue;
  launch.buffer = &p->buffer;
  VkFFTResult r = VkFFTAppend (&p->app, direction, &launch);
  clFinish (p->dev->queue);
  return r == VKFFT_SUCCESS ? 0 : -1;
}

static void vkfft_destroy (peer *self)
{
  vkfft_peer *p = (vkfft_peer *) self;
  deleteVkFFT (&p->app);
  free (p);
}

peer *vkfft_peer_create (const bench_device *dev, cl_mem buffer, size_t width,
                         size_t height, size_t batch)
{
  vkfft_peer *p = calloc (1, sizeof *p);
  p->base.run = vkfft_run;
  p->base.destroy = vkfft_destroy;
  p->dev = dev;
  p->buffer = buffer;
  p->buffer_size = 8 * (uint64_t) width * height * batch;
  VkFFTConfiguration c = { 0 };
  c.FFTdim = 2;
  c.size[0] = width;
  c.size[1] = height;
  c.numberBatches = batch;
  c.platform = (cl_platform_id *) &dev->platform;
  c.device = (cl_device_id *) &dev->device;
  c.context = (cl_context *) &dev->context;
  c.buffer = &p->buffer;
  c.bufferSize = &p->buffer_size;
  VkFFTResult r = initializeVkFFT (&p->app, c);
  if (r != VKFFT_SUCCESS)
    {
      fprintf (stderr, "# VkFFT: initializeVkFFT failed (%d) at %zux%zu\n",
               (int) r, width, height);
      free (p);
      return NULL;
    }
  return &p->base;
}
