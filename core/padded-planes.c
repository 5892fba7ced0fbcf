/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "padded-planes.h"

#include <stdlib.h>

typedef struct
{
  const PixelLayout   *layout;
  const PlaneGeometry *geometry;
  const float         *pixels;
  PaddingKind          padding;
  float               *planes;
  PlaneSurvey         *survey;
  const float         *scales; /* what pad_rows multiplies each plane by
                                  (NULL: the rows are scaled already) */
} PaddingJob;

static size_t
plane_area (const PlaneGeometry *geometry)
{
  return geometry->padded_width * geometry->padded_height;
}

static void
gather_rows (const void *job_pointer,
             size_t      first,
             size_t      end)
{
  const PaddingJob *job = job_pointer;

  pixel_planes_gather_rows (job->layout, job->geometry, job->pixels,
                            job->planes, job->survey, first, end);
}

static void
scale_rows (float               *plane,
            const PlaneGeometry *geometry,
            float                scale,
            size_t               first,
            size_t               end)
{
  if (scale == 1.0f)
    return;

  for (size_t y = first; y < end; y++)
    for (size_t x = 0; x < geometry->width; x++)
      plane[y * geometry->padded_width + x] *= scale;
}

static void
scale_planes (const void *job_pointer,
              size_t      first,
              size_t      end)
{
  const PaddingJob *job = job_pointer;

  for (size_t plane = 0; plane < job->layout->colour_planes; plane++)
    scale_rows (job->planes + plane * plane_area (job->geometry),
                job->geometry, job->scales[plane], first, end);
}

/* Each image row scaled (where it is not yet), then the margin to its
 * right. */
static void
pad_rows (const void *job_pointer,
          size_t      first,
          size_t      end)
{
  const PaddingJob    *job      = job_pointer;
  const PlaneGeometry *geometry = job->geometry;

  for (size_t plane = 0; plane < job->layout->colour_planes; plane++)
    {
      float *values = job->planes + plane * plane_area (geometry);

      if (job->scales)
        scale_rows (values, geometry, job->scales[plane], first, end);
      padding_fill_rows (values, geometry->width, geometry->padded_width,
                         job->padding, first, end);
    }
}

/* The waves fitted to the planes scaled (their sums, in float, stay
 * within range as the FFT's do) and subtracted; the job's rows then
 * count as scaled. */
static int
remove_waves (PaddingJob        *job,
              const FittedWaves *waves,
              RowSplit           split)
{
  const PlaneGeometry *geometry = job->geometry;

  row_split_run (split, geometry->height, scale_planes, job);
  job->scales = NULL;
  return fitted_waves_remove (job->planes, job->layout->colour_planes,
                              plane_area (geometry), geometry->width,
                              geometry->height, geometry->padded_width,
                              waves->frequencies, waves->count, split);
}

static void
pad_below (const void *job_pointer,
           size_t      first,
           size_t      end)
{
  const PaddingJob    *job      = job_pointer;
  const PlaneGeometry *geometry = job->geometry;

  for (size_t plane = 0; plane < job->layout->colour_planes; plane++)
    padding_fill_below (job->planes + plane * plane_area (geometry),
                        geometry->height, geometry->padded_width,
                        geometry->padded_height, job->padding, first, end);
}

/* In order: the colour values, the compositing over the mean (which needs
 * them all), the scales (which need every value's magnitude), the waves
 * (fitted to the whole image, scaled), each row scaled (where the waves
 * did not) and the margin to its right, the margin rows below (which
 * need the rows whole). */
float *
padded_planes_make (const PixelLayout   *layout,
                    const PlaneGeometry *geometry,
                    const float         *pixels,
                    PaddingKind          padding,
                    const FittedWaves   *waves,
                    RowSplit             split,
                    PlaneSurvey         *survey,
                    float               *scales)
{
  /* Plain malloc: the threads of `split` write every value once, which
   * makes the pages there, side by side. */
  float      *planes = malloc (plane_area (geometry) * layout->colour_planes *
                               sizeof (float));
  PaddingJob  job    = { layout, geometry, pixels, padding, planes, survey,
                         scales };

  if (! planes)
    return NULL;

  row_split_run (split, geometry->height, gather_rows, &job);
  pixel_planes_composite (layout, geometry, pixels, planes, survey);
  for (size_t plane = 0; plane < layout->colour_planes; plane++)
    scales[plane] = plane_survey_scale (survey, plane);
  if (waves && waves->count > 0 && ! remove_waves (&job, waves, split))
    {
      free (planes);
      return NULL;
    }
  row_split_run (split, geometry->height, pad_rows, &job);
  row_split_run (split, geometry->padded_height - geometry->height, pad_below,
                 &job);
  return planes;
}

void
padded_planes_survey (const PixelLayout   *layout,
                      const PlaneGeometry *geometry,
                      const float         *pixels,
                      RowSplit             split,
                      PlaneSurvey         *survey)
{
  const PaddingJob job = { layout, geometry, pixels, PADDING_ZERO, NULL,
                           survey, NULL };

  row_split_run (split, geometry->height, gather_rows, &job);
}
