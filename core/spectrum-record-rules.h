/* SPDX-License-Identifier: GPL-3.0-or-later */
/* spectrum-record-rules — what plug-in-fft-forward knows of a spectrum
 * image's source and keeps with it (the parasite "fft-spectrum-image",
 * docs/contract.md §7), and the rules every record it writes keeps to.
 * The inverse trusts no record that breaks one: each field is checked
 * here before anything reads or makes pixels by it. Plain C. */
#ifndef SPECTRUM_RECORD_RULES_H
#define SPECTRUM_RECORD_RULES_H

#include <stddef.h>

/* GIMP's largest image side (GIMP_MAX_IMAGE_SIZE). */
#define SPECTRUM_RECORD_MAX_SIZE 524288

typedef enum
{
  SPECTRUM_LAYER_LOG_MAGNITUDE,
  SPECTRUM_LAYER_REAL,
  SPECTRUM_LAYER_IMAGINARY,
  SPECTRUM_LAYER_SOURCE,
  SPECTRUM_LAYER_COUNT
} SpectrumLayer;

typedef struct
{
  int     source_image, source_drawable;  /* ids */
  int     image_width, image_height;      /* the source image's */
  int     offset_x, offset_y;             /* the drawable's */
  int     width, height;                  /* the drawable's */
  int     padded_width, padded_height;    /* the spectrum image's */
  int     precision;                      /* the source image's GimpPrecision */
  int     gray, has_alpha;
  char   *format;  /* the babl format the values were read in */
  char   *name;    /* the drawable's */
  double  largest; /* the spectrum's largest amplitude */
  double  scales[3];
  char   *layers[SPECTRUM_LAYER_COUNT];
} SpectrumRecord;

/* An integer field: its key in the record, where it lies, and the range
 * the forward writes it in. */
typedef struct
{
  const char *key;
  size_t      offset;
  int         least, most;
} SpectrumRecordInteger;

extern const SpectrumRecordInteger spectrum_record_integers[];
extern const size_t                spectrum_record_integer_count;
extern const char *const           spectrum_record_layer_keys[SPECTRUM_LAYER_COUNT];

/* The key of the first field of `record` that breaks a rule, NULL when
 * none does. The rules:
 *   - source-image and source-drawable (ids) at least 1;
 *   - image-width, image-height, width and height within
 *     1 … SPECTRUM_RECORD_MAX_SIZE, offset-x and offset-y within
 *     ± SPECTRUM_RECORD_MAX_SIZE;
 *   - padded-width and padded-height what the forward pads width and
 *     height to (filtered_image_geometry for the least reach);
 *   - gray and has-alpha 0 or 1;
 *   - largest finite and at least 0;
 *   - each of the scales 1, or a power of two within
 *     [2^−FLT_MAX_EXP, 1 / (2 · PIXEL_PLANES_LIMIT)] (plane_survey_scale's),
 *     those of the planes a grayscale record has not 1;
 *   - the four layer names set, not empty, and different from each other.
 * format and precision are the caller's to check: their lists are
 * babl's and GIMP's. */
const char *spectrum_record_broken_field (const SpectrumRecord *record);

#endif
