/* SPDX-License-Identifier: GPL-3.0-or-later */
/* One stage of a 2-D FFT: FFTs of length FFT_LENGTH along one axis of a
 * plane, each work-group transforming FFT_TILE of them ("lanes") in local
 * memory with mixed-radix Stockham passes (radix FFT_RADIX, one smaller
 * pass first when the length needs it), so the output comes out in natural
 * order without a reordering pass. Work-items keep their values in
 * registers; passes exchange them through local memory one window at a
 * time, so a work-group may hold more values than local memory does.
 *
 * The host builds this file once per stage shape with
 *   FFT_LENGTH, FFT_LOG_LENGTH  the transform length L and log2 L
 *   FFT_TILE                    lanes per work-group
 *   FFT_PER_THREAD              complex values each work-item holds
 *   FFT_RADIX                   8 or 16: the radix of all passes but the
 *                               first
 *   FFT_LANE_GROUPS             groups of lanes exchanged one after the
 *                               other (1 unless lanes are strided)
 *   FFT_SPLIT_COMPONENTS        1 when real and imaginary parts are
 *                               exchanged one after the other
 *   FFT_LOAD_CONTIGUOUS         1 when each lane is a contiguous run on load
 *   FFT_STORE_CONTIGUOUS        the same on store
 *   FFT_GAIN                    1 when the stage multiplies what it loads
 *                               by the band-pass gain (the filter's first
 *                               inverse stage), 0 otherwise
 *   FFT_MIX                     1 when, instead, it loads the filtered
 *                               spectrum of a lone real plane held as
 *                               the complex plane of its even and odd
 *                               columns (filtered_lone_value below), 0
 *                               otherwise
 *   FFT_TWO_PLANES              1 when the stage runs in place on one plane
 *                               per row of work-groups, up to two
 *   FFT_ROUND_TRIP              1 when the stage is the filter's turning
 *                               point: its forward FFT, the gain and its
 *                               inverse FFT in one pass, for a filter that
 *                               keeps no spectrum; it reads the gain at
 *                               each position from a table (gain_table in
 *                               kernels/filter.cl): evaluated in a pass
 *                               of its own, once for all planes, the gain
 *                               costs far less than inside this kernel,
 *                               except a separable gain (gain.h), whose
 *                               few products take the table's place
 *   FFT_CROSS                   1 for a cross stage (below), else 0
 *   FFT_ELEMENT_TWIDDLES        1 when `twiddles` is the stage's own table
 *                               of W_N^(n·e) at e · inner + n (row stages,
 *                               whose neighbouring work-items hold
 *                               neighbouring n), else 0
 *   FFT_UNROLL_PASSES           1 when the passes after the first are
 *                               written out one by one (GPUs), 0 for a
 *                               loop (CPUs; see transform below)
 * and runs it with FFT_TILE · L / FFT_PER_THREAD work-items per group.
 *
 * A plane is seen as [outer][L][inner]: lane λ is (λ / inner, λ % inner)
 * and its element e lives at ((λ / inner) · L + e) · inner + λ % inner.
 * Rows are inner = 1, columns of a width-W plane inner = W; other inner
 * values give the passes of long axes split into several stages (four-step),
 * whose twiddle factors W_N^(n·e) the stage applies before its FFT or after
 * it, with n taken from the lane. A cross stage runs the first two stages
 * of a decimation in frequency of rows of length N = 2L, for rows too
 * long for one stage: lane k of a row's two loads, for each element e,
 * the values e and e + L of the row, takes their sum (k = 0) or their
 * difference times W_N^e (k = 1) and runs the FFT of length L on those;
 * out of place only, as the two lanes read the same values. Inverse
 * transforms conjugate on load and store. Twiddles come from tables
 * computed in double on the host (float sin/cos of large angles is not
 * accurate enough): exp(−2πi m / M) for the stages, and for the passes
 * inside a stage one table per length laid out so that neighbouring
 * work-items read neighbouring entries. */
#ifdef FFT_LENGTH

