/* SPDX-License-Identifier: GPL-3.0-or-later */
/* A gain whose notches filter some planes only (fftcl_gain.notch_planes):
 * the planes grouped by the notches they take, each group with its own
 * gain. The CPU backend makes a gain's rows per group; filter.c applies
 * group after group on a backend that filters every plane alike. */
#ifndef FFTCL_PLANE_GAINS_H
#define FFTCL_PLANE_GAINS_H

#include "fftcl-filter.h"

/* Writes to group[p] (p < batch) the number of plane p's group, counting
 * from 0 in the order of each group's first plane, and returns how many
 * groups there are. Planes in one group take the same notches. */
size_t fftcl_plane_groups (const fftcl_gain *gain, size_t batch,
                           size_t *group);

/* The gain that filters plane p of a batch: `gain` with only the notches
 * whose mask holds p (all of them where notch_planes is NULL), written to
 * *out with notch_planes NULL; their triples go to notches[], which has
 * room for 3 · gain->notch_count values. */
void   fftcl_gain_of_plane (const fftcl_gain *gain, size_t plane,
                            fftcl_gain *out, double *notches);

#endif
