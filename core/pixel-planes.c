#include "pixel-planes.h"

#include <math.h>

/* CIE 1976 lightness L* against relative luminance Y (white = 1). The
 * linear segment near black also carries the negative luminances that a
 * band-pass can produce, so the round trip stays invertible. */
#define CIE_EPSILON (216.0f / 24389.0f)
#define CIE_KAPPA   (24389.0f / 27.0f)

static float
lightness_to_luminance (float lightness)
{
  float cube_root;

  if (lightness <= CIE_KAPPA * CIE_EPSILON)
    return lightness / CIE_KAPPA;

  cube_root = (lightness + 16.0f) / 116.0f;
  return cube_root * cube_root * cube_root;
}

static float
luminance_to_lightness (float luminance)
{
  if (luminance <= CIE_EPSILON)
    return CIE_KAPPA * luminance;

  return 116.0f * cbrtf (luminance) - 16.0f;
}

static size_t
plane_index (const PlaneGeometry *geometry,
             size_t               plane,
             size_t               x,
             size_t               y)
{
  return (plane * geometry->padded_height + y) * geometry->padded_width + x;
}

static float
opacity (const PixelLayout *layout,
         const float       *pixel)
{
  float alpha = pixel[layout->components - 1];

  return alpha < 0.0f ? 0.0f : alpha > 1.0f ? 1.0f : alpha;
}

static void
composite_over_mean (const PixelLayout   *layout,
                     const PlaneGeometry *geometry,
                     const float         *pixels,
                     float               *planes,
                     size_t               plane)
{
  double weighted_sum = 0.0;
  double weight_sum   = 0.0;
  float  mean;

  for (size_t y = 0; y < geometry->height; y++)
    for (size_t x = 0; x < geometry->width; x++)
      {
        float weight = opacity (layout, pixels + (y * geometry->width + x) *
                                                 layout->components);

        weighted_sum += weight * planes[plane_index (geometry, plane, x, y)];
        weight_sum   += weight;
      }

  mean = weight_sum > 0.0 ? (float) (weighted_sum / weight_sum) : 0.0f;

  for (size_t y = 0; y < geometry->height; y++)
    for (size_t x = 0; x < geometry->width; x++)
      {
        float  weight = opacity (layout, pixels + (y * geometry->width + x) *
                                                  layout->components);
        float *value  = planes + plane_index (geometry, plane, x, y);

        *value = weight * *value + (1.0f - weight) * mean;
      }
}

static int
is_lightness (const PixelLayout *layout,
              size_t             plane)
{
  return plane == 0 && layout->lightness_as_luminance;
}

/* One pass over the pixels, each read once: the planes are written side by
 * side. */
void
pixel_planes_gather_rows (const PixelLayout   *layout,
                          const PlaneGeometry *geometry,
                          const float         *pixels,
                          float               *planes,
                          size_t               first,
                          size_t               end)
{
  for (size_t y = first; y < end; y++)
    for (size_t x = 0; x < geometry->width; x++)
      {
        const float *pixel = pixels + (y * geometry->width + x) *
                                      layout->components;

        for (size_t plane = 0; plane < layout->colour_planes; plane++)
          planes[plane_index (geometry, plane, x, y)] =
            is_lightness (layout, plane) ? lightness_to_luminance (pixel[plane])
                                         : pixel[plane];
      }
}

void
pixel_planes_composite (const PixelLayout   *layout,
                        const PlaneGeometry *geometry,
                        const float         *pixels,
                        float               *planes)
{
  for (size_t plane = 0; layout->has_alpha && plane < layout->colour_planes;
       plane++)
    composite_over_mean (layout, geometry, pixels, planes, plane);
}

void
pixel_planes_gather (const PixelLayout   *layout,
                     const PlaneGeometry *geometry,
                     const float         *pixels,
                     float               *planes)
{
  pixel_planes_gather_rows (layout, geometry, pixels, planes, 0,
                            geometry->height);
  pixel_planes_composite (layout, geometry, pixels, planes);
}

void
pixel_planes_scatter (const PixelLayout   *layout,
                      const PlaneGeometry *geometry,
                      const float         *planes,
                      float               *pixels)
{
  for (size_t y = 0; y < geometry->height; y++)
    for (size_t x = 0; x < geometry->width; x++)
      {
        float *pixel = pixels + (y * geometry->width + x) *
                                layout->components;

        if (layout->has_alpha && pixel[layout->components - 1] <= 0.0f)
          continue;

        for (size_t plane = 0; plane < layout->colour_planes; plane++)
          {
            float value = planes[plane_index (geometry, plane, x, y)];

            pixel[plane] = is_lightness (layout, plane)
                           ? luminance_to_lightness (value) : value;
          }
      }
}