#define LENGTH FFT_LENGTH
#define TILE FFT_TILE
#define PER_THREAD FFT_PER_THREAD
#define THREADS (TILE * LENGTH / PER_THREAD)

/* twiddle_mode: 0 for none, or one of these. */
#define TWIDDLE_BEFORE 1
#define TWIDDLE_AFTER 2

#define RADIX FFT_RADIX
#define LOG_RADIX (FFT_RADIX == 16 ? 4 : 3)

/* The radix of the first pass: it takes up log2 L modulo log2 RADIX, so
 * the other passes are all radix RADIX. The pass twiddle table is laid
 * out for that radix (TABLE_FIRST_RADIX). Where work-items hold enough
 * values, the remainder joins the first radix-RADIX pass, up to radix 32:
 * one exchange fewer (8192-long rows on NVIDIA, whose kernels run 256
 * work-items, and 1024-long lanes of radix 8); the passes after it have
 * the spans the table has for them already. */
#if LENGTH == 1
#define TABLE_FIRST_RADIX 1
#elif FFT_LOG_LENGTH % LOG_RADIX == 0
#define TABLE_FIRST_RADIX RADIX
#else
#define TABLE_FIRST_RADIX (1 << FFT_LOG_LENGTH % LOG_RADIX)
#endif
#if TABLE_FIRST_RADIX < RADIX && TABLE_FIRST_RADIX * RADIX <= 32          \
  && TABLE_FIRST_RADIX * RADIX <= LENGTH                                    \
  && PER_THREAD >= TABLE_FIRST_RADIX * RADIX
#define FIRST_RADIX (TABLE_FIRST_RADIX * RADIX)
#else
#define FIRST_RADIX TABLE_FIRST_RADIX
#endif
#define LAST_RADIX (LENGTH > FIRST_RADIX ? RADIX : FIRST_RADIX)
#define LOG_FIRST_RADIX                                                     \
  (FIRST_RADIX == 32 ? 5                                                    \
   : FIRST_RADIX == 16 ? 4                                                  \
   : FIRST_RADIX == 8 ? 3                                                   \
   : FIRST_RADIX == 4 ? 2                                                   \
   : FIRST_RADIX == 2 ? 1 : 0)

/* Passes read their twiddles before the exchange that precedes them, so
 * that the reads' latency overlaps it, in work-items of up to 16 values
 * and strided lanes. Work-items of 32 values would hold 30 twiddles too,
 * which costs more than the overlap saves (docs/performance.md, "Rules in
 * the code": twiddles read ahead). */
#define PREFETCH_TWIDDLES (PER_THREAD <= 16 || !FFT_LOAD_CONTIGUOUS)

/* An exchange goes through local memory in windows: window w holds lane
 * group w % FFT_LANE_GROUPS (GROUP_TILE neighbouring lanes), both
 * components or, when they are split, the real parts (w < FFT_LANE_GROUPS)
 * then the imaginary parts. A work-item writes and reads only the
 * components of its own lanes that the window holds, so the values it
 * still has to write are never overwritten by what it reads. */
#define GROUP_TILE (TILE / FFT_LANE_GROUPS)
#define GROUP_VALUES (GROUP_TILE * LENGTH)
#define WINDOWS ((1 + FFT_SPLIT_COMPONENTS) * FFT_LANE_GROUPS)
#if FFT_LANE_GROUPS > 1                                                     \
  && (FFT_LOAD_CONTIGUOUS || FFT_STORE_CONTIGUOUS || LENGTH % PER_THREAD)
#error "lane groups need strided lanes that stay with their work-items"
#endif

/* Work-items walk the lanes of a tile so that neighbours touch neighbouring
 * addresses: along a lane when lanes are contiguous, across lanes when they
 * are not. Local memory follows the same order. */
