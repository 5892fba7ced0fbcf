/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "drawable-filter-append.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>

#include "notches-text.h"

#define OPERATION "fft:band-pass"

/* Digits of each notch's numbers in the operation's text: they read
 * back as the same doubles. */
#define NOTCH_DIGITS 17

/* The arguments the operation has under the same name and type (its
 * enums are choices of the same nicks in GIMP's filter config). */
static const gchar *const same_properties[] =
{
  "large-structures", "small-structures", "shape", "order", "mode",
  "keep-mean", "stripes", "stripe-tolerance", "padding", "channels",
  "linear", "find-patterns", "pattern-sensitivity", "autoscale",
  "notch-channels", "print-screen", NULL
};

/* The first of `drawables` that is not a layer, or NULL. */
static GimpDrawable *
first_not_layer (GimpDrawable **drawables)
{
  for (; *drawables != NULL; drawables++)
    if (! GIMP_IS_LAYER (*drawables))
      return *drawables;

  return NULL;
}

gboolean
drawable_filter_append_check (GimpDrawable **drawables,
                              GError       **error)
{
  GimpDrawable *other = first_not_layer (drawables);
  gchar        *name;

  if (other == NULL)
    return TRUE;

  name = gimp_item_get_name (GIMP_ITEM (other));
  g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
               _("\"%s\" is a channel or a layer mask: GIMP keeps filters "
                 "editable on layers only and would apply this one at "
                 "once; turn \"Non-destructive\" off for it"), name);
  g_free (name);
  return FALSE;
}

/* A new filter of the operation on `drawable`, or NULL with GIMP's reason
 * when it has no such operation. The plug-in handles that error, so that
 * GIMP does not show its own message besides the call's. */
static GimpDrawableFilter *
new_filter (GimpDrawable  *drawable,
            GError       **error)
{
  GimpPlugIn          *plug_in = gimp_get_plug_in ();
  GimpPDBErrorHandler  handler = gimp_plug_in_get_pdb_error_handler (plug_in);
  GimpDrawableFilter  *filter;

  gimp_plug_in_set_pdb_error_handler (plug_in,
                                      GIMP_PDB_ERROR_HANDLER_PLUGIN);
  filter = gimp_drawable_filter_new (drawable, OPERATION,
                                     _("Band-pass (FFT)"));
  if (filter == NULL)
    g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                 _("GIMP cannot run the GEGL operation fft:band-pass, "
                   "which non-destructive filtering appends: install it "
                   "where GEGL looks for operations, or turn "
                   "\"Non-destructive\" off. GIMP says: %s"),
                 gimp_pdb_get_last_error (gimp_get_pdb ()));
  gimp_plug_in_set_pdb_error_handler (plug_in, handler);

  return filter;
}

static void
configure (GimpDrawableFilter  *filter,
           GimpProcedureConfig *config,
           const gchar         *notches,
           const gchar         *output)
{
  GObject *filter_config = G_OBJECT (gimp_drawable_filter_get_config (filter));

  for (gsize i = 0; same_properties[i] != NULL; i++)
    {
      GValue value = G_VALUE_INIT;

      g_object_get_property (G_OBJECT (config), same_properties[i], &value);
      g_object_set_property (filter_config, same_properties[i], &value);
      g_value_unset (&value);
    }

  g_object_set (filter_config, "notches", notches, "output", output, NULL);
  gimp_drawable_filter_update (filter);
}

static gboolean
append (GimpDrawable         *drawable,
        GimpProcedureConfig  *config,
        const gchar          *notches,
        const gchar          *output,
        GError              **error)
{
  GimpDrawableFilter *filter = new_filter (drawable, error);

  if (filter == NULL)
    return FALSE;

  configure (filter, config, notches, output);
  gimp_drawable_append_filter (drawable, filter);
  return TRUE;
}

/* A layer right above `drawable`, in its parent, holding its pixels, with
 * its type, size and offsets, named from `title_format` and its name. */
