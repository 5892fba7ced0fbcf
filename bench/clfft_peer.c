/* SPDX-License-Identifier: GPL-3.0-or-later */
/* clFFT 2.12 (Debian's libclfft-dev), the AMD OpenCL FFT library. */
#include "peers.h"

#include <clFFT.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  peer base;
  const bench_device *dev;
  cl_mem buffer;
  clfftPlanHandle plan;
} clfft_peer;

static int clfft_run (peer *self, int direction)
{
  clfft_peer *p = (clfft_peer *) self;
  cl_command_queue queue = p->dev->queue;
  clfftStatus s = clfftEnqueueTransform (
    p->plan, direction < 0 ? CLFFT_FORWARD : CLFFT_BACKWARD, 1, &queue, 0,
    NULL, NULL, &p->buffer, NULL, NULL);
  clFinish (queue);
  return s == CLFFT_SUCCESS ? 0 : -1;
}

static void clfft_destroy (peer *self)
{
  clfft_peer *p = (clfft_peer *) self;
  clfftDestroyPlan (&p->plan);
  clfftTeardown ();
  free (p);
}

peer *clfft_peer_create (const bench_device *dev, cl_mem buffer, size_t width,
                         size_t height, size_t batch)
{
  clfftSetupData setup;
  clfftInitSetupData (&setup);
  if (clfftSetup (&setup) != CLFFT_SUCCESS)
    return NULL;
  clfft_peer *p = calloc (1, sizeof *p);
  p->base.run = clfft_run;
  p->base.destroy = clfft_destroy;
  p->dev = dev;
  p->buffer = buffer;
  size_t lengths[2] = { width, height };
  size_t distance = width * height;
  cl_command_queue queue = dev->queue;
  clfftStatus s = clfftCreateDefaultPlan (&p->plan, dev->context, CLFFT_2D,
                                          lengths);
  if (s == CLFFT_SUCCESS)
    s = clfftSetPlanPrecision (p->plan, CLFFT_SINGLE);
  if (s == CLFFT_SUCCESS)
    s = clfftSetLayout (p->plan, CLFFT_COMPLEX_INTERLEAVED,
                        CLFFT_COMPLEX_INTERLEAVED);
  if (s == CLFFT_SUCCESS)
    s = clfftSetResultLocation (p->plan, CLFFT_INPLACE);
  if (s == CLFFT_SUCCESS)
    s = clfftSetPlanBatchSize (p->plan, batch);
  if (s == CLFFT_SUCCESS)
    s = clfftSetPlanDistance (p->plan, distance, distance);
  if (s == CLFFT_SUCCESS)
    s = clfftSetPlanScale (p->plan, CLFFT_BACKWARD, 1.0f);
  if (s == CLFFT_SUCCESS)
    s = clfftBakePlan (p->plan, 1, &queue, NULL, NULL);
  if (s != CLFFT_SUCCESS)
    {
      fprintf (stderr, "# clFFT: plan failed (%d) at %zux%zu\n", (int) s,
               width, height);
      clfft_destroy (&p->base);
      return NULL;
    }
  return &p->base;
}