#if FFT_LOAD_CONTIGUOUS
#define LANE_OF(q, per_lane) ((q) / (per_lane))
#define INDEX_OF(q, per_lane) ((q) % (per_lane))
#define LOCAL_ORDER(lane, e) ((lane) * LENGTH + (e))
#else
#define LANE_OF(q, per_lane) ((q) % TILE)
#define INDEX_OF(q, per_lane) ((q) / TILE)
#define LOCAL_ORDER(lane, e) ((e) * GROUP_TILE + (lane) % GROUP_TILE)
#endif
/* One spare value (a float, or a float2 when the components go
 * together) after every 16 spreads the strided writes of the first passes
 * over all banks of local memory. */
#define PADDED(i) ((i) + ((i) >> 4))
#if FFT_SPLIT_COMPONENTS
#define LOCAL_VALUES ((PADDED (GROUP_VALUES) + 1) / 2)
#else
#define LOCAL_VALUES PADDED (GROUP_VALUES)
#endif

#define GAIN_ARGS (FFT_GAIN || FFT_ROUND_TRIP || FFT_MIX)
#if FFT_CROSS && (GAIN_ARGS || FFT_TWO_PLANES)
#error "cross stages run out of place"
#endif

typedef struct {
  uint inner_in_shift, inner_out_shift;
  uint twiddle_lane_shift; /* lane index n = (λ % inner_out) >> this */
  uint twiddle_step;       /* table entries per unit of n · e */
  int twiddle_mode;
  float conj_sign, scale;
#if GAIN_ARGS
  gain_args gain;
#endif
#if FFT_ROUND_TRIP
  global const float *gains;
#endif
#if FFT_MIX
  global const uint *mirrors;
#endif
} stage_args;

float2 complex_mul (float2 a, float2 b)
{
  return (float2) (a.x * b.x - a.y * b.y, a.x * b.y + a.y * b.x);
}

float2 mul_minus_i (float2 a)
{
  return (float2) (a.y, -a.x);
}

void butterfly2 (float2 *x)
{
  float2 a = x[0];
  x[0] = a + x[1];
  x[1] = a - x[1];
}

void butterfly4 (float2 *x)
{
  float2 sum02 = x[0] + x[2], diff02 = x[0] - x[2];
  float2 sum13 = x[1] + x[3], diff13 = mul_minus_i (x[1] - x[3]);
  x[0] = sum02 + sum13;
  x[1] = diff02 + diff13;
  x[2] = sum02 - sum13;
  x[3] = diff02 - diff13;
}

/* Radix 2 across the halves, then radix 4 on the even and odd outputs. */
void butterfly8 (float2 *x)
{
  const float half_sqrt2 = 0.707106781186547524f;
  float2 even[4], odd[4];
  for (int k = 0; k < 4; k++)
    {
      even[k] = x[k] + x[k + 4];
      odd[k] = x[k] - x[k + 4];
    }
  odd[1] = (float2) (odd[1].x + odd[1].y, odd[1].y - odd[1].x) * half_sqrt2;
  odd[2] = mul_minus_i (odd[2]);
  odd[3] = (float2) (odd[3].y - odd[3].x, -odd[3].x - odd[3].y) * half_sqrt2;
  butterfly4 (even);
  butterfly4 (odd);
  for (int k = 0; k < 4; k++)
    {
      x[2 * k] = even[k];
      x[2 * k + 1] = odd[k];
    }
}

/* Radix 4 over the four interleaved quarters, twiddles W_16^(n·k), radix 4
 * across them: input n + 4m, output k + 4l. */
void butterfly16 (float2 *x)
{
  const float c1 = 0.923879532511286756f, s1 = 0.382683432365089772f;
  const float h = 0.707106781186547524f;
  const float2 w[10] = { (float2) (1, 0),    (float2) (c1, -s1),
                         (float2) (h, -h),   (float2) (s1, -c1),
                         (float2) (0, -1),   (float2) (-s1, -c1),
                         (float2) (-h, -h),  (float2) (-c1, -s1),
                         (float2) (-1, 0),   (float2) (-c1, s1) };
  float2 q[4][4];
  for (int n = 0; n < 4; n++)
    {
      for (int m = 0; m < 4; m++)
        q[n][m] = x[n + 4 * m];
      butterfly4 (q[n]);
      for (int k = 1; n && k < 4; k++)
        q[n][k] = complex_mul (q[n][k], w[n * k]);
    }
  for (int k = 0; k < 4; k++)
    {
      float2 column[4] = { q[0][k], q[1][k], q[2][k], q[3][k] };
      butterfly4 (column);
      for (int l = 0; l < 4; l++)
        x[k + 4 * l] = column[l];
    }
}

