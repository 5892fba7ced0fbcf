/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A minimal test reporter: each check prints one line, and check_finish
 * prints "N passed, M failed" and gives the exit status. */
#ifndef CHECK_H
#define CHECK_H

#include <stdarg.h>
#include <stdio.h>

static int check_passed, check_failed;

__attribute__ ((format (printf, 2, 3)))
static int check (int ok, const char *format, ...)
{
  va_list args;
  va_start (args, format);
  printf ("%s ", ok ? "ok  " : "FAIL");
  vprintf (format, args);
  printf ("\n");
  va_end (args);
  fflush (stdout);
  if (ok)
    check_passed++;
  else
    check_failed++;
  return ok;
}

static int check_finish (void)
{
  printf ("%d passed, %d failed\n", check_passed, check_failed);
  return check_failed ? 1 : 0;
}

#endif
