/* SPDX-License-Identifier: GPL-3.0-or-later */
/* OpenCL error codes turned into fftcl statuses and messages. */
#ifndef FFTCL_OPENCL_ERROR_H
#define FFTCL_OPENCL_ERROR_H

#include "backend.h"

#include <CL/cl.h>

/* Fills *err with "OpenCL: WHAT failed: CL_NAME (CODE)" and returns
 * FFTCL_ERROR_MEMORY for allocation failures, FFTCL_ERROR_OPENCL for
 * anything else. */
fftcl_status fftcl_ocl_fail (fftcl_error *err, cl_int code, const char *what);

#endif