static GimpLayer *
copy_above (GimpImage    *image,
            GimpDrawable *drawable,
            const gchar  *title_format)
{
  gchar      *name  = gimp_item_get_name (GIMP_ITEM (drawable));
  gchar      *title = g_strdup_printf (title_format, name);
  GimpLayer  *copy  = gimp_layer_new (image, title,
                                      gimp_drawable_get_width (drawable),
                                      gimp_drawable_get_height (drawable),
                                      gimp_drawable_type (drawable), 100.0,
                                      GIMP_LAYER_MODE_NORMAL);
  GeglBuffer *from  = gimp_drawable_get_buffer (drawable);
  GeglBuffer *to    = gimp_drawable_get_buffer (GIMP_DRAWABLE (copy));
  gint        x, y;

  gegl_buffer_copy (from, NULL, GEGL_ABYSS_NONE, to, NULL);
  gegl_buffer_flush (to);
  g_object_unref (to);
  g_object_unref (from);

  gimp_drawable_get_offsets (drawable, &x, &y);
  gimp_layer_set_offsets (copy, x, y);
  gimp_image_insert_layer (image, copy,
                           GIMP_LAYER (gimp_item_get_parent (GIMP_ITEM (drawable))),
                           gimp_image_get_item_position (image,
                                                         GIMP_ITEM (drawable)));
  g_free (title);
  g_free (name);
  return copy;
}

/* The removed part is the operation's input − result + ½ in the values it
 * filters: linear light with `linear`, else the stored transfer curve.
 * Grain merge blends and composites there, over the result, clipped to
 * it, so that the composite is the input. */
static void
set_removed_part_mode (GimpLayer    *removed,
                       GimpDrawable *drawable,
                       gboolean      linear)
{
  const Babl          *stored = gimp_drawable_get_format (drawable);
  BablModelFlag        flags  = babl_get_model_flags (babl_format_get_model (stored));
  GimpLayerColorSpace  space  = GIMP_LAYER_COLOR_SPACE_RGB_NON_LINEAR;

  if (linear || (flags & BABL_MODEL_FLAG_LINEAR))
    space = GIMP_LAYER_COLOR_SPACE_RGB_LINEAR;
  else if (flags & BABL_MODEL_FLAG_PERCEPTUAL)
    space = GIMP_LAYER_COLOR_SPACE_RGB_PERCEPTUAL;

  gimp_layer_set_mode (removed, GIMP_LAYER_MODE_GRAIN_MERGE);
  gimp_layer_set_blend_space (removed, space);
  gimp_layer_set_composite_space (removed, space);
  gimp_layer_set_composite_mode (removed,
                                 GIMP_LAYER_COMPOSITE_CLIP_TO_BACKDROP);
}

static gboolean
append_one (GimpImage              *image,
            GimpDrawable           *drawable,
            GimpProcedureConfig    *config,
            const BandpassSettings *settings,
            const gchar            *notches,
            GError                **error)
{
  GimpLayer *copy;

  switch (settings->output)
    {
    case BANDPASS_OUTPUT_NEW_LAYER:
      copy = copy_above (image, drawable, _("%s (band-pass)"));
      return append (GIMP_DRAWABLE (copy), config, notches, "result", error);

    case BANDPASS_OUTPUT_REMOVED_PART:
      copy = copy_above (image, drawable, _("%s (removed part)"));
      set_removed_part_mode (copy, drawable, settings->linear);
      return append (drawable, config, notches, "result", error) &&
             append (GIMP_DRAWABLE (copy), config, notches, "removed-part",
                     error);

    case BANDPASS_OUTPUT_REPLACE:
    default:
      return append (drawable, config, notches, "result", error);
    }
}

/* A first filter, made and dropped, tells whether GIMP has the operation
 * before anything changes. */
gboolean
drawable_filter_append_all (GimpImage               *image,
                            GimpDrawable           **drawables,
                            GimpProcedureConfig     *config,
                            const BandpassSettings  *settings,
                            GError                 **error)
{
  GimpDrawableFilter *probe = new_filter (drawables[0], error);
  char               *notches;
  gboolean            appended = TRUE;

  if (probe == NULL)
    return FALSE;
  gimp_drawable_filter_delete (probe);

  notches = notches_text_write (settings->notches, settings->notch_values,
                                NOTCH_DIGITS);
  if (notches == NULL)
    {
      g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                   _("There is not enough memory to filter this drawable."));
      return FALSE;
    }
  gimp_image_undo_group_start (image);
  for (gsize i = 0; appended && drawables[i] != NULL; i++)
    appended = append_one (image, drawables[i], config, settings, notches,
                           error);
  gimp_image_undo_group_end (image);

  free (notches);
  return appended;
}
