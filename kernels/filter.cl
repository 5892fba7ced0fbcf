/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The band-pass filter's kernels around the FFT: packing two real planes
 * into one complex plane, unpacking for the download, windows, the
 * spectrum view and the gain's table or factors for fftcl_filter_once's round
 * trip. The gain is otherwise applied by the first inverse FFT stage.
 * These kernels live in the program built once per device, the FFT stages
 * in programs built per stage shape (FFT_LENGTH defined). */
#ifndef FFT_LENGTH

/* Two real planes uploaded one after the other become one complex plane:
 * the first its real part, the second (when there is one) its imaginary
 * part. */
kernel void pack_planes (global const float *planes, global float2 *packed,
                         uint area, int has_imaginary)
{
  uint i = get_global_id (0);
  packed[i] = (float2) (planes[i], has_imaginary ? planes[area + i] : 0.0f);
}

/* Rewrites each chunk of `chunk` complex values, in place, as its real parts
 * followed by its imaginary parts, so that two rectangular reads deliver
 * the two real planes. A work-group owns a chunk and stages it in local
 * memory, so no write can overtake a read of another work-item. */
kernel void split_chunks (global float2 *data, local float *staged,
                          uint chunk)
{
  global float2 *values = data + get_group_id (0) * chunk;
  global float *floats = (global float *) values;
  for (uint i = get_local_id (0); i < chunk; i += get_local_size (0))
    {
      float2 v = values[i];
      staged[i] = v.x;
      staged[chunk + i] = v.y;
    }
  barrier (CLK_LOCAL_MEM_FENCE);
  for (uint i = get_local_id (0); i < 2 * chunk; i += get_local_size (0))
    floats[i] = staged[i];
}

/* Value (i, j) of a window of a filtered plane: the mean of the step × step
 * block whose top-left corner is (x + i·step, y + j·step), for the real
 * plane at means[0 …] and the imaginary one at means[window area …]. The
 * plane's values are `value_floats` floats apart (2 for a pair packed in a
 * complex plane, the second its imaginary part; 1 for a lone real plane),
 * its rows `row_floats`. The range may be rounded up past the window. */
kernel void window_means (global const float *plane, global float *means,
                          uint row_floats, uint value_floats, uint x, uint y,
                          uint step, uint window_width, uint window_height,
                          int has_imaginary)
{
  uint i = get_global_id (0), j = get_global_id (1);
  if (i >= window_width || j >= window_height)
    return;
  global const float *block = plane + (size_t) (y + j * step) * row_floats
                              + (size_t) (x + i * step) * value_floats;
  float2 sum = 0.0f;
  for (uint dy = 0; dy < step; dy++)
    for (uint dx = 0; dx < step; dx++)
      {
        global const float *v
          = block + (size_t) dy * row_floats + dx * value_floats;
        sum.x += v[0];
        if (has_imaginary)
          sum.y += v[1];
      }
  float2 mean = sum / (float) (step * step);
  uint at = j * window_width + i;
  means[at] = mean.x;
  if (has_imaginary)
    means[window_width * window_height + at] = mean.y;
}

/* gains[i]: the gain at position i of the spectrum planes. */
kernel void gain_table (global float *gains, GAIN_PARAMETERS)
{
  const gain_args g = GAIN_ARGS_OF_PARAMETERS;
  uint i = get_global_id (0);
  gains[i] = gain_of (&g, i);
}

/* table[p]: gain_args' factors of a separable gain at position p, of x
 * for p < width, else of y (`factors` is the same buffer, unread). */
kernel void gain_factors (global float4 *table, GAIN_PARAMETERS)
{
  uint p = get_global_id (0);
  float f = frequencies[p];
  int across = p < width ? GAIN_STRIPES_HORIZONTAL : GAIN_STRIPES_VERTICAL;
  table[p] = (float4) (gain_gaussian (f, small_period),
                       gain_large_gaussian (f, large_period),
                       gain_axis_stripes (f, stripes, across, stripe_scale),
                       f == 0.0f ? 1.0f : 0.0f);
}

/* The notches' product (gain.h's gain_notches_at) at every bin of the
 * filter's grid, the global range, in natural order (gain.h's gain_args):
 * table[ky · width + kx]. A work-group's bins lie in one cell of the
 * notch index, so it runs over the cell's discs together. Gaussian discs
 * are separable (gain.h's gain_gaussian_disc_axis): the work-group first
 * works out their factors along its columns and rows, `chunk` discs at a
 * time (x_factors: chunk × its width, y_factors: chunk × its height), and
 * then needs no exp per disc and bin. */
