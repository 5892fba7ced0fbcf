/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "opencl_fft.h"

#include "opencl_error.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

/* kernels/fft.cl's twiddle modes. */
enum { TWIDDLE_NONE, TWIDDLE_BEFORE, TWIDDLE_AFTER };
/* fft_stage's arguments after `scale`: the second plane, when the kernel
 * takes one, then the gain's, or the round trip's gain table and the
 * gain's. */
#define PLANE_ARGS_FIRST 11

/* What a stage's kernel does besides its FFT: STAGE_PLAIN, or one of
 * STAGE_GAIN, STAGE_MIX and STAGE_ROUND_TRIP, with or without
 * STAGE_TWO_PLANES. */
typedef enum {
  STAGE_PLAIN = 0,
  STAGE_GAIN = 1,       /* multiplies its input by the band-pass gain */
  STAGE_ROUND_TRIP = 2, /* forward, gain and inverse in one pass */
  STAGE_TWO_PLANES = 4, /* in place, on up to two planes per launch */
  STAGE_MIX = 8,        /* loads a lone real plane's filtered spectrum */
} stage_kind;

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
/* Values one work-item may hold; more than this and registers spill. */
#define MAX_PER_THREAD 32
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
/* Planes up to this many values run their in-place stages two planes per
 * launch: small planes fill a GPU better two at a time, larger ones run
 * faster one per launch (docs/performance.md, "Rules in the code": two
 * planes per launch). */
#define LARGEST_PAIRED_PLANE (1024 * 1024)
/* The gain's kernel arguments (gain.h's GAIN_PARAMETERS). */
#define GAIN_ARG_COUNT 16
/* A stage is at least radix 2, and plane sizes stay below 2^32. */
#define MAX_AXIS_STAGES 32

typedef struct {
  cl_uint length; /* N */
  cl_uint unit;   /* distance between neighbours: 1 for rows, width for
                     columns */
  unsigned stage_count;
  unsigned log_lengths[MAX_AXIS_STAGES]; /* log2 of each stage's factor */
  int cross; /* stages 0 and 1, radix 2 and L, run as one cross stage
               (natural order only) */
} axis;

/* One stage of kernels/fft.cl, as planned. */
typedef struct {
  cl_uint length;
  cl_uint inner_in, inner_out;
  cl_uint unit;
  cl_uint twiddle_step; /* table entries per unit of n · e; 0: no twiddle */
  size_t lanes;
  int cross; /* a cross stage (kernels/fft.cl) */
} stage_shape;

/* How a work-group of a stage is laid out (see kernels/fft.cl). */
typedef struct {
  cl_uint tile;
  cl_uint lane_groups;
  int split_components;
} group_layout;

typedef struct {
  cl_kernel kernel;
  size_t global_size, local_size;
  cl_uint length; /* of the FFTs it runs (a cross stage's 2L) */
  int twiddled, out_of_place, two_planes;
  cl_mem element_twiddles; /* its own twiddle table, or NULL */
} stage;

typedef struct {
  stage items[2 * MAX_AXIS_STAGES];
  size_t count;
} stage_list;

struct fftcl_ocl_fft {
  cl_command_queue queue;
  stage_list natural, in_place;
  stage filter_entry; /* the first inverse in-place stage, with the gain */
  stage round_trip;   /* the last in-place stage forward, the gain and back;
                         made when there are at least two stages */
  cl_mem twiddles, pass_twiddles, frequencies;
  cl_mem mirrors; /* a lone real plane's: the position of −k per position
                     of k, x then y */
  int pairs_planes; /* in-place stages take two planes per launch */
};

static unsigned log2_of (size_t power_of_two)
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

static cl_uint max_u (cl_uint a, cl_uint b)
{
  return a > b ? a : b;
}

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

/* The longest stage of an axis, for a tile of the narrowest width. Rows
 * (narrowest 1) may exchange their real and imaginary parts one after the
 * other, which keeps longer rows in one stage (docs/performance.md, "Rules
 * in the code": rows in one stage). Strided lanes do so only when
 * `split_strided` says (natural_columns). */
static cl_uint stage_length_limit (const fftcl_ocl_device *device,
                                   cl_uint narrowest, int split_strided)
{
  cl_uint window = window_floats (device);
  cl_uint values = narrowest == 1 || split_strided ? window : window / 2;
  return min_u (values, max_group_values (device)) / narrowest;
}

static cl_uint narrowest_tile (cl_uint unit)
{
  return unit == 1 ? 1 : min_u (MIN_STRIDED_TILE, unit);
}

static axis split_axis (const fftcl_ocl_device *device, cl_uint length,
                        cl_uint unit)
{
  axis a = { length, unit, 0, { 0 }, 0 };
  unsigned log_length = log2_of (length);
  if (length == 1)
    return a;
  if (length <= stage_length_limit (device, narrowest_tile (unit), 0))
    {
      a.stage_count = 1;
      a.log_lengths[0] = log_length;
      return a;
    }
  unsigned log_stage
    = log2_of (stage_length_limit (device, MIN_STRIDED_TILE, 0));
  a.stage_count = (log_length + log_stage - 1) / log_stage;
  for (unsigned i = 0; i < a.stage_count; i++)
    a.log_lengths[i] = log_length / a.stage_count
                       + (i < log_length % a.stage_count);
  return a;
}

