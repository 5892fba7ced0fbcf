/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The automatic choice (fftcl.h), with the OpenCL device FFTCL_DEVICE
 * names (PoCL) as its candidate through FFTCL_AUTOMATIC_CANDIDATE: the
 * first context measures it against the CPU backend and records the times
 * in its cache folder; a later one reads the record, leaving the file as
 * it was, and follows what a record says, either way; a corrupt record,
 * or one of another thread count, is measured anew; a cache folder that
 * cannot be written still lets the choice be made. The oracle is the rule
 * the header states, applied to the times the file holds. */
#include "check.h"
#include "fftcl.h"
#include "remove_tree.h"

#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <time.h>

enum { SKIPPED = 77, THREADS = 2 };

static char root[64] = "/tmp/fftcl-automatic-test-XXXXXX";
static char folder[128]; /* root/fftcl, where the records go */

/* What the two devices are called when opened by name. */
static char gpu_name[256], cpu_name[256];

/* The one record in `folder` into path[size]; how many there are. */
static size_t find_record (char *path, size_t size)
{
  DIR *dir = opendir (folder);
  size_t count = 0;
  for (struct dirent *e; dir && (e = readdir (dir));)
    {
      size_t length = strlen (e->d_name);
      if (strncmp (e->d_name, "automatic-", 10) == 0 && length > 14
          && strcmp (e->d_name + length - 4, ".txt") == 0 && count++ == 0)
        snprintf (path, size, "%s/%s", folder, e->d_name);
    }
  if (dir)
    closedir (dir);
  return count;
}

static char *read_file (const char *path)
{
  static char text[8192];
  FILE *file = fopen (path, "rb");
  size_t size = file ? fread (text, 1, sizeof text - 1, file) : 0;
  if (file)
    fclose (file);
  text[size] = '\0';
  return file ? strdup (text) : NULL;
}

static void write_file (const char *path, const char *text)
{
  FILE *file = fopen (path, "wb");
  if (file)
    {
      fputs (text, file);
      fclose (file);
    }
}

/* The value after "\nFIELD " in the record's text, or NaN; times are
 * whole microseconds there. */
static double field_value (const char *text, const char *field)
{
  char line[64];
  snprintf (line, sizeof line, "\n%s ", field);
  const char *at = text ? strstr (text, line) : NULL;
  return at ? strtod (at + strlen (line), NULL) : NAN;
}

/* The record's text up to its times: its header and key. */
static char *key_part (const char *text)
{
  const char *times = text ? strstr (text, "\ngpu-us ") : NULL;
  return times ? strndup (text, (size_t) (times - text) + 1) : NULL;
}

static fftcl_context *automatic (int threads, const char *cache)
{
  const fftcl_context_options options = { .threads = threads,
                                          .cache_folder = cache };
  fftcl_context *ctx = NULL;
  fftcl_error err = { 0 };
  if (!check (fftcl_context_create_with_options (NULL, &options, &ctx, &err)
                == FFTCL_OK,
              "the automatic choice opens: %s", err.message))
    return NULL;
  const fftcl_choice *c = fftcl_context_choice (ctx);
  printf ("# %s: kind %d, GPU %.1f ms, CPU %.1f ms, %s%s\n",
          fftcl_context_device_name (ctx), (int) c->kind, c->gpu_ms,
          c->cpu_ms, c->measured, c->from_record ? ", from the record" : "");
  return ctx;
}

static void today (char day[11])
{
  time_t now = time (NULL);
  struct tm utc;
  gmtime_r (&now, &utc);
  strftime (day, 11, "%Y-%m-%d", &utc);
}

