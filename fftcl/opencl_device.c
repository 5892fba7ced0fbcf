/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "opencl_device.h"

#include "opencl_error.h"
#include "opencl_select.h"

#include <stdlib.h>
#include <string.h>

/* tools/embed-kernels.py writes it from the inputs in fftcl/meson.build. */
extern const char fftcl_kernel_source[];

/* The environment variable `name` when it is set below what the device
 * has. */
static cl_ulong test_limit (const char *name, cl_ulong device_value)
{
  const char *text = getenv (name);
  unsigned long long limit = text ? strtoull (text, NULL, 10) : 0;
  return limit > 0 && limit < device_value ? limit : device_value;
}

static fftcl_status query_limits (fftcl_ocl_device *device, fftcl_error *err)
{
  size_t item_sizes[3] = { 0, 0, 0 };
  size_t group_size = 0;
  cl_device_type type = 0;
  cl_int code = clGetDeviceInfo (device->id, CL_DEVICE_MAX_WORK_GROUP_SIZE,
                                 sizeof group_size, &group_size, NULL);
  if (code == CL_SUCCESS)
    code = clGetDeviceInfo (device->id, CL_DEVICE_MAX_WORK_ITEM_SIZES,
                            sizeof item_sizes, item_sizes, NULL);
  if (code == CL_SUCCESS)
    code = clGetDeviceInfo (device->id, CL_DEVICE_LOCAL_MEM_SIZE,
                            sizeof device->local_bytes, &device->local_bytes,
                            NULL);
  if (code == CL_SUCCESS)
    code = clGetDeviceInfo (device->id, CL_DEVICE_MAX_MEM_ALLOC_SIZE,
                            sizeof device->max_alloc_bytes,
                            &device->max_alloc_bytes, NULL);
  if (code == CL_SUCCESS)
    code = clGetDeviceInfo (device->id, CL_DEVICE_GLOBAL_MEM_SIZE,
                            sizeof device->global_bytes,
                            &device->global_bytes, NULL);
  if (code == CL_SUCCESS)
    code = clGetDeviceInfo (device->id, CL_DEVICE_TYPE, sizeof type, &type,
                            NULL);
  if (code == CL_SUCCESS)
    code = clGetDeviceInfo (device->id, CL_DEVICE_MAX_COMPUTE_UNITS,
                            sizeof device->compute_units,
                            &device->compute_units, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "querying the device's limits");
  device->max_threads
    = group_size < item_sizes[0] ? group_size : item_sizes[0];
  device->is_cpu = (type & CL_DEVICE_TYPE_CPU) != 0
                   && !getenv ("FFTCL_OPENCL_AS_GPU");
  device->local_bytes
    = test_limit ("FFTCL_OPENCL_LOCAL_MEMORY", device->local_bytes);
  device->kernel_threads
    = test_limit ("FFTCL_OPENCL_KERNEL_THREADS", device->max_threads);
  return FFTCL_OK;
}

/* What a compiled binary depends on besides its options: the device, its
 * driver, the platform and the kernel source. */
static fftcl_status make_cache_key (fftcl_ocl_device *device,
                                    cl_platform_id platform,
                                    fftcl_error *err)
{
  static const cl_device_info device_texts[]
    = { CL_DEVICE_NAME, CL_DEVICE_VENDOR, CL_DEVICE_VERSION,
        CL_DRIVER_VERSION };
  char text[1024];
  fftcl_ocl_cache_key key = fftcl_ocl_cache_key_start ();
  cl_int code = CL_SUCCESS;
  for (size_t i = 0; i < 4 && code == CL_SUCCESS; i++)
    {
      code = clGetDeviceInfo (device->id, device_texts[i], sizeof text, text,
                              NULL);
      key = fftcl_ocl_cache_key_add (key, text);
    }
  if (code == CL_SUCCESS)
    code = clGetPlatformInfo (platform, CL_PLATFORM_VERSION, sizeof text,
                              text, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "querying the device's versions");
  key = fftcl_ocl_cache_key_add (key, text);
  device->cache_key = fftcl_ocl_cache_key_add (key, fftcl_kernel_source);
  return FFTCL_OK;
}

static fftcl_status create_queue (fftcl_ocl_device *device,
                                  cl_platform_id platform, fftcl_error *err)
{
  cl_context_properties properties[]
    = { CL_CONTEXT_PLATFORM, (cl_context_properties) platform, 0 };
  cl_int code;
  device->context
    = clCreateContext (properties, 1, &device->id, NULL, NULL, &code);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "creating a context");
  device->queue = clCreateCommandQueue (device->context, device->id, 0, &code);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "creating a command queue");
  return FFTCL_OK;
}

