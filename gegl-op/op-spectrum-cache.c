/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "op-spectrum-cache.h"

#include <string.h>

static GMutex        lock;
static FilterState   kept;
static gconstpointer kept_owner;

void
op_spectrum_cache_lock (void)
{
  g_mutex_lock (&lock);
}

void
op_spectrum_cache_unlock (void)
{
  g_mutex_unlock (&lock);
}

/* Keeps the state only where `area` of `input` reads as its pixels. A
 * second copy that memory cannot hold empties it. */
static void
match_pixels (GeglBuffer          *input,
              const GeglRectangle *area)
{
  gsize   bytes  = kept.width * kept.height *
                   babl_format_get_bytes_per_pixel (kept.format.format);
  gfloat *pixels = filter_state_read_new (&kept, input, area, NULL);

  if (pixels && memcmp (pixels, kept.pixels, bytes) == 0)
    g_free (pixels);
  else if (pixels)
    filter_state_take_pixels (&kept, pixels, gegl_buffer_get_format (input));
  else
    filter_state_clear (&kept);
}

FilterState *
op_spectrum_cache_state (GeglBuffer          *input,
                         const GeglRectangle *area,
                         const RenderFormat  *format,
                         gconstpointer        owner)
{
  filter_state_choose (&kept, format, area->width, area->height);
  if (kept.pixels)
    match_pixels (input, area);
  kept_owner = owner;
  return &kept;
}

void
op_spectrum_cache_release (gconstpointer owner)
{
  g_mutex_lock (&lock);
  if (kept_owner == owner)
    {
      filter_state_clear (&kept);
      kept_owner = NULL;
    }
  g_mutex_unlock (&lock);
}
