/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pattern-cells.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* pattern_levels' block: its loops over blocks vectorise. */
#define BLOCK 256

void
pattern_cells_init (PatternCells *cells,
                    const float  *amplitude,
                    size_t        cells_x,
                    size_t        cells_y,
                    size_t        grid_width,
                    size_t        grid_height,
                    size_t        width,
                    size_t        height)
{
  *cells = (PatternCells) {
    .amplitude   = amplitude,
    .cells_x     = cells_x,
    .cells_y     = cells_y,
    .centre_x    = cells_x / 2,
    .centre_y    = cells_y / 2,
    .grid_width  = grid_width,
    .grid_height = grid_height,
    .width       = width,
    .height      = height,
    .bins_x      = (double) grid_width / cells_x,
    .bins_y      = (double) grid_height / cells_y,
  };
}

/* A cell covers `bins` bins from (position − centre) · bins on, so its
 * middle lies (bins − 1) / 2 further. */
static double
frequency_at (double position,
              size_t centre,
              double bins,
              size_t grid)
{
  return ((position - centre) * bins + (bins - 1) / 2) / grid;
}

static double
position_of (double frequency,
             size_t centre,
             double bins,
             size_t grid)
{
  return (frequency * grid - (bins - 1) / 2) / bins + centre;
}

void
pattern_cells_frequency (const PatternCells *cells,
                         double              u,
                         double              v,
                         double             *fx,
                         double             *fy)
{
  *fx = frequency_at (u, cells->centre_x, cells->bins_x, cells->grid_width);
  *fy = frequency_at (v, cells->centre_y, cells->bins_y, cells->grid_height);
}

void
pattern_cells_position (const PatternCells *cells,
                        double              fx,
                        double              fy,
                        double             *u,
                        double             *v)
{
  *u = position_of (fx, cells->centre_x, cells->bins_x, cells->grid_width);
  *v = position_of (fy, cells->centre_y, cells->bins_y, cells->grid_height);
}

int
pattern_region_holds (const PatternRegion *region,
                      const PatternCells  *cells,
                      double               fx,
                      double               fy)
{
  double across = fx * cells->width, down = fy * cells->height;
  double squared = fx * fx + fy * fy;

  if (across * across + down * down < region->floor_cycles *
                                      region->floor_cycles)
    return 0;
  if (squared < region->lowest * region->lowest)
    return 0;
  return region->highest <= 0 || squared <= region->highest *
                                             region->highest;
}

int
pattern_region_holds_cell (const PatternRegion *region,
                           const PatternCells  *cells,
                           size_t              u,
                           size_t              v)
{
  double fx, fy;

  pattern_cells_frequency (cells, u, v, &fx, &fy);
  return pattern_region_holds (region, cells, fx, fy);
}

/* ln x as the exponent of x and a polynomial for log2 of its mantissa
 * in [1, 2), the bits moved between floats and integers by memcpy so
 * that every loop vectorises. */
void
pattern_levels (const float *amplitude,
                float        *level,
                size_t       n)
{
  for (size_t base = 0; base < n; base += BLOCK)
    {
      size_t   m = n - base < BLOCK ? n - base : BLOCK;
      float    value[BLOCK], exponent[BLOCK];
      uint32_t bits[BLOCK];

      for (size_t k = 0; k < m; k++)
        {
          float a = amplitude[base + k] > PATTERN_AMPLITUDE_FLOOR ?
                    amplitude[base + k] : PATTERN_AMPLITUDE_FLOOR;

          value[k] = a < FLT_MAX ? a : FLT_MAX;
        }
      memcpy (bits, value, m * sizeof *bits);
      for (size_t k = 0; k < m; k++)
        {
          exponent[k] = (float) ((int32_t) (bits[k] >> 23) - 127);
          bits[k]     = (bits[k] & 0x007fffffu) | 0x3f800000u;
        }
      memcpy (value, bits, m * sizeof *value);
      for (size_t k = 0; k < m; k++)
        {
          float t = value[k] - 1;

          level[base + k] =
            0.69314718f *
            (exponent[k] + t * (1.44251703f + t * (-0.71789838f +
                                t * (0.45689417f + t * (-0.27736505f +
                                t * (0.12191414f + t * -0.0260663f))))));
        }
    }
}

float
pattern_level (float amplitude)
{
  float level;

  pattern_levels (&amplitude, &level, 1);
  return level;
}

float
pattern_cells_level (const PatternCells *cells,
                     size_t              u,
                     size_t              v)
{
  return pattern_level (cells->amplitude[v * cells->cells_x + u]);
}
