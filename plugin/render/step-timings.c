/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "step-timings.h"

gboolean
step_timings_wanted (void)
{
  const gchar *setting = g_getenv ("FFT_BANDPASS_TIMINGS");

  return setting != NULL && setting[0] != '\0';
}

gdouble
step_timings_now_ms (void)
{
  return g_get_monotonic_time () / 1000.0;
}

void
step_timings_add (StepTimings                *timings,
                  const FilteredImageTimings *call)
{
  timings->pad_ms          += call->pad_ms;
  timings->fft.upload_ms   += call->fft.upload_ms;
  timings->fft.forward_ms  += call->fft.forward_ms;
  timings->fft.mask_ms     += call->fft.mask_ms;
  timings->fft.inverse_ms  += call->fft.inverse_ms;
  timings->fft.download_ms += call->fft.download_ms;
  timings->crop_write_ms   += call->scatter_ms;
}

void
step_timings_restart (StepTimings                *timings,
                      const FilteredImageTimings *call)
{
  *timings = (StepTimings) { .read_ms = timings->read_ms };
  step_timings_add (timings, call);
}

/* The process's peak resident memory so far, as the kernel counts it. */
static void
print_peak_memory (void)
{
  gchar  *status = NULL;
  gchar **lines;

  if (! g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return;

  lines = g_strsplit (status, "\n", -1);
  for (gsize i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], "VmHWM:"))
      g_printerr ("  peak memory %s\n", g_strstrip (lines[i] + 6));

  g_strfreev (lines);
  g_free (status);
}

void
step_timings_print (const StepTimings   *timings,
                    const gchar         *drawable_name,
                    const gchar         *device_name,
                    const PlaneGeometry *geometry,
                    gboolean             mirrored)
{
  const struct
  {
    const gchar *step;
    gdouble      ms;
  } rows[] =
  {
    { "read",       timings->read_ms         },
    { "pad",        timings->pad_ms          },
    { "upload",     timings->fft.upload_ms   },
    { "forward",    timings->fft.forward_ms  },
    { "mask",       timings->fft.mask_ms     },
    { "inverse",    timings->fft.inverse_ms  },
    { "download",   timings->fft.download_ms },
    { "crop+write", timings->crop_write_ms   },
  };
  gsize   grid     = mirrored ? 2 : 1;
  gdouble total_ms = 0.0;

  g_printerr ("fft-bandpass: \"%s\" on %s%s\n", drawable_name, device_name,
              mirrored ? ", mirror padding as a DCT" : "");
  g_printerr ("  size        %zu×%zu → %zu×%zu\n",
              geometry->width, geometry->height,
              grid * geometry->padded_width, grid * geometry->padded_height);

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_printerr ("  %-10s %10.3f ms\n", rows[i].step, rows[i].ms);
      total_ms += rows[i].ms;
    }

  g_printerr ("  %-10s %10.3f ms\n", "total", total_ms);
  print_peak_memory ();
}
