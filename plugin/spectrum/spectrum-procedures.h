/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-procedures — the spectrum as an image: plug-in-fft-forward and
 * plug-in-fft-inverse, registered by the plug-in beside the band-pass
 * (docs/contract.md, "The spectrum as an image"). */
#ifndef SPECTRUM_PROCEDURES_H
#define SPECTRUM_PROCEDURES_H

#include <libgimp/gimp.h>

/* Their names, for query_procedures. Free with g_list_free_full (…,
 * g_free). */
GList         *spectrum_procedures_names  (void);

/* The procedure `name`, or NULL when it is not one of them. */
GimpProcedure *spectrum_procedures_create (GimpPlugIn  *plug_in,
                                           const gchar *name);

#endif
