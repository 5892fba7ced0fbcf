/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-view-state — what a spectrum view (spectrum-view.h) holds, and
 * the steps its widget (spectrum-view.c), its drawing
 * (spectrum-view-draw.c) and its line of text (spectrum-view-text.c)
 * share: private to the view. */
#ifndef SPECTRUM_VIEW_STATE_H
#define SPECTRUM_VIEW_STATE_H

#include "spectrum-geometry.h"
#include "spectrum-view.h"

#define VIEW_SIZE        320   /* px, the drawing's side */
#define RING_TOLERANCE   6.0   /* px from a ring that grabs it */
#define NOTCH_TOLERANCE  4.0   /* px: smaller notches are hit as this wide */
#define CLICK_SLOP       4.0   /* px a click may move and stay a click */
#define PEAK_REACH       3     /* data cells a click snaps across */
#define NOTCH_CELLS      1.5   /* a new notch's radius, in data cells */
#define NOTCH_MIN_RADIUS 0.002 /* cycles per pixel */
#define CUTOFF_GAP       1.01  /* how much larger large-structures stays */

/* About the drawing's width in characters: two lines of them hold every
 * message, and the label never asks for more room than that. */
#define LABEL_CHARS 42

struct _SpectrumView
{
  GtkBox               parent_instance;
  GimpProcedureConfig *config;
  GtkWidget           *area;
  GtkWidget           *label;
  gfloat              *amplitude;     /* NULL until a spectrum arrives */
  gint                 width, height;
  cairo_surface_t     *spectrum;      /* the grey picture, a pixel a cell */
  cairo_surface_t     *tint;          /* the gain over the drawn square */
  SpectrumMap          map;
  SpectrumRing         hovered_ring;
  SpectrumRing         dragged_ring;
  gboolean             clicking;      /* pressed, not yet moved away */
  gdouble              press_x, press_y;
  gdouble             *found;         /* spectrum_view_set_found's */
  gsize                found_count;
};

/* The config's large-structures or small-structures. */
gdouble   spectrum_view_period         (SpectrumView *view,
                                        SpectrumRing  ring);

/* The config's whole notch triples (*count numbers), with room for one
 * more. Free with g_free. */
gdouble  *spectrum_view_notches        (SpectrumView *view,
                                        gsize        *count);

/* The index of the notch under (x, y), or −1. */
gint      spectrum_view_notch_under    (SpectrumView *view,
                                        gdouble       x,
                                        gdouble       y);

/* The data cell under (x, y); FALSE when that is the mean's cell. */
gboolean  spectrum_view_cell_under     (SpectrumView *view,
                                        gdouble       x,
                                        gdouble       y,
                                        gint         *u,
                                        gint         *v);

/* Fits the spectrum's square into the drawing area. */
void      spectrum_view_fit_map        (SpectrumView *view);

/* Whether `notch` is one a search found. */
gboolean  spectrum_view_is_found       (SpectrumView *view,
                                        const gdouble *notch);

/* The drawing area's "draw": the spectrum, the gain's tint, the rings
 * and the notches. */
gboolean  spectrum_view_draw           (GtkWidget    *area,
                                        cairo_t      *cr,
                                        SpectrumView *view);

/* The line below the drawing: what to do, with the pointer outside; */
gchar    *spectrum_view_hint_text      (SpectrumView *view);

/* on a ring; */
gchar    *spectrum_view_ring_text      (SpectrumView *view,
                                        SpectrumRing  ring);

/* elsewhere on the spectrum. Free each with g_free. */
gchar    *spectrum_view_frequency_text (SpectrumView *view,
                                        gdouble       x,
                                        gdouble       y);

#endif
