/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "pixel-planes.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* CIE 1976 lightness L* against relative luminance Y (white = 1). The
 * linear segment near black also carries the negative luminances that a
 * band-pass can produce, so the round trip stays invertible. Either way
 * a finite value stays finite, saturating at ±FLT_MAX. */
#define CIE_EPSILON (216.0f / 24389.0f)
#define CIE_KAPPA   (24389.0f / 27.0f)

static float
saturated (double value)
{
  return value > FLT_MAX ? FLT_MAX : value < -FLT_MAX ? -FLT_MAX : value;
}

static float
lightness_to_luminance (float lightness)
{
  float cube_root;

  if (lightness <= CIE_KAPPA * CIE_EPSILON)
    return lightness / CIE_KAPPA;

  cube_root = (lightness + 16.0f) / 116.0f;
  return saturated (cube_root * cube_root * cube_root);
}

static float
luminance_to_lightness (float luminance)
{
  if (luminance <= CIE_EPSILON)
    return saturated (CIE_KAPPA * luminance);

  return 116.0f * cbrtf (luminance) - 16.0f;
}

int
plane_survey_init (PlaneSurvey *survey,
                   size_t       rows,
                   size_t       planes)
{
  *survey = (PlaneSurvey) { rows, planes,
                            calloc (rows * planes, sizeof (float)),
                            calloc (rows, 1),
                            calloc (planes, sizeof (float)) };
  if (survey->largest && survey->unseen && survey->means)
    return 1;

  plane_survey_clear (survey);
  return 0;
}

void
plane_survey_clear (PlaneSurvey *survey)
{
  free (survey->largest);
  free (survey->unseen);
  free (survey->means);
  survey->largest = NULL;
  survey->unseen  = NULL;
  survey->means   = NULL;
}

int
plane_survey_unseen (const PlaneSurvey *survey)
{
  for (size_t y = 0; y < survey->rows; y++)
    if (survey->unseen[y])
      return 1;
  return 0;
}

float
plane_survey_scale (const PlaneSurvey *survey,
                    size_t             plane)
{
  float largest = 0.0f;
  int   exponent;

  for (size_t y = 0; y < survey->rows; y++)
    largest = fmaxf (largest, survey->largest[y * survey->planes + plane]);

  if (largest <= PIXEL_PLANES_LIMIT)
    return 1.0f;

  frexpf (largest, &exponent);
  return ldexpf (1.0f, -exponent);
}

int
plane_survey_plain (const PlaneSurvey *survey)
{
  if (plane_survey_unseen (survey))
    return 0;

  for (size_t plane = 0; plane < survey->planes; plane++)
    if (plane_survey_scale (survey, plane) != 1.0f)
      return 0;
  return 1;
}

static size_t
plane_index (const PlaneGeometry *geometry,
             size_t               plane,
             size_t               x,
             size_t               y)
{
  return (plane * geometry->padded_height + y) * geometry->padded_width + x;
}

static int
is_lightness (const PixelLayout *layout,
              size_t             plane)
{
  return plane == 0 && layout->lightness_as_luminance;
}

static int
colour_is_finite (const PixelLayout *layout,
                  const float       *pixel)
{
  for (size_t plane = 0; plane < layout->colour_planes; plane++)
    if (! isfinite (pixel[plane]))
      return 0;
  return 1;
}

/* The value plane `plane` holds for a pixel's component. */
static float
plane_value (const PixelLayout *layout,
             size_t             plane,
             float              value)
{
  return is_lightness (layout, plane) ? lightness_to_luminance (value)
                                      : value;
}

/* How much of the pixel's colour the filter sees: its alpha within
 * 0 … 1 (NaN counting as 0), 1 without alpha; nothing where its colour
 * is not finite, which only a row that is unseen (`row_unseen`) can
 * hold. */
static float
weight (const PixelLayout *layout,
        const float       *pixel,
        int                row_unseen)
{
  float alpha = layout->has_alpha ? pixel[layout->components - 1] : 1.0f;

  if ((row_unseen && ! colour_is_finite (layout, pixel)) || ! (alpha > 0.0f))
    return 0.0f;
  return alpha > 1.0f ? 1.0f : alpha;
}