kernel void notch_table (global float *table, global const float *notches,
                         global const uint *starts, global const uint *discs,
                         int cells, int shape, float order,
                         local float *x_factors, local float *y_factors,
                         uint chunk)
{
  uint width = get_global_size (0), height = get_global_size (1);
  uint kx = get_global_id (0), ky = get_global_id (1);
  float fx = natural_frequency (kx, width);
  float fy = natural_frequency (ky, height);
  global float *at = table + (size_t) ky * width + kx;
  const gain_notch_index index = { notches, starts, discs, cells };
  if (shape != GAIN_SHAPE_GAUSSIAN)
    {
      *at = gain_notches_at (fx, fy, &index, shape, order);
      return;
    }
  uint tile_x = get_local_size (0), tile_y = get_local_size (1);
  uint lx = get_local_id (0), ly = get_local_id (1);
  uint me = ly * tile_x + lx, team = tile_x * tile_y;
  uint x0 = kx - lx, y0 = ky - ly;
  int cell = gain_cell (fy, cells) * cells + gain_cell (fx, cells);
  float product = 1;
  for (uint base = starts[cell]; base < starts[cell + 1]; base += chunk)
    {
      uint count = min (chunk, starts[cell + 1] - base);
      for (uint t = me; t < count * tile_x; t += team)
        x_factors[t] = gain_gaussian_disc_axis (
          natural_frequency (x0 + t % tile_x, width), notches,
          discs[base + t / tile_x], 0);
      for (uint t = me; t < count * tile_y; t += team)
        y_factors[t] = gain_gaussian_disc_axis (
          natural_frequency (y0 + t % tile_y, height), notches,
          discs[base + t / tile_y], 1);
      barrier (CLK_LOCAL_MEM_FENCE);
      for (uint j = 0; j < count; j++)
        product *= 1 - x_factors[j * tile_x + lx] * y_factors[j * tile_y + ly];
      barrier (CLK_LOCAL_MEM_FENCE);
    }
  *at = product;
}

/* From the spectrum order's frequency table (k/N per position, x then y),
 * the position of each frequency index k in 0 … N − 1, x then y. */
kernel void invert_frequencies (global const float *frequencies,
                                global uint *positions, uint width,
                                uint height)
{
  uint p = get_global_id (0);
  int is_x = p < width;
  uint length = is_x ? width : height, at = is_x ? p : p - width;
  int k = convert_int_rte (frequencies[p] * (float) length);
  positions[(is_x ? 0 : width) + ((uint) k & (length - 1))] = at;
}

/* Adds the amplitudes of the real planes packed in `spectrum`, Z = A + iB,
 * at frequency (kx, ky) to sums[ky · width + kx] (sets it when `first`).
 * With M = conj Z(−k): |A| = |Z + M| / 2, |B| = |Z − M| / 2. A `lone` real
 * plane x lies in a spectrum of half the width as x_even + i·x_odd
 * (kernels/fft.cl's FFT_MIX): there E = (Z + M) / 2 and O = (Z − M) / 2i
 * are the spectra of its even and odd columns, and
 * X(kx) = E(k) + exp(−iπ kx / W) O(k), with k = kx mod W, the half width. */
kernel void amplitude_sums (global const float2 *spectrum,
                            global float *sums,
                            global const uint *positions, uint width,
                            uint height, int has_imaginary, int lone,
                            int first)
{
  uint kx = get_global_id (0), ky = get_global_id (1);
  uint spectrum_width = lone ? width / 2 : width;
  uint k = kx & (spectrum_width - 1);
  global const uint *row_of = positions + spectrum_width;
  float2 z = spectrum[(size_t) row_of[ky] * spectrum_width + positions[k]];
  float amplitude = length (z);
  if (has_imaginary || lone)
    {
      uint mirror_x = (spectrum_width - k) & (spectrum_width - 1);
      uint mirror_y = (height - ky) & (height - 1);
      float2 m = spectrum[(size_t) row_of[mirror_y] * spectrum_width
                          + positions[mirror_x]];
      float2 sum = (float2) (z.x + m.x, z.y - m.y) / 2;
      float2 difference = (float2) (z.x - m.x, z.y + m.y) / 2;
      amplitude = length (sum) + length (difference);
      if (lone)
        {
          float2 odd = (float2) (difference.y, -difference.x);
          float turns = (float) kx / (float) spectrum_width;
          float c = cospi (turns), s = sinpi (turns);
          amplitude = length (sum + (float2) (c * odd.x + s * odd.y,
                                              c * odd.y - s * odd.x));
        }
    }
  size_t at = (size_t) ky * width + kx;
  sums[at] = first ? amplitude : sums[at] + amplitude;
}

/* Cell (u, v) of the centred view: the largest of sums[0 …] over the
 * frequencies kx from (u − out_width/2) · (width/out_width), for
 * width/out_width bins, and likewise in y, times `norm`; written after
 * the sums, at sums[width · height + v · out_width + u]. */
kernel void spectrum_cells (global float *sums, uint width, uint height,
                            uint out_width, uint out_height, float norm)
{
  uint u = get_global_id (0), v = get_global_id (1);
  uint bins_x = width / out_width, bins_y = height / out_height;
  uint kx = (u * bins_x + width - out_width / 2 * bins_x) & (width - 1);
  uint ky = (v * bins_y + height - out_height / 2 * bins_y) & (height - 1);
  float largest = 0.0f;
  for (uint dy = 0; dy < bins_y; dy++)
    for (uint dx = 0; dx < bins_x; dx++)
      largest = fmax (largest, sums[(size_t) (ky + dy) * width + kx + dx]);
  sums[(size_t) width * height + v * out_width + u] = largest * norm;
}

#endif
