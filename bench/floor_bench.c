/* SPDX-License-Identifier: GPL-3.0-or-later */
/* floor-bench — the CPU filter beside its FFT floor (issue 33): for RGB
 * float images it times the plug-in's final run through its own compute
 * core (a load with FILTERED_IMAGE_ONCE and its render: from the float
 * pixels read to the float pixels written, find-patterns off, the
 * default gain) on fftcl's
 * FFTW backend, each of its steps, and, in the same run, FFTW's own time
 * for the 2-D transforms of that plan's size, batch and threads, one
 * forward and one inverse, planned with FFTW_MEASURE on planes side by
 * side: as complex planes two real planes to each (c2c), and as real
 * planes, each alone (r2c and c2r; for a mirrored plan the DCT-II and
 * DCT-III, r2r). Then the ratios of the whole filter to both.
 *
 *   floor-bench [RUNS [WIDTHxHEIGHT...]]
 *
 * RUNS (5 if not given) timed runs after one untimed; the default images
 * are 4096×4096 (mirror padding makes it a mirrored plan of its own size)
 * and 4000×3000, 12 MP (padded to 4096²). Times are medians, with the
 * smallest and largest of the whole filter's runs, and the processor
 * time of all threads, which a loaded machine moves less than the wall
 * clock. The untimed filter is a size's first, as a user's first run;
 * fftcl's FFTW backend plans no differently for the later ones. */
#include <fftw3.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "core_bench_runs.h"
#include "filtered-image.h"

#define COMPONENTS 3
#define MOST_RUNS  99

typedef struct
{
  size_t width, height;
} ImageSize;

/* The process's processor time in ms, all threads: on a loaded machine
 * it moves less than the wall clock. */
static double
cpu_ms (void)
{
  struct timespec t;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &t);
  return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static float *
noise_pixels (size_t count)
{
  float    *pixels = malloc (count * sizeof *pixels);
  uint32_t  state  = 12345;

  for (size_t i = 0; pixels && i < count; i++)
    {
      state = state * 1664525u + 1013904223u;
      pixels[i] = (float) (state >> 8) / 16777216.0f;
    }
  return pixels;
}

/* One forward and one inverse of `kind`'s FFTW plans, each the median of
 * `runs` after one untimed: -1 where FFTW could not plan them. Kinds:
 * 0 complex planes, two real planes to each; 1 real planes (r2c, c2r);
 * 2 real planes of a mirrored plan (DCT-II, DCT-III). */
