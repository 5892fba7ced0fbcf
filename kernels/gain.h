/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The band-pass gain of docs/contract.md, written once in the common subset of
 * C11 and OpenCL C 1.2: fftcl/gain.c includes it for the CPU backend and
 * the tests, and the build embeds it ahead of the OpenCL kernels. Periods
 * are in pixels and frequencies in cycles per pixel, so x = f · period is
 * f/c for the cut-off c = 1/period. */
#ifndef FFTCL_GAIN_H
#define FFTCL_GAIN_H

#ifdef __OPENCL_VERSION__
#define GAIN_FN
#define GAIN_REAL float
#define GAIN_REAL_MIN FLT_MIN
#define GAIN_REAL_MAX FLT_MAX
#define GAIN_LN2 0.693147181f
#define GAIN_NOTCHES global const float *
#define GAIN_INDICES global const uint *
#else
#include <float.h>
#include <math.h>
#define GAIN_FN static inline
#define GAIN_REAL double
#define GAIN_REAL_MIN DBL_MIN
#define GAIN_REAL_MAX DBL_MAX
#define GAIN_LN2 0.69314718055994531
#define GAIN_NOTCHES const double *
#define GAIN_INDICES const unsigned *
#endif

#define GAIN_SHAPE_GAUSSIAN 0
#define GAIN_SHAPE_BUTTERWORTH 1
#define GAIN_SHAPE_IDEAL 2

#define GAIN_STRIPES_NONE 0
#define GAIN_STRIPES_HORIZONTAL 1
#define GAIN_STRIPES_VERTICAL 2

/* q^order. In C an integer order (the default 2, and every order up to
 * 20) is a few products instead of pow's logarithm and exponential:
 * exact to a rounding per product, and on the CPU the Butterworth gain's
 * cost (docs/performance.md, "Rules in the code": Butterworth power). */
GAIN_FN GAIN_REAL gain_power (GAIN_REAL q, GAIN_REAL order)
{
#ifndef __OPENCL_VERSION__
  if (order >= 1 && order <= 32 && order == floor (order))
    {
      GAIN_REAL result = 1, factor = q;
      for (unsigned n = (unsigned) order; n; n >>= 1, factor *= factor)
        if (n & 1)
          result *= factor;
      return result;
    }
#endif
  return pow (q, order);
}

/* L(x) of docs/contract.md, from q = x²: a notch's distance then needs
 * no square root. */
GAIN_FN GAIN_REAL gain_lowpass_squared (GAIN_REAL q, int shape,
                                        GAIN_REAL order)
{
  if (shape == GAIN_SHAPE_GAUSSIAN)
    return exp (-GAIN_LN2 * q);
  if (shape == GAIN_SHAPE_BUTTERWORTH)
    return 1 / (1 + gain_power (q, order));
  return q <= 1 ? 1 : 0;
}

GAIN_FN GAIN_REAL gain_lowpass (GAIN_REAL x, int shape, GAIN_REAL order)
{
  return gain_lowpass_squared (x * x, shape, order);
}

/* f · period, and 0 at f = 0 whatever the period: a period beyond the
 * float range is ∞ on OpenCL, and 0 · ∞ would be NaN. */
GAIN_FN GAIN_REAL gain_scaled (GAIN_REAL f, GAIN_REAL period)
{
  return f == 0 ? 0 : f * period;
}

/* ImageJ's Bandpass: horizontal stripes put their energy on the fx = 0
 * axis, and 1 − exp(−(kx·s)²) removes it, where kx is the bin index and
 * s = 1 − tolerance/100; `stripe_scale` is s times the axis length. */
GAIN_FN GAIN_REAL gain_stripes (GAIN_REAL fx, GAIN_REAL fy, int stripes,
                                GAIN_REAL stripe_scale)
{
  if (stripes == GAIN_STRIPES_NONE)
    return 1;
  GAIN_REAL bins = (stripes == GAIN_STRIPES_HORIZONTAL ? fx : fy)
                   * stripe_scale;
  return 1 - exp (-bins * bins);
}

