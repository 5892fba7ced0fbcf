/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bench_choice.h"

#include <stdio.h>

void bench_print_choice (const fftcl_context *ctx)
{
  const fftcl_choice *c = fftcl_context_choice (ctx);
  const char *name = fftcl_context_device_name (ctx);
  switch (c->kind)
    {
    case FFTCL_CHOSEN_BY_NAME:
      printf ("# choice: %s, named (FFTCL_DEVICE)\n", name);
      break;
    case FFTCL_CHOSEN_NO_GPU:
      printf ("# choice: %s, automatic: no OpenCL GPU\n", name);
      break;
    case FFTCL_CHOSEN_UNMEASURED:
      printf ("# choice: %s, automatic: measuring %s against %s failed\n",
              name, c->gpu, c->cpu);
      break;
    case FFTCL_CHOSEN_MEASURED:
      printf ("# choice: %s, automatic: %.2f× the other; %s %.1f ms, "
              "%s %.1f ms for the job, measured %s%s\n",
              name, c->speedup, c->gpu, c->gpu_ms, c->cpu, c->cpu_ms,
              c->measured, c->from_record ? " (read from the record)" : "");
      break;
    }
}