static double
fftw_floor_ms (int     kind,
               size_t  width,
               size_t  height,
               size_t  batch,
               int     threads,
               size_t  runs,
               double *cpu)
{
  int         n[2]   = { (int) height, (int) width };
  size_t      area   = width * height;
  size_t      planes = kind == 0 ? (batch + 1) / 2 : batch;
  float      *a      = fftwf_alloc_real (2 * (area + width) * planes);
  float      *b      = fftwf_alloc_real (2 * (area + width) * planes);
  fftwf_plan  p[2]   = { NULL, NULL };
  double      ms[MOST_RUNS], cpu_each[MOST_RUNS], total = 0;
  int         half   = (int) (width / 2 + 1) * (int) height;
  const fftwf_r2r_kind dct2[2] = { FFTW_REDFT10, FFTW_REDFT10 };
  const fftwf_r2r_kind dct3[2] = { FFTW_REDFT01, FFTW_REDFT01 };

  fftwf_plan_with_nthreads (threads);
  if (a && b && kind == 0)
    for (int d = 0; d < 2; d++)
      p[d] = fftwf_plan_many_dft (2, n, (int) planes, (fftwf_complex *) a,
                                  NULL, 1, (int) area, (fftwf_complex *) a,
                                  NULL, 1, (int) area,
                                  d ? FFTW_BACKWARD : FFTW_FORWARD,
                                  FFTW_MEASURE);
  if (a && b && kind == 1)
    {
      p[0] = fftwf_plan_many_dft_r2c (2, n, (int) planes, a, NULL, 1,
                                      (int) area, (fftwf_complex *) b, NULL,
                                      1, half, FFTW_MEASURE);
      p[1] = fftwf_plan_many_dft_c2r (2, n, (int) planes,
                                      (fftwf_complex *) b, NULL, 1, half, a,
                                      NULL, 1, (int) area, FFTW_MEASURE);
    }
  if (a && b && kind == 2)
    for (int d = 0; d < 2; d++)
      p[d] = fftwf_plan_many_r2r (2, n, (int) planes, d ? b : a, NULL, 1,
                                  (int) area, d ? a : b, NULL, 1, (int) area,
                                  d ? dct3 : dct2, FFTW_MEASURE);
  for (size_t i = 0; a && b && i < 2 * planes * (area + width); i++)
    a[i] = b[i] = (float) (i % 17) / 17.0f;
  for (int d = 0; d < 2 && p[0] && p[1]; d++)
    {
      fftwf_execute (p[d]);
      for (size_t r = 0; r < runs; r++)
        {
          double start = fftcl_now_ms (), cpu_start = cpu_ms ();

          fftwf_execute (p[d]);
          ms[r] = fftcl_now_ms () - start;
          cpu_each[r] = cpu_ms () - cpu_start;
        }
      total += median_ms (ms, runs);
      *cpu += median_ms (cpu_each, runs);
    }
  if (! p[0] || ! p[1])
    total = *cpu = -1;
  for (int d = 0; d < 2; d++)
    if (p[d])
      fftwf_destroy_plan (p[d]);
  fftwf_free (a);
  fftwf_free (b);
  return total;
}

/* The steps of `runs` filters, their medians, into `steps`; the whole
 * filters' times, sorted, into `whole`. 0 on failure. */
static int
time_filters (fftcl_context             *context,
              const FilteredImageSource *source,
              const fftcl_gain          *gain,
              float                     *out,
              size_t                     runs,
              double                    *whole,
              double                    *cpu,
              double                     steps[7])
{
  const fftcl_window window = { 0, 0, source->geometry.width,
                                source->geometry.height, 1 };
  double             each[7][MOST_RUNS];

  for (size_t r = 0; r <= runs; r++)
    {
      FilteredImage        *spent = NULL;
      FilteredImageTimings  t;
      fftcl_error           err;
      double                start = fftcl_now_ms (), cpu_start = cpu_ms ();
      fftcl_status          status
        = filtered_image_load (context, source, FILTERED_IMAGE_ONCE, &spent,
                               &t, &err);

      if (status == FFTCL_OK)
        status = filtered_image_render (spent, gain, &window, out,
                                        FILTERED_IMAGE_LAST, &t, &err);
      double                ms = fftcl_now_ms () - start;
      double                cpu_used = cpu_ms () - cpu_start;

      filtered_image_destroy (spent);
      if (status != FFTCL_OK)
        {
          fprintf (stderr, "floor-bench: %s\n", err.message);
          return 0;
        }
      if (r == 0)
        continue;
      whole[r - 1] = ms;
      cpu[r - 1] = cpu_used;
      double step[7] = { t.pad_ms, t.fft.upload_ms, t.fft.forward_ms,
                         t.fft.mask_ms, t.fft.inverse_ms, t.fft.download_ms,
                         t.scatter_ms };
      for (int s = 0; s < 7; s++)
        each[s][r - 1] = step[s];
    }
  for (int s = 0; s < 7; s++)
    steps[s] = median_ms (each[s], runs);
  sort_ms (whole, runs);
  sort_ms (cpu, runs);
  return 1;
}

