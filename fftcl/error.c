#include "backend.h"

#include <stdarg.h>
#include <stdio.h>
#include <time.h>

fftcl_status fftcl_fail (fftcl_error *err, fftcl_status status,
                         const char *format, ...)
{
  if (err)
    {
      va_list args;
      va_start (args, format);
      err->status = status;
      vsnprintf (err->message, sizeof err->message, format, args);
      va_end (args);
    }
  return status;
}

double fftcl_now_ms (void)
{
  struct timespec now;
  clock_gettime (CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e3 + now.tv_nsec * 1e-6;
}
