#include "notch_index.h"

#include <stdlib.h>

/* 16 MiB of lists: discs that reach every cell would otherwise take
 * cells² entries each. */
enum { MOST_ENTRIES = 1 << 22 };

double fftcl_notch_reach (const fftcl_gain *gain, double radius)
{
  /* L(x) ≤ 2^−30: 2^−x² for the Gaussian, 1 / (1 + x^(2·order)) for
   * Butterworth; the ideal disc ends at its radius. */
  double x = gain->shape == FFTCL_SHAPE_GAUSSIAN ? sqrt (30)
             : gain->shape == FFTCL_SHAPE_BUTTERWORTH
               ? pow (2, 15 / gain->order)
               : 1;
  return radius * x * (1 + 0x1p-10) + 0x1p-20;
}

/* The cells along one axis of a disc at `centre` that reaches `reach`:
 * first … last, counted on past either end, where they wrap around (all
 * of them where that would be `cells` or more). */
typedef struct {
  long first, last;
} cell_span;

static cell_span axis_span (double centre, double reach, int cells)
{
  double first = floor ((centre - reach + 0.5) * cells);
  double last = floor ((centre + reach + 0.5) * cells);
  if (!(last - first + 1 < cells))
    return (cell_span) { 0, cells - 1 };
  return (cell_span) { (long) first, (long) last };
}

static size_t wrapped (long c, int cells)
{
  return (size_t) ((c % cells + cells) % cells);
}

/* Disc d's spans in x and y. */
static void disc_spans (const fftcl_gain *gain, size_t d, int cells,
                        cell_span *x, cell_span *y)
{
  const double *notch = gain->notches + 3 * (d / 2);
  double side = d % 2 ? -1 : 1;
  double reach = fftcl_notch_reach (gain, notch[2]);
  *x = axis_span (side * notch[0], reach, cells);
  *y = axis_span (side * notch[1], reach, cells);
}

static size_t count_entries (const fftcl_gain *gain, int cells)
{
  size_t entries = 0;
  for (size_t d = 0; d < 2 * gain->notch_count; d++)
    {
      cell_span x, y;
      disc_spans (gain, d, cells, &x, &y);
      entries += (size_t) (x.last - x.first + 1)
                 * (size_t) (y.last - y.first + 1);
    }
  return entries;
}

/* Counts each cell's discs, turns the counts into starts, lists each disc
 * at the next place of its cells, which moves every start on to the next
 * cell's, and moves them back. */
static void fill (const fftcl_gain *gain, fftcl_notch_index *out)
{
  int cells = out->index.cells;
  size_t cell_count = (size_t) cells * (size_t) cells;
  unsigned *next = out->starts;
  for (size_t c = 0; c <= cell_count; c++)
    next[c] = 0;
  for (int pass = 0; pass < 2; pass++)
    {
      for (size_t d = 0; d < 2 * gain->notch_count; d++)
        {
          cell_span x, y;
          disc_spans (gain, d, cells, &x, &y);
          for (long cy = y.first; cy <= y.last; cy++)
            for (long cx = x.first; cx <= x.last; cx++)
              {
                size_t c = wrapped (cy, cells) * (size_t) cells
                           + wrapped (cx, cells);
                if (pass)
                  out->discs[next[c]++] = (unsigned) d;
                else
                  next[c + 1]++;
              }
        }
      for (size_t c = 0; !pass && c < cell_count; c++)
        next[c + 1] += next[c];
    }
  for (size_t c = cell_count; c > 0; c--)
    next[c] = next[c - 1];
  next[0] = 0;
}

fftcl_status fftcl_notch_index_make (const fftcl_gain *gain, int cells,
                                     fftcl_notch_index *out,
                                     fftcl_error *err)
{
  size_t most = 2 * gain->notch_count > MOST_ENTRIES ? 2 * gain->notch_count
                                                     : MOST_ENTRIES;
  size_t entries = count_entries (gain, cells);
  while (cells > 1 && entries > most)
    {
      cells /= 2;
      entries = count_entries (gain, cells);
    }
  size_t cell_count = (size_t) cells * (size_t) cells;
  *out = (fftcl_notch_index) {
    .index = { gain->notches, NULL, NULL, cells },
    .starts = malloc ((cell_count + 1) * sizeof *out->starts),
    .discs = malloc ((entries ? entries : 1) * sizeof *out->discs),
    .entries = entries };
  if (!out->starts || !out->discs)
    {
      fftcl_notch_index_clear (out);
      return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
    }
  fill (gain, out);
  out->index.starts = out->starts;
  out->index.discs = out->discs;
  return FFTCL_OK;
}

void fftcl_notch_index_clear (fftcl_notch_index *index)
{
  free (index->starts);
  free (index->discs);
  *index = (fftcl_notch_index) { 0 };
}
