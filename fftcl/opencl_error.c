/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "opencl_error.h"

#include <CL/cl_ext.h>

typedef struct {
  cl_int code;
  const char *name;
} error_name;

#define NAMED(code) { code, #code }

static const char *name_of (cl_int code)
{
  static const error_name names[] = {
    NAMED (CL_DEVICE_NOT_FOUND),
    NAMED (CL_DEVICE_NOT_AVAILABLE),
    NAMED (CL_COMPILER_NOT_AVAILABLE),
    NAMED (CL_MEM_OBJECT_ALLOCATION_FAILURE),
    NAMED (CL_OUT_OF_RESOURCES),
    NAMED (CL_OUT_OF_HOST_MEMORY),
    NAMED (CL_PROFILING_INFO_NOT_AVAILABLE),
    NAMED (CL_MEM_COPY_OVERLAP),
    NAMED (CL_IMAGE_FORMAT_MISMATCH),
    NAMED (CL_IMAGE_FORMAT_NOT_SUPPORTED),
    NAMED (CL_BUILD_PROGRAM_FAILURE),
    NAMED (CL_MAP_FAILURE),
    NAMED (CL_MISALIGNED_SUB_BUFFER_OFFSET),
    NAMED (CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST),
    NAMED (CL_INVALID_VALUE),
    NAMED (CL_INVALID_DEVICE_TYPE),
    NAMED (CL_INVALID_PLATFORM),
    NAMED (CL_INVALID_DEVICE),
    NAMED (CL_INVALID_CONTEXT),
    NAMED (CL_INVALID_QUEUE_PROPERTIES),
    NAMED (CL_INVALID_COMMAND_QUEUE),
    NAMED (CL_INVALID_HOST_PTR),
    NAMED (CL_INVALID_MEM_OBJECT),
    NAMED (CL_INVALID_BINARY),
    NAMED (CL_INVALID_BUILD_OPTIONS),
    NAMED (CL_INVALID_PROGRAM),
    NAMED (CL_INVALID_PROGRAM_EXECUTABLE),
    NAMED (CL_INVALID_KERNEL_NAME),
    NAMED (CL_INVALID_KERNEL_DEFINITION),
    NAMED (CL_INVALID_KERNEL),
    NAMED (CL_INVALID_ARG_INDEX),
    NAMED (CL_INVALID_ARG_VALUE),
    NAMED (CL_INVALID_ARG_SIZE),
    NAMED (CL_INVALID_KERNEL_ARGS),
    NAMED (CL_INVALID_WORK_DIMENSION),
    NAMED (CL_INVALID_WORK_GROUP_SIZE),
    NAMED (CL_INVALID_WORK_ITEM_SIZE),
    NAMED (CL_INVALID_GLOBAL_OFFSET),
    NAMED (CL_INVALID_EVENT_WAIT_LIST),
    NAMED (CL_INVALID_EVENT),
    NAMED (CL_INVALID_OPERATION),
    NAMED (CL_INVALID_BUFFER_SIZE),
    NAMED (CL_INVALID_GLOBAL_WORK_SIZE),
    NAMED (CL_INVALID_PROPERTY),
    NAMED (CL_PLATFORM_NOT_FOUND_KHR),
  };
  for (size_t i = 0; i < sizeof names / sizeof *names; i++)
    if (names[i].code == code)
      return names[i].name;
  return "unknown error";
}

static int is_allocation_failure (cl_int code)
{
  return code == CL_MEM_OBJECT_ALLOCATION_FAILURE
         || code == CL_OUT_OF_HOST_MEMORY || code == CL_INVALID_BUFFER_SIZE;
}

fftcl_status fftcl_ocl_fail (fftcl_error *err, cl_int code, const char *what)
{
  fftcl_status status = is_allocation_failure (code) ? FFTCL_ERROR_MEMORY
                                                     : FFTCL_ERROR_OPENCL;
  return fftcl_fail (err, status, "OpenCL: %s failed: %s (%d)", what,
                     name_of (code), (int) code);
}