/* Radix 2 across the halves, the odd differences times W_32^k, then
 * radix 16 on each: output 2m from the sums, 2m + 1 from the differences. */
void butterfly32 (float2 *x)
{
  const float2 w[16] = {
    (float2) (1.0f, -0.0f),
    (float2) (0.980785280403230449f, -0.195090322016128268f),
    (float2) (0.923879532511286756f, -0.382683432365089772f),
    (float2) (0.831469612302545237f, -0.555570233019602225f),
    (float2) (0.707106781186547524f, -0.707106781186547524f),
    (float2) (0.555570233019602225f, -0.831469612302545237f),
    (float2) (0.382683432365089772f, -0.923879532511286756f),
    (float2) (0.195090322016128268f, -0.980785280403230449f),
    (float2) (0.0f, -1.0f),
    (float2) (-0.195090322016128268f, -0.980785280403230449f),
    (float2) (-0.382683432365089772f, -0.923879532511286756f),
    (float2) (-0.555570233019602225f, -0.831469612302545237f),
    (float2) (-0.707106781186547524f, -0.707106781186547524f),
    (float2) (-0.831469612302545237f, -0.555570233019602225f),
    (float2) (-0.923879532511286756f, -0.382683432365089772f),
    (float2) (-0.980785280403230449f, -0.195090322016128268f),
  };
  float2 sums[16], differences[16];
  for (int k = 0; k < 16; k++)
    {
      sums[k] = x[k] + x[k + 16];
      differences[k] = complex_mul (x[k] - x[k + 16], w[k]);
    }
  butterfly16 (sums);
  butterfly16 (differences);
  for (int m = 0; m < 16; m++)
    {
      x[2 * m] = sums[m];
      x[2 * m + 1] = differences[m];
    }
}

void butterflies (float2 *x, uint radix)
{
  for (uint b = 0; radix > 1 && b < PER_THREAD; b += radix)
    {
      if (radix == 2)
        butterfly2 (x + b);
      else if (radix == 4)
        butterfly4 (x + b);
      else if (radix == 8)
        butterfly8 (x + b);
      else if (radix == 16)
        butterfly16 (x + b);
      else
        butterfly32 (x + b);
    }
}

uint global_index (uint lane, uint e, uint inner_shift)
{
  uint inner_mask = (1u << inner_shift) - 1;
  return (((lane >> inner_shift) * LENGTH + e) << inner_shift)
         + (lane & inner_mask);
}

float2 stage_twiddle (global const float2 *twiddles, const stage_args *a,
                      uint lane, uint e)
{
  uint inner_mask = (1u << a->inner_out_shift) - 1;
  uint n = (lane & inner_mask) >> a->twiddle_lane_shift;
#if FFT_ELEMENT_TWIDDLES
  return twiddles[(e << a->inner_out_shift) + n];
#else
  return twiddles[n * e * a->twiddle_step];
#endif
}

#if FFT_MIX
/* A real plane x of width 2W, held as the W-wide complex plane
 * z = x_even + i·x_odd, has Z = E + iO, where E and O are the spectra of
 * its even and odd columns. Its own spectrum is X(k) = E(k) + w^k O(k) and
 * X(k + W) = E(k) − w^k O(k), w = exp(−iπ/W), and its filtered plane's
 * columns have E' = A·E + B·w^k·O and O' = B·w^−k·E + A·O, with A and B
 * the mean and half the difference of the gains G(k) and G(k + W) on the
 * 2W grid. With E and O written out through Z and M = Z(−k, −ky):
 * Z' = E' + iO' = (A − B sin θ) Z + i B cos θ conj M, θ = πk/W. */
