/* SPDX-License-Identifier: GPL-3.0-or-later */
/* How an OpenCL FFT splits each axis into stages, and the shape of each
 * stage's work-groups: tiles, radix, values per work-item. */
#include "opencl_fft_plan.h"

/* Strided lanes come in tiles of neighbouring lanes so that each row of a
 * tile fills whole memory transactions on a GPU: 4 complex floats make a
 * 32-byte sector, 16 a 128-byte line. An axis whose tile would be narrower
 * than the minimum is split into several stages. Where a work-group of 32
 * lanes still exchanges its values through local memory in one window, the
 * tile widens to 32, never to 64, which takes two windows. On CPUs wider
 * tiles only make work-groups outgrow the caches (docs/performance.md,
 * "Rules in the code": tile widths). */
#define MIN_STRIDED_TILE 4

#define PREFERRED_GPU_TILE 16

#define WIDE_GPU_TILE 32

#define PREFERRED_CPU_TILE 4

/* Complex values per work-group worth keeping a device busy. */
#define PREFERRED_GROUP_VALUES 1024

/* Values one work-group may hold in its work-items' registers. Twice as
 * many would take a 4096-long column axis in one stage, but within
 * NVIDIA's 48 KB of local memory such a kernel cannot run four lanes per
 * work-group, and with two lanes it is slower than two stages
 * (docs/performance.md, "Rules in the code": values per work-group). */
#define MAX_GROUP_VALUES 8192

/* Planes up to this many values run radix-8 passes: twice the work-items
 * of radix 16, which small planes need to fill a GPU. Larger ones run
 * radix 16: fewer exchanges through local memory. A CPU has fewer
 * work-items to fill and takes radix 16 from smaller planes on
 * (docs/performance.md, "Rules in the code": radix 8 or 16). */
#define LARGEST_RADIX_8_GPU_PLANE (2048 * 2048)

#define LARGEST_RADIX_8_CPU_PLANE (512 * 512)

unsigned ocl_fft_log2_of (size_t power_of_two)
{
  unsigned log = 0;
  while ((size_t) 1 << log < power_of_two)
    log++;
  return log;
}

static cl_uint min_u (cl_uint a, cl_uint b)
{
  return a < b ? a : b;
}

cl_uint ocl_fft_max_u (cl_uint a, cl_uint b) { return a > b ? a : b; }

/* Floats of one exchange window: the largest power of two that fits in
 * local memory with kernels/fft.cl's padding (one value in 16), less a
 * sixteenth that some runtimes keep for themselves; at least two minimal
 * tiles of radix 2. */
static cl_uint window_floats (const fftcl_ocl_device *device)
{
  cl_ulong floats = device->local_bytes / 16 * 15 / sizeof (float);
  cl_uint window = 2 * MIN_STRIDED_TILE;
  while ((cl_ulong) 2 * window * 17 / 16 <= floats)
    window *= 2;
  return window;
}

/* Values one work-group can hold in registers. */
static cl_uint max_group_values (const fftcl_ocl_device *device)
{
  cl_ulong by_threads = (cl_ulong) device->max_threads * 16;
  return by_threads < MAX_GROUP_VALUES ? (cl_uint) by_threads
                                       : MAX_GROUP_VALUES;
}

cl_uint ocl_fft_stage_length_limit (const fftcl_ocl_device *device,
                                    cl_uint narrowest, int split_strided)
{
  cl_uint window = window_floats (device);
  cl_uint values = narrowest == 1 || split_strided ? window : window / 2;
  return min_u (values, max_group_values (device)) / narrowest;
}

cl_uint ocl_fft_narrowest_tile (cl_uint unit)
{
  return unit == 1 ? 1 : min_u (MIN_STRIDED_TILE, unit);
}

axis ocl_fft_split_axis (const fftcl_ocl_device *device, cl_uint length,
                         cl_uint unit)
{
  axis a = { length, unit, 0, { 0 }, 0 };
  unsigned log_length = ocl_fft_log2_of (length);
  if (length == 1)
    return a;
  if (length
      <= ocl_fft_stage_length_limit (device, ocl_fft_narrowest_tile (unit), 0))
    {
      a.stage_count = 1;
      a.log_lengths[0] = log_length;
      return a;
    }
  unsigned log_stage = ocl_fft_log2_of (
    ocl_fft_stage_length_limit (device, MIN_STRIDED_TILE, 0));
  a.stage_count = (log_length + log_stage - 1) / log_stage;
  for (unsigned i = 0; i < a.stage_count; i++)
    a.log_lengths[i] = log_length / a.stage_count
                       + (i < log_length % a.stage_count);
  return a;
}

