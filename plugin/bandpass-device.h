/* bandpass-device — an opened fftcl device, shared by the renderers that
 * use it (the dialog's, then the final run's), closed with the last. */
#ifndef BANDPASS_DEVICE_H
#define BANDPASS_DEVICE_H

#include <libgimp/gimp.h>

#include "fftcl.h"

typedef struct _BandpassDevice BandpassDevice;

/* What the call asks for: FFTCL_DEVICE comes first (NULL then lets fftcl
 * read it), then `config`'s "device" aux argument; NULL, the automatic
 * choice, when that is empty. Free with g_free. */
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

#endif