float2 filtered_lone_value (global const float2 *src, const stage_args *a,
                            uint index)
{
  const gain_args *g = &a->gain;
  uint2 at = gain_position (g, index);
  float f = g->frequencies[at.x], fy = g->frequencies[g->width + at.y];
  float fx = 0.5f * f, fx_across = fx < 0 ? fx + 0.5f : fx - 0.5f;
  float here = gain_at_frequency (g, fx, fy);
  float across = gain_at_frequency (g, fx_across, fy);
  float mean = 0.5f * (here + across);
  float half_difference = 0.5f * (here - across);
  uint mirror = a->mirrors[g->width + at.y] * g->width + a->mirrors[at.x];
  float2 z = src[index], m = src[mirror];
  return (mean - half_difference * sinpi (f)) * z
         + half_difference * cospi (f) * (float2) (m.y, m.x);
}
#endif

float2 load (global const float2 *src, global const float2 *twiddles,
             const stage_args *a, uint lane, uint e)
{
  uint index = global_index (lane, e, a->inner_in_shift);
#if FFT_MIX
  float2 v = filtered_lone_value (src, a, index);
#else
  float2 v = src[index];
#endif
#if FFT_GAIN
  v *= gain_of (&a->gain, index);
#endif
  v.y *= a->conj_sign;
  if (a->twiddle_mode == TWIDDLE_BEFORE)
    v = complex_mul (v, stage_twiddle (twiddles, a, lane, e));
  return v;
}

void store (global float2 *dst, global const float2 *twiddles,
            const stage_args *a, uint lane, uint e, float2 v)
{
  if (a->twiddle_mode == TWIDDLE_AFTER)
    v = complex_mul (v, stage_twiddle (twiddles, a, lane, e));
  v.y *= a->conj_sign;
  dst[global_index (lane, e, a->inner_out_shift)] = v * a->scale;
}

#if FFT_CROSS
/* Element e of a cross stage's lane: see the top of this file. */
float2 load_cross (global const float2 *src, global const float2 *twiddles,
                   const stage_args *a, uint lane, uint e)
{
  uint k = lane % 2;
  float2 first = load (src, twiddles, a, lane - k, e);
  float2 second = load (src, twiddles, a, lane - k + 1, e);
  if (!k)
    return first + second;
  return complex_mul (first - second, twiddles[e * a->twiddle_step]);
}
#endif

/* The inputs of a radix-R pass: butterfly j of a lane takes elements
 * j + r · L/R. */
void load_first_pass (float2 *x, global const float2 *src,
                      global const float2 *twiddles, const stage_args *a,
                      uint first_lane)
{
  const uint per_lane = LENGTH / FIRST_RADIX;
  for (uint b = 0; b < PER_THREAD / FIRST_RADIX; b++)
    {
      uint q = get_local_id (0) + b * THREADS;
      uint lane = LANE_OF (q, per_lane), j = INDEX_OF (q, per_lane);
      for (uint r = 0; r < FIRST_RADIX; r++)
#if FFT_CROSS
        x[b * FIRST_RADIX + r] = load_cross (src, twiddles, a,
                                             first_lane + lane,
                                             j + r * per_lane);
#else
        x[b * FIRST_RADIX + r]
          = load (src, twiddles, a, first_lane + lane, j + r * per_lane);
#endif
    }
}

/* Whether window w holds `lane`'s values. */
int in_window (uint lane, uint w)
{
  return lane / GROUP_TILE == w % FFT_LANE_GROUPS;
}

void put (local float2 *buffer, uint position, float2 v, uint w)
{
#if FFT_SPLIT_COMPONENTS
  ((local float *) buffer)[PADDED (position)]
    = w < FFT_LANE_GROUPS ? v.x : v.y;
#else
  buffer[PADDED (position)] = v;
#endif
}

void get (local const float2 *buffer, uint position, float2 *v, uint w)
{
#if FFT_SPLIT_COMPONENTS
  float value = ((local const float *) buffer)[PADDED (position)];
  if (w < FFT_LANE_GROUPS)
    v->x = value;
  else
    v->y = value;
#else
  *v = buffer[PADDED (position)];
#endif
}

