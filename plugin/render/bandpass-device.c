/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "bandpass-device.h"

#include <glib/gi18n-lib.h>

struct _BandpassDevice
{
  gchar         *choice;
  fftcl_context *context;
};

gchar *
bandpass_device_choice (GimpProcedureConfig *config)
{
  gchar *device = NULL;

  if (fftcl_forced_device ())
    return NULL;

  g_object_get (config, "device", &device, NULL);
  if (device && ! *device)
    g_clear_pointer (&device, g_free);

  return device;
}

BandpassDevice *
bandpass_device_open (const gchar  *choice,
                      GError      **error)
{
  /* The FFTW backend runs on as many threads as GIMP's preferences
   * give it processors. */
  const fftcl_context_options options = {
    .threads = (int) gimp_get_num_processors ()
  };
  fftcl_context  *context;
  fftcl_error     fft_error;
  BandpassDevice *device;

  if (fftcl_context_create_with_options (choice, &options, &context,
                                         &fft_error) != FFTCL_OK)
    {
      g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                   _("No device could be opened for the FFT: %s"),
                   fft_error.message);
      return NULL;
    }

  device          = g_atomic_rc_box_new0 (BandpassDevice);
  device->choice  = g_strdup (choice);
  device->context = context;
  return device;
}

BandpassDevice *
bandpass_device_ref (BandpassDevice *device)
{
  return g_atomic_rc_box_acquire (device);
}

static void
close_device (gpointer device_pointer)
{
  BandpassDevice *device = device_pointer;

  fftcl_context_destroy (device->context);
  g_free (device->choice);
}

void
bandpass_device_unref (BandpassDevice *device)
{
  g_atomic_rc_box_release_full (device, close_device);
}

gboolean
bandpass_device_is (const BandpassDevice *device,
                    const gchar          *choice)
{
  return g_strcmp0 (device->choice, choice) == 0;
}

fftcl_context *
bandpass_device_context (const BandpassDevice *device)
{
  return device->context;
}

/* Why the automatic choice took the device, after its name; only the
 * name where the device was named or no GPU was found. */
static gchar *
describe_choice (const fftcl_context *context)
{
  const fftcl_choice *choice = fftcl_context_choice (context);
  const gchar        *name   = fftcl_context_device_name (context);

  if (choice->kind == FFTCL_CHOSEN_UNMEASURED)
    return fftcl_context_is_cpu (context)
      ? g_strdup_printf (_("%s: %s failed when its speed was measured"),
                         name, choice->gpu)
      : g_strdup_printf (_("%s: its speed and the CPU's could not be "
                           "measured"), name);

  if (choice->kind != FFTCL_CHOSEN_MEASURED)
    return g_strdup (name);

  if (fftcl_context_is_cpu (context))
    return g_strdup_printf (_("%s: %.1f× the speed of %s, measured %s"),
                            name, choice->speedup, choice->gpu,
                            choice->measured);

  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s: %.1f× the CPU's speed "
                                       "(%d thread), measured %s",
                                       "%s: %.1f× the CPU's speed "
                                       "(%d threads), measured %s",
                                       choice->threads),
                          name, choice->speedup, choice->threads,
                          choice->measured);
}

gchar *
bandpass_device_describe (const BandpassDevice *device,
                          const gchar          *fallback_reason)
{
  if (! fallback_reason)
    return describe_choice (device->context);

  return g_strdup_printf (_("CPU (FFTW), after %s failed: %s"),
                          fftcl_context_device_name (device->context),
                          fallback_reason);
}
