/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Finding the OpenCL device a user asked for among all platforms. */
#ifndef FFTCL_OPENCL_SELECT_H
#define FFTCL_OPENCL_SELECT_H

#include "backend.h"

#include <CL/cl.h>

/* choice NULL: the fastest GPU or accelerator, else no device.
 * "opencl:P:D": device D (in CL_DEVICE_TYPE_ALL order) of platform P, as
 * fftcl_ocl_list writes it. Otherwise the first device whose name,
 * platform name or platform vendor contains `choice`, ignoring case. Writes "DEVICE (PLATFORM)" to name[name_size]. */
fftcl_status fftcl_ocl_select (const char *choice, cl_platform_id *platform,
                               cl_device_id *device, char *name,
                               size_t name_size, fftcl_error *err);

/* Every usable device, for fftcl_list_devices: fills up to `max` entries
 * and returns how many there are (0 when OpenCL has no platform). */
size_t fftcl_ocl_list (fftcl_device_info *devices, size_t max);

#endif
