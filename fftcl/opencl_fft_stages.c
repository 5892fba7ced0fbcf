/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The stages of an OpenCL FFT: each one's kernel built with its
 * options, its arguments set, and the list of an axis's stages. */
#include "opencl_fft_plan.h"

#include <stdio.h>
#include <stdlib.h>

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

/* Values one work-item may hold; more than this and registers spill. */
#define MAX_PER_THREAD 32

/* The gain's kernel arguments (gain.h's GAIN_PARAMETERS). */
#define GAIN_ARG_COUNT 16

typedef stage_shape (*shape_of_stage) (const axis *, unsigned, size_t,
                                       cl_uint);

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
            s->length, ocl_fft_log2_of (s->length), layout->tile, per_thread,
            ocl_fft_radix_of (device, s->lanes * s->length),
            layout->lane_groups, layout->split_components, s->inner_in == 1,
            s->inner_out == 1 || s->cross, (kind & STAGE_GAIN) != 0,
            (kind & STAGE_TWO_PLANES) != 0, (kind & STAGE_ROUND_TRIP) != 0,
            s->cross, ocl_fft_has_element_twiddles (s),
            (kind & STAGE_MIX) != 0, !device->is_cpu);
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
  cl_uint inner_in_shift = ocl_fft_log2_of (s->inner_in);
  cl_uint inner_out_shift = ocl_fft_log2_of (s->inner_out);
  cl_uint lane_shift = ocl_fft_log2_of (s->unit);
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
  for (cl_uint tile = ocl_fft_preferred_tile (device, s); tile; tile /= 2)
    {
      cl_uint values = tile * s->length;
      cl_uint per_thread = ocl_fft_per_thread_of (device, s);
      while (values / per_thread > device->max_threads)
        per_thread *= 2;
      group_layout layout;
      for (; per_thread <= MAX_PER_THREAD && per_thread <= values;
           per_thread *= 2)
        {
          int fits;
          if (!ocl_fft_choose_windows (device, s, tile, per_thread, &layout))
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

void ocl_fft_release_stage (stage *st)
{
  if (st->kernel)
    clReleaseKernel (st->kernel);
  if (st->element_twiddles)
    clReleaseMemObject (st->element_twiddles);
  st->kernel = NULL;
  st->element_twiddles = NULL;
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
  if (ocl_fft_has_element_twiddles (s))
    status = ocl_fft_create_element_twiddles (device, s, table_length,
                                              &out->element_twiddles, err);
  const cl_mem own_tables[] = { out->element_twiddles, tables[1] };
  if (status == FFTCL_OK)
    status = set_stage_args (out, s,
                             out->element_twiddles ? own_tables : tables,
                             err);
  if (status != FFTCL_OK)
    ocl_fft_release_stage (out);
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
                        ? ocl_fft_cross_shape (a, area, table_length)
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
  stage_shape s
    = ocl_fft_in_place_shape (last, last->stage_count - 1, area, table_length);
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
  cl_uint lane = ocl_fft_stage_length_limit (device, 1, 0);
  if (a.length == 2 * lane)
    {
      a.stage_count = 2;
      a.log_lengths[0] = 1;
      a.log_lengths[1] = ocl_fft_log2_of (lane);
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
      && a.length <= ocl_fft_stage_length_limit (
           device, ocl_fft_narrowest_tile (a.unit), 1))
    {
      a.stage_count = 1;
      a.log_lengths[0] = ocl_fft_log2_of (a.length);
    }
  return a;
}

static cl_uint longest_stage_of (const axis *a)
{
  cl_uint longest = 1;
  for (unsigned i = 0; i < a->stage_count; i++)
    longest = ocl_fft_max_u (longest, 1u << a->log_lengths[i]);
  return longest;
}

fftcl_status ocl_fft_create_stages (fftcl_ocl_fft *fft,
                                    fftcl_ocl_device *device, const axis *x,
                                    const axis *y, int lone, fftcl_error *err)
{
  size_t area = (size_t) x->length * y->length;
  cl_uint table_length = ocl_fft_max_u (x->length, y->length);
  axis rows = natural_rows (device, x), columns = natural_columns (device, y);
  cl_uint longest_stage = ocl_fft_max_u (
    ocl_fft_max_u (longest_stage_of (&rows), longest_stage_of (&columns)),
    ocl_fft_max_u (longest_stage_of (x), longest_stage_of (y)));
  fftcl_status status
    = ocl_fft_create_twiddles (fft, device, table_length, longest_stage,
                               ocl_fft_radix_of (device, area), err);
  const axis *natural_axes[] = { &rows, &columns }, *axes[] = { x, y };
  const cl_mem tables[] = { fft->twiddles, fft->pass_twiddles };
  for (int i = 0; i < 2 && status == FFTCL_OK && !lone; i++)
    status = add_axis (device, &fft->natural, natural_axes[i],
                       ocl_fft_natural_shape, STAGE_PLAIN, area, table_length,
                       tables, err);
  for (int i = 0; i < 2 && status == FFTCL_OK; i++)
    status = add_axis (device, &fft->in_place, axes[i], ocl_fft_in_place_shape,
                       fft->pairs_planes ? STAGE_TWO_PLANES : STAGE_PLAIN,
                       area, table_length, tables, err);
  if (status == FFTCL_OK)
    status = create_filter_entry (fft, device, y->stage_count ? y : x, area,
                                  table_length, tables, lone, err);
  if (status == FFTCL_OK)
    status = ocl_fft_create_frequencies (device, x, y, &fft->frequencies, err);
  if (status == FFTCL_OK && lone)
    status = ocl_fft_create_mirrors (device, x, y, &fft->mirrors, err);
  const fftcl_ocl_arg mirrors[] = { FFTCL_OCL_ARG (fft->mirrors) };
  if (status == FFTCL_OK && lone)
    status = fftcl_ocl_set_args (
      fft->filter_entry.kernel,
      PLANE_ARGS_FIRST + fft->filter_entry.two_planes + GAIN_ARG_COUNT,
      mirrors, 1, err);
  return status;
}

void ocl_fft_release_stages (stage_list *list)
{
  for (size_t i = 0; i < list->count; i++)
    ocl_fft_release_stage (&list->items[i]);
}
