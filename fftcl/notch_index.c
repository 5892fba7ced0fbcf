/* SPDX-License-Identifier: GPL-3.0-or-later */
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

/* Every disc's cells, x then y at spans[2d] and spans[2d + 1], and how
 * many entries they make. */
static size_t place_discs (const fftcl_gain *gain, const double *reaches,
                           int cells, cell_span *spans)
{
  size_t entries = 0;
  for (size_t d = 0; d < 2 * gain->notch_count; d++)
    {
      const double *notch = gain->notches + 3 * (d / 2);
      double side = d % 2 ? -1 : 1;
      cell_span *x = &spans[2 * d], *y = x + 1;
      *x = axis_span (side * notch[0], reaches[d / 2], cells);
      *y = axis_span (side * notch[1], reaches[d / 2], cells);
      entries += (size_t) (x->last - x->first + 1)
                 * (size_t) (y->last - y->first + 1);
    }
  return entries;
}

/* Each cell of disc d's spans, row after row: `listing`, the disc takes
 * the cell's next place; else the cell's count, kept one place on,
 * grows. */
static void visit_cells (fftcl_notch_index *out, const cell_span *spans,
                         unsigned d, int listing)
{
  size_t cells = (size_t) out->index.cells;
  const cell_span *x = &spans[2 * d], *y = x + 1;
  size_t row = wrapped (y->first, out->index.cells);
  for (long cy = y->first; cy <= y->last; cy++)
    {
      unsigned *starts = out->starts + row * cells;
      size_t column = wrapped (x->first, out->index.cells);
      for (long cx = x->first; cx <= x->last; cx++)
        {
          if (listing)
            out->discs[starts[column]++] = d;
          else
            starts[column + 1]++;
          column = column + 1 < cells ? column + 1 : 0;
        }
      row = row + 1 < cells ? row + 1 : 0;
    }
}

/* Counts each cell's discs, turns the counts into starts, lists each disc
 * at the next place of its cells, which moves every start on to the next
 * cell's, and moves them back. */
static void fill (fftcl_notch_index *out, const cell_span *spans,
                  size_t discs)
{
  size_t cell_count = (size_t) out->index.cells * (size_t) out->index.cells;
  unsigned *starts = out->starts;
  for (size_t c = 0; c <= cell_count; c++)
    starts[c] = 0;
  for (size_t d = 0; d < discs; d++)
    visit_cells (out, spans, (unsigned) d, 0);
  for (size_t c = 0; c < cell_count; c++)
    starts[c + 1] += starts[c];
  for (size_t d = 0; d < discs; d++)
    visit_cells (out, spans, (unsigned) d, 1);
  for (size_t c = cell_count; c > 0; c--)
    starts[c] = starts[c - 1];
  starts[0] = 0;
}

/* The index's arrays for `entries` entries over cells × cells cells. */
static int make_arrays (fftcl_notch_index *out, const fftcl_gain *gain,
                        int cells, size_t entries)
{
  size_t cell_count = (size_t) cells * (size_t) cells;
  *out = (fftcl_notch_index) {
    .index = { gain->notches, NULL, NULL, cells },
    .starts = malloc ((cell_count + 1) * sizeof *out->starts),
    .discs = malloc ((entries ? entries : 1) * sizeof *out->discs),
    .entries = entries };
  out->index.starts = out->starts;
  out->index.discs = out->discs;
  return out->starts && out->discs;
}

fftcl_status fftcl_notch_index_make (const fftcl_gain *gain, int cells,
                                     fftcl_notch_index *out,
                                     fftcl_error *err)
{
  size_t discs = 2 * gain->notch_count;
  *out = (fftcl_notch_index) { 0 };
  double *reaches = malloc ((gain->notch_count + 1) * sizeof *reaches);
  cell_span *spans = malloc ((2 * discs + 1) * sizeof *spans);
  int made = reaches && spans;
  for (size_t i = 0; made && i < gain->notch_count; i++)
    reaches[i] = fftcl_notch_reach (gain, gain->notches[3 * i + 2]);
  size_t most = discs > MOST_ENTRIES ? discs : MOST_ENTRIES;
  size_t entries = made ? place_discs (gain, reaches, cells, spans) : 0;
  while (made && cells > 1 && entries > most)
    {
      cells /= 2;
      entries = place_discs (gain, reaches, cells, spans);
    }
  made = made && make_arrays (out, gain, cells, entries);
  if (made)
    fill (out, spans, discs);
  free (reaches);
  free (spans);
  if (made)
    return FFTCL_OK;
  fftcl_notch_index_clear (out);
  return fftcl_fail (err, FFTCL_ERROR_MEMORY, "fftcl: out of host memory");
}

void fftcl_notch_index_clear (fftcl_notch_index *index)
{
  free (index->starts);
  free (index->discs);
  *index = (fftcl_notch_index) { 0 };
}
