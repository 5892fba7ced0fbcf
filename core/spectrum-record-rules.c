/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "spectrum-record-rules.h"

#include <float.h>
#include <limits.h>
#include <math.h>
#include <string.h>

#include "filtered-image.h"

#define MAX_SIZE SPECTRUM_RECORD_MAX_SIZE
#define AT(field) offsetof (SpectrumRecord, field)

/* The padded sizes are checked against the sizes besides; precision is
 * the caller's. */
const SpectrumRecordInteger spectrum_record_integers[] =
{
  { "source-image",    AT (source_image),    1,         INT_MAX },
  { "source-drawable", AT (source_drawable), 1,         INT_MAX },
  { "image-width",     AT (image_width),     1,         MAX_SIZE },
  { "image-height",    AT (image_height),    1,         MAX_SIZE },
  { "offset-x",        AT (offset_x),        -MAX_SIZE, MAX_SIZE },
  { "offset-y",        AT (offset_y),        -MAX_SIZE, MAX_SIZE },
  { "width",           AT (width),           1,         MAX_SIZE },
  { "height",          AT (height),          1,         MAX_SIZE },
  { "padded-width",    AT (padded_width),    1,         INT_MAX },
  { "padded-height",   AT (padded_height),   1,         INT_MAX },
  { "precision",       AT (precision),       INT_MIN,   INT_MAX },
  { "gray",            AT (gray),            0,         1 },
  { "has-alpha",       AT (has_alpha),       0,         1 },
};

const size_t spectrum_record_integer_count =
  sizeof spectrum_record_integers / sizeof spectrum_record_integers[0];

const char *const spectrum_record_layer_keys[SPECTRUM_LAYER_COUNT] =
{
  [SPECTRUM_LAYER_LOG_MAGNITUDE] = "log-magnitude-layer",
  [SPECTRUM_LAYER_REAL]          = "real-layer",
  [SPECTRUM_LAYER_IMAGINARY]     = "imaginary-layer",
  [SPECTRUM_LAYER_SOURCE]        = "source-layer",
};

static int
integer_at (const SpectrumRecord *record,
            size_t                offset)
{
  int value;

  memcpy (&value, (const char *) record + offset, sizeof value);
  return value;
}

static const char *
integer_out_of_range (const SpectrumRecord *record)
{
  for (size_t i = 0; i < spectrum_record_integer_count; i++)
    {
      const SpectrumRecordInteger *field = &spectrum_record_integers[i];
      int                          value = integer_at (record, field->offset);

      if (value < field->least || value > field->most)
        return field->key;
    }
  return NULL;
}

/* The padded size the forward writes: that of the least reach (a gain
 * of nothing but zeros). */
static const char *
padding_broken (const SpectrumRecord *record)
{
  const fftcl_gain    least  = { 0 };
  const PlaneGeometry padded = filtered_image_geometry (
                                 (size_t) record->width,
                                 (size_t) record->height, &least);

  if ((size_t) record->padded_width != padded.padded_width)
    return "padded-width";
  if ((size_t) record->padded_height != padded.padded_height)
    return "padded-height";
  return NULL;
}

static int
is_scale (double scale)
{
  int exponent;

  if (scale == 1.0)
    return 1;
  return frexp (scale, &exponent) == 0.5 &&
         scale >= ldexp (1.0, -FLT_MAX_EXP) &&
         scale <= 0.5 / PIXEL_PLANES_LIMIT;
}

static const char *
scales_broken (const SpectrumRecord *record)
{
  size_t planes = record->gray ? 1 : 3;

  for (size_t p = 0; p < 3; p++)
    if (p < planes ? ! is_scale (record->scales[p]) : record->scales[p] != 1.0)
      return "scales";
  return NULL;
}

static const char *
layers_broken (const SpectrumRecord *record)
{
  for (int layer = 0; layer < SPECTRUM_LAYER_COUNT; layer++)
    {
      const char *name = record->layers[layer];

      if (! name || ! *name)
        return spectrum_record_layer_keys[layer];
      for (int other = 0; other < layer; other++)
        if (strcmp (name, record->layers[other]) == 0)
          return spectrum_record_layer_keys[layer];
    }
  return NULL;
}

const char *
spectrum_record_broken_field (const SpectrumRecord *record)
{
  const char *broken = integer_out_of_range (record);

  if (! broken)
    broken = padding_broken (record);
  if (! broken && ! (isfinite (record->largest) && record->largest >= 0.0))
    broken = "largest";
  if (! broken)
    broken = scales_broken (record);
  if (! broken)
    broken = layers_broken (record);
  return broken;
}