/* The choice follows the rule on its own times and names the devices. */
static void check_rule (const fftcl_context *ctx, const char *label)
{
  const fftcl_choice *c = fftcl_context_choice (ctx);
  int gpu_wins = c->gpu_ms <= c->cpu_ms;
  double slower = fmax (c->gpu_ms, c->cpu_ms);
  double faster = fmin (c->gpu_ms, c->cpu_ms);
  check (c->kind == FFTCL_CHOSEN_MEASURED && c->gpu_ms > 0 && c->cpu_ms > 0,
         "%s: measured times (%g, %g ms)", label, c->gpu_ms, c->cpu_ms);
  check (fftcl_context_is_cpu (ctx) == !gpu_wins
           && strcmp (fftcl_context_device_name (ctx),
                      gpu_wins ? gpu_name : cpu_name)
                == 0,
         "%s: runs on the faster, %s", label, fftcl_context_device_name (ctx));
  check (fabs (c->speedup - slower / faster) <= 1e-12 * c->speedup,
         "%s: the speedup %.3f is the slower time over the faster", label,
         c->speedup);
  check (strcmp (c->gpu, gpu_name) == 0 && strcmp (c->cpu, cpu_name) == 0
           && c->threads == THREADS,
         "%s: names %s and %s (%d threads)", label, c->gpu, c->cpu,
         c->threads);
}

/* A record's file of `ctx`'s times, written by it on `day`. */
static void check_written (const fftcl_context *ctx, const char *path,
                           const char *day, const char *label)
{
  const fftcl_choice *c = fftcl_context_choice (ctx);
  char *text = read_file (path);
  char gpu_line[300], cpu_line[300], day_line[32];
  snprintf (gpu_line, sizeof gpu_line, "\ngpu %s\n", gpu_name);
  snprintf (cpu_line, sizeof cpu_line, "\ncpu %s\n", cpu_name);
  snprintf (day_line, sizeof day_line, "\nmeasured %s\n", day);
  check (!c->from_record && strcmp (c->measured, day) == 0,
         "%s: measured now, on %s", label, c->measured);
  check (text && strncmp (text, "fftcl-automatic 1\n", 18) == 0
           && strstr (text, gpu_line) && strstr (text, cpu_line)
           && strstr (text, day_line),
         "%s: the record names both devices and the day", label);
  double gpu_ms = field_value (text, "gpu-us") / 1e3;
  double cpu_ms = field_value (text, "cpu-us") / 1e3;
  check (fabs (gpu_ms - c->gpu_ms) <= 0.6e-3
           && fabs (cpu_ms - c->cpu_ms) <= 0.6e-3,
         "%s: the record holds the times (%g, %g ms)", label, gpu_ms, cpu_ms);
  free (text);
}

