/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bench_device.h"
#include "opencl_select.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

void bench_device_pin (void)
{
  enum { MOST_DEVICES = 64 };
  fftcl_device_info devices[MOST_DEVICES];
  cl_platform_id platform;
  cl_device_id device;
  char name[256];
  if (fftcl_forced_device ()
      || fftcl_ocl_select (NULL, &platform, &device, name, sizeof name, NULL)
           != FFTCL_OK)
    return;
  size_t count = fftcl_list_devices (devices, MOST_DEVICES);
  for (size_t i = 0; i < count && i < MOST_DEVICES; i++)
    if (strcmp (devices[i].name, name) == 0)
      {
        setenv ("FFTCL_DEVICE", devices[i].choice, 1);
        return;
      }
}

void bench_device_close (bench_device *dev)
{
  clReleaseCommandQueue (dev->queue);
  clReleaseContext (dev->context);
}