/* Product of the factors of stages [0, end). */
static cl_uint factors_before (const axis *a, unsigned end)
{
  cl_uint product = 1;
  for (unsigned i = 0; i < end; i++)
    product <<= a->log_lengths[i];
  return product;
}

/* Stage i of decimation in frequency: FFTs of length R_i over sub-blocks of
 * length N_i = N / (R_0 ⋯ R_(i−1)), lanes strided by N_i / R_i, each output
 * e of lane n times W_(N_i)^(n · e). */
static stage_shape in_place_shape (const axis *a, unsigned i, size_t area,
                                   cl_uint table_length)
{
  cl_uint length = 1u << a->log_lengths[i];
  cl_uint block = a->length / factors_before (a, i);
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

/* Stockham pass i: span Ns = R_0 ⋯ R_(i−1); lane j reads j + r · N/R_i,
 * multiplies input r by W_(Ns · R_i)^((j mod Ns) · r), writes output r to
 * (j / Ns) · Ns · R_i + j mod Ns + r · Ns. */
static stage_shape natural_shape (const axis *a, unsigned i, size_t area,
                                  cl_uint table_length)
{
  cl_uint length = 1u << a->log_lengths[i];
  cl_uint span = factors_before (a, i);
  return (stage_shape) { length,
                         a->length / length * a->unit,
                         span * a->unit,
                         a->unit,
                         i ? table_length / (span * length) : 0,
                         area / length,
                         0 };
}

typedef stage_shape (*shape_of_stage) (const axis *, unsigned, size_t,
                                       cl_uint);

/* Stages 0 and 1 of an axis that has a cross stage, as one: stage 1's FFTs
 * on the rows as they are before stage 0, with stage 0's twiddles. */
static stage_shape cross_shape (const axis *a, size_t area,
                                cl_uint table_length)
{
  stage_shape s = natural_shape (a, 1, area, table_length);
  s.cross = 1;
  s.inner_in = a->unit;
  s.twiddle_step = table_length / a->length;
  return s;
}

/* kernels/fft.cl's TABLE_FIRST_RADIX for a stage of `length`. */
static cl_uint first_radix (cl_uint length, cl_uint radix)
{
  unsigned remainder = log2_of (length) % log2_of (radix);
  return remainder ? 1u << remainder : radix;
}

static cl_uint radix_of (const fftcl_ocl_device *device, size_t area)
{
  size_t largest = device->is_cpu ? LARGEST_RADIX_8_CPU_PLANE
                                  : LARGEST_RADIX_8_GPU_PLANE;
  return area <= largest ? 8 : 16;
}

/* One butterfly of the stage's radix R per work-item, or, where the length
 * leaves a first pass of radix 2 before radix-8 passes, 16 values: the
 * first pass then takes radix 16 (kernels/fft.cl), one exchange fewer
 * (docs/performance.md, "Rules in the code": 16 values per work-item). */
static cl_uint per_thread_of (const fftcl_ocl_device *device,
                              const stage_shape *s)
{
  cl_uint radix = radix_of (device, s->lanes * s->length);
  if (radix == 8 && first_radix (s->length, radix) == 2)
    radix = 16;
  return min_u (radix, s->length);
}

/* Windows for a work-group of `tile` lanes: one holding everything when
 * it fits, else the real then the imaginary parts, of fewer lanes at a
 * time when even that is too much (only for lanes strided on both sides,
 * each work-item staying within one lane). Returns 0 when nothing fits. */
static int choose_windows (const fftcl_ocl_device *device,
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

/* The widest tile worth a try. */
static cl_uint preferred_tile (const fftcl_ocl_device *device,
                               const stage_shape *s)
{
  int load_contiguous = s->inner_in == 1, store_contiguous = s->inner_out == 1;
  cl_uint strided = device->is_cpu ? PREFERRED_CPU_TILE : PREFERRED_GPU_TILE;
  if (!device->is_cpu
      && WIDE_GPU_TILE * s->length <= window_floats (device) / 2)
    strided = WIDE_GPU_TILE;
  cl_uint tile = max_u (load_contiguous ? 1 : strided,
                        PREFERRED_GROUP_VALUES / s->length);
  tile = min_u (tile, max_u (1, max_group_values (device) / s->length));
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

/* Twiddled row stages, whose neighbouring work-items hold neighbouring
 * lanes n, read W^(n·e) from a table of their own laid out element by
 * element, so that neighbours read neighbouring entries rather than
 * entries e apart (docs/performance.md, "Rules in the code": element
 * twiddles). */
static int has_element_twiddles (const stage_shape *s)
{
  return s->unit == 1 && s->twiddle_step && !s->cross;
}

static fftcl_status build_kernel (fftcl_ocl_device *device,
                                  const stage_shape *s,
                                  const group_layout *layout,
                                  cl_uint per_thread, stage_kind kind,
                                  cl_kernel *out, size_t *max_threads,
                                  fftcl_error *err)
{
  /* A cross stage's lanes stay with the work-items that load them, though
   * the two interleave on store. */
  char options[400];
  snprintf (options, sizeof options,
            "-D FFT_LENGTH=%u -D FFT_LOG_LENGTH=%u -D FFT_TILE=%u "
            "-D FFT_PER_THREAD=%u -D FFT_RADIX=%u -D FFT_LANE_GROUPS=%u "
            "-D FFT_SPLIT_COMPONENTS=%d -D FFT_LOAD_CONTIGUOUS=%d "
            "-D FFT_STORE_CONTIGUOUS=%d -D FFT_GAIN=%d -D FFT_TWO_PLANES=%d "
            "-D FFT_ROUND_TRIP=%d -D FFT_CROSS=%d -D FFT_ELEMENT_TWIDDLES=%d "
            "-D FFT_MIX=%d -D FFT_UNROLL_PASSES=%d",
            s->length, log2_of (s->length), layout->tile, per_thread,
            radix_of (device, s->lanes * s->length), layout->lane_groups,
            layout->split_components, s->inner_in == 1,
            s->inner_out == 1 || s->cross, (kind & STAGE_GAIN) != 0,
            (kind & STAGE_TWO_PLANES) != 0, (kind & STAGE_ROUND_TRIP) != 0,
            s->cross, has_element_twiddles (s), (kind & STAGE_MIX) != 0,
            !device->is_cpu);
  cl_program program;
  fftcl_status status
    = fftcl_ocl_device_program (device, options, &program, err);
  if (status != FFTCL_OK)
    return status;
  cl_int code;
  cl_kernel kernel = clCreateKernel (program, "fft_stage", &code);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "creating an FFT kernel");
  code = clGetKernelWorkGroupInfo (kernel, device->id,
                                   CL_KERNEL_WORK_GROUP_SIZE,
                                   sizeof *max_threads, max_threads, NULL);
  if (code != CL_SUCCESS)
    {
      clReleaseKernel (kernel);
      return fftcl_ocl_fail (err, code, "querying an FFT kernel");
    }
  if (*max_threads > device->kernel_threads)
    *max_threads = device->kernel_threads;
  *out = kernel;
  return FFTCL_OK;
}

static fftcl_status set_stage_args (const stage *st, const stage_shape *s,
                                    const cl_mem *tables, fftcl_error *err)
{
  cl_uint inner_in_shift = log2_of (s->inner_in);
  cl_uint inner_out_shift = log2_of (s->inner_out);
  cl_uint lane_shift = log2_of (s->unit);
  const fftcl_ocl_arg args[] = {
    FFTCL_OCL_ARG (tables[0]),       FFTCL_OCL_ARG (tables[1]),
    FFTCL_OCL_ARG (inner_in_shift),  FFTCL_OCL_ARG (inner_out_shift),
    FFTCL_OCL_ARG (lane_shift),      FFTCL_OCL_ARG (s->twiddle_step),
  };
  return fftcl_ocl_set_args (st->kernel, 2, args,
                             sizeof args / sizeof *args, err);
}

/* Builds the stage for `tile` lanes per work-group with `per_thread`
 * values per work-item; *fits is 0 when the kernel cannot run that many
 * work-items in one group (registers run out first). */
static fftcl_status try_stage (fftcl_ocl_device *device, const stage_shape *s,
                               const group_layout *layout, cl_uint per_thread,
                               stage_kind kind, stage *out, int *fits,
                               fftcl_error *err)
{
  size_t max_threads, threads = layout->tile * s->length / per_thread;
  fftcl_status status = build_kernel (device, s, layout, per_thread,
                                      kind, &out->kernel, &max_threads,
                                      err);
  *fits = status == FFTCL_OK && threads <= max_threads;
  if (status == FFTCL_OK && !*fits)
    clReleaseKernel (out->kernel);
  out->local_size = threads;
  out->global_size = s->lanes / layout->tile * threads;
  return status;
}

/* Each work-item holds one butterfly of the stage's radix (fewer values for
 * shorter transforms), or more when the kernel cannot run that many
 * work-items in one group; failing that, the tile narrows. */
static fftcl_status build_stage (fftcl_ocl_device *device,
                                 const stage_shape *s, stage_kind kind,
                                 stage *out, fftcl_error *err)
{
  for (cl_uint tile = preferred_tile (device, s); tile; tile /= 2)
    {
      cl_uint values = tile * s->length;
      cl_uint per_thread = per_thread_of (device, s);
      while (values / per_thread > device->max_threads)
        per_thread *= 2;
      group_layout layout;
      for (; per_thread <= MAX_PER_THREAD && per_thread <= values;
           per_thread *= 2)
        {
          int fits;
          if (!choose_windows (device, s, tile, per_thread, &layout))
            break;
          fftcl_status status = try_stage (device, s, &layout, per_thread,
                                           kind, out, &fits, err);
          if (status != FFTCL_OK || fits)
            return status;
        }
    }
  return fftcl_fail (err, FFTCL_ERROR_OPENCL,
                     "OpenCL: no work-group size fits an FFT stage of "
                     "length %u on this device",
                     s->length);
}

static void set_twiddle (float *table, size_t index, double turns)
{
  table[2 * index] = (float) cos (-2 * M_PI * turns);
  table[2 * index + 1] = (float) sin (-2 * M_PI * turns);
}

/* A read-only device copy of `bytes` of `table`; `what` names it in the
 * error. */
static fftcl_status copy_to_device (const fftcl_ocl_device *device,
                                    const void *table, size_t bytes,
                                    const char *what, cl_mem *out,
                                    fftcl_error *err)
{
  cl_int code;
  *out = clCreateBuffer (device->context,
                         CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes,
                         (void *) table, &code);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, what);
  return FFTCL_OK;
}

static fftcl_status upload_table (const fftcl_ocl_device *device,
                                  const float *table, size_t values,
                                  cl_mem *out, fftcl_error *err)
{
  return copy_to_device (device, table, 2 * sizeof (float) * values,
                         "creating a twiddle table", out, err);
}

static void release_stage (stage *st)
{
  if (st->kernel)
    clReleaseKernel (st->kernel);
  if (st->element_twiddles)
    clReleaseMemObject (st->element_twiddles);
  st->kernel = NULL;
  st->element_twiddles = NULL;
}

/* has_element_twiddles' table: entry e · inner + n holds W^(n·e), the
 * entry n · e · twiddle_step of the table of `table_length`. */
static fftcl_status create_element_twiddles (const fftcl_ocl_device *device,
                                             const stage_shape *s,
                                             cl_uint table_length,
                                             cl_mem *out, fftcl_error *err)
{
  size_t count = (size_t) s->length * s->inner_out;
  float *table = malloc (2 * count * sizeof *table);
  if (!table)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  for (cl_uint e = 0; e < s->length; e++)
    for (cl_uint n = 0; n < s->inner_out; n++)
      {
        cl_ulong m = (cl_ulong) n * e * s->twiddle_step % table_length;
        set_twiddle (table, (size_t) e * s->inner_out + n,
                     (double) m / table_length);
      }
  fftcl_status status = upload_table (device, table, count, out, err);
  free (table);
  return status;
}

/* `tables` are the stage and pass twiddles of `table_length`. */
static fftcl_status create_stage (fftcl_ocl_device *device,
                                  const stage_shape *s, const cl_mem *tables,
                                  cl_uint table_length, stage_kind kind,
                                  stage *out, fftcl_error *err)
{
  fftcl_status status = build_stage (device, s, kind, out, err);
  if (status != FFTCL_OK)
    return status;
  out->length = s->length << s->cross;
  /* A cross stage's twiddles are part of its radix-2 pass. */
  out->twiddled = s->twiddle_step != 0 && !s->cross;
  out->out_of_place = s->inner_in != s->inner_out;
  out->two_planes = (kind & STAGE_TWO_PLANES) != 0;
  out->element_twiddles = NULL;
  if (has_element_twiddles (s))
    status = create_element_twiddles (device, s, table_length,
                                      &out->element_twiddles, err);
  const cl_mem own_tables[] = { out->element_twiddles, tables[1] };
  if (status == FFTCL_OK)
    status = set_stage_args (out, s,
                             out->element_twiddles ? own_tables : tables,
                             err);
  if (status != FFTCL_OK)
    release_stage (out);
  return status;
}

static fftcl_status add_axis (fftcl_ocl_device *device, stage_list *list,
                              const axis *a, shape_of_stage shape_of,
                              stage_kind kind, size_t area,
                              cl_uint table_length, const cl_mem *tables,
                              fftcl_error *err)
{
  /* A cross stage stands for stages 0 and 1. */
  for (unsigned i = a->cross; i < a->stage_count; i++)
    {
      stage_shape s = i == 1 && a->cross
                        ? cross_shape (a, area, table_length)
                        : shape_of (a, i, area, table_length);
      fftcl_status status
        = create_stage (device, &s, tables, table_length, kind,
                        &list->items[list->count], err);
      if (status != FFTCL_OK)
        return status;
      list->count++;
    }
  return FFTCL_OK;
}

/* exp(−2πi m / length) for m < length, computed in double. */
static void fill_stage_twiddles (float *table, cl_uint length)
{
  for (cl_uint m = 0; m < length; m++)
    set_twiddle (table, m, (double) m / length);
}

/* For every stage length L = 2, 4, … < 2 · `longest`, from entry L on: the
 * twiddles of its passes after the first, as twiddle_pass in
 * kernels/fft.cl reads them. */
static void fill_pass_twiddles (float *table, cl_uint longest, cl_uint radix)
{
  for (cl_uint length = 2; length <= longest; length *= 2)
    {
      cl_uint first = first_radix (length, radix);
      for (cl_uint span = first; span < length; span *= radix)
        for (cl_uint r = 1; r < radix; r++)
          for (cl_uint k = 0; k < span; k++)
            set_twiddle (table,
                         length + span - first + (r - 1) * span + k,
                         (double) k * r / ((double) radix * span));
    }
}

/* The stage twiddles for axes up to `length` and the pass twiddles for
 * stages up to `longest_stage` with passes of `radix`. */
static fftcl_status create_twiddles (fftcl_ocl_fft *fft,
                                     const fftcl_ocl_device *device,
                                     cl_uint length, cl_uint longest_stage,
                                     cl_uint radix, fftcl_error *err)
{
  size_t values = max_u (length, 2 * longest_stage);
  float *table = calloc (2 * values, sizeof *table);
  if (!table)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fill_stage_twiddles (table, length);
  fftcl_status status = upload_table (device, table, length, &fft->twiddles,
                                      err);
  fill_pass_twiddles (table, longest_stage, radix);
  if (status == FFTCL_OK)
    status = upload_table (device, table, 2 * longest_stage,
                           &fft->pass_twiddles, err);
  free (table);
  return status;
}

/* In decimation in frequency, the digits of a frequency k = d_0 + R_0 d_1
 * + R_0 R_1 d_2 + … come out in reverse order: position p = d_last
 * + R_last d_(last−1) + …. */
static cl_uint frequency_at (const axis *a, cl_uint position)
{
  cl_uint k = 0;
  for (unsigned i = a->stage_count; i-- > 0;)
    {
      cl_uint radix = 1u << a->log_lengths[i];
      k += (position % radix) * factors_before (a, i);
      position /= radix;
    }
  return k;
}

/* mirrors[p]: the position of frequency −k, for k at position p;
 * `position_of` has room for the axis. */
static void fill_mirrors (const axis *a, cl_uint *position_of,
                          cl_uint *mirrors)
{
  for (cl_uint p = 0; p < a->length; p++)
    position_of[frequency_at (a, p)] = p;
  for (cl_uint p = 0; p < a->length; p++)
    mirrors[p]
      = position_of[(a->length - frequency_at (a, p)) & (a->length - 1)];
}

static fftcl_status create_mirrors (const fftcl_ocl_device *device,
                                    const axis *x, const axis *y,
                                    cl_mem *out, fftcl_error *err)
{
  size_t count = (size_t) x->length + y->length;
  cl_uint *table = malloc ((count + max_u (x->length, y->length))
                           * sizeof *table);
  if (!table)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fill_mirrors (x, table + count, table);
  fill_mirrors (y, table + count, table + x->length);
  fftcl_status status
    = copy_to_device (device, table, count * sizeof *table,
                      "creating the mirror table", out, err);
  free (table);
  return status;
}

/* k/N with k taken in [−N/2, N/2): an axis of length 1 has frequency 0. */
static void fill_frequencies (const axis *a, float *out)
{
  for (cl_uint p = 0; p < a->length; p++)
    {
      cl_uint k = frequency_at (a, p);
      double signed_k = 2 * (cl_ulong) k < a->length ? (double) k
                                                    : (double) k - a->length;
      out[p] = (float) (signed_k / a->length);
    }
}

static fftcl_status create_frequencies (const fftcl_ocl_device *device,
                                        const axis *x, const axis *y,
                                        cl_mem *out, fftcl_error *err)
{
  size_t count = (size_t) x->length + y->length;
  float *table = malloc (count * sizeof *table);
  if (!table)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fill_frequencies (x, table);
  fill_frequencies (y, table + x->length);
  fftcl_status status
    = copy_to_device (device, table, count * sizeof *table,
                      "creating the frequency table", out, err);
  free (table);
  return status;
}

/* The last in-place stage of the last axis that has stages, again, with
 * the gain: as the first inverse stage, and, when it is not the only
 * stage, as the round trip; two planes per launch where the in-place
 * stages take two. A lone real plane's first inverse stage mixes its
 * spectrum instead (STAGE_MIX), and it makes no round trip: the mix needs
 * the whole spectrum. */
static fftcl_status create_filter_entry (fftcl_ocl_fft *fft,
                                         fftcl_ocl_device *device,
                                         const axis *last, size_t area,
                                         cl_uint table_length,
                                         const cl_mem *tables, int lone,
                                         fftcl_error *err)
{
  stage_shape s = in_place_shape (last, last->stage_count - 1, area,
                                  table_length);
  stage_kind planes = fft->pairs_planes ? STAGE_TWO_PLANES : STAGE_PLAIN;
  fftcl_status status = create_stage (
    device, &s, tables, table_length,
    (lone ? STAGE_MIX : STAGE_GAIN) | planes, &fft->filter_entry, err);
  /* With its gain read from a table, the round trip pays even where the
   * last stage is short, 32 long at 2048² (docs/performance.md, "Rules in
   * the code": round trip). */
  if (status == FFTCL_OK && fft->in_place.count > 1 && !lone)
    status = create_stage (device, &s, tables, table_length,
                           STAGE_ROUND_TRIP | planes, &fft->round_trip, err);
  return status;
}

/* The rows for natural order. Rows twice as long as one stage takes there
 * run a radix-2 stage and the longest row stage as one cross stage
 * (kernels/fft.cl), faster than two shorter stages or four lanes that read
 * each value four times. Rows that fit one stage keep it: a cross stage is
 * slower (docs/performance.md, "Rules in the code": cross stages). In
 * place the two lanes of a row would overwrite what the other still
 * reads. */
static axis natural_rows (const fftcl_ocl_device *device, const axis *rows)
{
  axis a = *rows;
  cl_uint lane = stage_length_limit (device, 1, 0);
  if (a.length == 2 * lane)
    {
      a.stage_count = 2;
      a.log_lengths[0] = 1;
      a.log_lengths[1] = log2_of (lane);
      a.cross = 1;
    }
  return a;
}

/* The columns for natural order. Columns that fit one stage when their
 * real and imaginary parts are exchanged one after the other take it
 * there, one trip through memory instead of two (2048-long ones on
 * NVIDIA). The filter's in-place columns keep two stages: split, one stage
 * is slower there (docs/performance.md, "Rules in the code": columns in
 * one stage). */
static axis natural_columns (const fftcl_ocl_device *device,
                             const axis *columns)
{
  axis a = *columns;
  if (a.stage_count > 1
      && a.length <= stage_length_limit (device, narrowest_tile (a.unit), 1))
    {
      a.stage_count = 1;
      a.log_lengths[0] = log2_of (a.length);
    }
  return a;
}

static cl_uint longest_stage_of (const axis *a)
{
  cl_uint longest = 1;
  for (unsigned i = 0; i < a->stage_count; i++)
    longest = max_u (longest, 1u << a->log_lengths[i]);
  return longest;
}

static fftcl_status create_stages (fftcl_ocl_fft *fft,
                                   fftcl_ocl_device *device, const axis *x,
                                   const axis *y, int lone, fftcl_error *err)
{
  size_t area = (size_t) x->length * y->length;
  cl_uint table_length = max_u (x->length, y->length);
  axis rows = natural_rows (device, x), columns = natural_columns (device, y);
  cl_uint longest_stage
    = max_u (max_u (longest_stage_of (&rows), longest_stage_of (&columns)),
             max_u (longest_stage_of (x), longest_stage_of (y)));
  fftcl_status status
    = create_twiddles (fft, device, table_length, longest_stage,
                       radix_of (device, area), err);
  const axis *natural_axes[] = { &rows, &columns }, *axes[] = { x, y };
  const cl_mem tables[] = { fft->twiddles, fft->pass_twiddles };
  for (int i = 0; i < 2 && status == FFTCL_OK && !lone; i++)
    status = add_axis (device, &fft->natural, natural_axes[i], natural_shape,
                       STAGE_PLAIN, area, table_length, tables, err);
  for (int i = 0; i < 2 && status == FFTCL_OK; i++)
    status = add_axis (device, &fft->in_place, axes[i], in_place_shape,
                       fft->pairs_planes ? STAGE_TWO_PLANES : STAGE_PLAIN,
                       area, table_length, tables, err);
  if (status == FFTCL_OK)
    status = create_filter_entry (fft, device, y->stage_count ? y : x, area,
                                  table_length, tables, lone, err);
  if (status == FFTCL_OK)
    status = create_frequencies (device, x, y, &fft->frequencies, err);
  if (status == FFTCL_OK && lone)
    status = create_mirrors (device, x, y, &fft->mirrors, err);
  const fftcl_ocl_arg mirrors[] = { FFTCL_OCL_ARG (fft->mirrors) };
  if (status == FFTCL_OK && lone)
    status = fftcl_ocl_set_args (
      fft->filter_entry.kernel,
      PLANE_ARGS_FIRST + fft->filter_entry.two_planes + GAIN_ARG_COUNT,
      mirrors, 1, err);
  return status;
}

static fftcl_status create (fftcl_ocl_device *device, size_t width,
                            size_t height, int lone, fftcl_ocl_fft **out,
                            fftcl_error *err)
{
  if ((cl_ulong) width * height > (cl_ulong) 1 << 31)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY,
                       "fftcl: %zu×%zu values are more than one plane can "
                       "index (2^31)",
                       width, height);
  fftcl_ocl_fft *fft = calloc (1, sizeof *fft);
  if (!fft)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  fft->queue = device->queue;
  fft->pairs_planes = !lone && (size_t) width * height <= LARGEST_PAIRED_PLANE;
  axis x = split_axis (device, (cl_uint) width, 1);
  axis y = split_axis (device, (cl_uint) height, (cl_uint) width);
  /* A 1×1 plane still takes one stage (of length 1): it carries the
   * filter's gain. */
  if (!x.stage_count && !y.stage_count)
    x.stage_count = 1;
  fftcl_status status = create_stages (fft, device, &x, &y, lone, err);
  if (status != FFTCL_OK)
    {
      fftcl_ocl_fft_destroy (fft);
      return status;
    }
  *out = fft;
  return FFTCL_OK;
}

