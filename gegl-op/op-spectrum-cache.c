/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "op-spectrum-cache.h"

#include <string.h>

typedef struct
{
  OpSpectrumKey  key;
  gfloat        *pixels;
  FilteredImage *image;
  gconstpointer  owner;
} KeptSpectrum;

static GMutex       lock;
static KeptSpectrum kept;

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

static gsize
pixel_bytes (const OpSpectrumKey *key)
{
  return (gsize) key->width * key->height *
         babl_format_get_bytes_per_pixel (key->format);
}

FilteredImage *
op_spectrum_cache_find (const OpSpectrumKey *key,
                        const gfloat        *pixels)
{
  if (! kept.image ||
      kept.key.width != key->width || kept.key.height != key->height ||
      kept.key.format != key->format ||
      ! render_geometry_equal (&kept.key.geometry, &key->geometry) ||
      memcmp (kept.pixels, pixels, pixel_bytes (key)) != 0)
    return NULL;

  return kept.image;
}

void
op_spectrum_cache_drop_unless (gint        width,
                               gint        height,
                               const Babl *format)
{
  if (kept.key.width != width || kept.key.height != height ||
      kept.key.format != format)
    op_spectrum_cache_drop ();
}

void
op_spectrum_cache_drop (void)
{
  filtered_image_destroy (kept.image);
  g_free (kept.pixels);
  memset (&kept, 0, sizeof kept);
}

void
op_spectrum_cache_keep (const OpSpectrumKey *key,
                        gfloat              *pixels,
                        FilteredImage       *image,
                        gconstpointer        owner)
{
  op_spectrum_cache_drop ();
  kept = (KeptSpectrum) { *key, pixels, image, owner };
}

void
op_spectrum_cache_release (gconstpointer owner)
{
  g_mutex_lock (&lock);
  if (kept.owner == owner)
    op_spectrum_cache_drop ();
  g_mutex_unlock (&lock);
}
