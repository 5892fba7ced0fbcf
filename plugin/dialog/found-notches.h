/* SPDX-License-Identifier: GPL-3.0-or-later */
/* found-notches — the notches a search for patterns found, among the
 * user's: each is added where no notch covers it yet, and a new search
 * replaces those the last one added that are still there as they were.
 * Notches are triples fx, fy, radius in cycles per pixel, as the
 * "notches" argument holds them; each stands for its mirror too. */
#ifndef FOUND_NOTCHES_H
#define FOUND_NOTCHES_H

#include <glib.h>

/* Which triple of the `count` numbers of `notches` is `notch`, as the
 * notches field writes numbers (six digits), counting from 0; −1 where
 * none is. */
gssize    found_notches_index (const gdouble *notches,
                               gsize          count,
                               const gdouble *notch);

/* Whether the triple `notch` is among the `count` numbers of `notches`,
 * as the notches field writes numbers (six digits). */
gboolean  found_notches_holds (const gdouble *notches,
                               gsize          count,
                               const gdouble *notch);

/* The user's `notches` (count numbers) less those of `previous` (the last
 * search's additions) still among them, then each of `found` whose disc
 * holds no remaining notch's centre (or its mirror's), nor theirs its
 * own. Returns the merged list (*merged_count numbers) and, in *added
 * (*added_count numbers), the notches of `found` it took. Free both
 * with g_free. */
gdouble  *found_notches_merge (const gdouble *notches,
                               gsize          count,
                               const gdouble *previous,
                               gsize          previous_count,
                               const gdouble *found,
                               gsize          found_count,
                               gsize         *merged_count,
                               gdouble      **added,
                               gsize         *added_count);

#endif
