/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "backend.h"

#include <stdarg.h>
#include <stdio.h>

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

fftcl_status fftcl_out_of_memory (fftcl_error *err)
{
  return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
}