fftcl_status fftcl_ocl_fft_create (fftcl_ocl_device *device, size_t width,
                                   size_t height, fftcl_ocl_fft **out,
                                   fftcl_error *err)
{
  return create (device, width, height, 0, out, err);
}

fftcl_status fftcl_ocl_fft_create_lone (fftcl_ocl_device *device,
                                        size_t width, size_t height,
                                        fftcl_ocl_fft **out, fftcl_error *err)
{
  return create (device, width, height, 1, out, err);
}

static void release_stages (stage_list *list)
{
  for (size_t i = 0; i < list->count; i++)
    release_stage (&list->items[i]);
}

void fftcl_ocl_fft_destroy (fftcl_ocl_fft *fft)
{
  release_stages (&fft->natural);
  release_stages (&fft->in_place);
  release_stage (&fft->filter_entry);
  release_stage (&fft->round_trip);
  if (fft->twiddles)
    clReleaseMemObject (fft->twiddles);
  if (fft->pass_twiddles)
    clReleaseMemObject (fft->pass_twiddles);
  if (fft->frequencies)
    clReleaseMemObject (fft->frequencies);
  if (fft->mirrors)
    clReleaseMemObject (fft->mirrors);
  free (fft);
}

size_t fftcl_ocl_fft_planes_per_launch (const fftcl_ocl_fft *fft)
{
  return fft->pairs_planes ? 2 : 1;
}

