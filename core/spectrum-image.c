/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-image.h"

#include <math.h>
#include <stdlib.h>

/* log1p(2^16): the log magnitude of the largest amplitude before it is
 * brought to 1. */
#define LOG_RANGE 11.090370147631774
#define FLOOR_FRACTION 0x1p-16

static size_t
area (const SpectrumShape *shape)
{
  return shape->width * shape->height;
}

/* The centred pixel of frequency index i (row after row), and the
 * frequency index of centred pixel i: moving by half of each axis is its
 * own inverse. */
static size_t
centred (const SpectrumShape *shape,
         size_t               i)
{
  size_t x = i % shape->width, y = i / shape->width;

  return ((y + shape->height / 2) % shape->height) * shape->width +
         (x + shape->width / 2) % shape->width;
}

/* The pixel of the frequency opposite to that at centred pixel i. */
static size_t
mirrored (const SpectrumShape *shape,
          size_t               i)
{
  size_t x = i % shape->width, y = i / shape->width;

  return ((shape->height - y) % shape->height) * shape->width +
         (shape->width - x) % shape->width;
}

static double
amplitude_floor (float largest)
{
  return largest > 0.0f ? largest * FLOOR_FRACTION : 1.0;
}

int
spectrum_pictures_init (SpectrumPictures    *pictures,
                        const SpectrumShape *shape)
{
  size_t values = area (shape) * shape->planes;

  *pictures = (SpectrumPictures) { *shape,
                                   malloc (values * sizeof (float)),
                                   malloc (values * sizeof (float)),
                                   malloc (values * sizeof (float)), 0.0f };
  if (pictures->real && pictures->imaginary && pictures->log_magnitude)
    return 1;

  spectrum_pictures_clear (pictures);
  return 0;
}

void
spectrum_pictures_clear (SpectrumPictures *pictures)
{
  free (pictures->real);
  free (pictures->imaginary);
  free (pictures->log_magnitude);
  pictures->real          = NULL;
  pictures->imaginary     = NULL;
  pictures->log_magnitude = NULL;
}

static fftcl_status
transform (fftcl_context       *context,
           const SpectrumShape *shape,
           fftcl_direction      direction,
           float               *complex_planes,
           fftcl_error         *err)
{
  const fftcl_plan_desc desc = { .width = shape->width,
                                 .height = shape->height,
                                 .batch = shape->planes };
  fftcl_plan   *plan;
  fftcl_status  status = fftcl_plan_create (context, &desc, &plan, err);

  if (status != FFTCL_OK)
    return status;

  status = fftcl_transform (plan, direction, complex_planes, err);
  fftcl_plan_destroy (plan);
  return status;
}

static fftcl_status
out_of_memory (fftcl_error *err)
{
  if (err)
    *err = (fftcl_error) { FFTCL_ERROR_MEMORY,
                           "There is not enough memory for the spectrum." };
  return FFTCL_ERROR_MEMORY;
}

fftcl_status
spectrum_image_forward (fftcl_context    *context,
                        SpectrumPictures *pictures,
                        const float      *padded,
                        fftcl_error      *err)
{
  const SpectrumShape *shape   = &pictures->shape;
  size_t               n       = area (shape);
  float               *complex = calloc (2 * n * shape->planes,
                                         sizeof (float));
  float                scale   = 1.0f / (float) n;
  fftcl_status         status;

  if (! complex)
    return out_of_memory (err);

  for (size_t i = 0; i < n * shape->planes; i++)
    complex[2 * i] = padded[i];

  status = transform (context, shape, FFTCL_FORWARD, complex, err);

  pictures->largest = 0.0f;
  for (size_t p = 0; status == FFTCL_OK && p < shape->planes; p++)
    for (size_t i = 0; i < n; i++)
      {
        const float *value = complex + 2 * (p * n + i);
        size_t       pixel = centred (shape, i) * shape->planes + p;

        pictures->real[pixel]      = value[0] * scale;
        pictures->imaginary[pixel] = value[1] * scale;
        pictures->largest = fmaxf (pictures->largest,
                                   hypotf (pictures->real[pixel],
                                           pictures->imaginary[pixel]));
      }

  for (size_t i = 0; status == FFTCL_OK && i < n * shape->planes; i++)
    pictures->log_magnitude[i] =
      spectrum_image_log_magnitude (pictures->real[i],
                                    pictures->imaginary[i],
                                    pictures->largest);

  free (complex);
  return status;
}