/* Each notch (fx, fy, radius) rejects two discs with the band's own edge
 * (gain ½ at the radius for the smooth shapes): disc 2i is notch i's own
 * at (fx, fy), disc 2i + 1 its mirror at (−fx, −fy). Frequencies alias
 * every cycle/px, so a disc near ½ reaches on at −½: that keeps the gain
 * on the grid even, G(−k) = G(k) with −½ its own mirror, which filtering
 * two real planes as one complex plane needs. Beyond its reach
 * (fftcl/notch_index.c) a disc's factor lies within 2^−30 of 1, an eighth
 * of a float's rounding there, so each frequency takes only the discs
 * whose reach covers its cell: the frequency square [−½, ½]² is cut into
 * cells × cells cells, row after row, and the discs of cell c are
 * discs[starts[c]] … discs[starts[c + 1] − 1]. Without `discs` (C only:
 * fftcl_gain_at), one cell holds every disc. */
typedef struct {
  GAIN_NOTCHES notches; /* triples (fx, fy, radius) */
  GAIN_INDICES starts;
  GAIN_INDICES discs;
  int cells; /* per axis */
} gain_notch_index;

/* The cell of frequency f among `cells` over −½ … ½; ½, the same
 * frequency as −½, is in the first. */
GAIN_FN int gain_cell (GAIN_REAL f, int cells)
{
  GAIN_REAL c = floor ((f + (GAIN_REAL) 0.5) * cells);
  return c > 0 && c < cells ? (int) c : 0;
}

/* f − g between aliases: the difference nearest 0, within −½ … ½. */
GAIN_FN GAIN_REAL gain_alias_difference (GAIN_REAL f, GAIN_REAL g)
{
  GAIN_REAL d = f - g;
  return d - rint (d);
}

/* 1/r, by which a disc of radius r scales distances for L. The radius
 * counts as kept within the normal range of GAIN_REAL (a radius of 1e−300
 * is 0 in float), so the scale is finite, and so is a scaled distance
 * between aliases (at most ½): L's argument is never 0/0, ∞/∞ or 0·∞. */
GAIN_FN GAIN_REAL gain_notch_scale (GAIN_REAL r)
{
  GAIN_REAL normal = !(r >= GAIN_REAL_MIN) ? GAIN_REAL_MIN
                     : r > GAIN_REAL_MAX   ? GAIN_REAL_MAX
                                           : r;
  return 1 / normal;
}

/* Disc d's factor at (fx, fy): 1 − L(distance / radius). */
GAIN_FN GAIN_REAL gain_disc (GAIN_REAL fx, GAIN_REAL fy, GAIN_NOTCHES notches,
                             unsigned d, int shape, GAIN_REAL order)
{
  GAIN_NOTCHES notch = notches + 3 * (d / 2);
  GAIN_REAL side = d % 2 ? -1 : 1;
  GAIN_REAL scale = gain_notch_scale (notch[2]);
  GAIN_REAL x = gain_alias_difference (fx, side * notch[0]) * scale;
  GAIN_REAL y = gain_alias_difference (fy, side * notch[1]) * scale;
  return 1 - gain_lowpass_squared (x * x + y * y, shape, order);
}

/* One axis's factor of Gaussian disc d at frequency f of that axis (0:
 * x, 1: y), L(⟨f − centre⟩ / r): the disc's factor is
 * 1 − L(⟨fx − x⟩ / r) · L(⟨fy − y⟩ / r), so a row or a tile of
 * frequencies needs an exp per disc and column and per disc and row, not
 * per disc and frequency. */
GAIN_FN GAIN_REAL gain_gaussian_disc_axis (GAIN_REAL f, GAIN_NOTCHES notches,
                                           unsigned d, int axis)
{
  GAIN_NOTCHES notch = notches + 3 * (d / 2);
  GAIN_REAL side = d % 2 ? -1 : 1;
  GAIN_REAL x = gain_alias_difference (f, side * notch[axis])
                * gain_notch_scale (notch[2]);
  return gain_lowpass (x, GAIN_SHAPE_GAUSSIAN, 0);
}