int fftcl_ocl_fft_needs_spare (const fftcl_ocl_fft *fft)
{
  for (size_t i = 0; i < fft->natural.count; i++)
    if (fft->natural.items[i].out_of_place)
      return 1;
  return 0;
}

cl_mem fftcl_ocl_fft_frequencies (const fftcl_ocl_fft *fft)
{
  return fft->frequencies;
}

/* The inverse is the forward transform of the conjugate, conjugated: each
 * stage conjugates on load and store and scales by 1/length. With a
 * `second` plane (in-place stages only), one launch transforms it too. */
static fftcl_status enqueue_planes (cl_command_queue queue, const stage *st,
                                    cl_mem src, cl_mem dst, cl_mem second,
                                    int twiddle_mode,
                                    fftcl_direction direction,
                                    fftcl_error *err)
{
  int forward = direction == FFTCL_FORWARD;
  float conj_sign = forward ? 1.0f : -1.0f;
  float scale = forward ? 1.0f : 1.0f / (float) st->length;
  cl_mem second_arg = second ? second : dst;
  const fftcl_ocl_arg buffers[]
    = { FFTCL_OCL_ARG (src), FFTCL_OCL_ARG (dst) };
  const fftcl_ocl_arg modes[] = { FFTCL_OCL_ARG (twiddle_mode),
                                  FFTCL_OCL_ARG (conj_sign),
                                  FFTCL_OCL_ARG (scale),
                                  FFTCL_OCL_ARG (second_arg) };
  fftcl_status status = fftcl_ocl_set_args (st->kernel, 0, buffers, 2, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_set_args (st->kernel, PLANE_ARGS_FIRST - 3, modes,
                                 st->two_planes ? 4 : 3, err);
  if (status != FFTCL_OK)
    return status;
  const size_t global[] = { st->global_size, second ? 2 : 1 };
  const size_t local[] = { st->local_size, 1 };
  cl_int code = clEnqueueNDRangeKernel (queue, st->kernel, 2, NULL, global,
                                        local, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "running an FFT stage");
  return FFTCL_OK;
}

static fftcl_status enqueue_stage (cl_command_queue queue, const stage *st,
                                   cl_mem src, cl_mem dst, int twiddle_mode,
                                   fftcl_direction direction,
                                   fftcl_error *err)
{
  return enqueue_planes (queue, st, src, dst, NULL, twiddle_mode, direction,
                         err);
}

/* Forward stages twiddle their outputs; run backwards, the inverse stages
 * twiddle their inputs. */
static int in_place_twiddle_mode (const stage *st, fftcl_direction direction)
{
  if (!st->twiddled)
    return TWIDDLE_NONE;
  return direction == FFTCL_FORWARD ? TWIDDLE_AFTER : TWIDDLE_BEFORE;
}

/* One in-place stage over `count` planes, two per launch. */
static fftcl_status enqueue_in_place (cl_command_queue queue, const stage *st,
                                      const cl_mem *planes, size_t count,
                                      fftcl_direction direction,
                                      fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  for (size_t i = 0; i < count && status == FFTCL_OK; i += 2)
    status = enqueue_planes (queue, st, planes[i], planes[i],
                             i + 1 < count ? planes[i + 1] : NULL,
                             in_place_twiddle_mode (st, direction),
                             direction, err);
  return status;
}

fftcl_status fftcl_ocl_fft_natural (const fftcl_ocl_fft *fft,
                                    fftcl_direction direction, cl_mem data,
                                    cl_mem spare, cl_mem *result,
                                    fftcl_error *err)
{
  for (size_t i = 0; i < fft->natural.count; i++)
    {
      const stage *st = &fft->natural.items[i];
      cl_mem dst = st->out_of_place ? spare : data;
      fftcl_status status
        = enqueue_stage (fft->queue, st, data, dst,
                         st->twiddled ? TWIDDLE_BEFORE : TWIDDLE_NONE,
                         direction, err);
      if (status != FFTCL_OK)
        return status;
      spare = st->out_of_place ? data : spare;
      data = dst;
    }
  *result = data;
  return FFTCL_OK;
}

/* Inverse stages `stages` − 1 … 0, in place. */
static fftcl_status inverse_stages (const fftcl_ocl_fft *fft, size_t stages,
                                    const cl_mem *planes, size_t count,
                                    fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  for (size_t i = stages; i-- > 0 && status == FFTCL_OK;)
    status = enqueue_in_place (fft->queue, &fft->in_place.items[i], planes,
                               count, FFTCL_INVERSE, err);
  return status;
}

/* The in-place forward stages [0, end) over `count` planes. */
static fftcl_status forward_stages (const fftcl_ocl_fft *fft, size_t end,
                                    const cl_mem *planes, size_t count,
                                    fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  if (!fft->pairs_planes && count > 1)
    {
      for (size_t i = 0; i < count && status == FFTCL_OK; i++)
        status = forward_stages (fft, end, &planes[i], 1, err);
      return status;
    }
  for (size_t i = 0; i < end && status == FFTCL_OK; i++)
    status = enqueue_in_place (fft->queue, &fft->in_place.items[i], planes,
                               count, FFTCL_FORWARD, err);
  return status;
}

/* Over `count` planes, in place: `last`, a kernel of the last in-place
 * stage (plain, with the gain, or the round trip) run in `direction`, then
 * the inverse stages before it. */
static fftcl_status back_from_last (const fftcl_ocl_fft *fft,
                                    const stage *last,
                                    fftcl_direction direction,
                                    const cl_mem *planes, size_t count,
                                    fftcl_error *err)
{
  fftcl_status status = FFTCL_OK;
  if (!fft->pairs_planes && count > 1)
    {
      for (size_t i = 0; i < count && status == FFTCL_OK; i++)
        status = back_from_last (fft, last, direction, &planes[i], 1, err);
      return status;
    }
  status = enqueue_in_place (fft->queue, last, planes, count, direction, err);
  if (status == FFTCL_OK)
    status = inverse_stages (fft, fft->in_place.count - 1, planes, count,
                             err);
  return status;
}

fftcl_status fftcl_ocl_fft_in_place (const fftcl_ocl_fft *fft,
                                     fftcl_direction direction,
                                     const cl_mem *planes, size_t count,
                                     fftcl_error *err)
{
  if (direction == FFTCL_FORWARD)
    return forward_stages (fft, fft->in_place.count, planes, count, err);
  return back_from_last (fft, &fft->in_place.items[fft->in_place.count - 1],
                         FFTCL_INVERSE, planes, count, err);
}

/* A stage's arguments from `after` past its planes on: the gain's, or
 * the round trip's table (0) and gain (1). */
static fftcl_status set_args_after_planes (const stage *st, cl_uint after,
                                           const fftcl_ocl_arg *args,
                                           size_t count, fftcl_error *err)
{
  return fftcl_ocl_set_args (st->kernel,
                             PLANE_ARGS_FIRST + st->two_planes + after, args,
                             count, err);
}

fftcl_status fftcl_ocl_fft_set_gain (const fftcl_ocl_fft *fft,
                                     const fftcl_ocl_arg *args, size_t count,
                                     fftcl_error *err)
{
  fftcl_status status
    = set_args_after_planes (&fft->filter_entry, 0, args, count, err);
  if (status == FFTCL_OK && fft->round_trip.kernel)
    status = set_args_after_planes (&fft->round_trip, 1, args, count, err);
  return status;
}

fftcl_status fftcl_ocl_fft_filtered_inverse (const fftcl_ocl_fft *fft,
                                             cl_mem spectrum, cl_mem out,
                                             fftcl_error *err)
{
  const stage *entry = &fft->filter_entry;
  fftcl_status status = enqueue_stage (
    fft->queue, entry, spectrum, out,
    in_place_twiddle_mode (entry, FFTCL_INVERSE), FFTCL_INVERSE, err);
  if (status != FFTCL_OK)
    return status;
  return inverse_stages (fft, fft->in_place.count - 1, &out, 1, err);
}

fftcl_status fftcl_ocl_fft_filter_forward (const fftcl_ocl_fft *fft,
                                           const cl_mem *planes, size_t count,
                                           fftcl_error *err)
{
  size_t stages = fft->in_place.count - (fft->round_trip.kernel ? 1 : 0);
  return forward_stages (fft, stages, planes, count, err);
}

fftcl_status fftcl_ocl_fft_filter_in_place (const fftcl_ocl_fft *fft,
                                            const cl_mem *spectra,
                                            size_t count, fftcl_error *err)
{
  return back_from_last (fft, &fft->filter_entry, FFTCL_INVERSE, spectra,
                         count, err);
}

int fftcl_ocl_fft_has_round_trip (const fftcl_ocl_fft *fft)
{
  return fft->round_trip.kernel != NULL;
}

fftcl_status fftcl_ocl_fft_set_gain_table (const fftcl_ocl_fft *fft,
                                          cl_mem gains, fftcl_error *err)
{
  const fftcl_ocl_arg args[] = { FFTCL_OCL_ARG (gains) };
  return set_args_after_planes (&fft->round_trip, 0, args, 1, err);
}

fftcl_status fftcl_ocl_fft_filter_rest (const fftcl_ocl_fft *fft,
                                        const cl_mem *planes, size_t count,
                                        fftcl_error *err)
{
  if (!fft->round_trip.kernel)
    return fftcl_ocl_fft_filter_in_place (fft, planes, count, err);
  return back_from_last (fft, &fft->round_trip, FFTCL_FORWARD, planes,
                         count, err);
}
