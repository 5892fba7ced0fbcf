/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "target-checks.h"

#include <glib/gi18n-lib.h>

static gboolean
refuse_drawable (GError       **error,
                 GimpDrawable  *drawable,
                 const gchar   *format)
{
  gchar *name = gimp_item_get_name (GIMP_ITEM (drawable));

  g_set_error (error, GIMP_PLUG_IN_ERROR, 0, format, name);
  g_free (name);
  return FALSE;
}

/* Whether `items` (NULL-terminated, freed here) holds `item`: libgimp
 * keeps one proxy per item, so pointers compare. */
static gboolean
holds (GimpItem **items,
       GimpItem  *item)
{
  gboolean found = FALSE;

  for (gsize i = 0; items != NULL && items[i] != NULL && ! found; i++)
    found = items[i] == item;

  g_free (items);
  return found;
}

/* Whether `item` is part of `image`'s tree: a layer or channel among its
 * parent's children (the image's own at the top), each parent in turn
 * too; a layer mask through its layer; the selection always. A layer
 * made for the image but never inserted, or removed from it, has an
 * image and no place in it. */
static gboolean
is_attached (GimpImage *image,
             GimpItem  *item)
{
  GimpItem *parent;

  if (gimp_item_is_selection (item))
    return TRUE;

  if (gimp_item_is_layer_mask (item))
    {
      GimpLayer *layer = gimp_layer_from_mask (GIMP_LAYER_MASK (item));

      return layer != NULL && is_attached (image, GIMP_ITEM (layer));
    }

  parent = gimp_item_get_parent (item);
  if (parent != NULL)
    return holds (gimp_item_get_children (parent), item) &&
           is_attached (image, parent);

  if (gimp_item_is_channel (item))
    return holds ((GimpItem **) gimp_image_get_channels (image), item);

  return holds ((GimpItem **) gimp_image_get_layers (image), item);
}

static gboolean
is_same_image (GimpImage *image,
               GimpItem  *item)
{
  GimpImage *own = gimp_item_get_image (item);

  return own != NULL && gimp_image_get_id (own) == gimp_image_get_id (image);
}

static gboolean
appears_before (GimpDrawable **drawables,
                gsize          index)
{
  for (gsize i = 0; i < index; i++)
    if (drawables[i] == drawables[index])
      return TRUE;

  return FALSE;
}

/* Drawable `index` (counting from 0) can be filtered as part of
 * `image`. */
static gboolean
check_drawable (GimpImage     *image,
                GimpDrawable **drawables,
                gsize          index,
                GError       **error)
{
  GimpDrawable *drawable = drawables[index];
  GimpItem     *item     = GIMP_ITEM (drawable);

  if (! gimp_item_is_valid (item))
    {
      g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                   _("Drawable %lu of those passed no longer exists: it "
                     "was removed from its image, or its image was "
                     "closed."),
                   (gulong) index + 1);
      return FALSE;
    }

  if (! is_same_image (image, item))
    return refuse_drawable (error, drawable,
                            _("\"%s\" belongs to another image than the "
                              "one passed: pass each drawable with its own "
                              "image."));

  if (! is_attached (image, item))
    return refuse_drawable (error, drawable,
                            _("\"%s\" is not part of its image: it was "
                              "never inserted into it, or was removed from "
                              "it."));

  if (gimp_item_is_group (item))
    return refuse_drawable (error, drawable,
                            _("\"%s\" is a layer group: select the layers "
                              "inside it instead."));

  if (appears_before (drawables, index))
    return refuse_drawable (error, drawable,
                            _("\"%s\" is passed more than once: pass each "
                              "drawable once."));

  return TRUE;
}

gboolean
target_checks_pass (GimpImage     *image,
                    GimpDrawable **drawables,
                    const gchar   *title,
                    GError       **error)
{
  /* GIMP drops a drawable that no longer exists from the array, and
   * every one after it, before the plug-in sees the call. */
  if (drawables == NULL || drawables[0] == NULL)
    {
      g_set_error_literal (error, GIMP_PLUG_IN_ERROR, 0,
                           _("No drawable to filter: none is selected or "
                             "passed, or the first one passed no longer "
                             "exists (it was removed from its image, or "
                             "its image was closed)."));
      return FALSE;
    }

  if (image == NULL || ! gimp_image_is_valid (image))
    {
      g_set_error_literal (error, GIMP_PLUG_IN_ERROR, 0,
                           _("The image passed no longer exists."));
      return FALSE;
    }

  if (gimp_image_get_base_type (image) == GIMP_INDEXED)
    {
      /* TRANSLATORS: %s is the procedure's name, "Band-pass",
       * "Remove Periodic Pattern" or "FFT Forward". */
      g_set_error (error, GIMP_PLUG_IN_ERROR, 0,
                   _("%s does not work on indexed images: convert the image "
                     "to RGB or Grayscale first (Image > Mode)."), title);
      return FALSE;
    }

  for (gsize i = 0; drawables[i] != NULL; i++)
    if (! check_drawable (image, drawables, i, error))
      return FALSE;

  return TRUE;
}
