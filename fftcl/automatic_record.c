/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "automatic_record.h"

#include "cache_folder.h"
#include "opencl_cache.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The first line, the version of the layout; a new layout changes it. */
static const char header[] = "fftcl-automatic 1\n";

/* No record comes near this; a longer file is no record. */
#define MOST_BYTES 8192

/* Longer than any time a device takes for the job, in µs. */
#define MOST_US 10000000000ull

static char *record_path (const char *cache_folder, const char *key)
{
  char name[64];
  fftcl_ocl_cache_key hash
    = fftcl_ocl_cache_key_add (fftcl_ocl_cache_key_start (), key);
  snprintf (name, sizeof name, "fftcl/automatic-%016llx.txt",
            (unsigned long long) hash.name);
  return fftcl_cache_path (cache_folder, name);
}

/* The file's text, NUL-terminated, or NULL. */
static char *read_text (const char *path)
{
  FILE *file = fopen (path, "rb");
  if (!file)
    return NULL;
  char *text = malloc (MOST_BYTES + 1);
  size_t size = text ? fread (text, 1, MOST_BYTES + 1, file) : 0;
  fclose (file);
  if (!text || size > MOST_BYTES || memchr (text, '\0', size))
    {
      free (text);
      return NULL;
    }
  text[size] = '\0';
  return text;
}

static int is_time (unsigned long long us)
{
  return us > 0 && us < MOST_US;
}

static int is_day (const char *day)
{
  for (int i = 0; i < 10; i++)
    if ((i == 4 || i == 7) ? day[i] != '-'
                           : !isdigit ((unsigned char) day[i]))
      return 0;
  return day[10] == '\0';
}

/* The times and the day after the key, and nothing more. */
static int parse_times (const char *text, fftcl_record *record)
{
  unsigned long long gpu_us, cpu_us;
  int end = 0;
  if (sscanf (text, "gpu-us %llu\ncpu-us %llu\nmeasured %10s%n", &gpu_us,
              &cpu_us, record->measured, &end)
        != 3
      || strcmp (text + end, "\n") != 0 || !is_time (gpu_us)
      || !is_time (cpu_us) || !is_day (record->measured))
    return 0;
  record->gpu_ms = gpu_us / 1e3;
  record->cpu_ms = cpu_us / 1e3;
  return 1;
}

int fftcl_record_read (const char *cache_folder, const char *key,
                       fftcl_record *record)
{
  char *path = record_path (cache_folder, key);
  char *text = path ? read_text (path) : NULL;
  size_t header_size = strlen (header), key_size = strlen (key);
  int found = text && strncmp (text, header, header_size) == 0
              && strncmp (text + header_size, key, key_size) == 0
              && parse_times (text + header_size + key_size, record);
  free (text);
  free (path);
  return found;
}

/* Whole microseconds, at least 1: integers read alike in every locale,
 * where a host's LC_NUMERIC would write and read fractions its own way. */
static unsigned long long microseconds (double ms)
{
  double us = nearbyint (ms * 1e3);
  return us >= 1 && us < (double) MOST_US ? (unsigned long long) us : 1;
}

void fftcl_record_write (const char *cache_folder, const char *key,
                         const fftcl_record *record)
{
  char times[128];
  int size = snprintf (times, sizeof times,
                       "gpu-us %llu\ncpu-us %llu\nmeasured %.10s\n",
                       microseconds (record->gpu_ms),
                       microseconds (record->cpu_ms), record->measured);
  size_t header_size = strlen (header), key_size = strlen (key);
  char *text = malloc (header_size + key_size + 1);
  char *path = text ? record_path (cache_folder, key) : NULL;
  if (path && size > 0 && (size_t) size < sizeof times)
    {
      memcpy (text, header, header_size);
      memcpy (text + header_size, key, key_size);
      fftcl_cache_replace (path, text, header_size + key_size, times,
                           (size_t) size);
    }
  free (path);
  free (text);
}
