/* SPDX-License-Identifier: GPL-3.0-or-later */
/* What a host decides for a context (fftcl_context_options):
 *
 *   - threads: the FFTW backend's device name says the count asked for
 *     (0: one per core), and 1, 2 and one per core filter alike; a
 *     negative count is refused;
 *   - a CPU filter, of a first size and of a second, writes nothing into
 *     the cache folder the context was given, nor into the user's cache
 *     (HOME and XDG_CACHE_HOME point at a folder of the test's own, which
 *     stays empty). */
#include "check.h"
#include "fftcl-filter.h"
#include "fftcl.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WIDTH  128
#define HEIGHT 64
#define PLANES 3
/* FFTW's plans for other thread counts sum in other orders. */
#define TOLERANCE 1e-6

static const fftcl_gain band = {
  .large_period = 20, .small_period = 3, .shape = FFTCL_SHAPE_GAUSSIAN,
  .order = 2, .keep_mean = 1 };

static float *random_planes (void)
{
  float *planes = malloc (WIDTH * HEIGHT * PLANES * sizeof *planes);
  unsigned state = 30;
  for (size_t i = 0; planes && i < WIDTH * HEIGHT * PLANES; i++)
    {
      state = state * 1664525u + 1013904223u;
      planes[i] = (float) (state >> 8) / (float) (1 << 24);
    }
  return planes;
}

/* `planes` filtered on a CPU context made with `options`; NULL when that
 * failed. */
static float *filtered (const fftcl_context_options *options,
                        const float *planes, size_t width, size_t height,
                        char *device_name, size_t name_size)
{
  const fftcl_plan_desc desc = { .width = width, .height = height,
                                 .batch = PLANES };
  fftcl_context *ctx = NULL;
  fftcl_plan *plan = NULL;
  fftcl_error err = { 0 };
  float *out = malloc (width * height * PLANES * sizeof *out);
  int ok = out
           && fftcl_context_create_with_options ("cpu", options, &ctx, &err)
                == FFTCL_OK
           && fftcl_plan_create (ctx, &desc, &plan, &err) == FFTCL_OK
           && fftcl_filter_once (plan, &band, FFTCL_PLANES (planes), NULL, out,
                                 &err)
                == FFTCL_OK;
  if (ctx && device_name)
    snprintf (device_name, name_size, "%s", fftcl_context_device_name (ctx));
  fftcl_plan_destroy (plan);
  fftcl_context_destroy (ctx);
  if (!ok)
    {
      fprintf (stderr, "%s\n", err.message);
      free (out);
      return NULL;
    }
  return out;
}

static double relative_rms (const float *got, const float *want, size_t n)
{
  double error = 0, norm = 0;
  for (size_t i = 0; i < n; i++)
    {
      error += ((double) got[i] - want[i]) * ((double) got[i] - want[i]);
      norm += (double) want[i] * want[i];
    }
  return sqrt (error / norm);
}

static void check_threads (const char *cache)
{
  const int counts[] = { 1, 2, 0 };
  float *planes = random_planes ();
  float *one = NULL;
  for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++)
    {
      const fftcl_context_options options
        = { .threads = counts[i], .cache_folder = cache };
      char name[256] = "", wanted[64];
      float *got = filtered (&options, planes, WIDTH, HEIGHT, name,
                             sizeof name);
      snprintf (wanted, sizeof wanted, "FFTW, %d thread%s", counts[i],
                counts[i] == 1 ? ")" : "s)");
      check (got && (counts[i] == 0 ? strstr (name, "thread") != NULL
                                    : strstr (name, wanted) != NULL),
             "threads = %d: the device is \"%s\"", counts[i], name);
      if (!one)
        one = got;
      else
        {
          double e = got ? relative_rms (got, one, WIDTH * HEIGHT * PLANES)
                         : INFINITY;
          check (e <= TOLERANCE, "threads = %d filters as threads = 1 "
                 "(relative rms %.2e)", counts[i], e);
          free (got);
        }
    }
  fftcl_context *ctx = NULL;
  fftcl_error err = { 0 };
  const fftcl_context_options negative = { .threads = -1 };
  check (fftcl_context_create_with_options ("cpu", &negative, &ctx, &err)
           == FFTCL_ERROR_ARGUMENT && !ctx,
         "threads = -1 is refused: %s", err.message);
  free (one);
  free (planes);
}

/* The entries of `folder` but . and ..; -1 when it cannot be read. */
static int entries (const char *folder)
{
  DIR *dir = opendir (folder);
  if (!dir)
    return -1;
  int count = 0;
  for (struct dirent *e = readdir (dir); e; e = readdir (dir))
    count += strcmp (e->d_name, ".") != 0 && strcmp (e->d_name, "..") != 0;
  closedir (dir);
  return count;
}

/* Filters a size of its own on a context with the cache folder `cache`;
 * whether the folder then still holds nothing. */
static int leaves_nothing (const char *cache, size_t width)
{
  const fftcl_context_options options = { .cache_folder = cache };
  float *planes = random_planes ();
  float *got = filtered (&options, planes, width, width, NULL, 0);
  check (got != NULL, "%zux%zu filtered", width, width);
  free (got);
  free (planes);
  return entries (cache) == 0;
}

int main (void)
{
  char home[] = "/tmp/fftcl-options-home-XXXXXX";
  char cache[] = "/tmp/fftcl-options-cache-XXXXXX";
  if (!mkdtemp (home) || !mkdtemp (cache))
    {
      perror ("mkdtemp");
      return 1;
    }
  setenv ("HOME", home, 1);
  setenv ("XDG_CACHE_HOME", home, 1);

  check (leaves_nothing (cache, 64),
         "a filter writes nothing into the cache folder given");
  check_threads (cache);
  check (leaves_nothing (cache, 32), "nor does a filter of another size");
  check (entries (home) == 0, "nothing is written into the user's cache "
         "folder (%d entries)", entries (home));

  rmdir (cache);
  rmdir (home);
  return check_finish ();
}