void read_pass (float2 *x, local const float2 *buffer, uint radix, uint w)
{
  const uint per_lane = LENGTH / radix;
  for (uint b = 0; b < PER_THREAD / radix; b++)
    {
      uint q = get_local_id (0) + b * THREADS;
      uint lane = LANE_OF (q, per_lane), j = INDEX_OF (q, per_lane);
      if (in_window (lane, w))
        for (uint r = 0; r < radix; r++)
          get (buffer, LOCAL_ORDER (lane, j + r * per_lane),
               &x[b * radix + r], w);
    }
}

/* Butterfly j of a radix-R pass whose sub-transforms so far have length
 * `span` multiplies its input r by W_(R·span)^(k · r), k = j % span. The
 * table of length L holds them from entry L on, pass after pass, each pass
 * r-major: entry (r − 1) · span + k. */
#if LENGTH > FIRST_RADIX
void read_pass_twiddles (float2 *w, global const float2 *pass_twiddles,
                         uint span)
{
  const uint per_lane = LENGTH / RADIX;
  global const float2 *table
    = pass_twiddles + LENGTH + span - TABLE_FIRST_RADIX;
  for (uint b = 0; b < PER_THREAD / RADIX; b++)
    {
      uint q = get_local_id (0) + b * THREADS;
      uint k = INDEX_OF (q, per_lane) % span;
      for (uint r = 1; r < RADIX; r++)
        w[b * RADIX + r] = table[(r - 1) * span + k];
    }
}

void twiddle_pass (float2 *x, const float2 *w)
{
  for (uint i = 0; i < PER_THREAD; i++)
    if (i % RADIX)
      x[i] = complex_mul (x[i], w[i]);
}
#endif

/* Output r of butterfly j goes to (j / span) · span · R + j % span + r · span:
 * the Stockham autosort. */
void write_pass (local float2 *buffer, const float2 *x, uint radix, uint span,
                 uint w)
{
  const uint per_lane = LENGTH / radix;
  for (uint b = 0; b < PER_THREAD / radix; b++)
    {
      uint q = get_local_id (0) + b * THREADS;
      uint lane = LANE_OF (q, per_lane), j = INDEX_OF (q, per_lane);
      uint base = (j / span) * span * radix + j % span;
      if (in_window (lane, w))
        for (uint r = 0; r < radix; r++)
          put (buffer, LOCAL_ORDER (lane, base + r * span),
               x[b * radix + r], w);
    }
}

/* The outputs of a radix-`radix_out` pass become the inputs of the next,
 * radix-RADIX, pass. */
void exchange (float2 *x, local float2 *buffer, uint radix_out, uint span)
{
  for (uint w = 0; w < WINDOWS; w++)
    {
      write_pass (buffer, x, radix_out, span, w);
      barrier (CLK_LOCAL_MEM_FENCE);
      read_pass (x, buffer, RADIX, w);
      barrier (CLK_LOCAL_MEM_FENCE);
    }
}

/* After the last pass, output r of butterfly j is element j + r · L/R. */
void store_last_pass (global float2 *dst, global const float2 *twiddles,
                      const stage_args *a, const float2 *x, uint radix,
                      uint first_lane)
{
  const uint per_lane = LENGTH / radix;
  for (uint b = 0; b < PER_THREAD / radix; b++)
    {
      uint q = get_local_id (0) + b * THREADS;
      uint lane = LANE_OF (q, per_lane), j = INDEX_OF (q, per_lane);
      for (uint r = 0; r < radix; r++)
        store (dst, twiddles, a, first_lane + lane, j + r * per_lane,
               x[b * radix + r]);
    }
}

/* When lanes are strided on load but contiguous on store, the work-group
 * regroups the tile through local memory so stores stay coalesced: value k
 * of a work-item becomes element i = k · THREADS + its id of the tile. */
