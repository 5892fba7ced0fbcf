/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The OpenCL plan's gain: its arguments set on the kernels, the notch
 * table, and the table or factors the round trip reads. */
#include "opencl_plan.h"

#include "gain.h"
#include "notch_index.h"

#include <stdlib.h>

static fftcl_status enqueue_gain_kernel (const opencl_plan *plan,
                                         cl_kernel kernel, size_t items,
                                         const char *what, fftcl_error *err)
{
  cl_int code = clEnqueueNDRangeKernel (plan->device->queue, kernel, 1, NULL,
                                        &items, NULL, 0, NULL, NULL);
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, what);
  return FFTCL_OK;
}

/* The notch triples as floats, and their index. */
static fftcl_status upload_notches (opencl_plan *plan, const fftcl_gain *g,
                                    const fftcl_notch_index *index,
                                    fftcl_error *err)
{
  size_t values = 3 * g->notch_count;
  float *floats = malloc ((values ? values : 1) * sizeof *floats);
  if (!floats)
    return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
  for (size_t i = 0; i < values; i++)
    floats[i] = (float) g->notches[i];
  size_t cells = (size_t) index->index.cells * (size_t) index->index.cells;
  fftcl_status status
    = ocl_upload_grown (plan, &plan->notches, floats, values * sizeof *floats,
                        "uploading the notch table", err);
  free (floats);
  if (status == FFTCL_OK)
    status = ocl_upload_grown (plan, &plan->notch_starts, index->starts,
                               (cells + 1) * sizeof *index->starts,
                               "uploading the notch index", err);
  if (status == FFTCL_OK)
    status = ocl_upload_grown (plan, &plan->notch_discs, index->discs,
                               index->entries * sizeof *index->discs,
                               "uploading the notch index", err);
  return status;
}

/* Cells per axis of the notch index on a device: fine enough that a
 * frequency takes few discs beyond those that reach it, fewer where a
 * cell would not hold a whole work-group of notch_table. */
enum { NOTCH_CELLS = 64 };

/* Work-groups of notch_table: tiles of up to 16 × 16 bins. */
static fftcl_status notch_tile (const opencl_plan *plan, size_t *tile,
                                fftcl_error *err)
{
  size_t group;
  fftcl_status status = ocl_group_limit (
    plan, plan->notch_table, &group, "querying the notch table kernel", err);
  if (status != FFTCL_OK)
    return status;
  tile[0] = plan->width < 16 ? plan->width : 16;
  tile[1] = plan->height < 16 ? plan->height : 16;
  while (tile[0] * tile[1] > group)
    tile[tile[1] > 1] /= 2;
  return FFTCL_OK;
}

/* The gain's notches' product over the plan's grid into
 * plan->notch_products, from an index of cells that each hold whole
 * work-groups. */
static fftcl_status fill_notch_table (opencl_plan *plan, const fftcl_gain *g,
                                      fftcl_error *err)
{
  size_t tile[2], global[] = { plan->width, plan->height };
  fftcl_status status = notch_tile (plan, tile, err);
  int cells = NOTCH_CELLS;
  while (cells > 1
         && (plan->width / (size_t) cells < tile[0]
             || plan->height / (size_t) cells < tile[1]))
    cells /= 2;
  fftcl_notch_index index = { 0 };
  if (status == FFTCL_OK)
    status = fftcl_notch_index_make (g, cells, &index, err);
  if (status == FFTCL_OK)
    status = upload_notches (plan, g, &index, err);
  cl_int index_cells = index.index.cells, shape = g->shape;
  float order = (float) g->order;
  fftcl_notch_index_clear (&index);
  if (status != FFTCL_OK)
    return status;
  /* Half the local memory for the Gaussian discs' axis factors. */
  size_t per_disc = (tile[0] + tile[1]) * sizeof (float);
  size_t most = plan->device->local_bytes / 2 / per_disc;
  cl_uint chunk = (cl_uint) (most < 1 ? 1 : most > 64 ? 64 : most);
  const fftcl_ocl_arg args[] = {
    FFTCL_OCL_ARG (plan->notch_products.buffer),
    FFTCL_OCL_ARG (plan->notches.buffer),
    FFTCL_OCL_ARG (plan->notch_starts.buffer),
    FFTCL_OCL_ARG (plan->notch_discs.buffer),
    FFTCL_OCL_ARG (index_cells),
    FFTCL_OCL_ARG (shape),
    FFTCL_OCL_ARG (order),
    { chunk * tile[0] * sizeof (float), NULL },
    { chunk * tile[1] * sizeof (float), NULL },
    FFTCL_OCL_ARG (chunk),
  };
  return ocl_launch (plan, plan->notch_table, args, sizeof args / sizeof *args,
                     2, global, tile, "filling the notch table", err);
}