/* The product of the discs that reach (fx, fy). */
GAIN_FN GAIN_REAL gain_notches_at (GAIN_REAL fx, GAIN_REAL fy,
                                   const gain_notch_index *n, int shape,
                                   GAIN_REAL order)
{
  int cell = gain_cell (fy, n->cells) * n->cells + gain_cell (fx, n->cells);
  GAIN_REAL g = 1;
  for (unsigned e = n->starts[cell]; e < n->starts[cell + 1]; e++)
    g *= gain_disc (fx, fy, n->notches, n->discs ? n->discs[e] : e, shape,
                    order);
  return g;
}

/* The band and the stripes, B · S. A period of 0 leaves its factor out:
 * small_period 0 gives x = 0 and L = 1 by itself, large_period 0 needs
 * the explicit test. */
GAIN_FN GAIN_REAL gain_band_at (GAIN_REAL fx, GAIN_REAL fy,
                                GAIN_REAL large_period, GAIN_REAL small_period,
                                int shape, GAIN_REAL order, int reject,
                                int stripes, GAIN_REAL stripe_scale)
{
  GAIN_REAL f = sqrt (fx * fx + fy * fy);
  GAIN_REAL pass = gain_lowpass (gain_scaled (f, small_period), shape, order);
  if (large_period > 0)
    pass *= 1 - gain_lowpass (gain_scaled (f, large_period), shape, order);
  GAIN_REAL band = reject ? 1 - pass : pass;
  return band * gain_stripes (fx, fy, stripes, stripe_scale);
}

/* G(fx, fy) of docs/contract.md. */
GAIN_FN GAIN_REAL gain_at (GAIN_REAL fx, GAIN_REAL fy, GAIN_REAL large_period,
                           GAIN_REAL small_period, int shape, GAIN_REAL order,
                           int reject, int keep_mean, int stripes,
                           GAIN_REAL stripe_scale,
                           const gain_notch_index *notches)
{
  if (keep_mean && fx == 0 && fy == 0)
    return 1;
  return gain_band_at (fx, fy, large_period, small_period, shape, order,
                       reject, stripes, stripe_scale)
         * gain_notches_at (fx, fy, notches, shape, order);
}

/* A Gaussian band is a few products of factors of one axis each,
 * exp(−ln2 (fx² + fy²) p²) = exp(−ln2 fx² p²) · exp(−ln2 fy² p²), and
 * stripes depend on one axis only: then the band at a frequency needs no
 * exp of its own. Notches multiply in after. */
GAIN_FN int gain_is_separable (int shape)
{
  return shape == GAIN_SHAPE_GAUSSIAN;
}

/* One axis's factor of a Gaussian low-pass of cut-off 1/period. */
GAIN_FN GAIN_REAL gain_gaussian (GAIN_REAL f, GAIN_REAL period)
{
  return gain_lowpass (gain_scaled (f, period), GAIN_SHAPE_GAUSSIAN, 0);
}

/* The same for the large period, 0 without one: gain_from_factors's
 * `large` then leaves its factor out. */
GAIN_FN GAIN_REAL gain_large_gaussian (GAIN_REAL f, GAIN_REAL large_period)
{
  return large_period > 0 ? gain_gaussian (f, large_period) : 0;
}

/* One axis's stripe factor: the stripes' own where their energy lies
 * across this axis (`across`: GAIN_STRIPES_HORIZONTAL for x), else 1. */
GAIN_FN GAIN_REAL gain_axis_stripes (GAIN_REAL f, int stripes, int across,
                                     GAIN_REAL stripe_scale)
{
  return stripes == across ? gain_stripes (f, f, stripes, stripe_scale) : 1;
}

/* gain_at's band and stripes of a separable gain, from the products over
 * both axes of the small-period factors, of the large-period ones (0
 * without a large period) and of the stripe factors. */
GAIN_FN GAIN_REAL gain_from_factors (GAIN_REAL small, GAIN_REAL large,
                                     GAIN_REAL stripes, int reject)
{
  GAIN_REAL pass = small * (1 - large);
  return (reject ? 1 - pass : pass) * stripes;
}