cl_uint ocl_fft_factors_before (const axis *a, unsigned end)
{
  cl_uint product = 1;
  for (unsigned i = 0; i < end; i++)
    product <<= a->log_lengths[i];
  return product;
}

stage_shape ocl_fft_in_place_shape (const axis *a, unsigned i, size_t area,
                                    cl_uint table_length)
{
  cl_uint length = 1u << a->log_lengths[i];
  cl_uint block = a->length / ocl_fft_factors_before (a, i);
  cl_uint inner = block / length * a->unit;
  int last = i + 1 == a->stage_count;
  return (stage_shape) { length,
                         inner,
                         inner,
                         a->unit,
                         last ? 0 : table_length / block,
                         area / length,
                         0 };
}

stage_shape ocl_fft_natural_shape (const axis *a, unsigned i, size_t area,
                                   cl_uint table_length)
{
  cl_uint length = 1u << a->log_lengths[i];
  cl_uint span = ocl_fft_factors_before (a, i);
  return (stage_shape) { length,
                         a->length / length * a->unit,
                         span * a->unit,
                         a->unit,
                         i ? table_length / (span * length) : 0,
                         area / length,
                         0 };
}

stage_shape ocl_fft_cross_shape (const axis *a, size_t area,
                                 cl_uint table_length)
{
  stage_shape s = ocl_fft_natural_shape (a, 1, area, table_length);
  s.cross = 1;
  s.inner_in = a->unit;
  s.twiddle_step = table_length / a->length;
  return s;
}

cl_uint ocl_fft_first_radix (cl_uint length, cl_uint radix)
{
  unsigned remainder = ocl_fft_log2_of (length) % ocl_fft_log2_of (radix);
  return remainder ? 1u << remainder : radix;
}

cl_uint ocl_fft_radix_of (const fftcl_ocl_device *device, size_t area)
{
  size_t largest = device->is_cpu ? LARGEST_RADIX_8_CPU_PLANE
                                  : LARGEST_RADIX_8_GPU_PLANE;
  return area <= largest ? 8 : 16;
}

cl_uint ocl_fft_per_thread_of (const fftcl_ocl_device *device,
                               const stage_shape *s)
{
  cl_uint radix = ocl_fft_radix_of (device, s->lanes * s->length);
  if (radix == 8 && ocl_fft_first_radix (s->length, radix) == 2)
    radix = 16;
  return min_u (radix, s->length);
}

int ocl_fft_choose_windows (const fftcl_ocl_device *device,
                            const stage_shape *s, cl_uint tile,
                            cl_uint per_thread, group_layout *out)
{
  cl_uint window = window_floats (device);
  cl_uint values = tile * s->length;
  int strided = s->inner_in != 1 && s->inner_out != 1;
  *out = (group_layout) { tile, 1, values > window / 2 };
  if (values <= window)
    return 1;
  out->lane_groups = values / window;
  return strided && out->lane_groups <= tile && s->length % per_thread == 0;
}

cl_uint ocl_fft_preferred_tile (const fftcl_ocl_device *device,
                                const stage_shape *s)
{
  int load_contiguous = s->inner_in == 1, store_contiguous = s->inner_out == 1;
  cl_uint strided = device->is_cpu ? PREFERRED_CPU_TILE : PREFERRED_GPU_TILE;
  if (!device->is_cpu
      && WIDE_GPU_TILE * s->length <= window_floats (device) / 2)
    strided = WIDE_GPU_TILE;
  cl_uint tile = ocl_fft_max_u (load_contiguous ? 1 : strided,
                                PREFERRED_GROUP_VALUES / s->length);
  tile
    = min_u (tile, ocl_fft_max_u (1, max_group_values (device) / s->length));
  if (!load_contiguous)
    tile = min_u (tile, s->inner_in);
  if (!store_contiguous)
    tile = min_u (tile, s->inner_out);
  /* Small planes: narrower tiles, so that every compute unit gets two
   * work-groups. */
  while (!load_contiguous && tile > MIN_STRIDED_TILE
         && s->lanes / tile < 2 * (size_t) device->compute_units)
    tile /= 2;
  return (cl_uint) (tile < s->lanes ? tile : s->lanes);
}
