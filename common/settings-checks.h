/* SPDX-License-Identifier: GPL-3.0-or-later */
/* settings-checks — the checks of docs/contract.md §2 on the band and the
 * notches, with their messages for the user: one set for the plug-in and
 * the GEGL operation (GLib only; no call into libgimp). */
#ifndef SETTINGS_CHECKS_H
#define SETTINGS_CHECKS_H

#include <glib.h>

#include "fftcl-filter.h"

#define SETTINGS_CHECKS_ERROR settings_checks_error_quark ()

/* The side of GIMP's largest image (GIMP_MAX_IMAGE_SIZE, which the
 * plug-in checks it against at build time): the finest grid a notch must
 * be resolved on is twice that, with a margin as wide. */
#define SETTINGS_CHECKS_MAX_IMAGE_SIZE 524288

GQuark   settings_checks_error_quark (void);

/* FALSE, with a message, when both periods are set and the band between
 * them is empty. */
gboolean settings_checks_band        (const fftcl_gain  *gain,
                                      GError           **error);

/* FALSE, with a message, unless `values` numbers make whole notches
 * (fx, fy, radius), each inside the frequency square, with a radius of 0
 * (a wave, off the centre) or a finite one of at least half a bin of the
 * finest grid the filter pads to. */
gboolean settings_checks_notches     (const gdouble     *notches,
                                      gsize              values,
                                      GError           **error);

/* FALSE, with a message naming `name`, when one of the discs among
 * `values` numbers of `notches` is narrower than half a bin of the grid
 * a width × height drawable called `name` is padded to with `gain`
 * (filtered_image_geometry). */
gboolean settings_checks_grid        (const fftcl_gain  *gain,
                                      const gdouble     *notches,
                                      gsize              values,
                                      gsize              width,
                                      gsize              height,
                                      const gchar       *name,
                                      GError           **error);

/* FALSE, with a message, when the notches of a width × height drawable
 * would touch more than `most` values of the spectrum, summed over them
 * (each disc the square its reach spans on the padded grid, each of
 * `wave_count` waves the whole image). Only the GEGL operation sets a
 * limit: it runs in GIMP's process, where nothing can cancel it. */
gboolean settings_checks_work        (const fftcl_gain  *gain,
                                      gsize              wave_count,
                                      gsize              width,
                                      gsize              height,
                                      gdouble            most,
                                      GError           **error);

#endif