static const float *
pixel_at (const PixelLayout   *layout,
          const PlaneGeometry *geometry,
          const float         *pixels,
          size_t               x,
          size_t               y)
{
  return pixels + (y * geometry->width + x) * layout->components;
}

/* What the filter sees of a value that weighs `seen` (0 < seen ≤ 1)
 * over the plane's mean. */
static float
composited (float value,
            float seen,
            float mean)
{
  return seen * value + (1.0f - seen) * mean;
}

static void
composite_over_mean (const PixelLayout   *layout,
                     const PlaneGeometry *geometry,
                     const float         *pixels,
                     float               *planes,
                     PlaneSurvey         *survey,
                     size_t               plane)
{
  double weighted_sum = 0.0;
  double weight_sum   = 0.0;
  float  mean;

  for (size_t y = 0; y < geometry->height; y++)
    {
      const float *pixel = pixel_at (layout, geometry, pixels, 0, y);
      const float *value = planes + plane_index (geometry, plane, 0, y);

      for (size_t x = 0; x < geometry->width; x++, pixel += layout->components)
        {
          float seen = weight (layout, pixel, survey->unseen[y]);

          if (seen > 0.0f)
            {
              weighted_sum += seen * value[x];
              weight_sum   += seen;
            }
        }
    }

  mean = weight_sum > 0.0 ? (float) (weighted_sum / weight_sum) : 0.0f;
  survey->means[plane] = mean;

  for (size_t y = 0; y < geometry->height; y++)
    {
      const float *pixel   = pixel_at (layout, geometry, pixels, 0, y);
      float       *value   = planes + plane_index (geometry, plane, 0, y);
      float        largest = 0.0f;

      for (size_t x = 0; x < geometry->width; x++, pixel += layout->components)
        {
          float seen = weight (layout, pixel, survey->unseen[y]);

          value[x] = seen > 0.0f ? composited (value[x], seen, mean) : mean;
          largest  = fmaxf (largest, fabsf (value[x]));
        }
      survey->largest[y * survey->planes + plane] = largest;
    }
}

/* Whether every one of the `count` values is finite and at most
 * PIXEL_PLANES_LIMIT in magnitude, and *largest the largest magnitude:
 * one reduction over the magnitudes' bits (ordered as the magnitudes
 * are, NaN above infinity), which the compiler vectorises. */
static int
values_within_limit (const float *values,
                     size_t       count,
                     float       *largest)
{
  uint32_t most = 0;

  for (size_t i = 0; i < count; i++)
    {
      uint32_t bits;

      memcpy (&bits, values + i, sizeof bits);
      bits &= 0x7fffffffu;
      most  = bits > most ? bits : most;
    }
  memcpy (largest, &most, sizeof most);
  return most < 0x7f800000u && *largest <= PIXEL_PLANES_LIMIT;
}

/* The survey of row y alone where its values are planes' values, all
 * finite and within the limit: one pass over the row, each plane's
 * largest the row's (plane_survey_scale reads no more from it); 0 where
 * the row needs the survey value by value. */
static int
survey_plain_row (const PixelLayout   *layout,
                  const PlaneGeometry *geometry,
                  const float         *pixels,
                  PlaneSurvey         *survey,
                  size_t               y)
{
  float largest;

  if (layout->lightness_as_luminance ||
      ! values_within_limit (pixel_at (layout, geometry, pixels, 0, y),
                             geometry->width * layout->components, &largest))
    return 0;

  survey->unseen[y] = 0;
  for (size_t plane = 0; plane < layout->colour_planes; plane++)
    survey->largest[y * survey->planes + plane] = largest;
  return 1;
}

/* Plane by plane through each row, the row's pixels staying in cache:
 * the values go into the plane (when there are planes), the largest
 * magnitude (NaN left out, inf counting) and whether a pixel's value was
 * not finite into the survey; a plain row's survey (survey_plain_row)
 * where only the survey is made. */
