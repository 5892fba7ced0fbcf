/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "found-notches.h"

#include <math.h>

/* The notches field writes six significant digits. */
#define FIELD_PRECISION 1e-5

static gboolean
same_number (gdouble a,
             gdouble b)
{
  return fabs (a - b) <= FIELD_PRECISION * MAX (fabs (a), fabs (b));
}

gssize
found_notches_index (const gdouble *notches,
                     gsize          count,
                     const gdouble *notch)
{
  for (gsize i = 0; i + 3 <= count; i += 3)
    if (same_number (notches[i], notch[0]) &&
        same_number (notches[i + 1], notch[1]) &&
        same_number (notches[i + 2], notch[2]))
      return (gssize) (i / 3);
  return -1;
}

gboolean
found_notches_holds (const gdouble *notches,
                     gsize          count,
                     const gdouble *notch)
{
  return found_notches_index (notches, count, notch) >= 0;
}

/* Whether the disc of `notch` or of one of `notches` (or its mirror)
 * holds the other's centre. */
static gboolean
covered (const GArray  *notches,
         const gdouble *notch)
{
  const gdouble *kept = (const gdouble *) notches->data;

  for (guint i = 0; i + 3 <= notches->len; i += 3)
    for (gint side = -1; side <= 1; side += 2)
      if (hypot (side * kept[i] - notch[0], side * kept[i + 1] - notch[1]) <
          MAX (kept[i + 2], notch[2]))
        return TRUE;
  return FALSE;
}

gdouble *
found_notches_merge (const gdouble *notches,
                     gsize          count,
                     const gdouble *previous,
                     gsize          previous_count,
                     const gdouble *found,
                     gsize          found_count,
                     gsize         *merged_count,
                     gdouble      **added,
                     gsize         *added_count)
{
  GArray *merged = g_array_new (FALSE, FALSE, sizeof (gdouble));
  GArray *taken  = g_array_new (FALSE, FALSE, sizeof (gdouble));

  for (gsize i = 0; i + 3 <= count; i += 3)
    if (! found_notches_holds (previous, previous_count, notches + i))
      g_array_append_vals (merged, notches + i, 3);

  for (gsize i = 0; i + 3 <= found_count; i += 3)
    if (! covered (merged, found + i))
      {
        g_array_append_vals (merged, found + i, 3);
        g_array_append_vals (taken, found + i, 3);
      }

  *merged_count = merged->len;
  *added_count  = taken->len;
  *added        = (gdouble *) g_array_free (taken, FALSE);
  return (gdouble *) g_array_free (merged, FALSE);
}
