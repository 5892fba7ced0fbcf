/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-lattice.h"

#include <math.h>
#include <stdlib.h>

/* Bases are sought among this many strongest peaks. */
#define BASIS_PEAKS 12
/* At most this many screens (one per ink). */
#define MOST_SCREENS 4
/* Lattice points i · a + j · b with |i|, |j| up to this. */
#define HARMONICS 4
/* A lattice holds its basis and at least two more of the peaks. */
#define LEAST_POINTS 4
/* An AM screen's lattice is square: its reduced basis vectors differ in
 * length by at most this share and stand at right angles within this
 * cosine. Peaks of unrelated patterns seldom line up so. */
#define SQUARE_LENGTHS 0.1
#define SQUARE_COSINE  0.1
/* Its missing points count at this fraction of the threshold, but no
 * fewer noise scales than WEAKEST_SIGMAS: below them the spectrum's own
 * maxima would line up with any two peaks. */
#define WEAK_FRACTION  0.5
#define WEAKEST_SIGMAS 3.0
/* A screen's notches reach this far towards the next point of its
 * lattice (as a fraction of the spacing): together they remove the dots'
 * sidebands, the picture's spectrum repeated around every point, and
 * keep the picture's own around the centre. Tuned on the prints of
 * bench/pattern-quality's seeds 21–22 with bench/halftone_model.py
 * (docs/pattern-quality.md). */
#define NOTCH_REACH 0.25

typedef struct
{
  double ax, ay, bx, by;
} Lattice;

static double
wrap (double f)
{
  return f - floor (f + 0.5);
}

/* Lagrange's reduction: a the shortest vector, b the shortest beyond
 * it. */
static Lattice
reduced (Lattice l)
{
  for (int rounds = 0; rounds < 32; rounds++)
    {
      double aa = l.ax * l.ax + l.ay * l.ay;
      double bb = l.bx * l.bx + l.by * l.by;
      double m;

      if (bb < aa)
        {
          Lattice swapped = { l.bx, l.by, l.ax, l.ay };

          l  = swapped;
          continue;
        }
      if (aa == 0)
        break;
      m = round ((l.ax * l.bx + l.ay * l.by) / aa);
      if (m == 0)
        break;
      l.bx -= m * l.ax;
      l.by -= m * l.ay;
    }
  return l;
}

/* The lattice point (i, j), wrapped and in the half plane. */
static void
lattice_point (const Lattice *l,
               int            i,
               int            j,
               double        *fx,
               double        *fy)
{
  *fx = wrap (i * l->ax + j * l->bx);
  *fy = wrap (i * l->ay + j * l->by);
  if (*fy < 0 || (*fy == 0 && *fx < 0))
    {
      *fx = -*fx;
      *fy = -*fy;
    }
}

/* The match tolerance at (i, j), cycles/px: the peaks' placement errors
 * add up along the lattice. */
static double
tolerance (const PatternCells *cells,
           int                 i,
           int                 j)
{
  double bin = fmax (cells->bins_x / cells->grid_width,
                     cells->bins_y / cells->grid_height);

  return bin * (1.5 + 0.25 * (abs (i) + abs (j)));
}

static int
has_peak_near (const PatternPeakList *list,
               double                 fx,
               double                 fy,
               double                 within)
{
  for (size_t k = 0; k < list->count; k++)
    {
      double dx = list->peaks[k].fx - fx, dy = list->peaks[k].fy - fy;
      double mx = list->peaks[k].fx + fx, my = list->peaks[k].fy + fy;

      if (dx * dx + dy * dy <= within * within ||
          mx * mx + my * my <= within * within)
        return 1;
    }
  return 0;
}

/* Each point of ± pair once: j > 0, or j = 0 < i. */
static int
counted_once (int i,
              int j)
{
  return j > 0 || (j == 0 && i > 0);
}

static int
on_lattice (const Lattice      *l,
            const PatternCells *cells,
            double              fx,
            double              fy)
{
  for (int j = 0; j <= HARMONICS; j++)
    for (int i = -HARMONICS; i <= HARMONICS; i++)
      {
        double px, py, within = tolerance (cells, i, j);

        if (! counted_once (i, j))
          continue;
        lattice_point (l, i, j, &px, &py);
        if ((px - fx) * (px - fx) + (py - fy) * (py - fy) <= within * within)
          return 1;
      }
  return 0;
}