void store_regrouped (global float2 *dst, global const float2 *twiddles,
                      const stage_args *a, local float2 *buffer, float2 *x,
                      uint radix, uint first_lane)
{
  for (uint w = 0; w < WINDOWS; w++)
    {
      write_pass (buffer, x, radix, LENGTH / radix, w);
      barrier (CLK_LOCAL_MEM_FENCE);
      for (uint k = 0; k < PER_THREAD; k++)
        {
          uint i = get_local_id (0) + k * THREADS;
          get (buffer, LOCAL_ORDER (i / LENGTH, i % LENGTH), &x[k], w);
        }
      barrier (CLK_LOCAL_MEM_FENCE);
    }
  for (uint k = 0; k < PER_THREAD; k++)
    {
      uint i = get_local_id (0) + k * THREADS;
      store (dst, twiddles, a, first_lane + i / LENGTH, i % LENGTH, x[k]);
    }
}

#if LENGTH > FIRST_RADIX
/* The pass of the stage's FFT that follows the one of the given span:
 * the exchange that brings each work-item its inputs, their twiddles and
 * the radix-RADIX butterflies. */
void later_pass (float2 *x, local float2 *buffer,
                 global const float2 *pass_twiddles, uint span)
{
  float2 w[PER_THREAD];
#if PREFETCH_TWIDDLES
  read_pass_twiddles (w, pass_twiddles, span);
#endif
  if (span == FIRST_RADIX)
    exchange (x, buffer, FIRST_RADIX, 1);
  else
    exchange (x, buffer, RADIX, span / RADIX);
#if !PREFETCH_TWIDDLES
  read_pass_twiddles (w, pass_twiddles, span);
#endif
  twiddle_pass (x, w);
  butterflies (x, RADIX);
}
#endif

/* The passes after the first that transform writes out one by one, so
 * that their spans are constants: in a loop over spans NVIDIA's compiler
 * divides by the span at run time (`#pragma unroll` crashes PoCL's
 * kernels). Written out, it also reads a pass's twiddles ahead, which in
 * the cross stages' work-items, 32 values each, costs more registers and
 * time than it saves: they keep the loop. So do CPUs, where the loop runs
 * faster (docs/performance.md, "Rules in the code": passes written out). */
#if FFT_CROSS || !FFT_UNROLL_PASSES
#define UNROLLED_PASSES 0
#else
#define UNROLLED_PASSES ((FFT_LOG_LENGTH - LOG_FIRST_RADIX) / LOG_RADIX)
#endif
#define SPAN_AFTER(p) (FIRST_RADIX << LOG_RADIX * (p))

/* The passes of the stage's FFT on values loaded as load_first_pass
 * leaves them. */
void transform (float2 *x, local float2 *buffer,
                global const float2 *pass_twiddles)
{
  butterflies (x, FIRST_RADIX);
#if UNROLLED_PASSES > 0
  later_pass (x, buffer, pass_twiddles, SPAN_AFTER (0));
#endif
#if UNROLLED_PASSES > 1
  later_pass (x, buffer, pass_twiddles, SPAN_AFTER (1));
#endif
#if UNROLLED_PASSES > 2
  later_pass (x, buffer, pass_twiddles, SPAN_AFTER (2));
#endif
#if UNROLLED_PASSES > 3
  later_pass (x, buffer, pass_twiddles, SPAN_AFTER (3));
#endif
#if UNROLLED_PASSES > 4
#error "a stage of more passes than transform writes out"
#endif
#if LENGTH > FIRST_RADIX
  for (uint span = SPAN_AFTER (UNROLLED_PASSES); span < LENGTH;
       span *= RADIX)
    later_pass (x, buffer, pass_twiddles, span);
#endif
}

#if FFT_ROUND_TRIP
/* The forward transform's outputs, in store_last_pass's order, times the
 * gain at their positions, and conjugated for the inverse. */
