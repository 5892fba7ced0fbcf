/* SPDX-License-Identifier: GPL-3.0-or-later */
/* op-spectrum-cache — the input the operation filtered last, kept with
 * its spectrum (filter-state.h), so that a change of a property that
 * leaves the input as it was (a slider moved in GIMP's on-canvas preview)
 * redoes only the gain and the inverse transform. One input is kept per
 * process, whichever operation filtered it: it holds the pixels and the
 * spectra, about as much memory as filtering takes, and is freed when
 * the operation that filled it is finalized (its filter removed or
 * merged), another input is filtered, no filter has used it for
 * OP_SPECTRUM_CACHE_IDLE_S (where a main loop runs the default main
 * context, as GIMP's does), or GEGL's tile cache is made smaller. That
 * last is GEGL 0.4's one request that caches shrink: a lower
 * "tile-cache-size" on gegl_config () (GIMP's Preferences, System
 * Resources, sets it), on which GEGL trims its own tiles
 * (gegl-tile-handler-cache.c, whose trim is private); GEGL has no
 * memory-pressure signal. Every call but op_spectrum_cache_release
 * needs the lock; op_spectrum_cache_unlock counts as a use.
 *
 * Whether the input is still the one kept: GEGL has no signal that an
 * input did not change, but every change above a node reaches it as its
 * "invalidated" signal (gegl_node_invalidated runs down the graph from
 * what changed: a property, a connection, a buffer-source's buffer
 * written, which GIMP's layers are), as GEGL's own caches rely on. So
 * the node that feeds the operation's input is watched from before its
 * pixels are read: the same node, not invalidated since, over the same
 * area, gives the same pixels, and they are not read again. Where that
 * cannot tell (another node feeds the input, or it was invalidated,
 * which a change that leaves the pixels as they were also does), the
 * input is read and compared with the kept pixels byte for byte. */
#ifndef OP_SPECTRUM_CACHE_H
#define OP_SPECTRUM_CACHE_H

#include <gegl.h>

#include "filter-state.h"

/* Seconds without a filter after which the kept state is freed: a
 * slider's moves come far closer together, and a filter left alone
 * gives its memory back. */
#define OP_SPECTRUM_CACHE_IDLE_S 30

void         op_spectrum_cache_lock    (void);
void         op_spectrum_cache_unlock  (void);

/* The kept state, made `operation`'s, in `format` for `area` of `input`:
 * what it holds stays only where it is of the same pixels (the same
 * size and format, and the input unchanged as above); else it is
 * emptied, and filter_buffer reads `input` again. */
FilterState *op_spectrum_cache_state   (GeglOperation       *operation,
                                        GeglBuffer          *input,
                                        const GeglRectangle *area,
                                        const RenderFormat  *format);

/* Frees what is kept if `owner` filled it; takes the lock itself. */
void         op_spectrum_cache_release (gconstpointer        owner);

#endif