void
pixel_planes_gather_rows (const PixelLayout   *layout,
                          const PlaneGeometry *geometry,
                          const float         *pixels,
                          float               *planes,
                          PlaneSurvey         *survey,
                          size_t               first,
                          size_t               end)
{
  for (size_t y = first; y < end; y++)
    {
      if (! planes && survey_plain_row (layout, geometry, pixels, survey, y))
        continue;

      survey->unseen[y] = 0;
      for (size_t plane = 0; plane < layout->colour_planes; plane++)
        {
          const float *value   = pixel_at (layout, geometry, pixels, 0, y) +
                                 plane;
          float       *row     = planes ? planes + plane_index (geometry,
                                                                plane, 0, y)
                                        : NULL;
          float        largest = 0.0f;
          int          lost    = 0;

          for (size_t x = 0; x < geometry->width;
               x++, value += layout->components)
            {
              float filtered  = plane_value (layout, plane, *value);
              float magnitude = fabsf (filtered);

              largest = magnitude > largest ? magnitude : largest;
              lost   |= ! (fabsf (*value) <= FLT_MAX);
              if (row)
                row[x] = filtered;
            }

          survey->largest[y * survey->planes + plane] = largest;
          survey->unseen[y] |= lost;
        }
    }
}

void
pixel_planes_composite (const PixelLayout   *layout,
                        const PlaneGeometry *geometry,
                        const float         *pixels,
                        float               *planes,
                        PlaneSurvey         *survey)
{
  if (! layout->has_alpha && ! plane_survey_unseen (survey))
    return;

  for (size_t plane = 0; plane < layout->colour_planes; plane++)
    composite_over_mean (layout, geometry, pixels, planes, survey, plane);
}

int
pixel_planes_gather (const PixelLayout   *layout,
                     const PlaneGeometry *geometry,
                     const float         *pixels,
                     float               *planes,
                     float               *means)
{
  PlaneSurvey survey;

  if (! plane_survey_init (&survey, geometry->height, layout->colour_planes))
    return 0;

  pixel_planes_gather_rows (layout, geometry, pixels, planes, &survey, 0,
                            geometry->height);
  pixel_planes_composite (layout, geometry, pixels, planes, &survey);
  memcpy (means, survey.means, layout->colour_planes * sizeof (float));

  plane_survey_clear (&survey);
  return 1;
}

/* A translucent pixel's value: the one read, `read` (as its plane holds
 * it), changed by what the filter removed from its composite, which came
 * out as `filtered` (unscaled). In double, so that no difference
 * overflows. */
static float
translucent_value (float  read,
                   float  seen,
                   float  mean,
                   double filtered)
{
  return saturated ((double) read +
                    (filtered - (double) composited (read, seen, mean)));
}

void
pixel_planes_scatter (const PixelLayout   *layout,
                      const PlaneGeometry *geometry,
                      const float         *planes,
                      const float         *scales,
                      const float         *means,
                      float               *pixels,
                      size_t               first,
                      size_t               end)
{
  for (size_t y = first; y < end; y++)
    for (size_t x = 0; x < geometry->width; x++)
      {
        float *pixel = pixels + (y * geometry->width + x) *
                                layout->components;
        float  seen  = weight (layout, pixel, 1);

        if (seen == 0.0f)
          continue;

        for (size_t plane = 0; plane < layout->colour_planes; plane++)
          {
            double filtered = (double) planes[plane_index (geometry, plane,
                                                           x, y)] /
                              scales[plane];
            float  value    = seen >= 1.0f
                              ? saturated (filtered)
                              : translucent_value (plane_value (layout, plane,
                                                                pixel[plane]),
                                                   seen, means[plane],
                                                   filtered);

            pixel[plane] = is_lightness (layout, plane)
                           ? luminance_to_lightness (value) : value;
          }
      }
}

size_t
pixel_planes_keep_unseen (const PixelLayout *layout,
                          const float       *read,
                          float             *written,
                          size_t             count)
{
  size_t kept = 0;

  for (size_t i = 0; i < count * layout->components; i += layout->components)
    if (! colour_is_finite (layout, read + i))
      {
        if (written)
          memcpy (written + i, read + i, layout->components * sizeof (float));
        kept++;
      }
  return kept;
}