#ifdef __OPENCL_VERSION__
/* gain_at's arguments, and where each position's frequencies are:
 * frequencies[x] and frequencies[width + y]. The notches' product comes
 * from a table of the filter's grid_width × grid_height grid in natural
 * order, frequency k/n at bin k mod n (kernels/filter.cl's notch_table
 * fills it once per gain: the FFT stages would otherwise evaluate it at
 * every position of every plane). A separable gain's band can come from
 * its factors instead: factors[x] and factors[width + y] hold, for that
 * position's frequency f, the Gaussian factors of the small and the large
 * period, the stripe factor and whether f is 0 (kernels/filter.cl's
 * gain_factors fills them). */
typedef struct {
  global const float *frequencies;
  uint width;
  float large_period, small_period;
  int shape;
  float order;
  int reject, keep_mean, stripes;
  float stripe_scale;
  global const float *notch_table; /* read only where `notched` */
  uint grid_width, grid_height;
  int notched;
  global const float4 *factors;
  int separable;
} gain_args;

/* A kernel's parameters that make its gain_args, in that order. */
#define GAIN_PARAMETERS                                                     \
  global const float *frequencies, uint width, float large_period,          \
    float small_period, int shape, float order, int reject, int keep_mean,  \
    int stripes, float stripe_scale, global const float *notch_table,       \
    uint grid_width, uint grid_height, int notched,                         \
    global const float4 *factors, int separable
#define GAIN_ARGS_OF_PARAMETERS                                             \
  { frequencies, width,        large_period, small_period, shape,           \
    order,       reject,       keep_mean,    stripes,      stripe_scale,    \
    notch_table, grid_width,   grid_height,  notched,      factors,         \
    separable }

/* Position `index` of a spectrum plane as x and y. Widths are powers of
 * two: a division by one known only at run time would cost more than the
 * rest of the index arithmetic (docs/performance.md, "Rules in the code":
 * gain position). */
uint2 gain_position (const gain_args *g, uint index)
{
  return (uint2) (index & (g->width - 1), index >> (31 - clz (g->width)));
}

/* The bin of frequency f on an axis of n bins, natural order, and the
 * frequency of bin k. */
uint natural_bin (float f, uint n)
{
  return (uint) (int) rint (f * (float) n) & (n - 1);
}

float natural_frequency (uint k, uint n)
{
  int signed_k = 2 * k < n ? (int) k : (int) k - (int) n;
  return (float) signed_k / (float) n;
}

/* The notches' product at (fx, fy) of the filter's grid, 1 without
 * notches. */
float notches_of (const gain_args *g, float fx, float fy)
{
  if (!g->notched)
    return 1;
  size_t bin = (size_t) natural_bin (fy, g->grid_height) * g->grid_width
               + natural_bin (fx, g->grid_width);
  return g->notch_table[bin];
}

/* gain_at at (fx, fy) of the filter's grid, the notches' product read
 * from their table. */
float gain_at_frequency (const gain_args *g, float fx, float fy)
{
  if (g->keep_mean && fx == 0 && fy == 0)
    return 1;
  return gain_band_at (fx, fy, g->large_period, g->small_period, g->shape,
                       g->order, g->reject, g->stripes, g->stripe_scale)
         * notches_of (g, fx, fy);
}

/* The gain at position `index` of a spectrum plane. */
float gain_of (const gain_args *g, uint index)
{
  uint2 at = gain_position (g, index);
  return gain_at_frequency (g, g->frequencies[at.x],
                            g->frequencies[g->width + at.y]);
}

/* The same for a separable gain, from its factors. Where the gain is
 * applied as values are loaded, evaluating it is faster; where it would be
 * read from a table, the factors are (fftcl_filter_once's round trip;
 * docs/performance.md, "Rules in the code": gain table and factors). */
float separable_gain_of (const gain_args *g, uint index)
{
  uint2 at = gain_position (g, index);
  float4 fx = g->factors[at.x], fy = g->factors[g->width + at.y];
  if (g->keep_mean && fx.w != 0 && fy.w != 0)
    return 1;
  return gain_from_factors (fx.x * fy.x, fx.y * fy.y, fx.z * fy.z,
                            g->reject)
         * notches_of (g, g->frequencies[at.x],
                       g->frequencies[g->width + at.y]);
}
#endif

#endif
