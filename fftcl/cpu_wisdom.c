/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cpu_wisdom.h"

#include "cache_folder.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/mman.h>
#include <unistd.h>

/* Planes up to this many complex values are measured: beyond, measuring
 * takes minutes (docs/performance.md, "Rules in the code": FFTW planning
 * rigour). */
#define MEASURED_AREA_MAX ((size_t) 8192 * 8192)

/* FFTW's wisdom file for single precision, in the cache folder. */
static char *wisdom_path (const char *cache_folder)
{
  return fftcl_cache_path (cache_folder, "fftcl-fftwf-wisdom");
}

void cpu_wisdom_load (const char *cache_folder)
{
  char *path = wisdom_path (cache_folder);
  if (path)
    fftwf_import_wisdom_from_filename (path);
  free (path);
}

/* Written to a temporary name and renamed, so that processes running at
 * the same time never read half a file. */
static void save_wisdom (const char *cache_folder)
{
  char *path = wisdom_path (cache_folder);
  if (!path)
    return;
  size_t size = strlen (path) + 32;
  char *partial = malloc (size);
  if (partial)
    {
      snprintf (partial, size, "%s.%ld", path, (long) getpid ());
      if (fftwf_export_wisdom_to_filename (partial))
        rename (partial, path);
      else
        remove (partial);
    }
  free (partial);
  free (path);
}

fftwf_plan cpu_plan_planes (size_t width, size_t height, size_t planes,
                            int threads, fftwf_complex *array, int sign,
                            unsigned flags)
{
  int n[2] = { (int) height, (int) width };
  int dist = n[0] * n[1];
  fftwf_plan_with_nthreads (threads);
  return fftwf_plan_many_dft (2, n, (int) planes, array, NULL, 1, dist,
                              array, NULL, 1, dist, sign, flags);
}

typedef struct {
  size_t width, height, planes;
  int threads;
  char *cache_folder; /* its own copy, or NULL */
} measured_size;

static pthread_mutex_t measuring_lock = PTHREAD_MUTEX_INITIALIZER;
static int measuring;

/* Seconds a measurement waits before it starts: a process that filters
 * once and ends (a script, a batch, the plug-in's final run) has ended by
 * then, instead of sharing its cores with a measurement it cannot keep. */
enum { MEASURE_AFTER_S = 5 };

/* Both directions measured on a mapping of its own, page-aligned as the
 * backend's spectrum is. Its priority stays the process's: FFTW's worker
 * threads, made by the first thread that needs them, serve every later
 * transform. */
static void *measure (void *size_pointer)
{
  measured_size *size = size_pointer;
  struct timespec wait = { MEASURE_AFTER_S, 0 };
  while (nanosleep (&wait, &wait) != 0)
    ;
  size_t bytes = size->width * size->height * size->planes
                 * sizeof (fftwf_complex);
  void *memory = mmap (NULL, bytes, PROT_READ | PROT_WRITE,
                       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  int made = memory != MAP_FAILED;
  for (int d = 0; d < 2 && made; d++)
    {
      fftwf_plan plan = cpu_plan_planes (size->width, size->height,
                                         size->planes, size->threads, memory,
                                         d ? FFTW_BACKWARD : FFTW_FORWARD,
                                         FFTW_MEASURE);
      made = plan != NULL;
      if (plan)
        fftwf_destroy_plan (plan);
    }
  if (memory != MAP_FAILED)
    munmap (memory, bytes);
  /* Cleared before the file is written, so that whoever sees the file
   * finds the planner free. */
  pthread_mutex_lock (&measuring_lock);
  measuring = 0;
  pthread_mutex_unlock (&measuring_lock);
  if (made)
    save_wisdom (size->cache_folder);
  free (size->cache_folder);
  free (size);
  return NULL;
}

/* 1 when `size` is being measured from now on, by this call's thread. */
static int start_measuring (const measured_size *size)
{
  measured_size *copy = malloc (sizeof *copy);
  pthread_attr_t attributes;
  if (!copy || pthread_attr_init (&attributes) != 0)
    {
      free (copy);
      return 0;
    }
  *copy = *size;
  if (size->cache_folder && !(copy->cache_folder = strdup (size->cache_folder)))
    {
      pthread_attr_destroy (&attributes);
      free (copy);
      return 0;
    }
  pthread_attr_setdetachstate (&attributes, PTHREAD_CREATE_DETACHED);
  pthread_t id;
  int started = pthread_create (&id, &attributes, measure, copy) == 0;
  pthread_attr_destroy (&attributes);
  if (!started)
    {
      free (copy->cache_folder);
      free (copy);
    }
  return started;
}

/* Whether a measurement is running; FFTW's planner waits for it. */
static int busy_measuring (void)
{
  pthread_mutex_lock (&measuring_lock);
  int busy = measuring;
  pthread_mutex_unlock (&measuring_lock);
  return busy;
}

fftwf_plan cpu_wisdom_plan (size_t width, size_t height, size_t planes,
                            int threads, fftwf_complex *array, int sign)
{
  if (width * height > MEASURED_AREA_MAX || busy_measuring ())
    return NULL;
  return cpu_plan_planes (width, height, planes, threads, array, sign,
                          FFTW_MEASURE | FFTW_WISDOM_ONLY);
}

void cpu_wisdom_measure (size_t width, size_t height, size_t planes,
                         int threads, const char *cache_folder)
{
  if (width * height > MEASURED_AREA_MAX)
    return;
  const measured_size size = { width, height, planes, threads,
                               (char *) cache_folder };
  pthread_mutex_lock (&measuring_lock);
  if (!measuring)
    measuring = start_measuring (&size);
  pthread_mutex_unlock (&measuring_lock);
}
