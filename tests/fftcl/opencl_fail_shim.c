/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Preloaded (LD_PRELOAD) into the fallback test to make OpenCL calls fail
 * on demand, as a device that runs out of resources, cannot compile or is
 * lost would. The test finds opencl_fail_shim_arm with dlsym. */
#include <CL/cl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <string.h>

typedef struct {
  const char *name;
  long calls_left; /* before the failures start; negative: never */
} trap;

static pthread_mutex_t traps_lock = PTHREAD_MUTEX_INITIALIZER;
static trap traps[] = {
  { "clEnqueueNDRangeKernel", -1 },
  { "clCreateBuffer", -1 },
  { "clBuildProgram", -1 },
  { "clFinish", -1 },
  { "clEnqueueReadBufferRect", -1 },
};
enum { TRAP_COUNT = sizeof traps / sizeof *traps };

/* From `calls` calls of `name` on, every call fails; calls < 0 disarms. */
void opencl_fail_shim_arm (const char *name, long calls);

void opencl_fail_shim_arm (const char *name, long calls)
{
  pthread_mutex_lock (&traps_lock);
  for (size_t i = 0; i < TRAP_COUNT; i++)
    if (strcmp (traps[i].name, name) == 0)
      traps[i].calls_left = calls;
  pthread_mutex_unlock (&traps_lock);
}

static int fails_now (size_t index)
{
  pthread_mutex_lock (&traps_lock);
  int fails = traps[index].calls_left == 0;
  if (traps[index].calls_left > 0)
    traps[index].calls_left--;
  pthread_mutex_unlock (&traps_lock);
  return fails;
}

static void *real (size_t index)
{
  return dlsym (RTLD_NEXT, traps[index].name);
}

cl_int clEnqueueNDRangeKernel (cl_command_queue queue, cl_kernel kernel,
                               cl_uint dimensions, const size_t *offset,
                               const size_t *global, const size_t *local,
                               cl_uint wait_count, const cl_event *wait_list,
                               cl_event *event)
{
  if (fails_now (0))
    return CL_OUT_OF_RESOURCES;
  cl_int (*call) (cl_command_queue, cl_kernel, cl_uint, const size_t *,
                  const size_t *, const size_t *, cl_uint, const cl_event *,
                  cl_event *) = real (0);
  return call (queue, kernel, dimensions, offset, global, local, wait_count,
               wait_list, event);
}

cl_mem clCreateBuffer (cl_context context, cl_mem_flags flags, size_t size,
                       void *host, cl_int *code)
{
  if (fails_now (1))
    {
      if (code)
        *code = CL_MEM_OBJECT_ALLOCATION_FAILURE;
      return NULL;
    }
  cl_mem (*call) (cl_context, cl_mem_flags, size_t, void *, cl_int *)
    = real (1);
  return call (context, flags, size, host, code);
}

cl_int clBuildProgram (cl_program program, cl_uint device_count,
                       const cl_device_id *devices, const char *options,
                       void (*notify) (cl_program, void *), void *user_data)
{
  if (fails_now (2))
    return CL_BUILD_PROGRAM_FAILURE;
  cl_int (*call) (cl_program, cl_uint, const cl_device_id *, const char *,
                  void (*) (cl_program, void *), void *) = real (2);
  return call (program, device_count, devices, options, notify, user_data);
}

/* Lost devices report their failure when the queue is waited for. */
cl_int clFinish (cl_command_queue queue)
{
  cl_int (*call) (cl_command_queue) = real (3);
  cl_int code = call (queue);
  return fails_now (3) ? CL_OUT_OF_RESOURCES : code;
}

cl_int clEnqueueReadBufferRect (cl_command_queue queue, cl_mem buffer,
                                cl_bool blocking, const size_t *origin,
                                const size_t *host_origin,
                                const size_t *region, size_t row_pitch,
                                size_t slice_pitch, size_t host_row_pitch,
                                size_t host_slice_pitch, void *host,
                                cl_uint wait_count, const cl_event *wait_list,
                                cl_event *event)
{
  if (fails_now (4))
    return CL_OUT_OF_RESOURCES;
  cl_int (*call) (cl_command_queue, cl_mem, cl_bool, const size_t *,
                  const size_t *, const size_t *, size_t, size_t, size_t,
                  size_t, void *, cl_uint, const cl_event *, cl_event *)
    = real (4);
  return call (queue, buffer, blocking, origin, host_origin, region,
               row_pitch, slice_pitch, host_row_pitch, host_slice_pitch,
               host, wait_count, wait_list, event);
}