fftcl_status ocl_set_gain (opencl_plan *plan, const fftcl_gain *g,
                           fftcl_error *err)
{
  cl_int notched = g->notch_count > 0;
  fftcl_status status = ocl_grow (
    plan, &plan->notch_products, notched ? area_of (plan) * sizeof (float) : 0,
    "allocating the notch table", err);
  if (status == FFTCL_OK && notched)
    status = fill_notch_table (plan, g, err);
  if (status != FFTCL_OK)
    return status;
  cl_mem frequencies = fftcl_ocl_fft_frequencies (plan->fft);
  cl_uint width = (cl_uint) plan->width, height = (cl_uint) plan->height;
  float large = (float) g->large_period, small = (float) g->small_period;
  float order = (float) g->order;
  float stripe_scale
    = (float) fftcl_stripe_scale (g, plan->width, plan->height);
  cl_int shape = g->shape, reject = g->reject, keep_mean = g->keep_mean;
  cl_int stripes = g->stripes;
  cl_int separable = gain_is_separable (shape);
  fftcl_ocl_arg args[] = {
    FFTCL_OCL_ARG (frequencies),   FFTCL_OCL_ARG (width),
    FFTCL_OCL_ARG (large),         FFTCL_OCL_ARG (small),
    FFTCL_OCL_ARG (shape),         FFTCL_OCL_ARG (order),
    FFTCL_OCL_ARG (reject),        FFTCL_OCL_ARG (keep_mean),
    FFTCL_OCL_ARG (stripes),       FFTCL_OCL_ARG (stripe_scale),
    FFTCL_OCL_ARG (plan->notch_products.buffer),
    FFTCL_OCL_ARG (width),         FFTCL_OCL_ARG (height),
    FFTCL_OCL_ARG (notched),       FFTCL_OCL_ARG (plan->factors),
    FFTCL_OCL_ARG (separable),
  };
  size_t count = sizeof args / sizeof *args;
  plan->separable = separable;
  status = fftcl_ocl_set_args (plan->gain_table, 1, args, count, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_set_args (plan->gain_factors, 1, args, count, err);
  if (status == FFTCL_OK)
    status = fftcl_ocl_fft_set_gain (plan->fft, args, count, err);
  if (status != FFTCL_OK || !plan->lone_fft)
    return status;
  cl_mem lone_frequencies = fftcl_ocl_fft_frequencies (plan->lone_fft);
  cl_uint lone_width = width / 2;
  args[0] = (fftcl_ocl_arg) FFTCL_OCL_ARG (lone_frequencies);
  args[1] = (fftcl_ocl_arg) FFTCL_OCL_ARG (lone_width);
  return fftcl_ocl_fft_set_gain (plan->lone_fft, args, count, err);
}

fftcl_status ocl_fill_gain (const opencl_plan *plan, fftcl_error *err)
{
  if (!fftcl_ocl_fft_has_round_trip (plan->fft) || !paired_count (plan))
    return FFTCL_OK;
  if (plan->separable)
    return enqueue_gain_kernel (plan, plan->gain_factors,
                                plan->width + plan->height,
                                "computing the gain's factors", err);
  return enqueue_gain_kernel (plan, plan->gain_table, area_of (plan),
                              "filling the gain table", err);
}
