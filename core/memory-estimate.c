/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "memory-estimate.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "padding.h"

uint64_t
memory_needed (const PlaneGeometry *geometry,
               uint64_t             pixel_bytes,
               size_t               colour_planes)
{
  uint64_t area = (uint64_t) geometry->padded_width * geometry->padded_height;

  return pixel_bytes + area * colour_planes * sizeof (float) +
         area * 2 * sizeof (float) * 2 * ((colour_planes + 1) / 2);
}

/* FFT_BANDPASS_MEMORY_LIMIT: a whole number of bytes, or of KiB, MiB or
 * GiB with the suffix K, M or G; UINT64_MAX where it is not set or not
 * such a number. */
static uint64_t
memory_limit (void)
{
  const char         *text = getenv ("FFT_BANDPASS_MEMORY_LIMIT");
  char               *end;
  unsigned long long  value;
  int                 shift = 0;

  if (! text || *text < '0' || *text > '9')
    return UINT64_MAX;

  value = strtoull (text, &end, 10);
  switch (*end)
    {
    case 'K': shift = 10; end++; break;
    case 'M': shift = 20; end++; break;
    case 'G': shift = 30; end++; break;
    default: break;
    }
  if (*end != '\0' || value > (UINT64_MAX >> shift))
    return UINT64_MAX;

  return (uint64_t) value << shift;
}

uint64_t
memory_available (void)
{
  FILE     *meminfo   = fopen ("/proc/meminfo", "r");
  char      line[256];
  uint64_t  kibibytes;
  uint64_t  available = memory_limit ();

  if (! meminfo)
    return available;

  while (fgets (line, sizeof line, meminfo))
    if (sscanf (line, "MemAvailable: %" SCNu64, &kibibytes) == 1)
      {
        if (kibibytes < available / 1024)
          available = kibibytes * 1024;
        break;
      }

  fclose (meminfo);
  return available;
}

MemoryFit
memory_fit (PlaneGeometry *geometry,
            uint64_t       pixel_bytes,
            size_t         colour_planes,
            uint64_t       available,
            uint64_t      *needed)
{
  *needed = memory_needed (geometry, pixel_bytes, colour_planes);
  if (*needed <= available)
    return MEMORY_FITS;

  geometry->padded_width  = padding_size_for (geometry->width, 0.0);
  geometry->padded_height = padding_size_for (geometry->height, 0.0);
  if (memory_needed (geometry, pixel_bytes, colour_planes) <= available)
    return MEMORY_FITS_WITHOUT_MARGIN;

  return MEMORY_SHORT;
}
