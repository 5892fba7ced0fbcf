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
step_timings_print (const StepTimings   *timings,
                    const gchar         *drawable_name,
                    const gchar         *device_name,
                    const PlaneGeometry *geometry)
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
  gdouble total_ms = 0.0;

  g_printerr ("fft-bandpass: \"%s\" on %s\n", drawable_name, device_name);
  g_printerr ("  size        %zu×%zu → %zu×%zu\n",
              geometry->width, geometry->height,
              geometry->padded_width, geometry->padded_height);

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_printerr ("  %-10s %10.3f ms\n", rows[i].step, rows[i].ms);
      total_ms += rows[i].ms;
    }

  g_printerr ("  %-10s %10.3f ms\n", "total", total_ms);
}
