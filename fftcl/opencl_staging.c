/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "opencl_staging.h"
#include "opencl_error.h"
#include "parallel.h"

#include <stdlib.h>

static void release_slot (fftcl_ocl_slot *slot, cl_command_queue queue)
{
  if (slot->moved)
    {
      clWaitForEvents (1, &slot->moved);
      clReleaseEvent (slot->moved);
    }
  if (slot->host && !slot->buffer)
    free (slot->host);
  if (slot->host && slot->buffer)
    clEnqueueUnmapMemObject (queue, slot->buffer, slot->host, 0, NULL, NULL);
  if (slot->buffer)
    {
      clFinish (queue);
      clReleaseMemObject (slot->buffer);
    }
  *slot = (fftcl_ocl_slot) { NULL, NULL, NULL };
}

void fftcl_ocl_staging_release (fftcl_ocl_staging *staging,
                                cl_command_queue queue)
{
  for (size_t i = 0; i < FFTCL_OCL_STAGING_SLOTS; i++)
    release_slot (&staging->slots[i], queue);
}

/* A page-locked slot, or, where the device gives none, one of plain
 * memory: the transfers then go as fast as unstaged ones. */
static int make_slot (fftcl_ocl_slot *slot, cl_context context,
                      cl_command_queue queue)
{
  cl_int code;
  slot->buffer = clCreateBuffer (context,
                                 CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR,
                                 FFTCL_OCL_SLOT_BYTES, NULL, &code);
  if (code == CL_SUCCESS)
    slot->host = clEnqueueMapBuffer (queue, slot->buffer, CL_TRUE,
                                     CL_MAP_READ | CL_MAP_WRITE, 0,
                                     FFTCL_OCL_SLOT_BYTES, 0, NULL, NULL,
                                     &code);
  if (code == CL_SUCCESS && slot->host)
    return 1;
  if (slot->buffer)
    clReleaseMemObject (slot->buffer);
  slot->buffer = NULL;
  slot->host = malloc (FFTCL_OCL_SLOT_BYTES);
  return slot->host != NULL;
}

int fftcl_ocl_staging_ready (fftcl_ocl_staging *staging, cl_context context,
                             cl_command_queue queue)
{
  int ready = 1;
  for (size_t i = 0; i < FFTCL_OCL_STAGING_SLOTS && ready; i++)
    ready = staging->slots[i].host || make_slot (&staging->slots[i], context,
                                                 queue);
  if (!ready)
    fftcl_ocl_staging_release (staging, queue);
  return ready;
}

/* Waits for the slot's last transfer. */
static fftcl_status settle (fftcl_ocl_slot *slot, fftcl_error *err)
{
  if (!slot->moved)
    return FFTCL_OK;
  cl_int code = clWaitForEvents (1, &slot->moved);
  clReleaseEvent (slot->moved);
  slot->moved = NULL;
  if (code != CL_SUCCESS)
    return fftcl_ocl_fail (err, code, "waiting for a staged transfer");
  return FFTCL_OK;
}

/* A slot's transfer, enqueued with code `enqueued`, sent to the device
 * now: a queue may hold its commands until a flush or a wait, and the
 * device is to move this slot while the host fills or empties the next.
 * A transfer that was not enqueued leaves the slot with none in flight. */
static cl_int sent (cl_int enqueued, fftcl_ocl_slot *slot,
                    cl_command_queue queue)
{
  if (enqueued != CL_SUCCESS)
    {
      slot->moved = NULL;
      return enqueued;
    }
  return clFlush (queue);
}

/* One slot's rows, [base, base + count), filled or taken by threads. */
typedef struct {
  fftcl_ocl_fill_rows fill;
  fftcl_ocl_take_rows take;
  const void *job;
  size_t base, row_floats;
  float *slot;
} slot_rows;

static void slot_work (const void *pointer, size_t first, size_t end)
{
  const slot_rows *s = pointer;
  float *at = s->slot + first * s->row_floats;
  if (s->fill)
    s->fill (s->job, s->base + first, s->base + end, at);
  else
    s->take (s->job, s->base + first, s->base + end, at);
}

