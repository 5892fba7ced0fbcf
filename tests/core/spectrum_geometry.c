/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The spectrum view's geometry against values worked out by hand. */
#include "check.h"
#include "spectrum-geometry.h"

#include <math.h>

static int near (double got, double want)
{
  return fabs (got - want) < 1e-9;
}

/* 400 × 320 px holding 64 × 32 cells: the data fills the square
 * x ∈ [40, 360), y ∈ [0, 320); a cell is 5 × 10 px; fx = 0 is the centre
 * of column 32 (x = 40 + 32.5 · 5), fy = 0 the centre of row 16. */
static void check_map (const SpectrumMap *map)
{
  double fx, fy, x, y;
  int u, v;

  check (near (map->left, 40) && near (map->top, 0) &&
         near (map->size, 320) && near (map->scale, 320),
         "fit: square at (%g, %g), side %g, %g px per cycle/px",
         map->left, map->top, map->size, map->scale);
  check (near (map->origin_x, 202.5) && near (map->origin_y, 165),
         "fit: origin at (%g, %g), want (202.5, 165)",
         map->origin_x, map->origin_y);

  spectrum_map_to_frequency (map, 282.5, 133, &fx, &fy);
  check (near (fx, 0.25) && near (fy, -0.1),
         "to frequency: (%g, %g), want (0.25, -0.1)", fx, fy);
  spectrum_map_to_screen (map, -0.5, -0.5, &x, &y);
  check (near (x, 42.5) && near (y, 5),
         "to screen: (-0.5, -0.5) at (%g, %g), cell (0, 0)'s centre", x, y);

  check (spectrum_map_contains (map, 40, 0) &&
         ! spectrum_map_contains (map, 360, 0) &&
         ! spectrum_map_contains (map, 39.9, 10) &&
         ! spectrum_map_contains (map, 100, 320),
         "contains: the square's edges");

  spectrum_map_cell (map, 0.25, -0.1, &u, &v);
  check (u == 48 && v == 13, "cell of (0.25, -0.1): (%d, %d), want (48, 13)",
         u, v);
  spectrum_map_cell (map, 0.6, -0.6, &u, &v);
  check (u == 63 && v == 0, "cell clamps to the data: (%d, %d)", u, v);
  spectrum_map_cell_frequency (map, 48, 13, &fx, &fy);
  check (near (fx, 0.25) && near (fy, -0.09375),
         "cell (48, 13) at (%g, %g), want (0.25, -0.09375)", fx, fy);
}

static void check_period_and_angle (void)
{
  check (near (spectrum_period (0.3, 0.4), 2), "period of f = 0.5 is 2 px");
  check (spectrum_period (0, 0) == 0, "the mean has no period");

  check (near (spectrum_stripe_angle (0, 0.1), 0),
         "fx = 0 draws horizontal stripes: %g°",
         spectrum_stripe_angle (0, 0.1));
  check (near (spectrum_stripe_angle (0, -0.1), 0),
         "its mirror too: %g°", spectrum_stripe_angle (0, -0.1));
  check (near (spectrum_stripe_angle (0.1, 0), 90),
         "fy = 0 draws vertical stripes: %g°",
         spectrum_stripe_angle (0.1, 0));
  /* A wave down and to the right has crests from lower left to upper
   * right: '/', 45° counter-clockwise on screen. */
  check (near (spectrum_stripe_angle (0.1, 0.1), 45) &&
         near (spectrum_stripe_angle (-0.1, -0.1), 45),
         "(0.1, 0.1) and its mirror: stripes at %g°",
         spectrum_stripe_angle (0.1, 0.1));
  check (near (spectrum_stripe_angle (0.1, -0.1), 135),
         "(0.1, -0.1): stripes at %g°, want 135",
         spectrum_stripe_angle (0.1, -0.1));
}

/* Rings: large 40 px at 320 / 40 = 8 px, small 4 px at 80 px. */
static void check_rings (const SpectrumMap *map)
{
  double ox = map->origin_x, oy = map->origin_y;

  check (spectrum_ring_at (map, ox, oy + 83, 40, 4, 6) == SPECTRUM_RING_SMALL,
         "3 px outside the small ring grabs it");
  check (spectrum_ring_at (map, ox + 10, oy, 40, 4, 6) == SPECTRUM_RING_LARGE,
         "2 px outside the large ring grabs it");
  check (spectrum_ring_at (map, ox, oy + 40, 40, 4, 6) == SPECTRUM_RING_NONE,
         "between the rings grabs neither");
  check (spectrum_ring_at (map, ox, oy, 0, 4, 6) == SPECTRUM_RING_NONE,
         "a period of 0 has no ring at the centre");
  check (spectrum_ring_at (map, ox + 87, oy, 40, 0, 6) == SPECTRUM_RING_NONE,
         "nor at the other ring's place");
  /* Large 40 px at 8 px, small 32 px at 10 px: 9.5 px is nearer small. */
  check (spectrum_ring_at (map, ox, oy - 9.5, 40, 32, 6) ==
           SPECTRUM_RING_SMALL,
         "the nearer of two rings wins");
}

