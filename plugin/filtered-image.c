#include "filtered-image.h"

#include "clock.h"
#include "parallel.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

struct FilteredImage
{
  FilteredImageSource  source;
  fftcl_plan          *plan;
  float               *window_planes;   /* the last window's filtered planes */
  size_t               window_capacity; /* floats window_planes holds */
};

static fftcl_status
out_of_memory (fftcl_error *err)
{
  if (err)
    {
      err->status = FFTCL_ERROR_MEMORY;
      snprintf (err->message, sizeof err->message,
                "not enough host memory for the image planes");
    }
  return FFTCL_ERROR_MEMORY;
}

double
filtered_image_reach (const fftcl_gain *gain)
{
  double widest = fmax (gain->large_period, gain->small_period);

  for (size_t i = 0; i < gain->notch_count; i++)
    widest = fmax (widest, 1.0 / gain->notches[3 * i + 2]);

  return fmax (widest, 8.0);
}

PlaneGeometry
filtered_image_geometry (size_t            width,
                         size_t            height,
                         const fftcl_gain *gain)
{
  double reach = filtered_image_reach (gain);

  return (PlaneGeometry) { width, height,
                           padding_size_for (width, reach),
                           padding_size_for (height, reach) };
}

int
filtered_image_mirrors (const PlaneGeometry *padded,
                        PaddingKind          padding,
                        const fftcl_gain    *gain,
                        int                  on_cpu)
{
  for (size_t i = 0; i < gain->notch_count; i++)
    if (gain->notches[3 * i] != 0 && gain->notches[3 * i + 1] != 0)
      return 0;

  return on_cpu && padding == PADDING_MIRROR &&
         padded->padded_width == 2 * padded->width &&
         padded->padded_height == 2 * padded->height;
}

static size_t
processors (void)
{
  long count = sysconf (_SC_NPROCESSORS_ONLN);

  return count > 0 ? (size_t) count : 1;
}

/* The padded planes live only while they load, and are written once: made
 * with their pages at once, by every processor, which costs half of what
 * a page fault per page does (as fftcl's own arrays). */
static float *
map_planes (size_t floats)
{
  return fftcl_map_populated (floats * sizeof (float), processors ());
}

static size_t
plane_area (const PlaneGeometry *geometry)
{
  return geometry->padded_width * geometry->padded_height;
}

typedef struct
{
  const FilteredImageSource *source;
  float                     *planes;
} GatherJob;

static void
gather_rows (const void *job_pointer,
             size_t      first,
             size_t      end)
{
  const GatherJob *job = job_pointer;

  pixel_planes_gather_rows (&job->source->layout, &job->source->geometry,
                            job->source->pixels, job->planes, first, end);
}

static void
pad_rows (const void *job_pointer,
          size_t      first,
          size_t      end)
{
  const GatherJob     *job      = job_pointer;
  const PlaneGeometry *geometry = &job->source->geometry;

  for (size_t plane = 0; plane < job->source->layout.colour_planes; plane++)
    padding_fill_rows (job->planes + plane * plane_area (geometry),
                       geometry->width, geometry->padded_width,
                       job->source->padding, first, end);
}

static void
pad_below (const void *job_pointer,
           size_t      first,
           size_t      end)
{
  const GatherJob     *job      = job_pointer;
  const PlaneGeometry *geometry = &job->source->geometry;

  for (size_t plane = 0; plane < job->source->layout.colour_planes; plane++)
    padding_fill_below (job->planes + plane * plane_area (geometry),
                        geometry->height, geometry->padded_width,
                        geometry->padded_height, job->source->padding,
                        first, end);
}

/* Rows in threads, one per processor: the colour values, the compositing
 * over the mean (which needs them all), the margin to the right of each
 * row, the margin rows below (which need the rows whole). */
static void
gather_padded (const FilteredImageSource *source,
               float                     *planes)
{
  const PlaneGeometry *geometry = &source->geometry;
  const GatherJob      job      = { source, planes };
  size_t               threads  = processors ();

  fftcl_in_parallel (threads, geometry->height, gather_rows, &job);
  pixel_planes_composite (&source->layout, geometry, source->pixels, planes);
  fftcl_in_parallel (threads, geometry->height, pad_rows, &job);
  fftcl_in_parallel (threads, geometry->padded_height - geometry->height,
                     pad_below, &job);
}

