#include "render-memory.h"

#include <libgimp/gimp.h>
#include <glib/gi18n-lib.h>
#include <string.h>

#include "padding.h"
#include "render-error.h"

/* What a render holds at its peak besides the pixels: the padded planes,
 * and the CPU backend's spectra of plane pairs, twice: kept and filtered
 * (a GPU's failure falls back to the CPU, so its need counts too). */
static guint64
bytes_needed (const PlaneGeometry *geometry,
              guint64              pixel_bytes,
              gsize                colour_planes)
{
  guint64 area = (guint64) geometry->padded_width * geometry->padded_height;

  return pixel_bytes + area * colour_planes * sizeof (gfloat) +
         area * 2 * sizeof (gfloat) * 2 * ((colour_planes + 1) / 2);
}

/* MemAvailable of /proc/meminfo; G_MAXUINT64 where it cannot be read. */
static guint64
bytes_available (void)
{
  gchar   *meminfo   = NULL;
  gchar   *line;
  guint64  available = G_MAXUINT64;

  if (g_file_get_contents ("/proc/meminfo", &meminfo, NULL, NULL) &&
      (line = strstr (meminfo, "MemAvailable:")) != NULL)
    available = g_ascii_strtoull (line + strlen ("MemAvailable:"), NULL, 10)
                * 1024;

  g_free (meminfo);
  return available;
}

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
  guint64 available = bytes_available ();
  guint64 needed    = bytes_needed (geometry, pixel_bytes, colour_planes);

  if (needed <= available)
    return TRUE;

  geometry->padded_width  = padding_size_for (geometry->width, 0.0);
  geometry->padded_height = padding_size_for (geometry->height, 0.0);
  if (bytes_needed (geometry, pixel_bytes, colour_planes) <= available)
    {
      *warning = g_strdup_printf (_("There is not enough memory (%.1f GiB "
                                    "needed, %.1f GiB available) to pad "
                                    "this drawable with a margin; it is "
                                    "filtered without one, so its opposite "
                                    "edges may blend within the filter's "
                                    "reach."),
                                  gibibytes (needed), gibibytes (available));
      return TRUE;
    }

  g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
               _("\"%s\" (%d×%d) needs about %.1f GiB of memory to filter, "
                 "but only %.1f GiB are available. Nothing was changed."),
               drawable_name, (gint) geometry->width, (gint) geometry->height,
               gibibytes (bytes_needed (geometry, pixel_bytes, colour_planes)),
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
