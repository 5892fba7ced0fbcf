#include "memory-estimate.h"

#include <inttypes.h>
#include <stdio.h>

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

uint64_t
memory_available (void)
{
  FILE     *meminfo   = fopen ("/proc/meminfo", "r");
  char      line[256];
  uint64_t  kibibytes;
  uint64_t  available = UINT64_MAX;

  if (! meminfo)
    return available;

  while (fgets (line, sizeof line, meminfo))
    if (sscanf (line, "MemAvailable: %" SCNu64, &kibibytes) == 1)
      {
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
