/* The band-pass filter's kernels around the FFT: packing two real planes
 * into one complex plane, and unpacking for the download. The gain is
 * applied by the first inverse FFT stage. These kernels live in the
 * program built once per device, the FFT stages in programs built per
 * stage shape (FFT_LENGTH defined). */
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

#endif
