/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "plane_gains.h"

static int takes (const fftcl_gain *gain, size_t notch, size_t plane)
{
  return !gain->notch_planes
         || (gain->notch_planes[notch] >> (plane % 32)) & 1u;
}

static int same_notches (const fftcl_gain *gain, size_t p, size_t q)
{
  for (size_t i = 0; i < gain->notch_count; i++)
    if (takes (gain, i, p) != takes (gain, i, q))
      return 0;
  return 1;
}

size_t fftcl_plane_groups (const fftcl_gain *gain, size_t batch,
                           size_t *group)
{
  size_t groups = 0;
  for (size_t p = 0; p < batch; p++)
    {
      size_t q = 0;
      while (q < p && !same_notches (gain, p, q))
        q++;
      group[p] = q < p ? group[q] : groups++;
    }
  return groups;
}

void fftcl_gain_of_plane (const fftcl_gain *gain, size_t plane,
                          fftcl_gain *out, double *notches)
{
  size_t count = 0;
  for (size_t i = 0; i < gain->notch_count; i++)
    if (takes (gain, i, plane))
      {
        for (size_t k = 0; k < 3; k++)
          notches[3 * count + k] = gain->notches[3 * i + k];
        count++;
      }
  *out = *gain;
  out->notches = count ? notches : NULL;
  out->notch_count = count;
  out->notch_planes = NULL;
}