static int same_file (const struct stat *a, const struct stat *b)
{
  return a->st_ino == b->st_ino && a->st_size == b->st_size
         && a->st_mtim.tv_sec == b->st_mtim.tv_sec
         && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

/* A context after `text` was written as the record: it follows the
 * record's times without measuring, and leaves the file alone. */
static void check_follows (const char *path, const char *text,
                           int gpu_wins, double speedup, const char *label)
{
  struct stat before, after;
  write_file (path, text);
  stat (path, &before);
  fftcl_context *ctx = automatic (THREADS, root);
  if (!ctx)
    return;
  const fftcl_choice *c = fftcl_context_choice (ctx);
  char *now = read_file (path);
  check (c->from_record && strcmp (c->measured, "2020-01-02") == 0,
         "%s: read from the record", label);
  check (fftcl_context_is_cpu (ctx) == !gpu_wins
           && fabs (c->speedup - speedup) <= 1e-12 * speedup,
         "%s: follows it to the %s, %.1f×", label, gpu_wins ? "GPU" : "CPU",
         c->speedup);
  stat (path, &after);
  check (now && strcmp (now, text) == 0 && same_file (&before, &after),
         "%s: the file is left as it was", label);
  free (now);
  fftcl_context_destroy (ctx);
}

/* A context after `text` was written as the record: it measures anew and
 * writes a whole record. */
static void check_remeasures (const char *path, const char *text,
                              const char *day, const char *label)
{
  write_file (path, text);
  fftcl_context *ctx = automatic (THREADS, root);
  if (!ctx)
    return;
  check_rule (ctx, label);
  check_written (ctx, path, day, label);
  fftcl_context_destroy (ctx);
}

/* The names of the two devices opened by name, which is no automatic
 * choice. */
static int open_by_name (const char *device)
{
  const fftcl_context_options options = { .threads = THREADS,
                                          .cache_folder = root };
  fftcl_context *gpu = NULL, *cpu = NULL;
  int ok = fftcl_context_create_with_options (device, &options, &gpu, NULL)
             == FFTCL_OK
           && fftcl_context_create_with_options ("cpu", &options, &cpu, NULL)
                == FFTCL_OK;
  if (ok)
    {
      snprintf (gpu_name, sizeof gpu_name, "%s",
                fftcl_context_device_name (gpu));
      snprintf (cpu_name, sizeof cpu_name, "%s",
                fftcl_context_device_name (cpu));
      ok = check (fftcl_context_choice (gpu)->kind == FFTCL_CHOSEN_BY_NAME
                    && fftcl_context_choice (cpu)->kind
                         == FFTCL_CHOSEN_BY_NAME,
                  "devices named (%s, %s) are chosen by name", gpu_name,
                  cpu_name);
    }
  fftcl_context_destroy (gpu);
  fftcl_context_destroy (cpu);
  return check (ok, "the candidate %s and the CPU open by name", device);
}

static void run (void)
{
  char path[512] = "", other[512] = "", day[11];
  today (day);

  fftcl_context *ctx = automatic (THREADS, root);
  if (!ctx)
    return;
  check_rule (ctx, "first context");
  check (find_record (path, sizeof path) == 1, "one record: %s", path);
  check_written (ctx, path, day, "first context");
  fftcl_context_destroy (ctx);

  struct stat before, after;
  char *first = read_file (path);
  stat (path, &before);
  ctx = automatic (THREADS, root);
  if (!ctx)
    return;
  const fftcl_choice *c = fftcl_context_choice (ctx);
  check_rule (ctx, "second context");
  check (c->from_record && strcmp (c->measured, day) == 0
           && c->gpu_ms == field_value (first, "gpu-us") / 1e3
           && c->cpu_ms == field_value (first, "cpu-us") / 1e3,
         "second context: the record's times, not measured");
  char *second = read_file (path);
  stat (path, &after);
  check (first && second && strcmp (first, second) == 0
           && same_file (&before, &after),
         "second context: the file is left as it was");
  fftcl_context_destroy (ctx);
  free (second);

  char *key = key_part (first);
  char text[8192];
  snprintf (text, sizeof text,
            "%sgpu-us 1000000\ncpu-us 1000\nmeasured 2020-01-02\n", key);
  check_follows (path, text, 0, 1000, "a record of a slow GPU");
  snprintf (text, sizeof text,
            "%sgpu-us 2000\ncpu-us 500000\nmeasured 2020-01-02\n", key);
  check_follows (path, text, 1, 250, "a record of a fast GPU");

  check_remeasures (path, "fftclbn1 \x01\x02 not a record", day,
                    "a corrupt record");
  snprintf (text, sizeof text, "%sgpu-us 2000\n", key);
  check_remeasures (path, text, day, "a record cut short");
  snprintf (text, sizeof text,
            "%sgpu-us 2.5\ncpu-us 500000\nmeasured 2020-01-02\n", key);
  check_remeasures (path, text, day, "a record of a fraction");
  free (key);
  free (first);

  ctx = automatic (1, root);
  if (ctx)
    {
      check (!fftcl_context_choice (ctx)->from_record
               && find_record (other, sizeof other) == 2,
             "another thread count is another record, measured");
      fftcl_context_destroy (ctx);
    }

  char blocked[256];
  snprintf (blocked, sizeof blocked, "%s/file", root);
  write_file (blocked, "a file where the cache folder goes");
  ctx = automatic (THREADS, blocked);
  if (ctx)
    {
      c = fftcl_context_choice (ctx);
      check (c->kind == FFTCL_CHOSEN_MEASURED && !c->from_record,
             "a cache folder that cannot be written: measured, chosen");
      fftcl_context_destroy (ctx);
    }
}

int main (void)
{
  const char *device = getenv ("FFTCL_DEVICE");
  if (!device || strcasecmp (device, "cpu") == 0)
    {
      printf ("# the automatic choice needs an OpenCL candidate\n");
      return SKIPPED;
    }
  if (!check (mkdtemp (root) != NULL, "temporary folder"))
    return check_finish ();
  setenv ("XDG_CACHE_HOME", root, 1);
  snprintf (folder, sizeof folder, "%s/fftcl", root);
  if (open_by_name (device))
    {
      setenv ("FFTCL_AUTOMATIC_CANDIDATE", device, 1);
      unsetenv ("FFTCL_DEVICE");
      run ();
    }
  remove_tree (root);
  return check_finish ();
}
