/* SPDX-License-Identifier: GPL-3.0-or-later */
/* memory-estimate — what filtering an image takes at its peak, and what
 * the machine has, so that a filter inside GIMP's own process refuses a
 * size before allocating anything rather than running out; the plug-in
 * (render-memory.c) and the GEGL operation check it alike. Plain C (no
 * GLib). */
#ifndef MEMORY_ESTIMATE_H
#define MEMORY_ESTIMATE_H

#include <stddef.h>
#include <stdint.h>

#include "pixel-planes.h"

/* The pixels still to be read (`pixel_bytes`), the padded planes, and the
 * CPU backend's spectra of plane pairs, twice: kept and filtered. */
uint64_t memory_needed    (const PlaneGeometry *geometry,
                           uint64_t             pixel_bytes,
                           size_t               colour_planes);

/* MemAvailable of /proc/meminfo, or FFT_BANDPASS_MEMORY_LIMIT where the
 * environment sets a smaller one (bytes, or a number with the suffix K, M
 * or G for KiB, MiB, GiB); UINT64_MAX where neither is known. */
uint64_t memory_available (void);

typedef enum
{
  MEMORY_FITS,
  MEMORY_FITS_WITHOUT_MARGIN, /* *geometry lost its margin */
  MEMORY_SHORT
} MemoryFit;

/* Whether filtering `geometry` fits in `available` bytes; where only the
 * image without the margin against wrap-around fits, `geometry` is
 * padded to the next power of two of each axis instead. *needed is what
 * the geometry asked for took. */
MemoryFit memory_fit      (PlaneGeometry       *geometry,
                           uint64_t             pixel_bytes,
                           size_t               colour_planes,
                           uint64_t             available,
                           uint64_t            *needed);

#endif