/* Whether (fx, fy) is a point of one of `count` screens. */
static int
explained_at (const Lattice      *screens,
              int                 count,
              const PatternCells *cells,
              double              fx,
              double              fy)
{
  for (int s = 0; s < count; s++)
    if (on_lattice (&screens[s], cells, fx, fy))
      return 1;
  return 0;
}

/* Whether the lattice point (fx, fy) holds a cell standing out by
 * `weak` noise scales that is not a known peak's sidelobe. */
static int
weak_peak_at (const PatternPeakList *list,
              const PatternCells    *cells,
              const PatternResidual *residual,
              double                 fx,
              double                 fy,
              double                 weak,
              PatternSpot           *spot)
{
  *spot = pattern_residual_near (residual, cells, fx, fy);
  return spot->sigmas >= weak &&
         ! pattern_peaks_explain (list, cells, residual, spot->u, spot->v,
                                  spot->place);
}

/* How many of the lattice's points hold a peak, or a weaker one, but
 * for the points of the screens found before. */
static int
points_present (const Lattice         *l,
                const PatternPeakList *list,
                const PatternCells    *cells,
                const PatternRegion   *region,
                const PatternResidual *residual,
                double                 weak,
                const Lattice         *screens,
                int                    screen_count)
{
  int         present = 0;
  PatternSpot spot;

  for (int j = 0; j <= HARMONICS; j++)
    for (int i = -HARMONICS; i <= HARMONICS; i++)
      {
        double fx, fy;

        if (! counted_once (i, j))
          continue;
        lattice_point (l, i, j, &fx, &fy);
        if (pattern_region_holds (region, cells, fx, fy) &&
            ! explained_at (screens, screen_count, cells, fx, fy) &&
            (has_peak_near (list, fx, fy, tolerance (cells, i, j)) ||
             weak_peak_at (list, cells, residual, fx, fy, weak, &spot)))
          present++;
      }
  return present;
}

/* The best lattice of two strong peaks not both on the screens found
 * before, with a spacing beyond the search's floor and two directions; 0
 * when none holds enough points of its own. */
static int
best_lattice (const PatternPeakList *list,
              const PatternCells    *cells,
              const PatternRegion   *region,
              const PatternResidual *residual,
              double                 weak,
              const Lattice         *screens,
              int                    screen_count,
              Lattice               *best)
{
  size_t        strong       = list->count < BASIS_PEAKS ? list->count :
                                                           BASIS_PEAKS;
  int           best_score   = LEAST_POINTS - 1;
  PatternRegion beyond_floor = { region->floor_cycles, 0, 0 };

  for (size_t p = 0; p < strong; p++)
    for (size_t q = p + 1; q < strong; q++)
      for (int sign = -1; sign <= 1; sign += 2)
        {
          const PatternPeak *a = &list->peaks[p], *b = &list->peaks[q];
          Lattice            l;
          double             la, lb;
          int                score;

          if (explained_at (screens, screen_count, cells, a->fx, a->fy) &&
              explained_at (screens, screen_count, cells, b->fx, b->fy))
            continue;
          l     = reduced ((Lattice) { a->fx, a->fy, sign * b->fx,
                                       sign * b->fy });
          la    = hypot (l.ax, l.ay);
          lb    = hypot (l.bx, l.by);
          if (! (lb <= (1 + SQUARE_LENGTHS) * la) ||
              ! (fabs (l.ax * l.bx + l.ay * l.by) <= SQUARE_COSINE * la * lb) ||
              ! pattern_region_holds (&beyond_floor, cells, l.ax, l.ay))
            continue;
          score = points_present (&l, list, cells, region, residual, weak,
                                  screens, screen_count);
          if (score > best_score)
            {
              best_score = score;
              *best      = l;
            }
        }
  return best_score >= LEAST_POINTS;
}

/* Adds, at each of the lattice's points that holds no peak yet, the
 * weaker peak it holds. */
