/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "filtered-image.h"

#include "padded-planes.h"
#include "padded-rows.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* What the plan reads: the source pixels themselves, the padded planes
 * made from them (`made`), or, where `rows` is not NULL, the pixels padded
 * a row at a time as fftcl reads them. A plan off the CPU may read it
 * again until the image is destroyed, to redo a render on the CPU where
 * its device fails (fftcl_source's rule), so it is kept that long; a
 * plan on the CPU never does, and it is freed once loaded. */
typedef struct
{
  const float *values;
  float       *made;
  PaddedRows  *rows;
} FilterInput;

struct FilteredImage
{
  FilteredImageSource  source;
  fftcl_plan          *plan;
  int                  timed;           /* the plan has FFTCL_TIMINGS */
  /* The pixels are their planes (pixels_are_planes) and hold nothing
   * that the planes must not (pixel-planes.h): fftcl reads and writes
   * them where they lie. */
  int                  direct;
  float               *scales;          /* each colour plane's scale */
  float               *means;           /* and the mean it is composited
                                           over (pixel_planes_scatter) */
  float               *window_planes;   /* the last window's filtered planes */
  size_t               window_capacity; /* floats window_planes holds */
  /* Loaded with FILTERED_IMAGE_ONCE and not rendered yet; what the plan
   * reads (until the once, or as FilterInput says), and the time its
   * making took. */
  int                  once;
  FilterInput          input;
  double               pad_ms;
};

static double
now_ms (void)
{
  struct timespec now;

  clock_gettime (CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1e3 + now.tv_nsec / 1e6;
}

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
  return on_cpu && fftcl_gain_mirrors (gain) && padding == PADDING_MIRROR &&
         padded->padded_width == 2 * padded->width &&
         padded->padded_height == 2 * padded->height;
}

/* Pixels without alpha whose colour needs no conversion hold the planes'
 * values themselves. */
static int
pixels_are_planes (const PixelLayout *layout)
{
  return ! layout->has_alpha && ! layout->lightness_as_luminance &&
         layout->colour_planes == layout->components;
}

static int
needs_padding (const PlaneGeometry *geometry)
{
  return geometry->padded_width != geometry->width ||
         geometry->padded_height != geometry->height;
}

static int
reads_pixels (const FilteredImage *image)
{
  return image->direct && ! needs_padding (&image->source.geometry) &&
         image->source.waves.count == 0;
}

/* The pixels' colour components, or planes side by side. */
static fftcl_layout
values_layout (int                in_pixels,
               const PixelLayout *layout)
{
  return in_pixels ? (fftcl_layout) { layout->components, 1 }
                   : (fftcl_layout) { 0, 0 };
}

static void
timings_clear (FilteredImageTimings *timings)
{
  if (timings)
    memset (timings, 0, sizeof *timings);
}

static void
timings_keep_fft (const FilteredImage  *image,
                  FilteredImageTimings *timings)
{
  if (timings && image->timed)
    fftcl_filter_timings (image->plan, &timings->fft, NULL);
}

/* Whether the pixels can be read where they lie, padded a row at a time
 * where they need it: they are their planes, with no wave to subtract,
 * and hold nothing that planes must not (`survey` says what they
 * hold). */
static int
pixels_readable (const FilteredImageSource *source,
                 PlaneSurvey               *survey)
{
  if (! pixels_are_planes (&source->layout) || source->waves.count > 0)
    return 0;

  padded_planes_survey (&source->layout, &source->geometry, source->pixels,
                        source->split, survey);
  return plane_survey_plain (survey);
}

/* What the plan reads; sets the image's scales and means, and whether
 * fftcl may write its pixels directly. */
static fftcl_status
input_make (FilteredImage        *image,
            FilterInput          *input,
            FilteredImageTimings *timings,
            fftcl_error          *err)
{
  const FilteredImageSource *source   = &image->source;
  size_t                     count    = source->layout.colour_planes;
  double                     start_ms = now_ms ();
  PlaneSurvey                survey;
  int                        readable;

  *input = (FilterInput) { source->pixels, NULL, NULL };
  if (! plane_survey_init (&survey, source->geometry.height, count))
    return out_of_memory (err);

  for (size_t plane = 0; plane < count; plane++)
    image->scales[plane] = 1.0f;
  readable = pixels_readable (source, &survey);
  if (readable && needs_padding (&source->geometry))
    {
      input->rows   = padded_rows_new (source->pixels,
                                       source->layout.components,
                                       &source->geometry, source->padding);
      input->values = NULL;
    }
  else if (! readable)
    {
      input->made   = padded_planes_make (&source->layout, &source->geometry,
                                          source->pixels, source->padding,
                                          &source->waves, source->split,
                                          &survey,
                                          image->scales);
      input->values = input->made;
    }
  image->direct = pixels_are_planes (&source->layout) &&
                  plane_survey_plain (&survey);
  memcpy (image->means, survey.means, count * sizeof (float));
  plane_survey_clear (&survey);

  if (! input->values && ! input->rows)
    return out_of_memory (err);
  image->pad_ms = now_ms () - start_ms;
  if (timings)
    timings->pad_ms = image->pad_ms;
  return FFTCL_OK;
}

static fftcl_status
image_plan (FilteredImage *image,
            fftcl_context *context,
            fftcl_error   *err)
{
  const FilteredImageSource *source = &image->source;
  const fftcl_plan_desc      desc   = {
    .width  = source->geometry.padded_width,
    .height = source->geometry.padded_height,
    .batch  = source->layout.colour_planes,
    .in     = values_layout (reads_pixels (image), &source->layout),
    .out    = values_layout (image->direct, &source->layout),
    .flags  = (source->mirrored ? FFTCL_MIRRORED : 0) |
              (image->timed ? FFTCL_TIMINGS : 0),
  };

  return fftcl_plan_create (context, &desc, &image->plan, err);
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

/* Rows [first, end) of the window, as read (block means where the window
 * steps). */
static void
copy_window_pixels (const FilteredImageSource *source,
                    const fftcl_window        *window,
                    float                     *pixels,
                    size_t                     first,
                    size_t                     end)
{
  size_t components = source->layout.components;

  for (size_t j = first; j < end; j++)
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

/* The plan's filter, into `out` as its out layout says: an apply of the
 * kept spectrum with `flags`, or, when `once` is not NULL, a once on
 * what it holds. */
static fftcl_status
filter_into (FilteredImage       *image,
             const FilterInput   *once,
             unsigned             flags,
             const fftcl_gain    *gain,
             const fftcl_window  *window,
             float               *out,
             fftcl_error         *err)
{
  fftcl_gain one_plane;

  /* One filtered plane (grey, or L*) takes every notch, whichever colour
   * channels a notch names (docs/contract.md, `notch-channels`). */
  if (gain->notch_planes && image->source.layout.colour_planes == 1)
    {
      one_plane              = *gain;
      one_plane.notch_planes = NULL;
      gain                   = &one_plane;
    }
  if (once && once->rows)
    {
      const fftcl_source rows = padded_rows_source (once->rows);

      return fftcl_filter_once (image->plan, gain, &rows, window, out, err);
    }
  if (once)
    return fftcl_filter_once (image->plan, gain, FFTCL_PLANES (once->values),
                              window, out, err);

  return fftcl_filter_apply (image->plan, gain, window, out, flags, err);
}

/* The window's rows from its filtered planes into the pixels. */
typedef struct
{
  const FilteredImage *image;
  const fftcl_window  *window;
  const PlaneGeometry *geometry;
  const float         *planes;
  float               *pixels;
} RenderRows;

static void
render_rows (const void *job_pointer,
             size_t      first,
             size_t      end)
{
  const RenderRows    *job    = job_pointer;
  const FilteredImage *image  = job->image;

  copy_window_pixels (&image->source, job->window, job->pixels, first, end);
  pixel_planes_scatter (&image->source.layout, job->geometry, job->planes,
                        image->scales, image->means, job->pixels, first,
                        end);
}

/* Writes `window` to `pixels`: filtered straight there where the pixels
 * are the planes, else into planes of the window's size first and from
 * them into the pixels. Fills the timings' fft and scatter_ms. */
static fftcl_status
render (FilteredImage        *image,
        const FilterInput    *once,
        unsigned              flags,
        const fftcl_gain     *gain,
        const fftcl_window   *window,
        float                *pixels,
        FilteredImageTimings *timings,
        fftcl_error          *err)
{
  size_t         values = window->width * window->height;
  PlaneGeometry  window_geometry = { window->width, window->height,
                                     window->width, window->height };
  fftcl_status   status;
  float         *planes;
  double         start_ms;
  RenderRows     job;

  if (image->direct)
    {
      status = filter_into (image, once, flags, gain, window, pixels, err);
      if (status == FFTCL_OK)
        timings_keep_fft (image, timings);
      return status;
    }

  planes = window_planes (image, values * image->source.layout.colour_planes);
  if (! planes)
    return out_of_memory (err);

  status = filter_into (image, once, flags, gain, window, planes, err);
  if (status != FFTCL_OK)
    return status;
  timings_keep_fft (image, timings);

  start_ms = now_ms ();
  job = (RenderRows) { image, window, &window_geometry, planes, pixels };
  row_split_run (image->source.split, window->height, render_rows, &job);
  if (timings)
    timings->scatter_ms = now_ms () - start_ms;

  return FFTCL_OK;
}

/* The plan's load of what it reads. */
static fftcl_status
load (FilteredImage        *image,
      const FilterInput    *in,
      FilteredImageTimings *timings,
      fftcl_error          *err)
{
  fftcl_status status;

  if (in->rows)
    {
      const fftcl_source rows = padded_rows_source (in->rows);

      status = fftcl_filter_load (image->plan, &rows, err);
    }
  else
    status = fftcl_filter_load (image->plan, FFTCL_PLANES (in->values), err);
  if (status == FFTCL_OK)
    timings_keep_fft (image, timings);
  return status;
}

static void
input_free (FilterInput *input)
{
  free (input->made);
  padded_rows_free (input->rows);
  *input = (FilterInput) { NULL, NULL, NULL };
}

fftcl_status
filtered_image_load (fftcl_context              *context,
                     const FilteredImageSource  *source,
                     unsigned                    flags,
                     FilteredImage             **out,
                     FilteredImageTimings       *timings,
                     fftcl_error                *err)
{
  FilteredImage *image = calloc (1, sizeof *image);
  fftcl_status   status;

  timings_clear (timings);
  if (! image)
    return out_of_memory (err);

  image->source = *source;
  image->timed  = timings != NULL;
  image->once   = (flags & FILTERED_IMAGE_ONCE) != 0;
  image->scales = malloc (source->layout.colour_planes * sizeof (float));
  image->means  = malloc (source->layout.colour_planes * sizeof (float));
  if (! image->scales || ! image->means)
    {
      filtered_image_destroy (image);
      return out_of_memory (err);
    }

  status = input_make (image, &image->input, timings, err);
  if (status == FFTCL_OK)
    status = image_plan (image, context, err);
  if (status == FFTCL_OK && ! image->once)
    {
      status = load (image, &image->input, timings, err);
      if (fftcl_context_is_cpu (context))
        input_free (&image->input);
    }

  if (status != FFTCL_OK)
    {
      filtered_image_destroy (image);
      return status;
    }

  *out = image;
  return FFTCL_OK;
}

fftcl_status
filtered_image_render (FilteredImage        *image,
                       const fftcl_gain     *gain,
                       const fftcl_window   *window,
                       float                *pixels,
                       unsigned              flags,
                       FilteredImageTimings *timings,
                       fftcl_error          *err)
{
  fftcl_status status;

  timings_clear (timings);
  /* A render over the source pixels is the last (fftcl lets only a
   * consuming apply write over what it may read again). */
  if (! image->once)
    return render (image, NULL,
                   (flags & FILTERED_IMAGE_LAST) ||
                   pixels == image->source.pixels ? FFTCL_CONSUME : 0,
                   gain, window, pixels, timings, err);

  status = render (image, &image->input, 0, gain, window, pixels, timings,
                   err);
  if (timings)
    timings->pad_ms = image->pad_ms;
  image->once = 0;
  input_free (&image->input);
  return status;
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
  input_free (&image->input);
  free (image->scales);
  free (image->means);
  free (image->window_planes);
  free (image);
}
