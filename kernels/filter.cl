/* The band-pass filter's kernels around the FFT: packing two real planes
 * into one complex plane, unpacking for the download, windows, the
 * spectrum view and the gain's table or factors for fftcl_filter's round
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
 * range may be rounded up past the window. */
kernel void window_means (global const float2 *plane, global float *means,
                          uint width, uint x, uint y, uint step,
                          uint window_width, uint window_height,
                          int has_imaginary)
{
  uint i = get_global_id (0), j = get_global_id (1);
  if (i >= window_width || j >= window_height)
    return;
  global const float2 *block
    = plane + (size_t) (y + j * step) * width + x + i * step;
  float2 sum = 0.0f;
  for (uint dy = 0; dy < step; dy++)
    for (uint dx = 0; dx < step; dx++)
      sum += block[(size_t) dy * width + dx];
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
 * With M = conj Z(−k): |A| = |Z + M| / 2, |B| = |Z − M| / 2. */
kernel void amplitude_sums (global const float2 *spectrum,
                            global float *sums,
                            global const uint *positions, uint width,
                            uint height, int has_imaginary, int first)
{
  uint kx = get_global_id (0), ky = get_global_id (1);
  global const uint *row_of = positions + width;
  float2 z = spectrum[(size_t) row_of[ky] * width + positions[kx]];
  float amplitude = length (z);
  if (has_imaginary)
    {
      uint mirror_x = (width - kx) & (width - 1);
      uint mirror_y = (height - ky) & (height - 1);
      float2 m = spectrum[(size_t) row_of[mirror_y] * width
                          + positions[mirror_x]];
      amplitude = (length ((float2) (z.x + m.x, z.y - m.y))
                   + length ((float2) (z.x - m.x, z.y + m.y))) / 2;
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