fftcl_status fftcl_ocl_device_open (const char *choice,
                                    const char *cache_folder,
                                    fftcl_ocl_device **out, char *name,
                                    size_t name_size, fftcl_error *err)
{
  fftcl_ocl_device *device = calloc (1, sizeof *device);
  if (!device)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  device->cache_folder = cache_folder;
  cl_platform_id platform;
  cl_program filter_program;
  fftcl_status status
    = fftcl_ocl_select (choice, &platform, &device->id, name, name_size, err);
  if (status == FFTCL_OK)
    status = query_limits (device, err);
  if (status == FFTCL_OK)
    status = make_cache_key (device, platform, err);
  if (status == FFTCL_OK)
    status = create_queue (device, platform, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_device_program (device, "", &filter_program, err);
  if (status != FFTCL_OK)
    {
      fftcl_ocl_device_close (device);
      return status;
    }
  *out = device;
  return FFTCL_OK;
}

void fftcl_ocl_device_close (fftcl_ocl_device *device)
{
  for (size_t i = 0; i < device->program_count; i++)
    {
      clReleaseProgram (device->programs[i].program);
      free (device->programs[i].options);
    }
  free (device->programs);
  if (device->queue)
    {
      fftcl_ocl_staging_release (&device->staging, device->queue);
      clReleaseCommandQueue (device->queue);
    }
  if (device->context)
    clReleaseContext (device->context);
  free (device);
}

static fftcl_status build_failure (const fftcl_ocl_device *device,
                                   cl_program program, cl_int code,
                                   const char *options, fftcl_error *err)
{
  size_t size = 0;
  char *log = NULL;
  if (clGetProgramBuildInfo (program, device->id, CL_PROGRAM_BUILD_LOG, 0,
                             NULL, &size)
        == CL_SUCCESS
      && (log = malloc (size + 1)))
    {
      log[0] = '\0';
      clGetProgramBuildInfo (program, device->id, CL_PROGRAM_BUILD_LOG, size,
                             log, NULL);
      log[size] = '\0';
    }
  fftcl_status status
    = fftcl_fail (err, FFTCL_ERROR_OPENCL,
                  "OpenCL: building the kernels (%s) failed (%d): %s",
                  *options ? options : "no options", (int) code,
                  log ? log : "no build log");
  free (log);
  return status;
}

static fftcl_status build (const fftcl_ocl_device *device,
                           const char *options, cl_program *out,
                           fftcl_error *err)
{
  const char *source = fftcl_kernel_source;
  cl_int code;
  cl_program program
    = clCreateProgramWithSource (device->context, 1, &source, NULL, &code);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "creating the kernel program");
  code = clBuildProgram (program, 1, &device->id, options, NULL, NULL);
  if (code != CL_SUCCESS)
    {
      fftcl_status status = build_failure (device, program, code, options, err);
      clReleaseProgram (program);
      return status;
    }
  *out = program;
  return FFTCL_OK;
}

static fftcl_status remember (fftcl_ocl_device *device, const char *options,
                              cl_program program, fftcl_error *err)
{
  char *copy = strdup (options);
  fftcl_ocl_program *grown
    = realloc (device->programs,
               (device->program_count + 1) * sizeof *grown);
  if (grown)
    device->programs = grown;
  if (!copy || !grown)
    {
      free (copy);
      return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
    }
  grown[device->program_count++] = (fftcl_ocl_program) { copy, program };
  return FFTCL_OK;
}

fftcl_status fftcl_ocl_device_program (fftcl_ocl_device *device,
                                       const char *options,
                                       cl_program *out, fftcl_error *err)
{
  for (size_t i = 0; i < device->program_count; i++)
    if (strcmp (device->programs[i].options, options) == 0)
      {
        *out = device->programs[i].program;
        return FFTCL_OK;
      }
  fftcl_ocl_cache_key key
    = fftcl_ocl_cache_key_add (device->cache_key, options);
  cl_program program
    = fftcl_ocl_cache_load (device->cache_folder, device->context,
                            device->id, options, key);
  fftcl_status status = FFTCL_OK;
  if (!program)
    {
      status = build (device, options, &program, err);
      if (status != FFTCL_OK)
        return status;
      fftcl_ocl_cache_store (device->cache_folder, program, key);
    }
  status = remember (device, options, program, err);
  if (status != FFTCL_OK)
    {
      clReleaseProgram (program);
      return status;
    }
  *out = program;
  return FFTCL_OK;
}

fftcl_status fftcl_ocl_set_args (cl_kernel kernel, cl_uint first,
                                 const fftcl_ocl_arg *args, size_t count,
                                 fftcl_error *err)
{
  for (size_t i = 0; i < count; i++)
    {
      cl_int code = clSetKernelArg (kernel, first + (cl_uint) i, args[i].size,
                                    args[i].value);
      if (code != CL_SUCCESS)
        return fftcl_ocl_fail (err, code, "setting a kernel argument");
    }
  return FFTCL_OK;
}