float
spectrum_image_log_magnitude (float real,
                              float imaginary,
                              float largest)
{
  return (float) (log1p (hypotf (real, imaginary) /
                         amplitude_floor (largest)) / LOG_RANGE);
}

int
spectrum_image_find_non_finite (const SpectrumShape *shape,
                                const float         *picture,
                                size_t              *x,
                                size_t              *y)
{
  for (size_t i = 0; i < area (shape) * shape->planes; i++)
    if (! isfinite (picture[i]))
      {
        *x = i / shape->planes % shape->width;
        *y = i / shape->planes / shape->width;
        return 1;
      }
  return 0;
}

static float
gain_asked (float real,
            float imaginary,
            float painted,
            float largest)
{
  float  amplitude = hypotf (real, imaginary);
  double asked;

  if (painted == spectrum_image_log_magnitude (real, imaginary, largest) ||
      isnan (painted) || amplitude == 0.0f)
    return 1.0f;
  if (painted <= 0.0f)
    return 0.0f;

  asked = amplitude_floor (largest) * expm1 (painted * LOG_RANGE);
  return (float) fmin (asked / amplitude, SPECTRUM_IMAGE_GAIN_LIMIT);
}

static float
agreed (float gain,
        float mirror_gain)
{
  if (gain == 1.0f)
    return mirror_gain;
  if (mirror_gain == 1.0f)
    return gain;
  return fminf (gain, mirror_gain);
}

int
spectrum_image_gains (const SpectrumPictures *pictures,
                      float                  *gains)
{
  const SpectrumShape *shape   = &pictures->shape;
  size_t               planes  = shape->planes;
  int                  changed = 0;

  for (size_t i = 0; i < area (shape) * planes; i++)
    gains[i] = gain_asked (pictures->real[i], pictures->imaginary[i],
                           pictures->log_magnitude[i], pictures->largest);

  for (size_t i = 0; i < area (shape); i++)
    {
      size_t mirror = mirrored (shape, i);

      if (mirror < i)
        continue;
      for (size_t p = 0; p < planes; p++)
        {
          float gain = agreed (gains[i * planes + p],
                               gains[mirror * planes + p]);

          gains[i * planes + p]      = gain;
          gains[mirror * planes + p] = gain;
          changed |= gain != 1.0f;
        }
    }

  return changed;
}

fftcl_status
spectrum_image_change (fftcl_context          *context,
                       const SpectrumPictures *pictures,
                       const float            *gains,
                       const PlaneGeometry    *geometry,
                       float                  *change,
                       fftcl_error            *err)
{
  size_t               width   = geometry->width;
  size_t               height  = geometry->height;
  const SpectrumShape *shape   = &pictures->shape;
  size_t               n       = area (shape);
  float               *complex = malloc (2 * n * shape->planes *
                                         sizeof (float));
  float                count   = (float) n;
  fftcl_status         status;

  if (! complex)
    return out_of_memory (err);

  for (size_t p = 0; p < shape->planes; p++)
    for (size_t i = 0; i < n; i++)
      {
        size_t pixel  = centred (shape, i) * shape->planes + p;
        float  factor = (gains[pixel] - 1.0f) * count;

        complex[2 * (p * n + i)]     = pictures->real[pixel] * factor;
        complex[2 * (p * n + i) + 1] = pictures->imaginary[pixel] * factor;
      }

  status = transform (context, shape, FFTCL_INVERSE, complex, err);

  for (size_t p = 0; status == FFTCL_OK && p < shape->planes; p++)
    for (size_t y = 0; y < height; y++)
      for (size_t x = 0; x < width; x++)
        change[(p * height + y) * width + x] =
          complex[2 * (p * n + y * geometry->padded_width + x)];

  free (complex);
  return status;
}

void
spectrum_image_add_change (const PixelLayout *layout,
                           size_t             width,
                           size_t             height,
                           const float       *change,
                           const float       *scales,
                           float             *pixels)
{
  size_t area_of_image = width * height;

  for (size_t i = 0; i < area_of_image; i++)
    {
      float *pixel = pixels + i * layout->components;

      if (layout->has_alpha && ! (pixel[layout->components - 1] > 0.0f))
        continue;
      for (size_t p = 0; p < layout->colour_planes; p++)
        pixel[p] += change[p * area_of_image + i] / scales[p];
    }
}
