/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-view — the dialog's spectrum: the image's centred
 * log-magnitude spectrum with the band-pass mask drawn over it, bound to
 * the procedure's config. Dragging a ring sets large-structures or
 * small-structures; clicking a bright peak adds a notch there (its mirror
 * is drawn too), clicking a notch removes it; the line below tells the
 * period in pixels and the angle under the pointer. Notches that a search
 * for patterns found are drawn in a colour of their own. */
#ifndef SPECTRUM_VIEW_H
#define SPECTRUM_VIEW_H

#include <libgimp/gimpui.h>

#define SPECTRUM_TYPE_VIEW (spectrum_view_get_type ())
G_DECLARE_FINAL_TYPE (SpectrumView, spectrum_view, SPECTRUM, VIEW, GtkBox)

/* A view that reads and writes `config`'s band-pass arguments. It shows
 * "computing…" until it is given a spectrum. */
GtkWidget *spectrum_view_new          (GimpProcedureConfig *config);

/* Shows `amplitude`, width × height floats as fftcl_filter_spectrum
 * gives them (centred; cell (u, v) holds the frequencies around
 * fx = (u − width/2) / width, fy = (v − height/2) / height cycles per
 * pixel). The view keeps its own copy. */
void       spectrum_view_set_spectrum (SpectrumView        *view,
                                       const gfloat        *amplitude,
                                       gint                 width,
                                       gint                 height);

/* The notches a search found (`count` numbers, triples as the config's
 * "notches" holds them; the view keeps a copy): those of them that the
 * config holds are drawn in the found colour. */
void       spectrum_view_set_found    (SpectrumView        *view,
                                       const gdouble       *found,
                                       gsize                count);

#endif
