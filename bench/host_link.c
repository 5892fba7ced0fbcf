/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "host_link.h"

#include "clock.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

double host_link_gib_s (size_t bytes, double ms)
{
  return ms > 0 ? (double) bytes / (ms * 1e-3) / (1024.0 * 1024 * 1024)
                : NAN;
}

/* The GiB/s of the fastest of `runs` blocking transfers between `host`
 * and `buffer`: the link's own speed; NAN where one fails. */
static double transfer_speed (const bench_device *dev, cl_mem buffer,
                              void *host, size_t bytes, size_t runs,
                              int write)
{
  double fastest = 0;
  for (size_t i = 0; i < runs; i++)
    {
      double start = fftcl_now_ms ();
      cl_int code = write ? clEnqueueWriteBuffer (dev->queue, buffer, CL_TRUE,
                                                  0, bytes, host, 0, NULL,
                                                  NULL)
                          : clEnqueueReadBuffer (dev->queue, buffer, CL_TRUE,
                                                 0, bytes, host, 0, NULL,
                                                 NULL);
      if (code != CL_SUCCESS)
        return NAN;
      double speed = host_link_gib_s (bytes, fftcl_now_ms () - start);
      fastest = speed > fastest ? speed : fastest;
    }
  return fastest;
}

int host_link_measure (const bench_device *dev, size_t bytes, size_t runs,
                       host_link_speeds *out)
{
  runs = runs < 1 ? 1 : runs;
  cl_int code;
  cl_mem buffer = clCreateBuffer (dev->context, CL_MEM_READ_WRITE, bytes,
                                  NULL, &code);
  cl_mem locked = code == CL_SUCCESS
                    ? clCreateBuffer (dev->context,
                                      CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                      bytes, NULL, &code)
                    : NULL;
  void *pinned = code == CL_SUCCESS
                   ? clEnqueueMapBuffer (dev->queue, locked, CL_TRUE,
                                         CL_MAP_READ | CL_MAP_WRITE, 0, bytes,
                                         0, NULL, NULL, &code)
                   : NULL;
  void *pageable = malloc (bytes);
  int ok = code == CL_SUCCESS && pinned && pageable;
  if (ok)
    {
      memset (pinned, 1, bytes);
      memset (pageable, 1, bytes);
      *out = (host_link_speeds) {
        transfer_speed (dev, buffer, pinned, bytes, runs, 1),
        transfer_speed (dev, buffer, pinned, bytes, runs, 0),
        transfer_speed (dev, buffer, pageable, bytes, runs, 1),
        transfer_speed (dev, buffer, pageable, bytes, runs, 0)
      };
    }
  else
    fprintf (stderr, "fftcl-bench: the host link's %zu bytes could not be "
             "set up (OpenCL error %d)\n", bytes, (int) code);
  if (pinned)
    {
      clEnqueueUnmapMemObject (dev->queue, locked, pinned, 0, NULL, NULL);
      clFinish (dev->queue);
    }
  if (locked)
    clReleaseMemObject (locked);
  if (buffer)
    clReleaseMemObject (buffer);
  free (pageable);
  return ok ? 0 : -1;
}