/* Pixels without alpha whose colour needs no conversion hold the planes'
 * values themselves: fftcl reads and writes them where they lie. */
static int
pixels_are_planes (const PixelLayout *layout)
{
  return ! layout->has_alpha && ! layout->lightness_as_luminance &&
         layout->colour_planes == layout->components;
}

static fftcl_layout
pixel_layout (const PixelLayout *layout,
              size_t             width)
{
  return (fftcl_layout) { layout->components, width * layout->components, 1 };
}

static int
needs_padding (const PlaneGeometry *geometry)
{
  return geometry->padded_width != geometry->width ||
         geometry->padded_height != geometry->height;
}

static fftcl_status
plan_and_load (FilteredImage        *image,
               fftcl_context        *context,
               const float          *planes,
               const fftcl_layout   *layout,
               FilteredImageTimings *timings,
               fftcl_error          *err)
{
  const PlaneGeometry *geometry = &image->source.geometry;
  fftcl_status         status;

  status = (image->source.mirrored ? fftcl_plan_create_mirrored
                                    : fftcl_plan_create) (
    context, geometry->padded_width, geometry->padded_height,
    image->source.layout.colour_planes, &image->plan, err);
  if (status != FFTCL_OK)
    return status;

  return fftcl_filter_load_laid_out (image->plan, planes, layout,
                                     timings ? &timings->fft : NULL, err);
}

/* The colour planes gathered (converted, composited over their mean
 * where there is alpha) and padded, then loaded. */
static fftcl_status
load_padded (FilteredImage        *image,
             fftcl_context        *context,
             FilteredImageTimings *timings,
             fftcl_error          *err)
{
  const FilteredImageSource *source   = &image->source;
  size_t                     floats   = plane_area (&source->geometry) *
                                        source->layout.colour_planes;
  float                     *planes   = map_planes (floats);
  double                     start_ms = fftcl_now_ms ();
  fftcl_layout               layout   = { 1, source->geometry.padded_width,
                                          plane_area (&source->geometry) };
  fftcl_status               status;

  if (! planes)
    return out_of_memory (err);

  gather_padded (source, planes);
  if (timings)
    timings->pad_ms = fftcl_now_ms () - start_ms;

  status = plan_and_load (image, context, planes, &layout, timings, err);
  munmap (planes, floats * sizeof (float));
  return status;
}

fftcl_status
filtered_image_load (fftcl_context              *context,
                     const FilteredImageSource  *source,
                     FilteredImage             **out,
                     FilteredImageTimings       *timings,
                     fftcl_error                *err)
{
  FilteredImage *image = calloc (1, sizeof *image);
  fftcl_layout   layout;
  fftcl_status   status;

  if (timings)
    memset (timings, 0, sizeof *timings);

  if (! image)
    return out_of_memory (err);

  image->source = *source;
  layout        = pixel_layout (&source->layout, source->geometry.width);

  if (pixels_are_planes (&source->layout) &&
      ! needs_padding (&source->geometry))
    status = plan_and_load (image, context, source->pixels, &layout, timings,
                            err);
  else
    status = load_padded (image, context, timings, err);

  if (status != FFTCL_OK)
    {
      filtered_image_destroy (image);
      return status;
    }

  *out = image;
  return FFTCL_OK;
}

static float *
window_planes (FilteredImage *image,
               size_t         floats)
{
  if (floats > image->window_capacity)
    {
      free (image->window_planes);
      image->window_planes   = malloc (floats * sizeof (float));
      image->window_capacity = image->window_planes ? floats : 0;
    }

  return image->window_planes;
}

/* The non-colour components of the block at (x, y), averaged into
 * `pixel`. Its colour components take the block's first pixel: the
 * filtered values replace them, except where the block is wholly
 * transparent and its colour is not seen. */
