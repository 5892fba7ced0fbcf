/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "op-spectrum-cache.h"

#include <string.h>

#include <gegl-plugin.h>

#include "buffer-pixels.h"

static GMutex        lock;
static FilterState   kept;
static gconstpointer kept_owner;
static GeglRectangle kept_area;
/* The node that fed the kept pixels (a weak reference: a node freed and
 * another made at its address is not it), and how often it was
 * invalidated since they were read. GEGL emits "invalidated" in the
 * thread that changes the graph, so the count is atomic. */
static GWeakRef      watched;
static gulong        watch_handler;
static gint          invalidations;
/* When the kept state was last used (g_get_monotonic_time), and whether
 * a timeout on the default main context will look at it again. */
static gint64        kept_used;
static gboolean      idle_check_pending;
/* GEGL's tile cache size as last seen, once the kept state watches it. */
static guint64       cache_size;
static gboolean      cache_watched;

void
op_spectrum_cache_lock (void)
{
  g_mutex_lock (&lock);
}

static void
count_invalidation (GeglNode            *node G_GNUC_UNUSED,
                    const GeglRectangle *rect G_GNUC_UNUSED,
                    gpointer             data G_GNUC_UNUSED)
{
  g_atomic_int_inc (&invalidations);
}

static void
unwatch (void)
{
  GeglNode *node = g_weak_ref_get (&watched);

  if (node)
    {
      g_signal_handler_disconnect (node, watch_handler);
      g_object_unref (node);
    }
  g_weak_ref_set (&watched, NULL);
}

/* Counts `source`'s invalidations from now on. */
static void
watch (GeglNode *source)
{
  GeglNode *node = g_weak_ref_get (&watched);

  if (node != source)
    {
      unwatch ();
      if (source)
        {
          watch_handler = g_signal_connect (source, "invalidated",
                                            G_CALLBACK (count_invalidation),
                                            NULL);
          g_weak_ref_set (&watched, source);
        }
    }
  g_clear_object (&node);
  g_atomic_int_set (&invalidations, 0);
}

/* Frees what is kept, the lock held. */
static void
let_go (void)
{
  filter_state_clear (&kept);
  unwatch ();
  kept_owner = NULL;
}

static gboolean let_go_when_idle (gpointer data);

/* A look at the kept state in `seconds`, on the default main context
 * (GIMP's main loop; a process without one keeps it until it ends). */
static void
check_idle_in (guint seconds)
{
  g_timeout_add_seconds (seconds, let_go_when_idle, NULL);
  idle_check_pending = TRUE;
}

/* In the main loop's thread, which never waits here for a filter that
 * holds the lock in another: that filter is a use, so the look is
 * repeated after as long again. */
static gboolean
let_go_when_idle (gpointer data G_GNUC_UNUSED)
{
  gint64 idle_s;

  if (! g_mutex_trylock (&lock))
    return G_SOURCE_CONTINUE;
  idle_s             = (g_get_monotonic_time () - kept_used) / G_USEC_PER_SEC;
  idle_check_pending = FALSE;
  if (idle_s >= OP_SPECTRUM_CACHE_IDLE_S)
    let_go ();
  else if (kept.pixels)
    check_idle_in (OP_SPECTRUM_CACHE_IDLE_S - (guint) idle_s);
  g_mutex_unlock (&lock);
  return G_SOURCE_REMOVE;
}

static guint64
tile_cache_size (void)
{
  guint64 size = 0;

  g_object_get (gegl_config (), "tile-cache-size", &size, NULL);
  return size;
}

static void
let_go_when_cache_shrinks (GObject    *config G_GNUC_UNUSED,
                           GParamSpec *pspec G_GNUC_UNUSED,
                           gpointer    data G_GNUC_UNUSED)
{
  guint64 size = tile_cache_size ();

  g_mutex_lock (&lock);
  if (size < cache_size)
    let_go ();
  cache_size = size;
  g_mutex_unlock (&lock);
}

/* From the first state kept on, for as long as the module is loaded
 * (it stays resident). */
static void
watch_cache_size (void)
{
  if (cache_watched)
    return;
  cache_size = tile_cache_size ();
  g_signal_connect (gegl_config (), "notify::tile-cache-size",
                    G_CALLBACK (let_go_when_cache_shrinks), NULL);
  cache_watched = TRUE;
}

void
op_spectrum_cache_unlock (void)
{
  kept_used = g_get_monotonic_time ();
  if (kept.pixels && ! idle_check_pending)
    check_idle_in (OP_SPECTRUM_CACHE_IDLE_S);
  g_mutex_unlock (&lock);
}

/* Whether GEGL says that `area` of what `source` feeds is what was
 * read into the kept pixels. */
static gboolean
unchanged (GeglNode            *source,
           const GeglRectangle *area)
{
  GeglNode *node = g_weak_ref_get (&watched);
  gboolean  same = source && node == source &&
                   g_atomic_int_get (&invalidations) == 0 &&
                   gegl_rectangle_equal (area, &kept_area);

  g_clear_object (&node);
  return same;
}

/* Keeps the state only where `area` of `input` reads as its pixels. A
 * second copy that memory cannot hold empties it. */
static void
match_pixels (GeglBuffer          *input,
              const GeglRectangle *area)
{
  gsize   bytes  = kept.width * kept.height *
                   babl_format_get_bytes_per_pixel (kept.format.format);
  gfloat *pixels = buffer_pixels_read_new (input, area, kept.format.format,
                                           NULL);

  if (pixels && memcmp (pixels, kept.pixels, bytes) == 0)
    g_free (pixels);
  else if (pixels)
    filter_state_take_pixels (&kept, pixels, gegl_buffer_get_format (input));
  else
    filter_state_clear (&kept);
}

FilterState *
op_spectrum_cache_state (GeglOperation       *operation,
                         GeglBuffer          *input,
                         const GeglRectangle *area,
                         const RenderFormat  *format)
{
  GeglNode *source = gegl_operation_get_source_node (operation, "input");

  watch_cache_size ();
  filter_state_choose (&kept, format, area->width, area->height);
  kept_owner = operation;
  if (kept.pixels && unchanged (source, area))
    {
      g_debug ("the input was not invalidated: its pixels are not read "
               "again");
      return &kept;
    }

  watch (source);
  kept_area = *area;
  if (kept.pixels)
    match_pixels (input, area);
  return &kept;
}

void
op_spectrum_cache_release (gconstpointer owner)
{
  g_mutex_lock (&lock);
  if (kept_owner == owner)
    let_go ();
  g_mutex_unlock (&lock);
}
