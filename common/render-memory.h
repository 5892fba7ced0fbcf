/* SPDX-License-Identifier: GPL-3.0-or-later */
/* render-memory — whether a render fits in the memory there is, checked
 * before anything is read or changed, and the window buffers that grow
 * to the largest window asked for. */
#ifndef RENDER_MEMORY_H
#define RENDER_MEMORY_H

#include <glib.h>

#include "pixel-planes.h"

/* The margin that keeps the FFT's wrap-around away from the image can
 * double each axis: when `geometry` does not fit in memory but the image
 * without a margin does, `geometry` loses its margin and `warning` tells
 * the user, since only a band along the edges (the filter's reach) is
 * affected. `pixel_bytes` is what the pixels still to be read take.
 * FALSE, with a message naming `drawable_name`, when not even that
 * fits. */
gboolean render_memory_fit (PlaneGeometry  *geometry,
                            guint64         pixel_bytes,
                            gsize           colour_planes,
                            const gchar    *drawable_name,
                            gchar         **warning,
                            GError        **error);

/* Makes `buffer` (holding `capacity` floats) hold at least `floats`.
 * FALSE, with a message, when memory runs out; `buffer` is then as it
 * was. */
gboolean render_memory_grow (gfloat        **buffer,
                             gsize          *capacity,
                             gsize           floats,
                             GError        **error);

#endif
