/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "cpu_notches.h"

#include "notch_index.h"

#include <stdlib.h>

/* Cells per axis of the rows' notch index: a row pays for each cell and
 * disc besides their columns, so its cells are wider than OpenCL's, a
 * few hundred columns of a 4096-wide row. */
enum { CELLS = 16 };
/* A row's product is kept in double this many columns at a time. */
enum { BLOCK = 512 };
/* The Gaussian x factors are tabled while they take at most this many
 * values per column of a row, or 2^20 in all; the spectrum itself takes
 * 8 bytes per value of a column. */
enum { TABLED_PER_COLUMN = 512, TABLED_ANYWAY = 1 << 20 };

/* Columns first … end − 1, and for a tabled Gaussian its x factors
 * there, L(dx / r); else NULL. */
typedef struct {
  size_t first, end;
  const double *x_factors;
} column_span;

/* Disc d of gain.h as the rows reach it: the columns within its reach
 * lie in up to three spans, as it reaches on past ±½ (gain.h). */
typedef struct {
  double x, y, reach;
  column_span spans[3];
} disc;

/* A row's frequency, the alias of it that orders the columns (within
 * −½ … ½, as the cells take them), and where it lies in the row. */
typedef struct {
  double fx, alias;
  size_t at;
} column;

struct cpu_notches {
  const fftcl_gain *gain;
  fftcl_notch_index index;
  column *columns; /* in ascending alias */
  size_t count;
  size_t *cell_first; /* index cells + 1: the first column of each cell */
  disc *discs;
  double *tables;
};

static int compare_columns (const void *a, const void *b)
{
  double x = ((const column *) a)->alias, y = ((const column *) b)->alias;
  return (x > y) - (x < y);
}

/* The first column whose alias is not below f (`above`: above f). */
static size_t column_from (const cpu_notches *n, double f, int above)
{
  size_t low = 0, high = n->count;
  while (low < high)
    {
      size_t mid = low + (high - low) / 2;
      double alias = n->columns[mid].alias;
      if (above ? alias <= f : alias < f)
        low = mid + 1;
      else
        high = mid;
    }
  return low;
}

/* The discs' spans of columns, and how many x factors they would table:
 * the columns within reach of the disc, of its alias a cycle/px to the
 * left and of the one to the right, all columns as one span where those
 * would overlap. */
static size_t place_discs (cpu_notches *n)
{
  size_t tabled = 0;
  for (size_t d = 0; d < 2 * n->gain->notch_count; d++)
    {
      const double *notch = n->gain->notches + 3 * (d / 2);
      double side = d % 2 ? -1 : 1;
      disc *c = &n->discs[d];
      *c = (disc) { side * notch[0], side * notch[1],
                    fftcl_notch_reach (n->gain, notch[2]),
                    { { 0, 0, NULL } } };
      for (int k = -1; k <= 1; k++)
        {
          column_span *span = &c->spans[k + 1];
          if (!(2 * c->reach < 1))
            *span = (column_span) { 0, k ? 0 : n->count, NULL };
          else
            *span = (column_span) { column_from (n, c->x - c->reach + k, 0),
                                    column_from (n, c->x + c->reach + k, 1),
                                    NULL };
          tabled += span->end - span->first;
        }
    }
  return tabled;
}

static void fill_tables (cpu_notches *n)
{
  double *next = n->tables;
  for (size_t d = 0; d < 2 * n->gain->notch_count; d++)
    for (int k = 0; k < 3; k++)
      {
        column_span *span = &n->discs[d].spans[k];
        span->x_factors = next;
        for (size_t s = span->first; s < span->end; s++)
          *next++ = gain_gaussian_disc_axis (n->columns[s].fx,
                                             n->gain->notches, (unsigned) d,
                                             0);
      }
}

