/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "result-layers.h"

#include <glib/gi18n-lib.h>

#include "render-format.h"

struct _ResultLayers
{
  GimpDrawable  **drawables;
  gsize           count;
  BandpassOutput  output;
  GimpLayer     **layers;  /* one per drawable; NULL with replace */
  gboolean        applied;
};

gboolean
result_layers_check (GimpDrawable   **drawables,
                     BandpassOutput   output,
                     GError         **error)
{
  if (output == BANDPASS_OUTPUT_REPLACE)
    return TRUE;

  for (gsize i = 0; drawables[i] != NULL; i++)
    if (! GIMP_IS_LAYER (drawables[i]))
      {
        gchar *name = gimp_item_get_name (GIMP_ITEM (drawables[i]));

        g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                     _("\"%s\" is a channel or a layer mask: the outputs "
                       "\"New layer\" and \"Removed part as a layer\" add "
                       "a layer above a layer; use \"Replace the "
                       "drawable\" for it"), name);
        g_free (name);
        return FALSE;
      }

  return TRUE;
}

/* The removed part is opaque: it changes the colour under it, never its
 * alpha. */
static GimpLayer *
new_layer (GimpDrawable   *drawable,
           BandpassOutput  output)
{
  GimpImage    *image   = gimp_item_get_image (GIMP_ITEM (drawable));
  gchar        *name    = gimp_item_get_name (GIMP_ITEM (drawable));
  gboolean      removed = output == BANDPASS_OUTPUT_REMOVED_PART;
  gboolean      gray    = gimp_drawable_is_gray (drawable);
  GimpImageType type    = removed ? (gray ? GIMP_GRAY_IMAGE : GIMP_RGB_IMAGE)
                                  : gimp_drawable_type (drawable);
  gchar        *title   = removed ? g_strdup_printf (_("%s (removed part)"),
                                                     name)
                                  : g_strdup_printf (_("%s (band-pass)"),
                                                     name);
  GimpLayer    *layer   = gimp_layer_new (image, title,
                                          gimp_drawable_get_width (drawable),
                                          gimp_drawable_get_height (drawable),
                                          type, 100.0,
                                          GIMP_LAYER_MODE_NORMAL);
  gint          x, y;

  gimp_drawable_get_offsets (drawable, &x, &y);
  gimp_layer_set_offsets (layer, x, y);
  g_free (title);
  g_free (name);
  return layer;
}

ResultLayers *
result_layers_new (GimpDrawable   **drawables,
                   BandpassOutput   output)
{
  ResultLayers *results = g_new0 (ResultLayers, 1);

  results->drawables = drawables;
  results->count     = gimp_core_object_array_get_length ((GObject **) drawables);
  results->output    = output;
  results->layers    = g_new0 (GimpLayer *, results->count);

  if (output != BANDPASS_OUTPUT_REPLACE)
    for (gsize i = 0; i < results->count; i++)
      results->layers[i] = new_layer (drawables[i], output);

  return results;
}

GeglBuffer *
result_layers_target (ResultLayers *results,
                      gsize         index)
{
  return results->output == BANDPASS_OUTPUT_NEW_LAYER
         ? gimp_drawable_get_buffer (GIMP_DRAWABLE (results->layers[index]))
         : gimp_drawable_get_shadow_buffer (results->drawables[index]);
}

/* The drawable's colours as stored, in float, [with its alpha]: without,
 * the values Grain merge adds in the blend space result_layers_apply
 * gives the layer (its alpha is not the removed part's: that layer is
 * opaque). */
static const Babl *
stored_float_format (GimpDrawable *drawable,
                     gboolean      alpha)
{
  return render_format_as_stored (gimp_drawable_get_format (drawable),
                                  gimp_drawable_is_gray (drawable),
                                  alpha && gimp_drawable_has_alpha (drawable));
}

RemovedPart
result_layers_removed (ResultLayers *results,
                       gsize         index)
{
  GimpDrawable *drawable = results->drawables[index];
  const Babl   *format;

  if (results->output != BANDPASS_OUTPUT_REMOVED_PART)
    return (RemovedPart) { NULL };

  format = stored_float_format (drawable, FALSE);
  return (RemovedPart) {
           gimp_drawable_get_buffer (GIMP_DRAWABLE (results->layers[index])),
           format, babl_format_get_n_components (format),
           removed_part_offset (format, gimp_drawable_get_format (drawable)),
           stored_float_format (drawable, TRUE) };
}

/* Grain merge blends in the space the removed part was computed in, and
 * composites there too, so that no conversion comes between. */
static void
set_grain_merge (GimpLayer    *layer,
                 GimpDrawable *drawable)
{
  const Babl        *stored = gimp_drawable_get_format (drawable);
  BablModelFlag      flags  = babl_get_model_flags (babl_format_get_model (stored));
  GimpLayerColorSpace space =
    (flags & BABL_MODEL_FLAG_LINEAR)     ? GIMP_LAYER_COLOR_SPACE_RGB_LINEAR :
    (flags & BABL_MODEL_FLAG_PERCEPTUAL) ? GIMP_LAYER_COLOR_SPACE_RGB_PERCEPTUAL
                                         : GIMP_LAYER_COLOR_SPACE_RGB_NON_LINEAR;

  gimp_layer_set_mode (layer, GIMP_LAYER_MODE_GRAIN_MERGE);
  gimp_layer_set_blend_space (layer, space);
  gimp_layer_set_composite_space (layer, space);
  gimp_layer_set_composite_mode (layer, GIMP_LAYER_COMPOSITE_CLIP_TO_BACKDROP);
}

static void
insert_above (GimpImage    *image,
              GimpLayer    *layer,
              GimpDrawable *drawable)
{
  GimpItem *parent = gimp_item_get_parent (GIMP_ITEM (drawable));

  gimp_image_insert_layer (image, layer, GIMP_LAYER (parent),
                           gimp_image_get_item_position (image,
                                                         GIMP_ITEM (drawable)));
}

void
result_layers_apply (ResultLayers *results,
                     GimpImage    *image)
{
  gimp_image_undo_group_start (image);

  for (gsize i = 0; i < results->count; i++)
    {
      GimpDrawable *drawable = results->drawables[i];
      GimpLayer    *layer    = results->layers[i];

      if (results->output != BANDPASS_OUTPUT_NEW_LAYER)
        {
          gimp_drawable_merge_shadow (drawable, TRUE);
          gimp_drawable_update (drawable, 0, 0,
                                gimp_drawable_get_width (drawable),
                                gimp_drawable_get_height (drawable));
        }
      if (results->output == BANDPASS_OUTPUT_REMOVED_PART)
        set_grain_merge (layer, drawable);
      if (layer != NULL)
        insert_above (image, layer, drawable);
    }

  gimp_image_undo_group_end (image);
  results->applied = TRUE;
}

void
result_layers_free (ResultLayers *results)
{
  for (gsize i = 0; i < results->count; i++)
    {
      if (! results->applied)
        {
          if (results->output != BANDPASS_OUTPUT_NEW_LAYER)
            gimp_drawable_free_shadow (results->drawables[i]);
          if (results->layers[i] != NULL)
            gimp_item_delete (GIMP_ITEM (results->layers[i]));
        }
    }

  g_free (results->layers);
  g_free (results);
}
