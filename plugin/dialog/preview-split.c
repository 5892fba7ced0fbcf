/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "preview-split.h"

#include <glib/gi18n-lib.h>
#include <math.h>

/* A press this close to the divider (screen px) grabs it. */
#define GRAB_REACH 8.0
/* The key that swaps the sides, as the swap button's tooltip names it. */
#define SWAP_KEY       GDK_KEY_b
#define SWAP_MODIFIERS GDK_CONTROL_MASK

PreviewSplit
preview_split_read (GimpProcedureConfig *config)
{
  PreviewSplit split = { 0 };

  g_object_get (config, "split-view", &split.on,
                "split-position", &split.position,
                "split-swapped", &split.swapped, NULL);
  return split;
}

gboolean
preview_split_property (const gchar *property)
{
  return g_str_has_prefix (property, "split-");
}

/* The check button names the sides in the order the view shows them. */
static void
name_sides (GimpProcedureConfig *config,
            GParamSpec          *pspec G_GNUC_UNUSED,
            GtkWidget           *check)
{
  PreviewSplit split = preview_split_read (config);

  gtk_button_set_label (GTK_BUTTON (check),
                        split.swapped ? _("Split: after | before")
                                      : _("Split: before | after"));
}

static void
swap (GtkButton           *button G_GNUC_UNUSED,
      GimpProcedureConfig *config)
{
  PreviewSplit split = preview_split_read (config);

  g_object_set (config, "split-swapped", ! split.swapped, NULL);
}

/* The swap key works in the window the button is in: its accelerators
 * follow the button from window to window. */
static void
follow_window (GtkWidget *button,
               GtkWidget *previous,
               gpointer   accel_group)
{
  GtkWidget *toplevel = gtk_widget_get_toplevel (button);

  if (GTK_IS_WINDOW (previous))
    gtk_window_remove_accel_group (GTK_WINDOW (previous), accel_group);
  if (gtk_widget_is_toplevel (toplevel) && GTK_IS_WINDOW (toplevel))
    gtk_window_add_accel_group (GTK_WINDOW (toplevel), accel_group);
}

/* The swap key clicks the swap button, so that it does what the button
 * does, and nothing while the button is insensitive. */
static void
add_swap_key (GtkWidget *button)
{
  GtkAccelGroup *accel_group = gtk_accel_group_new ();

  gtk_widget_add_accelerator (button, "clicked", accel_group, SWAP_KEY,
                              SWAP_MODIFIERS, GTK_ACCEL_VISIBLE);
  g_object_set_data_full (G_OBJECT (button), "swap-key", accel_group,
                          g_object_unref);
  g_signal_connect (button, "hierarchy-changed", G_CALLBACK (follow_window),
                    accel_group);
  gimp_help_set_help_data (button,
                           _("Show the sides of the divider the other way "
                             "round (Ctrl+B)"), NULL);
}

GtkWidget *
preview_split_controls (GimpProcedureConfig *config)
{
  GtkWidget *row    = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *check  = gtk_check_button_new ();
  GtkWidget *button = gtk_button_new_with_label (_("Swap sides"));

  g_object_bind_property (config, "split-view", check, "active",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);
  g_object_bind_property (config, "split-view", button, "sensitive",
                          G_BINDING_SYNC_CREATE);
  name_sides (config, NULL, check);
  g_signal_connect_object (config, "notify::split-swapped",
                           G_CALLBACK (name_sides), check, 0);
  g_signal_connect_object (button, "clicked", G_CALLBACK (swap), config, 0);
  add_swap_key (button);
  gimp_help_set_help_data (check,
                           _("Show the image before filtering on one side "
                             "of a divider and after on the other; drag "
                             "the divider in the preview"), NULL);

  gtk_box_pack_start (GTK_BOX (row), check, FALSE, FALSE, 0);
  gtk_box_pack_start (GTK_BOX (row), button, FALSE, FALSE, 0);
  gtk_widget_show_all (row);
  return row;
}

/* What a drag on the view moves. */
typedef struct
{
  GimpPreview         *view;   /* owns the gesture's widget */
  GimpProcedureConfig *config;
} SplitDrag;

static void
split_drag_free (gpointer drag_pointer)
{
  SplitDrag *drag = drag_pointer;

  g_object_unref (drag->config);
  g_free (drag);
}

/* The width the view draws, which the divider divides. */
static gint
view_width (const SplitDrag *drag)
{
  gint width;

  gimp_preview_get_size (drag->view, &width, NULL);
  return MAX (width, 1);
}

/* The press takes the divider where it is near it; elsewhere the view's
 * own drag pans it. */
static void
drag_begin (GtkGestureDrag *gesture,
            gdouble         start_x,
            gdouble         start_y G_GNUC_UNUSED,
            SplitDrag      *drag)
{
  PreviewSplit split = preview_split_read (drag->config);
  gboolean     near  = split.on &&
                       fabs (start_x - split.position * view_width (drag)) <=
                       GRAB_REACH;

  gtk_gesture_set_state (GTK_GESTURE (gesture),
                         near ? GTK_EVENT_SEQUENCE_CLAIMED
                              : GTK_EVENT_SEQUENCE_DENIED);
}

static void
drag_update (GtkGestureDrag *gesture,
             gdouble         offset_x,
             gdouble         offset_y G_GNUC_UNUSED,
             SplitDrag      *drag)
{
  gdouble start_x;

  gtk_gesture_drag_get_start_point (gesture, &start_x, NULL);
  g_object_set (drag->config, "split-position",
                CLAMP ((start_x + offset_x) / view_width (drag), 0.0, 1.0),
                NULL);
}

GtkGesture *
preview_split_drag_new (GimpPreview         *view,
                        GimpProcedureConfig *config)
{
  GtkGesture *gesture = gtk_gesture_drag_new (gimp_preview_get_area (view));
  SplitDrag  *drag    = g_new (SplitDrag, 1);

  drag->view   = view;
  drag->config = g_object_ref (config);
  g_object_set_data_full (G_OBJECT (gesture), "split-drag", drag,
                          split_drag_free);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (gesture),
                                              GTK_PHASE_CAPTURE);
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (drag_begin), drag);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (drag_update), drag);
  return gesture;
}
