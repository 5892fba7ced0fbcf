/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bench_device.h"
#include "opencl_select.h"

#include <stdio.h>

int bench_device_open (const char *choice, bench_device *dev)
{
  char name[256];
  fftcl_error err;
  if (fftcl_ocl_select (choice, &dev->platform, &dev->device, name,
                       sizeof name, &err) != FFTCL_OK)
    {
      fprintf (stderr, "fftcl-bench: %s\n", err.message);
      return -1;
    }
  cl_int status;
  dev->context = clCreateContext (NULL, 1, &dev->device, NULL, NULL, &status);
  if (status == CL_SUCCESS)
    dev->queue = clCreateCommandQueue (dev->context, dev->device, 0, &status);
  if (status != CL_SUCCESS)
    {
      fprintf (stderr, "fftcl-bench: cannot open %s (OpenCL error %d)\n",
               name, status);
      return -1;
    }
  return 0;
}

void bench_device_close (bench_device *dev)
{
  clReleaseCommandQueue (dev->queue);
  clReleaseContext (dev->context);
}
