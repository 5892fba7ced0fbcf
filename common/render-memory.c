/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "render-memory.h"

#include <glib/gi18n-lib.h>

#include "memory-estimate.h"
#include "render-error.h"

static gdouble
gibibytes (guint64 bytes)
{
  return bytes / (gdouble) (1u << 30);
}

gboolean
render_memory_fit (PlaneGeometry  *geometry,
                   guint64         pixel_bytes,
                   gsize           colour_planes,
                   const gchar    *drawable_name,
                   gchar         **warning,
                   GError        **error)
{
  guint64 available = memory_available ();
  guint64 needed;

  switch (memory_fit (geometry, pixel_bytes, colour_planes, available,
                      &needed))
    {
    case MEMORY_FITS:
      return TRUE;
    case MEMORY_FITS_WITHOUT_MARGIN:
      *warning = g_strdup_printf (_("There is not enough memory (%.1f GiB "
                                    "needed, %.1f GiB available) to pad "
                                    "this drawable with a margin; it is "
                                    "filtered without one, so its opposite "
                                    "edges may blend within the filter's "
                                    "reach."),
                                  gibibytes (needed), gibibytes (available));
      return TRUE;
    case MEMORY_SHORT:
      break;
    }

  g_set_error (error, RENDER_ERROR, 0,
               _("\"%s\" (%d×%d) needs about %.1f GiB of memory to filter, "
                 "but only %.1f GiB are available. Nothing was changed."),
               drawable_name, (gint) geometry->width, (gint) geometry->height,
               gibibytes (memory_needed (geometry, pixel_bytes, colour_planes)),
               gibibytes (available));
  return FALSE;
}

gboolean
render_memory_grow (gfloat **buffer,
                    gsize   *capacity,
                    gsize    floats,
                    GError **error)
{
  gfloat *grown;

  if (floats <= *capacity)
    return TRUE;

  grown = g_try_realloc_n (*buffer, floats, sizeof (gfloat));
  if (! grown)
    return render_error_memory (error);

  *buffer   = grown;
  *capacity = floats;
  return TRUE;
}
