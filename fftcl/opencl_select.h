/* Finding the OpenCL device a user asked for among all platforms. */
#ifndef FFTCL_OPENCL_SELECT_H
#define FFTCL_OPENCL_SELECT_H

#include "backend.h"

#include <CL/cl.h>

/* choice NULL: the fastest GPU or accelerator, else no device. Otherwise the
 * first device whose name, platform name or platform vendor contains
 * `choice`, ignoring case. Writes "DEVICE (PLATFORM)" to name[name_size]. */
fftcl_status fftcl_ocl_select (const char *choice, cl_platform_id *platform,
                               cl_device_id *device, char *name,
                               size_t name_size, fftcl_error *err);

#endif
