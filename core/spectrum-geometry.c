/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-geometry.h"

#include <math.h>
#include <string.h>

void
spectrum_map_fit (SpectrumMap *map,
                  double       allocated_width,
                  double       allocated_height,
                  int          data_width,
                  int          data_height)
{
  map->data_width  = data_width;
  map->data_height = data_height;
  map->size  = fmin (allocated_width, allocated_height);
  map->left  = (allocated_width - map->size) / 2;
  map->top   = (allocated_height - map->size) / 2;
  /* The data spans one cycle per pixel on each axis. */
  map->scale = map->size;
  /* The centre of cell (width / 2, height / 2) is fx = fy = 0. */
  map->origin_x = map->left + (data_width / 2 + 0.5) * map->size / data_width;
  map->origin_y = map->top + (data_height / 2 + 0.5) * map->size / data_height;
}

void
spectrum_map_to_frequency (const SpectrumMap *map,
                           double x, double y,
                           double *fx, double *fy)
{
  *fx = (x - map->origin_x) / map->scale;
  *fy = (y - map->origin_y) / map->scale;
}

void
spectrum_map_to_screen (const SpectrumMap *map,
                        double fx, double fy,
                        double *x, double *y)
{
  *x = map->origin_x + fx * map->scale;
  *y = map->origin_y + fy * map->scale;
}

int
spectrum_map_contains (const SpectrumMap *map, double x, double y)
{
  return x >= map->left && x < map->left + map->size &&
         y >= map->top && y < map->top + map->size;
}

static int
clamp_cell (double cell, int cells)
{
  return (int) fmin (fmax (floor (cell + 0.5), 0), cells - 1);
}

void
spectrum_map_cell (const SpectrumMap *map,
                   double fx, double fy,
                   int *u, int *v)
{
  *u = clamp_cell (fx * map->data_width + map->data_width / 2,
                   map->data_width);
  *v = clamp_cell (fy * map->data_height + map->data_height / 2,
                   map->data_height);
}

void
spectrum_map_cell_frequency (const SpectrumMap *map,
                             double u, double v,
                             double *fx, double *fy)
{
  *fx = (u - map->data_width / 2) / map->data_width;
  *fy = (v - map->data_height / 2) / map->data_height;
}

double
spectrum_period (double fx, double fy)
{
  double f = hypot (fx, fy);

  return f > 0 ? 1 / f : 0;
}

double
spectrum_stripe_angle (double fx, double fy)
{
  /* The stripes run along (−fy, fx) in image coordinates; the screen's
   * up is −y. */
  double degrees = atan2 (-fx, -fy) * 180 / M_PI;

  degrees = fmod (degrees + 360, 180);
  return degrees >= 180 - 1e-9 ? 0 : degrees;
}

static double
ring_distance (const SpectrumMap *map, double radius, double period)
{
  return period > 0 ? fabs (radius - map->scale / period) : INFINITY;
}

SpectrumRing
spectrum_ring_at (const SpectrumMap *map,
                  double x, double y,
                  double large_period,
                  double small_period,
                  double tolerance)
{
  double radius = hypot (x - map->origin_x, y - map->origin_y);
  double large  = ring_distance (map, radius, large_period);
  double small  = ring_distance (map, radius, small_period);

  if (fmin (large, small) > tolerance)
    return SPECTRUM_RING_NONE;
  return large <= small ? SPECTRUM_RING_LARGE : SPECTRUM_RING_SMALL;
}

int
spectrum_notch_at (const SpectrumMap *map,
                   const double      *notches,
                   size_t             notch_count,
                   double x, double y,
                   double tolerance)
{
  int    nearest = -1;
  double nearest_distance = INFINITY;

  for (size_t i = 0; i < notch_count; i++)
    {
      const double *notch = notches + 3 * i;
      double reach = fmax (notch[2] * map->scale, tolerance);

      for (int side = -1; side <= 1; side += 2)
        {
          double cx, cy, distance;

          spectrum_map_to_screen (map, side * notch[0], side * notch[1],
                                  &cx, &cy);
          distance = hypot (x - cx, y - cy);
          if (distance <= reach && distance < nearest_distance)
            {
              nearest = (int) i;
              nearest_distance = distance;
            }
        }
    }

  return nearest;
}

static int
is_zero_frequency (int u, int v, int width, int height)
{
  return u == width / 2 && v == height / 2;
}

/* The vertex of the parabola through (−1, before), (0, at), (1, after),
 * within half a cell; 0 where a neighbour is missing or the three do not
 * make a peak. */
static double
parabola_offset (double before, double at, double after)
{
  double curvature = before - 2 * at + after;

  if (! (curvature < 0))
    return 0;
  return fmin (fmax (0.5 * (before - after) / curvature, -0.5), 0.5);
}

static double
refine (const float *amplitude, int width, int height, int u, int v,
        int du, int dv)
{
  int before_u = u - du, before_v = v - dv;
  int after_u  = u + du, after_v  = v + dv;

  if (before_u < 0 || before_v < 0 || after_u >= width || after_v >= height ||
      is_zero_frequency (before_u, before_v, width, height) ||
      is_zero_frequency (after_u, after_v, width, height))
    return 0;
  return parabola_offset (amplitude[(size_t) before_v * width + before_u],
                          amplitude[(size_t) v * width + u],
                          amplitude[(size_t) after_v * width + after_u]);
}

int
spectrum_snap_to_peak (const float *amplitude,
                       int width, int height,
                       int u, int v, int reach,
                       double *peak_u, double *peak_v)
{
  int   best_u = -1, best_v = -1;
  float best = -INFINITY;

  for (int cv = v - reach; cv <= v + reach; cv++)
    for (int cu = u - reach; cu <= u + reach; cu++)
      {
        float value;

        if (cu < 0 || cv < 0 || cu >= width || cv >= height ||
            is_zero_frequency (cu, cv, width, height))
          continue;
        value = amplitude[(size_t) cv * width + cu];
        if (value > best)
          {
            best = value;
            best_u = cu;
            best_v = cv;
          }
      }

  if (best_u < 0)
    return 0;
  *peak_u = best_u + refine (amplitude, width, height, best_u, best_v, 1, 0);
  *peak_v = best_v + refine (amplitude, width, height, best_u, best_v, 0, 1);
  return 1;
}

size_t
spectrum_notches_remove (double *notches, size_t count, size_t index)
{
  size_t start = 3 * index;

  if (start + 3 > count)
    return count;
  memmove (notches + start, notches + start + 3,
           (count - start - 3) * sizeof *notches);
  return count - 3;
}

size_t
spectrum_notches_append (double *notches, size_t count,
                         double fx, double fy, double radius)
{
  notches[count]     = fx;
  notches[count + 1] = fy;
  notches[count + 2] = radius;
  return count + 3;
}
