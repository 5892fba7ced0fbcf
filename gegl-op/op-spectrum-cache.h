/* SPDX-License-Identifier: GPL-3.0-or-later */
/* op-spectrum-cache — the input the operation filtered last, kept with
 * its spectrum (filter-state.h), so that a change of a property that
 * leaves the input as it was (a slider moved in GIMP's on-canvas preview)
 * redoes only the gain and the inverse transform. One input is kept per
 * process, whichever operation filtered it: it holds the pixels and the
 * spectra, about as much memory as filtering takes, and is freed when
 * the operation that filled it is finalized (its filter removed or
 * merged) or another input is filtered. Every call but
 * op_spectrum_cache_release needs the lock. */
#ifndef OP_SPECTRUM_CACHE_H
#define OP_SPECTRUM_CACHE_H

#include <gegl.h>

#include "filter-state.h"

void         op_spectrum_cache_lock    (void);
void         op_spectrum_cache_unlock  (void);

/* The kept state, made `owner`'s, in `format` for `area` of `input`:
 * what it holds stays only where it was read from the same pixels (the
 * same size and format, and equal bytes); else it is emptied, and
 * filter_buffer reads `input` again. */
FilterState *op_spectrum_cache_state   (GeglBuffer          *input,
                                        const GeglRectangle *area,
                                        const RenderFormat  *format,
                                        gconstpointer        owner);

/* Frees what is kept if `owner` filled it; takes the lock itself. */
void         op_spectrum_cache_release (gconstpointer        owner);

#endif