static size_t rows_per_slot (size_t row_floats)
{
  size_t rows = FFTCL_OCL_SLOT_BYTES / (row_floats * sizeof (float));
  return rows ? rows : 1;
}

/* The rows of piece k of `rows` rows cut in pieces of `per`. */
static size_t piece_rows (size_t rows, size_t per, size_t k)
{
  return rows - k * per < per ? rows - k * per : per;
}

fftcl_status fftcl_ocl_staged_write (fftcl_ocl_staging *staging,
                                     cl_command_queue queue, cl_mem buffer,
                                     size_t rows, size_t row_floats,
                                     fftcl_ocl_fill_rows fill,
                                     const void *job, size_t threads,
                                     fftcl_error *err)
{
  size_t per = rows_per_slot (row_floats), row_bytes = row_floats
                                                       * sizeof (float);
  fftcl_status status = FFTCL_OK;
  for (size_t k = 0; k * per < rows && status == FFTCL_OK; k++)
    {
      fftcl_ocl_slot *slot = &staging->slots[k % FFTCL_OCL_STAGING_SLOTS];
      size_t first = k * per, count = piece_rows (rows, per, k);
      status = settle (slot, err);
      if (status != FFTCL_OK)
        break;
      const slot_rows s = { fill, NULL, job, first, row_floats, slot->host };
      fftcl_in_parallel (threads, count, slot_work, &s);
      cl_int code = clEnqueueWriteBuffer (queue, buffer, CL_FALSE,
                                          first * row_bytes,
                                          count * row_bytes, slot->host, 0,
                                          NULL, &slot->moved);
      code = sent (code, slot, queue);
      if (code != CL_SUCCESS)
        status = fftcl_ocl_fail (err, code, "uploading through a slot");
    }
  return status;
}

/* Starts reading piece k (of `rows` rows in pieces of `per`) into `slot`. */
static fftcl_status read_into (fftcl_ocl_slot *slot, cl_command_queue queue,
                               cl_mem buffer, size_t offset, size_t rows,
                               size_t per, size_t k, size_t row_floats,
                               fftcl_error *err)
{
  size_t row_bytes = row_floats * sizeof (float);
  size_t first = k * per, count = piece_rows (rows, per, k);
  fftcl_status status = settle (slot, err);
  if (status != FFTCL_OK)
    return status;
  cl_int code = clEnqueueReadBuffer (queue, buffer, CL_FALSE,
                                     offset * sizeof (float)
                                       + first * row_bytes,
                                     count * row_bytes, slot->host, 0, NULL,
                                     &slot->moved);
  code = sent (code, slot, queue);
  if (code == CL_SUCCESS)
    return FFTCL_OK;
  return fftcl_ocl_fail (err, code, "downloading through a slot");
}

fftcl_status fftcl_ocl_staged_read (fftcl_ocl_staging *staging,
                                    cl_command_queue queue, cl_mem buffer,
                                    size_t offset, size_t rows,
                                    size_t row_floats,
                                    fftcl_ocl_take_rows take,
                                    const void *job, size_t threads,
                                    fftcl_error *err)
{
  size_t per = rows_per_slot (row_floats);
  size_t pieces = (rows + per - 1) / per;
  fftcl_status status = FFTCL_OK;
  for (size_t k = 0; k < pieces && k < FFTCL_OCL_STAGING_SLOTS
                     && status == FFTCL_OK; k++)
    status = read_into (&staging->slots[k], queue, buffer, offset, rows, per,
                        k, row_floats, err);
  for (size_t k = 0; k < pieces && status == FFTCL_OK; k++)
    {
      fftcl_ocl_slot *slot = &staging->slots[k % FFTCL_OCL_STAGING_SLOTS];
      status = settle (slot, err);
      if (status != FFTCL_OK)
        break;
      const slot_rows s = { NULL, take, job, k * per, row_floats, slot->host };
      fftcl_in_parallel (threads, piece_rows (rows, per, k), slot_work, &s);
      size_t next = k + FFTCL_OCL_STAGING_SLOTS;
      if (next < pieces)
        status = read_into (slot, queue, buffer, offset, rows, per, next,
                            row_floats, err);
    }
  return status;
}
