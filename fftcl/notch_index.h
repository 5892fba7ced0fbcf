/* SPDX-License-Identifier: GPL-3.0-or-later */
/* gain.h's notch index of a gain, made on the host for the CPU rows and
 * the OpenCL kernels: which notch discs reach each cell of the frequency
 * square. */
#ifndef FFTCL_NOTCH_INDEX_H
#define FFTCL_NOTCH_INDEX_H

#include "backend.h"
#include "gain.h"

typedef struct {
  gain_notch_index index; /* its notches are the gain's own */
  unsigned *starts;       /* index.cells² + 1 */
  unsigned *discs;        /* `entries`, at least one */
  size_t entries;
} fftcl_notch_index;

/* The index of `gain`'s notches over at most `cells` × `cells` cells,
 * halved while the lists would hold more than 2^22 entries, or than every
 * disc once where that is more. FFTCL_ERROR_MEMORY when memory runs
 * out. */
fftcl_status fftcl_notch_index_make (const fftcl_gain *gain, int cells,
                                     fftcl_notch_index *out,
                                     fftcl_error *err);
void fftcl_notch_index_clear (fftcl_notch_index *index);

#endif
