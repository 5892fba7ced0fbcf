/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend's transform of its planes, rows one at a time beside
 * the pack and the gain, columns gathered in blocks of 8: a filter must
 * match the double-precision oracle plain and mirrored, packed RGB and
 * one grey plane, wide and tall, one block wide, narrower than a block,
 * and one value high or wide. A new size filters at once and writes
 * nothing into the user's cache, which is XDG_CACHE_HOME at a folder of
 * its own. */
#include "check.h"
#include "fftcl_oracle.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char root[64] = "/tmp/fftcl-planes-fft-XXXXXX";

static const fftcl_gain band = {
  .large_period = 20, .small_period = 3, .shape = FFTCL_SHAPE_GAUSSIAN,
  .order = 2, .keep_mean = 1 };

/* Filters `planes` with a new plan; 1 when it matches the oracle. */
static int filters_right (fftcl_context *ctx, shape s, int flags,
                          const float *planes, const double *want)
{
  const fftcl_plan_desc desc = { .width = s.width, .height = s.height,
                                 .batch = s.batch, .flags = flags };
  fftcl_plan *plan = NULL;
  fftcl_error err = { 0 };
  size_t count = s.width * s.height * s.batch;
  float *got = malloc (count * sizeof *got);
  int ok = got && fftcl_plan_create (ctx, &desc, &plan, &err) == FFTCL_OK
           && fftcl_filter_once (plan, &band, FFTCL_PLANES (planes), NULL, got,
                                 &err)
                == FFTCL_OK;
  double e = ok ? relative_rms (got, want, count) : INFINITY;
  check (e <= 1e-5, "%zux%zu, %zu planes%s: rms error %.2e %s", s.width,
         s.height, s.batch, flags ? ", mirrored" : "", e, err.message);
  fftcl_plan_destroy (plan);
  free (got);
  return e <= 1e-5;
}

/* Entries of folder `path` other than . and .. */
static int entries (const char *path)
{
  DIR *folder = opendir (path);
  int count = 0;
  for (struct dirent *e; folder && (e = readdir (folder));)
    count += strcmp (e->d_name, ".") && strcmp (e->d_name, "..");
  if (folder)
    closedir (folder);
  return count;
}

typedef struct {
  shape s;
  int flags;
} planes_case;

int main (void)
{
  if (!mkdtemp (root))
    {
      perror ("mkdtemp");
      return 1;
    }
  setenv ("XDG_CACHE_HOME", root, 1);
  fftcl_context *ctx = NULL;
  fftcl_error err = { 0 };
  if (!check (fftcl_context_create ("cpu", &ctx, &err) == FFTCL_OK,
              "CPU context %s", err.message))
    return check_finish ();
  const planes_case cases[] = {
    { { 256, 128, 3 }, 0 },
    { { 64, 32, 1 }, 0 },
    { { 4, 2, 2 }, 0 },
    { { 8, 64, 3 }, 0 },
    { { 2, 16, 3 }, 0 },
    { { 1, 32, 1 }, 0 },
    { { 16, 1, 2 }, 0 },
    { { 32, 16, 2 }, FFTCL_MIRRORED },
    { { 8, 4, 3 }, FFTCL_MIRRORED },
    { { 4, 16, 1 }, FFTCL_MIRRORED },
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    {
      shape s = cases[c].s;
      float *planes = random_floats (s.width * s.height * s.batch);
      double *want = cases[c].flags ? oracle_filtered_mirrored (planes, s,
                                                                &band)
                                    : oracle_filtered (planes, s, &band);
      filters_right (ctx, s, cases[c].flags, planes, want);
      free (want);
      free (planes);
    }
  fftcl_context_destroy (ctx);
  check (entries (root) == 0, "nothing written into the cache folder (%d "
         "entries)", entries (root));
  rmdir (root);
  return check_finish ();
}
