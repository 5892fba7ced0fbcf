/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "opencl_select.h"

#include <CL/cl_ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  cl_platform_id platform;
  cl_device_id device;
  cl_uint platform_index, device_index; /* as "opencl:P:D" names them */
  char name[128], platform_name[128], vendor[128];
  cl_device_type type;
  double speed; /* compute units × MHz: enough to rank GPUs */
} candidate;

typedef struct {
  candidate *items;
  size_t count;
} candidate_list;

/* Platform information when device is NULL, device information otherwise. */
static cl_int get_info (cl_platform_id platform, cl_device_id device,
                        cl_uint what, size_t size, void *value, size_t *needed)
{
  return device ? clGetDeviceInfo (device, what, size, value, needed)
                : clGetPlatformInfo (platform, what, size, value, needed);
}

/* The string, truncated to out[size]; empty when the query fails. */
static void info_string (cl_platform_id platform, cl_device_id device,
                         cl_uint what, char *out, size_t size)
{
  size_t needed = 0;
  out[0] = '\0';
  if (get_info (platform, device, what, 0, NULL, &needed) != CL_SUCCESS
      || needed == 0)
    return;
  char *full = malloc (needed);
  if (full && get_info (platform, device, what, needed, full, NULL) == CL_SUCCESS)
    snprintf (out, size, "%s", full);
  free (full);
}

/* Devices that cannot run our kernels, or do not say, are left out of
 * every list. */
static int is_usable (cl_device_id device)
{
  cl_bool available = CL_FALSE, compiler = CL_FALSE;
  return clGetDeviceInfo (device, CL_DEVICE_AVAILABLE, sizeof available,
                          &available, NULL)
           == CL_SUCCESS
         && clGetDeviceInfo (device, CL_DEVICE_COMPILER_AVAILABLE,
                             sizeof compiler, &compiler, NULL)
              == CL_SUCCESS
         && available && compiler;
}

/* A query that fails leaves its field empty or zero: such a device ranks
 * last. */
static candidate describe (cl_platform_id platform, cl_device_id device,
                           cl_uint platform_index, cl_uint device_index)
{
  candidate c = { .platform = platform,
                  .device = device,
                  .platform_index = platform_index,
                  .device_index = device_index };
  cl_uint units = 0, clock = 0;
  info_string (platform, device, CL_DEVICE_NAME, c.name, sizeof c.name);
  info_string (platform, NULL, CL_PLATFORM_NAME, c.platform_name,
               sizeof c.platform_name);
  info_string (platform, NULL, CL_PLATFORM_VENDOR, c.vendor, sizeof c.vendor);
  clGetDeviceInfo (device, CL_DEVICE_TYPE, sizeof c.type, &c.type, NULL);
  clGetDeviceInfo (device, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units,
                   NULL);
  clGetDeviceInfo (device, CL_DEVICE_MAX_CLOCK_FREQUENCY, sizeof clock,
                   &clock, NULL);
  c.speed = (double) units * clock;
  return c;
}

/* Appends the usable devices of one platform; a platform whose devices
 * cannot be listed is skipped, as other programs would. */
static fftcl_status add_platform (candidate_list *list,
                                  cl_platform_id platform,
                                  cl_uint platform_index, fftcl_error *err)
{
  cl_uint count = 0;
  if (clGetDeviceIDs (platform, CL_DEVICE_TYPE_ALL, 0, NULL, &count)
        != CL_SUCCESS
      || count == 0)
    return FFTCL_OK;
  cl_device_id *devices = malloc (count * sizeof *devices);
  candidate *grown
    = realloc (list->items, (list->count + count) * sizeof *grown);
  if (grown)
    list->items = grown;
  if (!devices || !grown)
    {
      free (devices);
      return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
    }
  if (clGetDeviceIDs (platform, CL_DEVICE_TYPE_ALL, count, devices, NULL)
      == CL_SUCCESS)
    for (cl_uint i = 0; i < count; i++)
      if (is_usable (devices[i]))
        list->items[list->count++]
          = describe (platform, devices[i], platform_index, i);
  free (devices);
  return FFTCL_OK;
}