static int
complete (PatternPeakList       *list,
          const Lattice         *l,
          const PatternCells    *cells,
          const PatternRegion   *region,
          const PatternResidual *residual,
          double                 weak)
{
  for (int j = 0; j <= HARMONICS; j++)
    for (int i = -HARMONICS; i <= HARMONICS; i++)
      {
        double      fx, fy;
        PatternSpot spot;

        if (! counted_once (i, j))
          continue;
        lattice_point (l, i, j, &fx, &fy);
        if (! pattern_region_holds (region, cells, fx, fy) ||
            has_peak_near (list, fx, fy, tolerance (cells, i, j)))
          continue;
        if (weak_peak_at (list, cells, residual, fx, fy, weak, &spot) &&
            ! pattern_peaks_consider (list, cells, residual, spot.u, spot.v,
                                      spot.place))
          return 0;
      }
  return 1;
}

/* Gives each of the lattice's peaks a radius of at least `radius`, or
 * of NOTCH_REACH of its own frequency where that is less: a harmonic
 * that aliases close to the centre must leave the centre alone. */
static void
widen (PatternPeakList    *list,
       const Lattice      *l,
       const PatternCells *cells,
       double              radius)
{
  for (size_t k = 0; k < list->count; k++)
    {
      PatternPeak *peak = &list->peaks[k];

      if (on_lattice (l, cells, peak->fx, peak->fy))
        peak->radius = fmax (peak->radius,
                             fmin (radius, NOTCH_REACH *
                                           hypot (peak->fx, peak->fy)));
    }
}

/* Adds, at each difference of a first-order point of screen `s` and one
 * of screen `t` that is shorter than both their fundamentals and holds
 * no peak yet, the peak standing out there by `weak`, its notch reaching
 * NOTCH_REACH of its own frequency, as the screens' notches reach along
 * their lattices. */
static int
complete_rosette (PatternPeakList       *list,
                  const Lattice         *s,
                  const Lattice         *t,
                  const Lattice         *screens,
                  int                    count,
                  const PatternCells    *cells,
                  const PatternRegion   *region,
                  const PatternResidual *residual,
                  double                 weak)
{
  const double from[4][2] = { { s->ax, s->ay }, { s->bx, s->by },
                              { -s->ax, -s->ay }, { -s->bx, -s->by } };
  const double to[2][2]   = { { t->ax, t->ay }, { t->bx, t->by } };
  double       shortest   = fmin (hypot (s->ax, s->ay), hypot (t->ax, t->ay));

  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 2; j++)
      {
        Lattice     beat = { from[i][0] - to[j][0], from[i][1] - to[j][1],
                             0, 0 };
        double      fx, fy, within = tolerance (cells, 1, 1);
        PatternSpot spot;

        lattice_point (&beat, 1, 0, &fx, &fy);
        if (! (hypot (fx, fy) < shortest) ||
            ! pattern_region_holds (region, cells, fx, fy) ||
            explained_at (screens, count, cells, fx, fy) ||
            has_peak_near (list, fx, fy, within))
          continue;
        if (weak_peak_at (list, cells, residual, fx, fy, weak, &spot) &&
            ! pattern_peaks_consider (list, cells, residual, spot.u, spot.v,
                                      spot.place))
          return 0;
        for (size_t k = 0; k < list->count; k++)
          {
            PatternPeak *peak = &list->peaks[k];

            if (hypot (peak->fx - fx, peak->fy - fy) <= within)
              peak->radius = fmax (peak->radius,
                                   NOTCH_REACH * hypot (fx, fy));
          }
      }
  return 1;
}

int
pattern_lattice_complete (PatternPeakList       *list,
                          const PatternCells    *cells,
                          const PatternRegion   *region,
                          const PatternResidual *residual,
                          double                 sigmas,
                          double                *small_period)
{
  Lattice screens[MOST_SCREENS];
  int     count = 0;
  double  weak  = fmax (WEAK_FRACTION * sigmas, WEAKEST_SIGMAS);

  *small_period = 0;
  while (count < MOST_SCREENS &&
         best_lattice (list, cells, region, residual, weak, screens, count,
                       &screens[count]))
    {
      double period = 1 / hypot (screens[count].ax, screens[count].ay);

      if (! complete (list, &screens[count], cells, region, residual, weak))
        return 0;
      *small_period = fmax (*small_period,
                            PATTERN_CUTOFF_PER_PERIOD * period);
      widen (list, &screens[count], cells, NOTCH_REACH / period);
      count++;
    }
  for (int a = 0; a < count; a++)
    for (int b = a + 1; b < count; b++)
      if (! complete_rosette (list, &screens[a], &screens[b], screens, count,
                              cells, region, residual, weak))
        return 0;
  return 1;
}
