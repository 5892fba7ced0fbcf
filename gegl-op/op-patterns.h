/* SPDX-License-Identifier: GPL-3.0-or-later */
/* op-patterns — find-patterns for the operation (docs/contract.md): the
 * periodic patterns of the pixels it filters, searched for where the band
 * leaves them (pattern-finder.h), added to its settings, as the plug-in's
 * found-patterns.c does for a drawable. */
#ifndef OP_PATTERNS_H
#define OP_PATTERNS_H

#include "filter-settings.h"
#include "pixel-planes.h"

/* Makes `with_found` `settings` with the patterns of width × height
 * `pixels` of `layout` added: their notches after the given ones and, in
 * band-pass mode where small-structures is 0, a halftone's period as
 * small-structures. Free with op_settings_clear. FALSE, with a message
 * (free with g_free), when the search fails or memory runs out;
 * `with_found` is then empty. */
gboolean op_patterns_add (fftcl_context          *context,
                          const gfloat           *pixels,
                          const PixelLayout      *layout,
                          gsize                   width,
                          gsize                   height,
                          const BandpassSettings *settings,
                          BandpassSettings       *with_found,
                          gchar                 **message);

#endif
