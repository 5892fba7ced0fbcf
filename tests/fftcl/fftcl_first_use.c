/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The FFTW backend's first use of a size: with no wisdom, a filter plans
 * at once in the rows-and-columns form and a thread measures FFTW's 2-D
 * plans in the background; once their wisdom is saved, a new plan of the
 * size uses them. Both forms must filter as the double-precision oracle
 * does, plain and mirrored, packed RGB and one grey plane, and at sizes
 * smaller than the form's blocks of rows and columns. The
 * user's cache is XDG_CACHE_HOME at a folder of its own. */
#include "check.h"
#include "cpu_plan.h"
#include "fftcl_oracle.h"
#include "plan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char root[64] = "/tmp/fftcl-first-use-XXXXXX";

static const fftcl_gain band = {
  .large_period = 20, .small_period = 3, .shape = FFTCL_SHAPE_GAUSSIAN,
  .order = 2, .keep_mean = 1 };

/* Whether the plan's filtering transforms are FFTW's measured 2-D plans. */
static int measured (const fftcl_plan *plan)
{
  const cpu_plan *cpu = plan->state;
  return cpu->spectrum_forward.whole != NULL
         && cpu->scratch_inverse.whole != NULL;
}

/* Filters `planes` with a new plan; 1 when it matches the oracle, with
 * *was_measured telling which form filtered. */
static int filters_right (fftcl_context *ctx, shape s, int flags,
                          const float *planes, const double *want,
                          int *was_measured)
{
  const fftcl_plan_desc desc = { .width = s.width, .height = s.height,
                                 .batch = s.batch, .flags = flags };
  fftcl_plan *plan = NULL;
  fftcl_error err = { 0 };
  size_t count = s.width * s.height * s.batch;
  float *got = malloc (count * sizeof *got);
  int ok = got && fftcl_plan_create (ctx, &desc, &plan, &err) == FFTCL_OK
           && fftcl_filter_once (plan, &band, planes, NULL, got, &err)
                == FFTCL_OK;
  double e = ok ? relative_rms (got, want, count) : INFINITY;
  *was_measured = ok && measured (plan);
  check (e <= 1e-5, "%zux%zu, %zu planes%s, %s form: rms error %.2e %s",
         s.width, s.height, s.batch, flags ? ", mirrored" : "",
         *was_measured ? "measured" : "rows-and-columns", e, err.message);
  fftcl_plan_destroy (plan);
  free (got);
  return e <= 1e-5;
}

/* Waits up to `seconds` for the wisdom file to hold more than `before`
 * bytes; its size then. */
static long long wisdom_grown (const char *path, long long before,
                               int seconds)
{
  struct stat st;
  for (int i = 0; i < 10 * seconds; i++)
    {
      if (stat (path, &st) == 0 && st.st_size > before)
        return st.st_size;
      usleep (100000);
    }
  return stat (path, &st) == 0 ? st.st_size : 0;
}

typedef struct {
  shape s;
  int flags;
} first_use_case;

int main (void)
{
  if (!mkdtemp (root))
    {
      perror ("mkdtemp");
      return 1;
    }
  setenv ("XDG_CACHE_HOME", root, 1);
  char wisdom[128];
  snprintf (wisdom, sizeof wisdom, "%s/fftcl-fftwf-wisdom", root);
  fftcl_context *ctx = NULL;
  fftcl_error err = { 0 };
  if (!check (fftcl_context_create ("cpu", &ctx, &err) == FFTCL_OK,
              "CPU context %s", err.message))
    return check_finish ();
  const first_use_case cases[] = {
    { { 256, 128, 3 }, 0 },
    { { 64, 32, 1 }, 0 },
    { { 4, 2, 2 }, 0 },
    { { 32, 16, 2 }, FFTCL_MIRRORED },
  };
  long long size = 0;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++)
    {
      shape s = cases[c].s;
      float *planes = random_floats (s.width * s.height * s.batch);
      double *want = cases[c].flags ? oracle_filtered_mirrored (planes, s,
                                                                &band)
                                    : oracle_filtered (planes, s, &band);
      int first, later;
      filters_right (ctx, s, cases[c].flags, planes, want, &first);
      check (!first, "%zux%zu: no wisdom yet, planned at once", s.width,
             s.height);
      long long grown = wisdom_grown (wisdom, size, 120);
      check (grown > size, "%zux%zu: measured in the background and saved "
             "(%lld bytes)", s.width, s.height, grown);
      size = grown;
      filters_right (ctx, s, cases[c].flags, planes, want, &later);
      check (later, "%zux%zu: a later plan uses the measured plans",
             s.width, s.height);
      free (want);
      free (planes);
    }
  fftcl_context_destroy (ctx);
  remove (wisdom);
  rmdir (root);
  return check_finish ();
}