static int make_columns (cpu_notches *n, const double *fx)
{
  int cells = n->index.index.cells;
  n->columns = malloc (n->count * sizeof *n->columns);
  n->cell_first = malloc (((size_t) cells + 1) * sizeof *n->cell_first);
  if (!n->columns || !n->cell_first)
    return 0;
  for (size_t i = 0; i < n->count; i++)
    n->columns[i] = (column) { fx[i], fx[i] >= 0.5 ? fx[i] - 1 : fx[i], i };
  qsort (n->columns, n->count, sizeof *n->columns, compare_columns);
  size_t s = 0;
  for (int c = 0; c < cells; c++)
    {
      while (s < n->count && gain_cell (n->columns[s].alias, cells) < c)
        s++;
      n->cell_first[c] = s;
    }
  n->cell_first[cells] = n->count;
  return 1;
}

cpu_notches *cpu_notches_make (const fftcl_gain *gain, const double *fx,
                               size_t count)
{
  cpu_notches *n = calloc (1, sizeof *n);
  if (!n)
    return NULL;
  n->gain = gain;
  n->count = count;
  n->discs = malloc (2 * gain->notch_count * sizeof *n->discs);
  if (!n->discs
      || fftcl_notch_index_make (gain, CELLS, &n->index, NULL)
           != FFTCL_OK
      || !make_columns (n, fx))
    {
      cpu_notches_free (n);
      return NULL;
    }
  size_t tabled = place_discs (n);
  if (gain->shape == FFTCL_SHAPE_GAUSSIAN
      && (tabled <= TABLED_ANYWAY || tabled / TABLED_PER_COLUMN <= count))
    {
      n->tables = malloc ((tabled ? tabled : 1) * sizeof *n->tables);
      if (!n->tables)
        {
          cpu_notches_free (n);
          return NULL;
        }
      fill_tables (n);
    }
  return n;
}

/* Disc d's factors at row fy, in the columns of `span` from … to − 1 of
 * a block of columns, into product[0 …]. */
static void multiply_span (const cpu_notches *n, unsigned d,
                           const column_span *span, double fy, size_t from,
                           size_t to, double *product)
{
  size_t first = span->first > from ? span->first : from;
  size_t end = span->end < to ? span->end : to;
  if (first >= end)
    return;
  if (span->x_factors)
    {
      double y_factor = gain_gaussian_disc_axis (fy, n->gain->notches, d, 1);
      const double *x_factors = span->x_factors - span->first;
      for (size_t s = first; s < end; s++)
        product[s - from] *= 1 - x_factors[s] * y_factor;
      return;
    }
  const fftcl_gain *g = n->gain;
  for (size_t s = first; s < end; s++)
    product[s - from] *= gain_disc (n->columns[s].fx, fy, g->notches, d,
                                    (int) g->shape, g->order);
}

/* The columns from … to − 1 of a cell's, in double, with the cell's
 * discs (`starts` the cell's in gain.h's index). */
static void multiply_block (const cpu_notches *n, const unsigned *starts,
                            double fy, size_t from, size_t to,
                            double *product)
{
  for (size_t s = from; s < to; s++)
    product[s - from] = 1;
  for (unsigned e = starts[0]; e < starts[1]; e++)
    {
      unsigned d = n->index.discs[e];
      const disc *c = &n->discs[d];
      double dy = gain_alias_difference (fy, c->y);
      for (int k = 0; fabs (dy) <= c->reach && k < 3; k++)
        multiply_span (n, d, &c->spans[k], fy, from, to, product);
    }
}

void cpu_notches_row (const cpu_notches *n, double fy, float *out)
{
  const gain_notch_index *index = &n->index.index;
  const unsigned *starts
    = index->starts + (size_t) gain_cell (fy, index->cells) * index->cells;
  double product[BLOCK];
  for (int cx = 0; cx < index->cells; cx++)
    for (size_t from = n->cell_first[cx]; from < n->cell_first[cx + 1];
         from += BLOCK)
      {
        size_t end = n->cell_first[cx + 1];
        size_t to = from + BLOCK < end ? from + BLOCK : end;
        multiply_block (n, starts + cx, fy, from, to, product);
        for (size_t s = from; s < to; s++)
          {
            float *value = &out[n->columns[s].at];
            *value = (float) (*value * product[s - from]);
          }
      }
}

void cpu_notches_free (cpu_notches *n)
{
  if (!n)
    return;
  fftcl_notch_index_clear (&n->index);
  free (n->columns);
  free (n->cell_first);
  free (n->discs);
  free (n->tables);
  free (n);
}
