#include "padded-planes.h"

#include <stdlib.h>

typedef struct
{
  const PixelLayout   *layout;
  const PlaneGeometry *geometry;
  const float         *pixels;
  PaddingKind          padding;
  float               *planes;
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
                            job->planes, first, end);
}

static void
pad_rows (const void *job_pointer,
          size_t      first,
          size_t      end)
{
  const PaddingJob    *job      = job_pointer;
  const PlaneGeometry *geometry = job->geometry;

  for (size_t plane = 0; plane < job->layout->colour_planes; plane++)
    padding_fill_rows (job->planes + plane * plane_area (geometry),
                       geometry->width, geometry->padded_width, job->padding,
                       first, end);
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
 * them all), the margin to the right of each row, the margin rows below
 * (which need the rows whole). */
float *
padded_planes_make (const PixelLayout   *layout,
                    const PlaneGeometry *geometry,
                    const float         *pixels,
                    PaddingKind          padding,
                    RowSplit             split)
{
  /* Plain malloc: the threads of `split` write every value once, which
   * makes the pages there, side by side. */
  float      *planes = malloc (plane_area (geometry) * layout->colour_planes *
                               sizeof (float));
  PaddingJob  job    = { layout, geometry, pixels, padding, planes };

  if (! planes)
    return NULL;

  row_split_run (split, geometry->height, gather_rows, &job);
  pixel_planes_composite (layout, geometry, pixels, planes);
  row_split_run (split, geometry->height, pad_rows, &job);
  row_split_run (split, geometry->padded_height - geometry->height, pad_below,
                 &job);
  return planes;
}
