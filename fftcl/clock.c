/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "clock.h"

#include <time.h>

double fftcl_now_ms (void)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e3 + now.tv_nsec * 1e-6;
}
