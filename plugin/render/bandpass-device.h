/* SPDX-License-Identifier: GPL-3.0-or-later */
/* bandpass-device — an opened fftcl device, shared by the renderers of
 * one call (one per drawable), closed with the last. */
#ifndef BANDPASS_DEVICE_H
#define BANDPASS_DEVICE_H

#include <libgimp/gimp.h>

#include "fftcl.h"

typedef struct _BandpassDevice BandpassDevice;

/* What the call asks for: FFTCL_DEVICE (fftcl_forced_device) comes
 * first (NULL then lets fftcl read it), then `config`'s "device" aux
 * argument; NULL, the automatic choice, when that is empty. Free with
 * g_free. */
gchar          *bandpass_device_choice  (GimpProcedureConfig  *config);

/* Opens `choice` (as bandpass_device_choice gives it). NULL, with a
 * message, when it cannot be opened. */
BandpassDevice *bandpass_device_open    (const gchar          *choice,
                                         GError              **error);

BandpassDevice *bandpass_device_ref     (BandpassDevice       *device);
void            bandpass_device_unref   (BandpassDevice       *device);

/* TRUE when `device` was opened for `choice`. */
gboolean        bandpass_device_is      (const BandpassDevice *device,
                                         const gchar          *choice);

fftcl_context  *bandpass_device_context (const BandpassDevice *device);

/* The device that filters, for people: its name, with why the automatic
 * choice took it (fftcl_context_choice: the measured speeds), or, when
 * `fallback_reason` (fftcl_plan_fallback_reason) is not NULL, what failed
 * there before the CPU took over. Free with g_free. */
gchar          *bandpass_device_describe (const BandpassDevice *device,
                                          const gchar          *fallback_reason);

#endif
