/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "automatic.h"

#include "automatic_job.h"
#include "automatic_record.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* FFTCL_AUTOMATIC_CANDIDATE (fftcl.h), or NULL for the fastest GPU. */
static const char *candidate (void)
{
  const char *named = getenv ("FFTCL_AUTOMATIC_CANDIDATE");
  return named && *named ? named : NULL;
}

/* Appends "FIELD VALUE\n" to key[size], with the value's control
 * characters as spaces, so that the key stays one field a line. */
static void add_line (char *key, size_t size, const char *field,
                      const char *value)
{
  size_t used = strlen (key);
  int written = snprintf (key + used, size - used, "%s %s", field, value);
  for (char *c = key + used; *c; c++)
    if (iscntrl ((unsigned char) *c))
      *c = ' ';
  used = written >= 0 && (size_t) written + 2 <= size - used
           ? used + (size_t) written
           : size - 2;
  key[used] = '\n';
  key[used + 1] = '\0';
}

/* What the times of the job depend on: the devices, their builds, fftcl
 * and the job. */
static void make_key (const fftcl_context *gpu, const fftcl_context *cpu,
                      char *key, size_t size)
{
  char line[512];
  key[0] = '\0';
  add_line (key, size, "gpu", gpu->name);
  gpu->backend->identify (gpu->device, line, sizeof line);
  add_line (key, size, "gpu-build", line);
  add_line (key, size, "cpu", cpu->name);
  cpu->backend->identify (cpu->device, line, sizeof line);
  add_line (key, size, "cpu-build", line);
  add_line (key, size, "fftcl", FFTCL_VERSION);
  snprintf (line, sizeof line, "%dx%dx%d", FFTCL_JOB_WIDTH, FFTCL_JOB_HEIGHT,
            FFTCL_JOB_PLANES);
  add_line (key, size, "job", line);
}

static void today (char day[11])
{
  time_t now = time (NULL);
  struct tm utc;
  if (!gmtime_r (&now, &utc) || strftime (day, 11, "%Y-%m-%d", &utc) != 10)
    snprintf (day, 11, "1970-01-01");
}

/* Times the job on both devices, the GPU first: a time is 0 where the host
 * had no memory for the job, −1 where its device failed it, and the CPU's
 * is not taken after the GPU failed. Nonzero when both were timed. */
static int measure (fftcl_context *gpu, fftcl_context *cpu,
                    fftcl_record *record)
{
  fftcl_job job;
  *record = (fftcl_record) { 0, 0, "" };
  if (!fftcl_job_init (&job))
    return 0;
  record->gpu_ms = fftcl_job_time (gpu, &job);
  if (record->gpu_ms > 0)
    record->cpu_ms = fftcl_job_time (cpu, &job);
  fftcl_job_clear (&job);
  today (record->measured);
  return record->gpu_ms > 0 && record->cpu_ms > 0;
}

/* Fills *choice from the record of the two devices, else from measuring
 * them (and records what it measured); nonzero when the GPU is taken. */
static int choose (fftcl_context *gpu, fftcl_context *cpu,
                   fftcl_choice *choice)
{
  char key[2048];
  fftcl_record record;
  const char *folder = gpu->options.cache_folder;
  make_key (gpu, cpu, key, sizeof key);
  choice->from_record = fftcl_record_read (folder, key, &record);
  if (!choice->from_record)
    {
      if (!measure (gpu, cpu, &record))
        {
          choice->kind = FFTCL_CHOSEN_UNMEASURED;
          return record.gpu_ms >= 0;
        }
      fftcl_record_write (folder, key, &record);
    }
  choice->kind = FFTCL_CHOSEN_MEASURED;
  choice->gpu_ms = record.gpu_ms;
  choice->cpu_ms = record.cpu_ms;
  choice->speedup = record.gpu_ms <= record.cpu_ms
                      ? record.cpu_ms / record.gpu_ms
                      : record.gpu_ms / record.cpu_ms;
  memcpy (choice->measured, record.measured, sizeof choice->measured);
  return record.gpu_ms <= record.cpu_ms;
}

/* The CPU context measures and names; the context that filters opens its
 * own CPU device afresh, so that the spectrum a measurement left with the
 * measuring one (fftcl-filter.h) does not stay with it. */
fftcl_status fftcl_open_automatic (fftcl_context *ctx, fftcl_error *err)
{
  fftcl_context gpu = { .options = ctx->options };
  fftcl_context cpu = { .options = ctx->options };
  fftcl_choice *choice = &ctx->choice;
  fftcl_status status
    = fftcl_context_open_backend (&cpu, &fftcl_cpu_backend, NULL, err);
  if (status != FFTCL_OK)
    return status;
  *choice = (fftcl_choice) { .kind = FFTCL_CHOSEN_NO_GPU,
                             .threads = fftcl_cpu_threads (cpu.device) };
  snprintf (choice->cpu, sizeof choice->cpu, "%s", cpu.name);
  int on_gpu = fftcl_context_open_backend (&gpu, &fftcl_opencl_backend,
                                           candidate (), NULL)
               == FFTCL_OK;
  if (on_gpu)
    {
      snprintf (choice->gpu, sizeof choice->gpu, "%s", gpu.name);
      on_gpu = choose (&gpu, &cpu, choice);
      if (!on_gpu)
        gpu.backend->close (gpu.device);
    }
  cpu.backend->close (cpu.device);
  if (!on_gpu)
    return fftcl_context_open_backend (ctx, &fftcl_cpu_backend, NULL, err);
  ctx->backend = gpu.backend;
  ctx->device = gpu.device;
  memcpy (ctx->name, gpu.name, sizeof ctx->name);
  return FFTCL_OK;
}
