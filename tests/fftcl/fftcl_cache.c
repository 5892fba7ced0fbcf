/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The kernel binary cache: a fresh cache is filled, a corrupt one is
 * ignored and rewritten, an unwritable one costs nothing but time. Points
 * XDG_CACHE_HOME at a folder of its own. */
#include "check.h"
#include "fftcl.h"
#include "remove_tree.h"
#include "fftcl_oracle.h"

#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

enum { SKIPPED = 77, WIDTH = 256, HEIGHT = 128 };

static char root[64] = "/tmp/fftcl-cache-test-XXXXXX";
static char folder[128];

static double now_ms (void)
{
  struct timespec t;
  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

/* Opens the default device, plans and transforms; *ms is the time taken to
 * open and plan, which is mostly compiling or loading kernels. */
static int transform_is_right (double *ms)
{
  size_t n = 2 * WIDTH * HEIGHT;
  float *data = random_floats (n);
  double *want = fftw_forward_of (data, WIDTH, HEIGHT, 1);
  const fftcl_plan_desc desc = { .width = WIDTH, .height = HEIGHT,
                                 .batch = 1 };
  fftcl_context *ctx = NULL;
  fftcl_plan *plan = NULL;
  double start = now_ms ();
  int ok = fftcl_context_create (NULL, &ctx, NULL) == FFTCL_OK
           && fftcl_plan_create (ctx, &desc, &plan, NULL) == FFTCL_OK;
  *ms = now_ms () - start;
  ok = ok && fftcl_transform (plan, FFTCL_FORWARD, data, NULL) == FFTCL_OK
       && relative_rms (data, want, n) <= 2.5e-7
       && !fftcl_plan_fallback_reason (plan);
  fftcl_plan_destroy (plan);
  fftcl_context_destroy (ctx);
  free (data);
  free (want);
  return ok;
}

/* Calls `visit` on each entry of the cache folder; returns how many. */
static size_t each_entry (void (*visit) (const char *path))
{
  DIR *dir = opendir (folder);
  size_t count = 0;
  for (struct dirent *e; dir && (e = readdir (dir));)
    if (e->d_name[0] != '.')
      {
        char path[512];
        snprintf (path, sizeof path, "%s/%s", folder, e->d_name);
        if (visit)
          visit (path);
        count++;
      }
  if (dir)
    closedir (dir);
  return count;
}

static void spoil (const char *path)
{
  FILE *file = fopen (path, "wb");
  if (file)
    {
      fputs ("fftclbn1 not a binary", file);
      fclose (file);
    }
}

static size_t smallest_size;

static void measure (const char *path)
{
  struct stat s;
  if (stat (path, &s) == 0 && (size_t) s.st_size < smallest_size)
    smallest_size = (size_t) s.st_size;
}

static void remove_entry (const char *path)
{
  remove (path);
}

int main (void)
{
  if (!check (mkdtemp (root) != NULL, "temporary folder"))
    return check_finish ();
  setenv ("XDG_CACHE_HOME", root, 1);
  snprintf (folder, sizeof folder, "%s/fftcl", root);
  fftcl_context *ctx;
  int on_cpu = fftcl_context_create (NULL, &ctx, NULL) != FFTCL_OK
               || fftcl_context_is_cpu (ctx);
  fftcl_context_destroy (ctx);
  if (on_cpu)
    {
      remove_tree (root);
      printf ("# the CPU backend compiles no kernels\n");
      return SKIPPED;
    }
  remove_tree (folder);
  double compile_ms = 0, cached_ms = 0, unwritable_ms = 0;
  int right = transform_is_right (&compile_ms);
  size_t entries = each_entry (NULL);
  check (right && entries > 0, "an empty cache is filled: %zu entries, "
         "%.0f ms", entries, compile_ms);
  right = transform_is_right (&cached_ms);
  check (right, "from the cache: %.0f ms", cached_ms);
  each_entry (spoil);
  check (transform_is_right (&cached_ms), "corrupt entries are ignored");
  smallest_size = SIZE_MAX;
  each_entry (measure);
  check (smallest_size > 64, "and rewritten (smallest now %zu bytes)",
         smallest_size);
  each_entry (remove_entry);
  remove (folder);
  FILE *blocker = fopen (folder, "w");
  if (blocker)
    fclose (blocker);
  right = transform_is_right (&unwritable_ms);
  check (right, "an unwritable cache (a file where the folder goes) only "
         "costs time: %.0f ms", unwritable_ms);
  remove_tree (root);
  return check_finish ();
}