static void check_notch_hits (const SpectrumMap *map)
{
  /* Radii 0.01 (3.2 px, under the 4 px tolerance) and 0.05 (16 px). */
  const double notches[] = { 0.25, 0, 0.01,   0.1, 0.1, 0.05 };
  const double close[]   = { 0.1, 0, 0.05,    0.12, 0, 0.05 };
  double x, y;

  spectrum_map_to_screen (map, -0.25, 0, &x, &y);
  check (spectrum_notch_at (map, notches, 2, x + 2, y, 4) == 0,
         "2 px from notch 0's mirror hits it (tolerance 4 px)");
  spectrum_map_to_screen (map, 0.25, 0, &x, &y);
  check (spectrum_notch_at (map, notches, 2, x + 5, y, 4) == -1,
         "5 px from a small notch misses it");
  spectrum_map_to_screen (map, 0.1, 0.1, &x, &y);
  check (spectrum_notch_at (map, notches, 2, x + 10, y + 10, 4) == 1,
         "14 px from notch 1's centre is inside its 16 px radius");
  check (spectrum_notch_at (map, notches, 2, x + 12, y + 12, 4) == -1,
         "17 px from it is outside");
  spectrum_map_to_screen (map, 0.115, 0, &x, &y);
  check (spectrum_notch_at (map, close, 2, x, y, 4) == 1,
         "of two overlapping notches the nearer centre wins");
  check (spectrum_notch_at (map, notches, 0, x, y, 4) == -1,
         "no notches, no hit");
}

static void check_snapping (void)
{
  /* 8 × 8 cells, the mean at (4, 4). */
  float amplitude[64] = { 0 };
  double u = -1, v = -1;
  int found;

  amplitude[4 * 8 + 4] = 100;
  amplitude[4 * 8 + 5] = 1;
  amplitude[4 * 8 + 6] = 5;
  amplitude[4 * 8 + 7] = 1;
  found = spectrum_snap_to_peak (amplitude, 8, 8, 5, 5, 1, &u, &v);
  check (found && near (u, 6) && near (v, 4),
         "snaps past the mean to the peak (6, 4): (%g, %g)", u, v);

  amplitude[4 * 8 + 7] = 3;
  /* Parabola through 1, 5, 3: vertex at 0.5 · (1 − 3) / (1 − 10 + 3). */
  found = spectrum_snap_to_peak (amplitude, 8, 8, 6, 5, 2, &u, &v);
  check (found && near (u, 6 + 1.0 / 6) && near (v, 4),
         "refines toward the brighter side: (%g, %g), want (6.1667, 4)",
         u, v);

  found = spectrum_snap_to_peak (amplitude, 8, 8, 4, 4, 0, &u, &v);
  check (! found, "the mean alone is no peak");

  /* Through the mean's 2, 5 and 1 a parabola would peak at 5 − 1/14. */
  amplitude[4 * 8 + 4] = 2;
  amplitude[4 * 8 + 5] = 5;
  amplitude[4 * 8 + 6] = 1;
  amplitude[4 * 8 + 7] = 0;
  found = spectrum_snap_to_peak (amplitude, 8, 8, 5, 4, 1, &u, &v);
  check (found && near (u, 5) && near (v, 4),
         "a peak beside the mean is not pulled toward it: (%g, %g)", u, v);

  amplitude[2 * 8 + 0] = 50;
  amplitude[2 * 8 + 1] = 10;
  found = spectrum_snap_to_peak (amplitude, 8, 8, 1, 2, 1, &u, &v);
  check (found && near (u, 0) && near (v, 2),
         "a peak on the edge stays on its cell: (%g, %g)", u, v);
}

static void check_notch_edits (void)
{
  double notches[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
  size_t count;

  count = spectrum_notches_remove (notches, 9, 1);
  check (count == 6 && notches[0] == 1 && notches[2] == 3 &&
         notches[3] == 7 && notches[5] == 9,
         "removing notch 1 of 3 leaves 1 2 3 7 8 9");
  check (spectrum_notches_remove (notches, 6, 2) == 6,
         "removing a notch past the end changes nothing");
  count = spectrum_notches_append (notches, count, 0.1, -0.2, 0.01);
  check (count == 9 && notches[6] == 0.1 && notches[7] == -0.2 &&
         notches[8] == 0.01, "appending writes the triple at the end");
  check (spectrum_notches_remove (notches, 3, 0) == 0,
         "removing the only notch leaves none");
}

int main (void)
{
  SpectrumMap map;

  spectrum_map_fit (&map, 400, 320, 64, 32);
  check_map (&map);
  check_period_and_angle ();
  check_rings (&map);
  check_notch_hits (&map);
  check_snapping ();
  check_notch_edits ();
  return check_finish ();
}