void gain_outputs (float2 *x, const stage_args *a, uint first_lane)
{
  const uint per_lane = LENGTH / LAST_RADIX;
  for (uint b = 0; b < PER_THREAD / LAST_RADIX; b++)
    {
      uint q = get_local_id (0) + b * THREADS;
      uint lane = LANE_OF (q, per_lane), j = INDEX_OF (q, per_lane);
      for (uint r = 0; r < LAST_RADIX; r++)
        {
          uint index = global_index (first_lane + lane, j + r * per_lane,
                                     a->inner_out_shift);
          float gain = a->gain.separable ? separable_gain_of (&a->gain, index)
                                         : a->gains[index];
          float2 v = x[b * LAST_RADIX + r] * gain;
          x[b * LAST_RADIX + r] = (float2) (v.x, -v.y);
        }
    }
}

/* From store_last_pass's order back to load_first_pass's. */
void regroup_for_first_pass (float2 *x, local float2 *buffer)
{
  for (uint w = 0; w < WINDOWS; w++)
    {
      write_pass (buffer, x, LAST_RADIX, LENGTH / LAST_RADIX, w);
      barrier (CLK_LOCAL_MEM_FENCE);
      read_pass (x, buffer, FIRST_RADIX, w);
      barrier (CLK_LOCAL_MEM_FENCE);
    }
}
#endif

void run_stage (global const float2 *src, global float2 *dst,
                global const float2 *twiddles,
                global const float2 *pass_twiddles, const stage_args *a,
                local float2 *buffer)
{
  const uint first_lane = get_group_id (0) * TILE;
  float2 x[PER_THREAD];

  load_first_pass (x, src, twiddles, a, first_lane);
  transform (x, buffer, pass_twiddles);
#if FFT_ROUND_TRIP
  /* The last stage of the forward transform has no twiddles, nor has the
   * first of the inverse; the inverse conjugates on load (done with the
   * gain) and on store, and scales by 1/L. */
  stage_args inverse = *a;
  inverse.conj_sign = -1.0f;
  inverse.scale = 1.0f / LENGTH;
  gain_outputs (x, a, first_lane);
  regroup_for_first_pass (x, buffer);
  transform (x, buffer, pass_twiddles);
  a = &inverse;
#endif
#if FFT_LOAD_CONTIGUOUS == FFT_STORE_CONTIGUOUS
  store_last_pass (dst, twiddles, a, x, LAST_RADIX, first_lane);
#else
  store_regrouped (dst, twiddles, a, buffer, x, LAST_RADIX, first_lane);
#endif
}

__attribute__ ((reqd_work_group_size (THREADS, 1, 1)))
kernel void fft_stage (global const float2 *src, global float2 *dst,
                       global const float2 *twiddles,
                       global const float2 *pass_twiddles,
                       uint inner_in_shift, uint inner_out_shift,
                       uint twiddle_lane_shift, uint twiddle_step,
                       int twiddle_mode, float conj_sign, float scale
#if FFT_TWO_PLANES
                       ,
                       global float2 *second_plane
#endif
#if FFT_ROUND_TRIP
                       ,
                       global const float *gains
#endif
#if GAIN_ARGS
                       ,
                       GAIN_PARAMETERS
#endif
#if FFT_MIX
                       ,
                       global const uint *mirrors
#endif
)
{
  local float2 buffer[LOCAL_VALUES];
  const stage_args a = {
    inner_in_shift, inner_out_shift, twiddle_lane_shift, twiddle_step,
    twiddle_mode,   conj_sign,       scale,
#if GAIN_ARGS
    GAIN_ARGS_OF_PARAMETERS,
#endif
#if FFT_ROUND_TRIP
    gains,
#endif
#if FFT_MIX
    mirrors,
#endif
  };
#if FFT_TWO_PLANES
  /* Two planes in one launch fill a GPU better than two launches on small
   * planes. Each gets its own call with kernel arguments: a pointer chosen
   * at run time is slower (docs/performance.md, "Rules in the code": two
   * planes per launch). */
  if (get_group_id (1))
    run_stage (second_plane, second_plane, twiddles, pass_twiddles, &a,
               buffer);
  else
#endif
    run_stage (src, dst, twiddles, pass_twiddles, &a, buffer);
}

#endif