static int
bench_size (ImageSize      size,
            int            threads,
            size_t         runs)
{
  fftcl_gain  gain   = { .large_period = 40, .small_period = 3,
                         .shape = FFTCL_SHAPE_GAUSSIAN, .keep_mean = 1 };
  size_t      values = size.width * size.height * COMPONENTS;
  float      *pixels = noise_pixels (values);
  float      *out    = malloc (values * sizeof *out);
  FilteredImageSource source = {
    .pixels   = pixels,
    .layout   = { .components = COMPONENTS, .colour_planes = COMPONENTS },
    .geometry = filtered_image_geometry (size.width, size.height, &gain),
    .padding  = PADDING_MIRROR,
    .split    = split_over_processors,
  };
  double      whole[MOST_RUNS], cpu[MOST_RUNS], steps[7];
  fftcl_context        *context;
  fftcl_error           err;

  source.mirrored = filtered_image_mirrors (&source.geometry, PADDING_MIRROR,
                                            &gain, 1);
  if (source.mirrored)
    {
      source.geometry.padded_width  = size.width;
      source.geometry.padded_height = size.height;
    }
  if (fftcl_context_create ("cpu", &context, &err) != FFTCL_OK)
    {
      fprintf (stderr, "floor-bench: %s\n", err.message);
      context = NULL;
    }
  int timed = pixels && out && context &&
              time_filters (context, &source, &gain, out, runs, whole, cpu,
                            steps);
  free (pixels);
  free (out);
  fftcl_context_destroy (context);
  if (! timed)
    return 0;

  size_t w = source.geometry.padded_width, h = source.geometry.padded_height;
  double pairs_cpu = 0, real_cpu = 0;
  double pairs = fftw_floor_ms (0, w, h, COMPONENTS, threads, runs,
                                &pairs_cpu);
  double real  = fftw_floor_ms (source.mirrored ? 2 : 1, w, h, COMPONENTS,
                                threads, runs, &real_cpu);
  double median = whole[runs / 2];

  printf ("%zu×%zu RGB, plan %zu×%zu%s, %d threads, %zu runs\n",
          size.width, size.height, w, h, source.mirrored ? " mirrored" : "",
          threads, runs);
  printf ("  steps ms: pad %.1f, pack %.1f, forward %.1f, mask %.1f, "
          "inverse %.1f, unpack %.1f, scatter %.1f\n", steps[0], steps[1],
          steps[2], steps[3], steps[4], steps[5], steps[6]);
  printf ("  whole filter %.1f ms (%.1f … %.1f), processor time %.1f ms\n",
          median, whole[0], whole[runs - 1], cpu[runs / 2]);
  printf ("  FFTW floor ms: c2c pairs %.1f, real planes %.1f; processor "
          "time %.1f, %.1f\n", pairs, real, pairs_cpu, real_cpu);
  printf ("  ratio whole ÷ floor: c2c pairs %.2f×, real planes %.2f×; "
          "processor time %.2f×, %.2f×\n", median / pairs, median / real,
          cpu[runs / 2] / pairs_cpu, cpu[runs / 2] / real_cpu);
  return 1;
}

static int
parse_size (const char *text,
            ImageSize  *size)
{
  return sscanf (text, "%zux%zu", &size->width, &size->height) == 2 &&
         size->width > 0 && size->height > 0;
}

int
main (int    argc,
      char **argv)
{
  ImageSize      sizes[8] = { { 4096, 4096 }, { 4000, 3000 } };
  size_t         count    = argc > 2 ? (size_t) argc - 2 : 2;
  long           runs     = argc > 1 ? strtol (argv[1], NULL, 10) : 5;
  long           cores    = sysconf (_SC_NPROCESSORS_ONLN);
  int            status   = 0;

  if (runs < 1 || runs > MOST_RUNS || count > 8)
    {
      fprintf (stderr, "usage: floor-bench [RUNS [WIDTHxHEIGHT...]] "
               "(1 ≤ RUNS ≤ %d, at most 8 sizes)\n", MOST_RUNS);
      return 2;
    }
  for (size_t i = 0; argc > 2 && i < count; i++)
    if (! parse_size (argv[i + 2], &sizes[i]))
      {
        fprintf (stderr, "floor-bench: not a size: %s\n", argv[i + 2]);
        return 2;
      }
  for (size_t i = 0; i < count && status == 0; i++)
    if (! bench_size (sizes[i], cores > 0 ? (int) cores : 1, (size_t) runs))
      status = 1;
  return status;
}