static void
block_mean (const FilteredImageSource *source,
            size_t                     x,
            size_t                     y,
            size_t                     step,
            float                     *pixel)
{
  size_t       components = source->layout.components;
  size_t       first      = source->layout.colour_planes;
  size_t       width      = source->geometry.width;
  const float *corner     = source->pixels + (y * width + x) * components;

  memcpy (pixel, corner, first * sizeof (float));

  for (size_t c = first; c < components; c++)
    {
      double sum = 0.0;

      for (size_t dy = 0; dy < step; dy++)
        for (size_t dx = 0; dx < step; dx++)
          sum += corner[(dy * width + dx) * components + c];

      pixel[c] = (float) (sum / (double) (step * step));
    }
}

static void
copy_window_pixels (const FilteredImageSource *source,
                    const fftcl_window        *window,
                    float                     *pixels)
{
  size_t components = source->layout.components;

  for (size_t j = 0; j < window->height; j++)
    {
      float       *row    = pixels + j * window->width * components;
      size_t       y      = window->y + j * window->step;
      const float *source_row = source->pixels +
                                (y * source->geometry.width + window->x) *
                                components;

      if (window->step > 1)
        {
          for (size_t i = 0; i < window->width; i++)
            block_mean (source, window->x + i * window->step, y,
                        window->step, row + i * components);
        }
      else if (row != source_row)
        {
          memcpy (row, source_row,
                  window->width * components * sizeof (float));
        }
    }
}

/* fftcl_filter_apply_window_laid_out or fftcl_filter_finish. */
typedef fftcl_status (*ApplyFunction) (fftcl_plan          *plan,
                                       const fftcl_gain    *gain,
                                       const fftcl_window  *window,
                                       float               *out,
                                       const fftcl_layout  *layout,
                                       fftcl_timings       *timings,
                                       fftcl_error         *err);

static fftcl_status
render (FilteredImage        *image,
        ApplyFunction         apply,
        const fftcl_gain     *gain,
        const fftcl_window   *window,
        float                *pixels,
        FilteredImageTimings *timings,
        fftcl_error          *err)
{
  size_t         values = window->width * window->height;
  PlaneGeometry  window_geometry = { window->width, window->height,
                                     window->width, window->height };
  fftcl_layout   planes_layout;
  fftcl_status   status;
  float         *planes;
  double         start_ms;

  if (timings)
    memset (timings, 0, sizeof *timings);

  if (pixels_are_planes (&image->source.layout))
    {
      fftcl_layout layout = pixel_layout (&image->source.layout,
                                          window->width);

      return apply (image->plan, gain, window, pixels, &layout,
                    timings ? &timings->fft : NULL, err);
    }

  planes_layout = (fftcl_layout) { 1, window->width, values };
  planes = window_planes (image, values * image->source.layout.colour_planes);
  if (! planes)
    return out_of_memory (err);

  status = apply (image->plan, gain, window, planes, &planes_layout,
                  timings ? &timings->fft : NULL, err);
  if (status != FFTCL_OK)
    return status;

  start_ms = fftcl_now_ms ();
  copy_window_pixels (&image->source, window, pixels);
  pixel_planes_scatter (&image->source.layout, &window_geometry, planes,
                        pixels);
  if (timings)
    timings->scatter_ms = fftcl_now_ms () - start_ms;

  return FFTCL_OK;
}

fftcl_status
filtered_image_render (FilteredImage        *image,
                       const fftcl_gain     *gain,
                       const fftcl_window   *window,
                       float                *pixels,
                       FilteredImageTimings *timings,
                       fftcl_error          *err)
{
  return render (image, fftcl_filter_apply_window_laid_out, gain, window,
                 pixels, timings, err);
}

fftcl_status
filtered_image_render_last (FilteredImage        *image,
                            const fftcl_gain     *gain,
                            const fftcl_window   *window,
                            float                *pixels,
                            FilteredImageTimings *timings,
                            fftcl_error          *err)
{
  return render (image, fftcl_filter_finish, gain, window, pixels, timings,
                 err);
}

fftcl_plan *
filtered_image_plan (FilteredImage *image)
{
  return image->plan;
}

void
filtered_image_destroy (FilteredImage *image)
{
  if (! image)
    return;

  fftcl_plan_destroy (image->plan);
  free (image->window_planes);
  free (image);
}