static fftcl_status list_devices (candidate_list *list, fftcl_error *err)
{
  cl_uint count = 0;
  cl_int code = clGetPlatformIDs (0, NULL, &count);
  if (code == CL_PLATFORM_NOT_FOUND_KHR || (code == CL_SUCCESS && !count))
    return fftcl_fail (err, FFTCL_ERROR_NO_DEVICE,
                       "OpenCL: no platform is installed");
  if (code != CL_SUCCESS)
    return fftcl_fail (err, FFTCL_ERROR_NO_DEVICE,
                       "OpenCL: listing platforms failed (%d)", (int) code);
  cl_platform_id *platforms = malloc (count * sizeof *platforms);
  if (!platforms)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fftcl_status status = FFTCL_OK;
  code = clGetPlatformIDs (count, platforms, NULL);
  if (code != CL_SUCCESS)
    status = fftcl_fail (err, FFTCL_ERROR_NO_DEVICE,
                         "OpenCL: listing platforms failed (%d)", (int) code);
  for (cl_uint i = 0; i < count && status == FFTCL_OK; i++)
    status = add_platform (list, platforms[i], i, err);
  free (platforms);
  return status;
}

/* Only GPUs and accelerators: on a CPU, FFTW beats every OpenCL runtime,
 * so a machine without either takes the FFTW backend by default. */
static const candidate *fastest_gpu (const candidate_list *list)
{
  const candidate *best = NULL;
  for (size_t i = 0; i < list->count; i++)
    if ((list->items[i].type & (CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_ACCELERATOR))
        && (!best || list->items[i].speed > best->speed))
      best = &list->items[i];
  return best;
}

/* "opencl:P:D", exactly, or NULL. */
static const candidate *exact_match (const candidate_list *list,
                                     const char *choice)
{
  unsigned platform_index, device_index;
  int end = 0;
  if (sscanf (choice, "opencl:%u:%u%n", &platform_index, &device_index, &end)
        != 2
      || choice[end] != '\0')
    return NULL;
  for (size_t i = 0; i < list->count; i++)
    if (list->items[i].platform_index == platform_index
        && list->items[i].device_index == device_index)
      return &list->items[i];
  return NULL;
}

static int is_exact_choice (const char *choice)
{
  return strncmp (choice, "opencl:", 7) == 0;
}

static const candidate *first_match (const candidate_list *list,
                                     const char *choice)
{
  if (is_exact_choice (choice))
    return exact_match (list, choice);
  for (size_t i = 0; i < list->count; i++)
    {
      const candidate *c = &list->items[i];
      if (strcasestr (c->name, choice) || strcasestr (c->platform_name, choice)
          || strcasestr (c->vendor, choice))
        return c;
    }
  return NULL;
}

static fftcl_status no_match (const candidate_list *list, const char *choice,
                              fftcl_error *err)
{
  char found[384] = "";
  size_t used = 0;
  for (size_t i = 0; i < list->count && used < sizeof found; i++)
    used += snprintf (found + used, sizeof found - used,
                      "%s%s (%s) = opencl:%u:%u", i ? ", " : "",
                      list->items[i].name, list->items[i].platform_name,
                      list->items[i].platform_index,
                      list->items[i].device_index);
  if (!choice)
    return fftcl_fail (err, FFTCL_ERROR_NO_DEVICE,
                       "OpenCL: no GPU found; devices: %s",
                       list->count ? found : "none");
  return fftcl_fail (err, FFTCL_ERROR_NO_DEVICE,
                     "OpenCL: no device matches \"%s\"; found: %s", choice,
                     list->count ? found : "none");
}

static void write_name (const candidate *c, char *name, size_t name_size)
{
  snprintf (name, name_size, "%.120s (%.120s)", c->name, c->platform_name);
}

size_t fftcl_ocl_list (fftcl_device_info *devices, size_t max)
{
  candidate_list list = { NULL, 0 };
  if (list_devices (&list, NULL) != FFTCL_OK)
    {
      free (list.items);
      return 0;
    }
  for (size_t i = 0; i < list.count && i < max; i++)
    {
      const candidate *c = &list.items[i];
      snprintf (devices[i].choice, sizeof devices[i].choice, "opencl:%u:%u",
                c->platform_index, c->device_index);
      write_name (c, devices[i].name, sizeof devices[i].name);
      devices[i].is_gpu = (c->type & CL_DEVICE_TYPE_GPU) != 0;
    }
  size_t count = list.count;
  free (list.items);
  return count;
}

fftcl_status fftcl_ocl_select (const char *choice, cl_platform_id *platform,
                               cl_device_id *device, char *name,
                               size_t name_size, fftcl_error *err)
{
  candidate_list list = { NULL, 0 };
  fftcl_status status = list_devices (&list, err);
  if (status == FFTCL_OK)
    {
      const candidate *chosen = choice ? first_match (&list, choice)
                                       : fastest_gpu (&list);
      if (!chosen)
        status = no_match (&list, choice, err);
      else
        {
          *platform = chosen->platform;
          *device = chosen->device;
          write_name (chosen, name, name_size);
        }
    }
  free (list.items);
  return status;
}
